// Hostile glTF edits for export-atlas (tests/fuzz/regressions/gltf/, also
// replayed by the gltf fuzz harness): counts that overflow, that lie past
// their views or that have no data at all, sparse indices past the count, and
// text that is not JSON. Each is refused with Strata's own error naming the
// accessor (or the byte), exit 1, under 256 MB, and nothing is written.
#include "atlas_export_support.h"

using namespace exporttest;

namespace {

struct Hostile {
  const char* file;    // in tests/fuzz/regressions/gltf/
  const char* message; // what the error must say
};

const Hostile kHostile[] = {
    {"count-times-components-wraps.gltf",
     "accessor 0 has no bufferView and declares 6148914691236517206 elements, more than its "
     "primitive's data holds (1)"},
    {"sparse-index-past-count.gltf",
     "accessor 0: sparse index 0 is 7, past the accessor's 3 elements"},
    {"count-past-view.gltf", "accessor 0: 1073741824 elements of 12 bytes do not fit in "
                             "bufferView 0 (36 bytes from offset 0)"},
    {"sparse-count-past-views.gltf", "accessor 0: sparse count 1073741824 is not in 1..3"},
    {"huge-count-without-view.gltf",
     "accessor 0 has no bufferView and declares 1099511627776 elements, more than its "
     "primitive's data holds (0)"},
    {"normals-without-view-past-positions.gltf",
     "NORMAL: accessor 1 has no bufferView and declares 268435456 elements, more than its "
     "primitive's data holds (3)"},
    {"not-json.gltf", "not a readable glTF JSON: the JSON text is not valid JSON here (at the "
                      "character o)"},
};

TEST(GltfEditHostile, RefusedCleanlyInBoundedMemory) {
  const fs::path dir = tempDir();
  const fs::path base = writeBase(dir);
  const fs::path regressions = sourceDir() / "tests" / "fuzz" / "regressions" / "gltf";
  for (const Hostile& h : kHostile) {
    SCOPED_TRACE(h.file);
    const fs::path out = dir / "new.atlas";
    const MeasuredRun r = cliMeasured({"export-atlas", (regressions / h.file).string(), "--base",
                                       base.string(), "-o", out.string()});
    EXPECT_EQ(r.exitCode, 1) << r.err; // 1, not a signal
    EXPECT_NE(r.err.find(h.message), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("json.exception"), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("bad_alloc"), std::string::npos) << r.err;
    EXPECT_LT(r.peakKiB, 256 * 1024) << r.err;
    EXPECT_FALSE(fs::exists(out));
  }
}

// The byte the JSON library stopped at, as the error's offset.
TEST(GltfEditHostile, InvalidJsonNamesTheByte) {
  const fs::path dir = tempDir();
  const fs::path base = writeBase(dir);
  const fs::path edited = sourceDir() / "tests" / "fuzz" / "regressions" / "gltf" / "not-json.gltf";
  const MeasuredRun r = cliMeasured({"export-atlas", edited.string(), "--base", base.string(), "-o",
                                     (dir / "new.atlas").string()});
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.err.find(byteAt(32)), std::string::npos) << r.err; // `no` is not `null`
}

// The same file cut short inside a GLB's JSON chunk: the offset counts from
// the file's start (the chunk's text begins at byte 20).
TEST(GltfEditHostile, InvalidJsonInsideGlbNamesTheFileByte) {
  const fs::path dir = tempDir();
  const fs::path base = writeBase(dir);
  const std::string json = R"({"asset":{"version":"2.0"},"x":nodes})";
  std::vector<uint8_t> glb = {'g', 'l', 'T', 'F', 2, 0, 0, 0};
  auto put32 = [&](uint32_t v) {
    for (int i = 0; i < 4; ++i) glb.push_back(uint8_t(v >> (8 * i)));
  };
  const uint32_t padded = uint32_t((json.size() + 3) / 4 * 4);
  put32(20 + padded);
  put32(padded);
  put32(0x4E4F534A); // "JSON"
  glb.insert(glb.end(), json.begin(), json.end());
  glb.resize(20 + padded, ' ');
  writeBytes(dir / "edited.glb", glb);
  const MeasuredRun r = cliMeasured({"export-atlas", (dir / "edited.glb").string(), "--base",
                                     base.string(), "-o", (dir / "new.atlas").string()});
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.err.find("not a readable glTF binary (GLB): the JSON text is not valid JSON"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find(byteAt(20 + 32)), std::string::npos) << r.err;
}

} // namespace

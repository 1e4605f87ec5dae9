// CHU and TQT errors that validate and the load path share, on the
// hand-built fixtures of chu_fixtures.h: a TQT tile that is not a complete DDS
// stream is an error naming the tile and its offset, in the TQT's validate
// and in its CHU's (the companion is what convert uses); convert and textures
// refuse it; --partial shows its chunks the parent tile, or skips it. CHU
// floats that map past a float, and a non-finite verticalScale, are errors
// naming the stub and the offset.
#include "atlas/atlas_io.h"
#include "chu_fixtures.h"
#include "gltf_read_helpers.h"
#include "test_support.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <sstream>

using namespace testsupport;

namespace {

// The TQT fixture with tile C (table entry 2, logical node (1, 1, 0)) claiming
// 8 rows of its 4x4 RGBA8 pixels: its stream ends 64 bytes short, at the data.
struct BrokenTqt {
  std::vector<uint8_t> bytes;
  uint64_t offset; // of the error: where the pixel data starts in the tile's DDS
  std::string what;
};
BrokenTqt brokenTqt() {
  chufix::TqtLayout L;
  BrokenTqt t{chufix::tqtBytes(&L), 0, ""};
  put32(t.bytes, L.tileAt[2] + 4 + 12, 8); // DDS_HEADER.dwHeight
  t.offset = L.tileAt[2] + 4 + 128;        // magic + DDS_HEADER: the image data
  t.what = "TQT tile L1_1_0 (table entry 2): expected image data for every slice and mip (128 "
           "bytes) but only 64 remain";
  return t;
}

} // namespace

TEST(TqtTileErrors, ValidateTexturesPartialAndInfo) {
  const fs::path dir = tempDir();
  const BrokenTqt t = brokenTqt();
  const std::string in = (dir / "t.tqt").string();
  writeBytes(in, t.bytes);

  MeasuredRun v = cliMeasured({"validate", in});
  EXPECT_EQ(v.exitCode, 1);
  EXPECT_NE(v.out.find(in + ": error " + byteAt(t.offset) + ": " + t.what), std::string::npos)
      << v.out;
  EXPECT_EQ(v.err, "");

  const fs::path tiles = dir / "tiles";
  MeasuredRun x = cliMeasured({"textures", in, "-o", tiles.string()});
  EXPECT_EQ(x.exitCode, 1);
  EXPECT_EQ(x.err, "strata: error: " + in + ": " + byteAt(t.offset) + ": " + t.what + "\n");
  EXPECT_FALSE(fs::exists(tiles));
  x = cliMeasured({"textures", in, "-o", tiles.string(), "--partial"});
  EXPECT_EQ(x.exitCode, 0) << x.err;
  EXPECT_NE(x.err.find(in + ": left out: TQT tile L1_1_0 (table entry 2) " + byteAt(t.offset) +
                       ": expected image data"),
            std::string::npos)
      << x.err;
  for (const char* name : {"L0_0_0", "L1_0_0", "L1_0_1", "L1_1_1"})
    EXPECT_TRUE(fs::exists(tiles / (std::string(name) + ".png"))) << name;
  EXPECT_FALSE(fs::exists(tiles / "L1_1_0.png"));

  // info still describes the file, naming the tile's stream as broken.
  RunResult info = cli({"info", in, "--json"});
  ASSERT_EQ(info.exitCode, 0) << info.output;
  nlohmann::json j = nlohmann::json::parse(info.output);
  EXPECT_EQ(j["levels"][1]["formats"]["R8G8B8A8_UNORM"], 3);
}

// The CHU fixture (depth 2) with the broken TQT beside it: leaf L1_0_0 shows
// Tex stub (1, 0), logical TQT node (1, 1, 0): tile C (§4, §9c).
TEST(TqtTileErrors, ChuWithABrokenCompanionTile) {
  const fs::path dir = tempDir();
  const BrokenTqt t = brokenTqt();
  writeBytes(dir / "t.chu", chufix::chuBytes());
  writeBytes(dir / "t.tqt", t.bytes);
  const std::string chu = (dir / "t.chu").string(), tqt = (dir / "t.tqt").string();
  const std::string first = tqt + ": " + byteAt(t.offset) + ": " + t.what;

  MeasuredRun v = cliMeasured({"validate", chu});
  EXPECT_EQ(v.exitCode, 1);
  EXPECT_NE(v.out.find(chu + ": error: companion texture tree " + first), std::string::npos)
      << v.out;

  const fs::path glb = dir / "t.glb";
  for (const char* out : {"t.glb", "t.atlas"}) {
    MeasuredRun c = cliMeasured({"convert", chu, "-o", (dir / out).string()});
    EXPECT_EQ(c.exitCode, 1) << out;
    EXPECT_EQ(c.err, "strata: error: " + first + "\n") << out;
    EXPECT_FALSE(fs::exists(dir / out));
  }

  MeasuredRun p = cliMeasured({"convert", chu, "-o", glb.string(), "--partial"});
  ASSERT_EQ(p.exitCode, 0) << p.err;
  EXPECT_EQ(p.err, chu + ": left out: " + tqt + ": TQT tile L1_1_0 (table entry 2) " +
                       byteAt(t.offset) +
                       ": expected image data for every slice and mip (128 bytes) but only 64 "
                       "remain; the chunks it covers show the level-0 tile above it instead\n");
  tinygltf::Model m = loadGltf(glb.string());
  std::array<uint8_t, 4> px = baseColorPixel(m, "L1_0_0");
  EXPECT_EQ(px[0], 10); // the root tile A
  EXPECT_EQ(px[1], 11);
  px = baseColorPixel(m, "L1_1_1"); // stub (0, 1): logical (1, 0, 1), entry 3: tile D
  EXPECT_EQ(px[0], 40);
  // At level 0 the local UV is the global one (§4 with N = 1).
  const auto& prim = m.meshes[size_t(findNode(m, "L1_0_0")->mesh)].primitives[0];
  EXPECT_EQ(accessorValues(m, prim.attributes.at("TEXCOORD_0")),
            accessorValues(m, prim.attributes.at("TEXCOORD_1")));

  // To .atlas: the broken tile's stubs stay empty, the others keep their DDS bytes.
  MeasuredRun a = cliMeasured({"convert", chu, "-o", (dir / "t.atlas").string(), "--partial"});
  ASSERT_EQ(a.exitCode, 0) << a.err;
  EXPECT_NE(a.err.find("; its Atlas texture stubs are left empty"), std::string::npos) << a.err;
  strata::atlas::File f = strata::atlas::readAtlas(readBytes(dir / "t.atlas"), "t.atlas");
  ASSERT_EQ(f.tocs.size(), 2u);
  EXPECT_EQ(f.tocs[1].texStubs[3].length, 0u); // stub (1, 1, 0) = nodeId 1 + 2 + 0
  EXPECT_GT(f.tocs[1].texStubs[1].length, 0u);
}

TEST(ChuErrors, FloatsThatDoNotFitAreErrorsNamingStubAndOffset) {
  const fs::path dir = tempDir();
  chufix::ChuLayout L;
  const std::vector<uint8_t> good = chufix::chuBytes(&L);
  const std::string in = (dir / "f.chu").string();

  // verticalScale NaN: no height can be placed. The whole file is refused.
  std::vector<uint8_t> b = good;
  const float nan = std::numeric_limits<float>::quiet_NaN();
  std::memcpy(&b[0x0C], &nan, 4);
  writeBytes(in, b);
  MeasuredRun v = cliMeasured({"validate", in});
  EXPECT_EQ(v.exitCode, 1);
  EXPECT_NE(v.out.find(in + ": error " + byteAt(0x0C) + ": verticalScale nan must be finite (§9b)"),
            std::string::npos)
      << v.out;
  MeasuredRun c = cliMeasured({"convert", in, "-o", (dir / "f.glb").string(), "--partial"});
  EXPECT_EQ(c.exitCode, 1);
  EXPECT_EQ(c.err, "strata: error: " + in + ": " + byteAt(0x0C) +
                       ": verticalScale nan must be finite (§9b)\n");

  // verticalScale 3e38: the root's first vertex (z 8) lies at 2.4e39, past a float.
  b = good;
  const float huge = 3e38f;
  std::memcpy(&b[0x0C], &huge, 4);
  writeBytes(in, b);
  const uint64_t z0 = L.chunkAt[0] + 6 + 4; // sentinel, vertCount; x, y before z
  const std::string what = "stub 0 (label 0): vertex 0 z maps to 2.4e+39 (§9b, with "
                           "leafDimensions, verticalScale and the stub's level, x and y), beyond "
                           "a float";
  v = cliMeasured({"validate", in});
  EXPECT_EQ(v.exitCode, 1);
  EXPECT_NE(v.out.find(in + ": error " + byteAt(z0) + ": " + what), std::string::npos) << v.out;
  c = cliMeasured({"convert", in, "-o", (dir / "f.glb").string()});
  EXPECT_EQ(c.exitCode, 1);
  EXPECT_EQ(c.err, "strata: error: " + in + ": " + byteAt(z0) + ": " + what + "\n");
  EXPECT_FALSE(fs::exists(dir / "f.glb"));
  // --partial: every chunk of the fixture has a height of 4 or more, so each
  // of the 5 stubs is left out, named once (labels 3 and 4 share a chunk, but
  // each is its own node).
  c = cliMeasured({"convert", in, "-o", (dir / "f.glb").string(), "--partial"});
  EXPECT_EQ(c.exitCode, 0) << c.err;
  EXPECT_NE(c.err.find(in + ": left out: stub 0 (label 0) " + byteAt(z0) + ": vertex 0 z maps to"),
            std::string::npos)
      << c.err;
  std::istringstream lines(c.err);
  size_t n = 0;
  for (std::string line; std::getline(lines, line);) {
    EXPECT_EQ(line.rfind(in + ": left out: stub ", 0), 0u) << line;
    ++n;
  }
  EXPECT_EQ(n, 5u);
}

// A TQT tile whose DDS names a FourCC no format has ("DXT0", one byte off
// "DXT1"): its pixels cannot be read, so it is an error to every command:
// validate (the TQT's and its CHU's) exits 1, convert to glTF and to .atlas
// and textures refuse it; --partial leaves the tile out.
TEST(TqtTileErrors, UnknownFourCcIsAnErrorToEveryCommand) {
  const fs::path dir = tempDir();
  chufix::TqtLayout L;
  std::vector<uint8_t> tqt = chufix::tqtBytes(&L);
  const size_t pf = L.tileAt[2] + 4 + 4 + 72; // chunkSize, "DDS ", DDS_HEADER.ddspf
  put32(tqt, pf + 4, 0x4);                    // dwFlags DDPF_FOURCC
  std::memcpy(&tqt[pf + 8], "DXT0", 4);
  writeBytes(dir / "t.chu", chufix::chuBytes());
  writeBytes(dir / "t.tqt", tqt);
  const std::string chu = (dir / "t.chu").string(), in = (dir / "t.tqt").string();
  const std::string what = "TQT tile L1_1_0 (table entry 2): legacy DDS FourCC 'DXT0'";

  for (const std::string& file : {in, chu}) {
    MeasuredRun v = cliMeasured({"validate", file});
    EXPECT_EQ(v.exitCode, 1) << file << v.out;
    EXPECT_NE(v.out.find(what), std::string::npos) << v.out;
  }
  for (const char* out : {"t.glb", "t.atlas"}) {
    MeasuredRun c = cliMeasured({"convert", chu, "-o", (dir / out).string()});
    EXPECT_EQ(c.exitCode, 1) << out;
    EXPECT_NE(c.err.find(what), std::string::npos) << c.err;
    EXPECT_FALSE(fs::exists(dir / out));
    c = cliMeasured({"convert", chu, "-o", (dir / out).string(), "--partial"});
    EXPECT_EQ(c.exitCode, 0) << out << c.err;
    EXPECT_NE(c.err.find("left out: " + in + ": TQT tile L1_1_0 (table entry 2) at byte"),
              std::string::npos)
        << c.err;
    EXPECT_NE(c.err.find("legacy DDS FourCC 'DXT0'"), std::string::npos) << c.err;
  }
  MeasuredRun x = cliMeasured({"textures", in, "-o", (dir / "tiles").string()});
  EXPECT_EQ(x.exitCode, 1);
  EXPECT_NE(x.err.find(what), std::string::npos) << x.err;
  EXPECT_FALSE(fs::exists(dir / "tiles"));
}

// The level directory as a whole (tfrag-layout.md "Input that Strata reads"):
// a missing, empty or short core_index.bin / core_data.bin, or an offset in
// the core header pointing outside its file, is an error naming that file and
// the offset, for validate (exit 1, never "validated 0 files") as for convert
// and textures. gs_ram.bin is optional: without it validate warns, convert
// writes the mesh untextured, textures refuses.
#include "strata/error.h"
#include "strata/formats.h"
#include "test_support.h"
#include "tfrag_fixture.h"

#include <gtest/gtest.h>

using namespace strata;
namespace fs = std::filesystem;
using testsupport::cli;
using testsupport::RunResult;

namespace {

// The hand-built level's core header fields (tfrag_fixture.h).
constexpr uint32_t kTexturesBase = 0x600, kTableAt = 0xA0;

struct Outcome {
  Error loadError{"", 0, ""};
  ValidationReport report;
};

// Loads and validates `dir` in process: load must throw, validate must
// report the same first error (file, offset) without throwing.
Outcome refused(const fs::path& dir) {
  Outcome o;
  const FormatHandler* h = detectFormat(dir.string());
  if (!h) {
    ADD_FAILURE() << dir << " is not detected as a level";
    return o;
  }
  EXPECT_STREQ(h->name, "tfrag");
  o.report = h->validate(dir.string());
  try {
    h->load(dir.string(), LoadOptions{});
    ADD_FAILURE() << "load accepted " << dir;
  } catch (const Error& e) {
    o.loadError = e;
  }
  EXPECT_THROW(h->textures(dir.string(), LoadOptions{}), Error);
  EXPECT_GE(o.report.errors(), 1u);
  return o;
}

// The CLI on `dir`: validate, convert and textures all exit 1 naming `file`,
// and nothing is written.
void cliRefuses(const fs::path& dir, const std::string& file) {
  const fs::path out = dir.parent_path() / "out";
  RunResult v = cli({"validate", dir.string()});
  EXPECT_EQ(v.exitCode, 1) << v.output;
  EXPECT_NE(v.output.find(file), std::string::npos) << v.output;
  EXPECT_NE(v.output.find("validated 1 files: 1 invalid"), std::string::npos) << v.output;
  RunResult c = cli({"convert", dir.string(), "-o", (out.string() + ".glb")});
  EXPECT_EQ(c.exitCode, 1) << c.output;
  EXPECT_NE(c.output.find(file), std::string::npos) << c.output;
  RunResult t = cli({"textures", dir.string(), "-o", out.string()});
  EXPECT_EQ(t.exitCode, 1) << t.output;
  EXPECT_FALSE(fs::exists(out.string() + ".glb"));
  EXPECT_FALSE(fs::exists(out));
}

fs::path levelDir(const tfragfix::LevelBytes& l) {
  return tfragfix::writeLevel(testsupport::tempDir() / "lvl", l);
}

} // namespace

TEST(TfragLevelDir, MissingCoreIndexOrCoreDataIsNamed) {
  for (const char* name : {"core_index.bin", "core_data.bin"}) {
    SCOPED_TRACE(name);
    fs::path dir = levelDir(tfragfix::level());
    fs::remove(dir / name);
    Outcome o = refused(dir);
    EXPECT_EQ(o.loadError.file(), (dir / name).string());
    EXPECT_NE(std::string(o.loadError.what()).find("missing"), std::string::npos);
    cliRefuses(dir, name);
  }
}

TEST(TfragLevelDir, EmptyCoreIndexOrCoreDataIsNamedAtByteZero) {
  for (const char* name : {"core_index.bin", "core_data.bin"}) {
    SCOPED_TRACE(name);
    fs::path dir = levelDir(tfragfix::level());
    testsupport::writeBytes(dir / name, {});
    Outcome o = refused(dir);
    EXPECT_EQ(o.loadError.file(), (dir / name).string());
    EXPECT_EQ(o.loadError.offset(), 0u);
    EXPECT_NE(std::string(o.loadError.what()).find("empty"), std::string::npos);
    cliRefuses(dir, name);
  }
}

TEST(TfragLevelDir, CoreIndexShorterThanItsHeader) {
  auto l = tfragfix::level();
  l.coreIndex.resize(0x8F); // the header is 0x90 bytes
  Outcome o = refused(levelDir(l));
  EXPECT_EQ(fs::path(o.loadError.file()).filename(), "core_index.bin");
  EXPECT_EQ(o.loadError.offset(), 0u);
  EXPECT_NE(o.loadError.detail().find("only 143 remain"), std::string::npos) << o.loadError.what();
}

TEST(TfragLevelDir, TruncatedCoreDataNamesTheCutTfrag) {
  // Cut inside the tfrag's light records (data at 0x180, lights at 0x180 + 768).
  auto l = tfragfix::level();
  l.coreData.resize(0x180 + 780);
  fs::path dir = levelDir(l);
  Outcome o = refused(dir);
  EXPECT_EQ(fs::path(o.loadError.file()).filename(), "core_data.bin");
  EXPECT_EQ(o.loadError.offset(), 0x180u + 768);
  EXPECT_EQ(o.loadError.detail().rfind("tfrag 0: ", 0), 0u) << o.loadError.detail();
  // validate also says core_data.bin is shorter than the header's size.
  ASSERT_GE(o.report.findings.size(), 2u);
  EXPECT_EQ(o.report.findings[0].severity, Severity::Warning);
  EXPECT_EQ(o.report.findings[0].offset, 0x8Cu);
  cliRefuses(dir, "core_data.bin");
}

TEST(TfragLevelDir, HeaderOffsetsOutsideTheirFiles) {
  struct Case {
    size_t field; // in core_index.bin
    uint32_t value;
    const char* says;
  };
  for (const Case& k :
       {Case{0x08, 0x7FFFFFF0, "tfrags offset 2147483632"},
        Case{0x08, 0xFFFFFFF0, "tfrags offset -16"},
        Case{0x34, 0x1000, "texture table offset 4096"}, Case{0x30, 0x10000, "texture entries"}}) {
    SCOPED_TRACE(k.says);
    auto l = tfragfix::level();
    for (int i = 0; i < 4; ++i) l.coreIndex[k.field + size_t(i)] = uint8_t(k.value >> (8 * i));
    fs::path dir = levelDir(l);
    Outcome o = refused(dir);
    EXPECT_EQ(fs::path(o.loadError.file()).filename(), "core_index.bin");
    EXPECT_NE(o.loadError.detail().find(k.says), std::string::npos) << o.loadError.what();
    ASSERT_EQ(o.report.errors(), 1u);
    EXPECT_EQ(o.report.findings.back().offset, o.loadError.offset());
    cliRefuses(dir, "core_index.bin");
  }
}

TEST(TfragLevelDir, NegativeTexturesBaseIsAnErrorNeverARead) {
  // -256 once wrapped to a huge unsigned offset whose sum with the mip size
  // wrapped back below the file size: the decoder read 256 bytes before
  // core_data. INT32_MIN reached far outside it (SIGSEGV).
  for (uint32_t base : {0xFFFFFF00u, 0x80000000u, 0xFFFFFFFFu}) {
    SCOPED_TRACE(base);
    auto l = tfragfix::level();
    for (int i = 0; i < 4; ++i) l.coreIndex[0x60 + size_t(i)] = uint8_t(base >> (8 * i));
    fs::path dir = levelDir(l);
    Outcome o = refused(dir);
    EXPECT_EQ(fs::path(o.loadError.file()).filename(), "core_index.bin");
    EXPECT_EQ(o.loadError.offset(), 0x60u);
    EXPECT_NE(o.loadError.detail().find("textures_base " + std::to_string(int32_t(base))),
              std::string::npos)
        << o.loadError.what();
    cliRefuses(dir, "core_index.bin");
  }
}

TEST(TfragLevelDir, TextureDataOffsetsThatWouldWrap) {
  // data_offset 0x7FFFFFFF: mip 0 at textures_base + 2^31 - 1, far past the end.
  auto l = tfragfix::level();
  for (int i = 0; i < 4; ++i) l.coreIndex[kTableAt + size_t(i)] = i == 3 ? 0x7F : 0xFF;
  Outcome o = refused(levelDir(l));
  EXPECT_EQ(fs::path(o.loadError.file()).filename(), "core_data.bin");
  EXPECT_EQ(o.loadError.offset(), kTexturesBase + 0x7FFFFFFFull);
  EXPECT_NE(o.loadError.detail().find("texture 0: mip 0"), std::string::npos) << o.loadError.what();
  // Mip 2 of texture 0 in GS RAM block 0xFFFF: past the end of gs_ram.bin.
  auto m = tfragfix::level();
  m.coreIndex[kTableAt + 12] = 0xFF, m.coreIndex[kTableAt + 13] = 0xFF;
  Outcome p = refused(levelDir(m));
  EXPECT_EQ(fs::path(p.loadError.file()).filename(), "gs_ram.bin");
  EXPECT_EQ(p.loadError.offset(), 0xFFFFu * 0x100);
}

TEST(TfragLevelDir, WithoutGsRamValidateWarnsConvertWritesTexturesRefuses) {
  fs::path dir = tfragfix::writeLevel(testsupport::tempDir() / "lvl", tfragfix::level(), false);
  const FormatHandler& h = requireFormat(dir.string());
  ValidationReport r = h.validate(dir.string());
  EXPECT_EQ(r.errors(), 0u);
  ASSERT_EQ(r.warnings(), 1u);
  EXPECT_NE(r.findings[0].message.find("gs_ram.bin: missing"), std::string::npos)
      << r.findings[0].message;

  RunResult v = cli({"validate", dir.string()});
  EXPECT_EQ(v.exitCode, 0) << v.output;
  RunResult strict = cli({"validate", "--strict", dir.string()});
  EXPECT_EQ(strict.exitCode, 1) << strict.output;
  const fs::path glb = dir.parent_path() / "mesh.glb";
  RunResult c = cli({"convert", dir.string(), "-o", glb.string()});
  EXPECT_EQ(c.exitCode, 0) << c.output;
  EXPECT_NE(c.output.find("gs_ram.bin is missing"), std::string::npos) << c.output;
  EXPECT_TRUE(fs::exists(glb));
  const fs::path tex = dir.parent_path() / "tex";
  RunResult t = cli({"textures", dir.string(), "-o", tex.string()});
  EXPECT_EQ(t.exitCode, 1) << t.output;
  EXPECT_NE(t.output.find("gs_ram.bin: missing"), std::string::npos) << t.output;
  EXPECT_FALSE(fs::exists(tex));
}

TEST(TfragLevelDir, APathToCoreIndexIsTheLevel) {
  fs::path dir = levelDir(tfragfix::level());
  const FormatHandler* h = detectFormat((dir / "core_index.bin").string());
  ASSERT_NE(h, nullptr);
  EXPECT_STREQ(h->name, "tfrag");
  EXPECT_EQ(h->validate((dir / "core_index.bin").string()).errors(), 0u);
  // gs_ram.bin alone is not a level; core_data.bin alone is a broken one.
  fs::remove(dir / "core_index.bin");
  EXPECT_EQ(requireFormat(dir.string()).validate(dir.string()).errors(), 1u);
  fs::remove(dir / "core_data.bin");
  EXPECT_EQ(detectFormat(dir.string()), nullptr);
}

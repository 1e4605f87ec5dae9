// Bad tfrag input: truncated lists, desynchronised walks, counts past the end,
// indices out of range. Each gives a strata::Error naming the file and offset,
// never a crash, and the CLI leaves no output behind.
#include "corruption.h"
#include "strata/error.h"
#include "strata/formats.h"
#include "test_support.h"
#include "tfrag/tfrag_read.h"
#include "tfrag_fixture.h"

#include <gtest/gtest.h>

using namespace strata;
namespace fs = std::filesystem;

namespace {

// Absolute core_data offsets in the hand-built level (tfrag_fixture.h): the
// block at 0x100, its one header at 0x140, the tfrag data at 0x180.
constexpr size_t kBlock = 0x100, kHeader = 0x140, kData = 0x180;

using tfragfix::writeLevel;

// Loads the level; returns the error (or fails the test if none).
Error loadError(const tfragfix::LevelBytes& l, LoadOptions o = {}) {
  fs::path dir = writeLevel(testsupport::tempDir() / "lvl", l);
  const FormatHandler* h = detectFormat(dir.string());
  if (!h) return Error(dir.string(), Error::kNoOffset, "not detected");
  try {
    h->load(dir.string(), o);
  } catch (const Error& e) {
    // validate must report it too, without throwing
    ValidationReport r = h->validate(dir.string());
    EXPECT_GE(r.errors(), 1u) << "validate missed: " << e.what();
    return e;
  }
  ADD_FAILURE() << "no error";
  return Error("", 0, "");
}

void expectIn(const Error& e, const std::string& what) {
  EXPECT_NE(std::string(e.what()).find(what), std::string::npos) << e.what();
}

} // namespace

TEST(TfragBadInput, TruncatedCoreDataCutsAList) {
  auto l = tfragfix::level();
  l.coreData.resize(kData + 600); // inside the LOD 0 list
  Error e = loadError(l);
  expectIn(e, "core_data.bin");
  expectIn(e, "tfrag 0");
  EXPECT_NE(e.offset(), Error::kNoOffset);
}

TEST(TfragBadInput, DesynchronisedWalkIsRejected) {
  // LOD 0 positions UNPACK num 2 -> 1: the walk resumes 8 bytes early.
  auto l = tfragfix::level();
  l.coreData[kData + tfragfix::kLod0 + 2] = 1;
  Error e = loadError(l);
  expectIn(e, "tfrag 0");
  EXPECT_GE(e.offset(), kData + tfragfix::kLod0);
}

TEST(TfragBadInput, UnknownCommandNamesItsOffset) {
  auto l = tfragfix::level();
  size_t at = kData + 276; // the STMOD after the common vertex-info STROW
  l.coreData[at + 3] = 0x08;
  Error e = loadError(l);
  EXPECT_EQ(e.offset(), at);
  expectIn(e, "desynchronised");
  expectIn(e, "common list");
}

TEST(TfragBadInput, UnpackCountPastTheEndOfItsList) {
  auto l = tfragfix::level();
  l.coreData[kData + tfragfix::kLod0 + 2] = 200; // 1200 bytes of positions
  Error e = loadError(l);
  EXPECT_EQ(e.offset(), kData + tfragfix::kLod0);
  expectIn(e, "1200 payload bytes");
}

TEST(TfragBadInput, HeaderCountsThatDisagreeRejectTheTfrag) {
  Error v = loadError(tfragfix::level(tfragfix::block(8, 6)));
  expectIn(v, "vert_count is 8");
  Error t = loadError(tfragfix::level(tfragfix::block(7, 5)));
  expectIn(t, "tri_count is 5");
}

TEST(TfragBadInput, StripIndexOutOfRange) {
  auto l = tfragfix::level();
  l.coreData[kData + 628 + 1] = 9; // LOD 0 index 1: only 9 vertex infos
  Error e = loadError(l);
  EXPECT_EQ(e.offset(), kData + 628 + 1);
  expectIn(e, "expected below 9");
  // LOD 2 does not draw that list, but validate calls the tfrag broken, so
  // every LOD refuses it.
  LoadOptions o;
  o.lod = 2;
  Error lod2 = loadError(l, o);
  EXPECT_EQ(lod2.offset(), kData + 628 + 1);
}

TEST(TfragBadInput, AdGifTextureOutOfRange) {
  auto l = tfragfix::level();
  l.coreData[kData + tfragfix::kTexOfs + 80] = 5; // ad-gif 1 TEX0: table holds 2
  Error e = loadError(l);
  expectIn(e, "binds texture 5");
}

TEST(TfragBadInput, ParentOutOfRange) {
  auto l = tfragfix::level();
  l.coreData[kData + 644] = 6; // e0's first parent must be below 6 (common || LOD 0+1)
  Error e = loadError(l);
  EXPECT_EQ(e.offset(), kData + 680); // e0, the first LOD 0 vertex info
  expectIn(e, "has first parent 6, expected a vertex info below 6");
}

TEST(TfragBadInput, StripRecordRules) {
  auto l = tfragfix::level();
  l.coreData[kData + 40] = 4; // LOD 2's first record unbiased
  LoadOptions o;
  o.lod = 2;
  Error e = loadError(l, o);
  EXPECT_EQ(e.offset(), kData + 40);
  expectIn(e, "always biased");
  auto m = tfragfix::level();
  m.coreData[kData + 40 + 2] = 3; // ad-gif offset not a multiple of 5
  Error f = loadError(m, o);
  expectIn(f, "multiple of 5");
}

TEST(TfragBadInput, HugeCountsFailBeforeAllocating) {
  auto l = tfragfix::level();
  for (int i = 0; i < 4; ++i) l.coreData[kBlock + 4 + size_t(i)] = i == 3 ? 0x7F : 0xFF;
  Error e = loadError(l);
  expectIn(e, "tfrag headers");
  auto m = tfragfix::level();
  m.coreData[kBlock + 3] = 0x7F; // table_offset
  Error f = loadError(m);
  expectIn(f, "table_offset");
  auto n = tfragfix::level();
  n.coreIndex[0x33] = 0x7F; // texture table count
  Error g = loadError(n);
  expectIn(g, "texture entries");
}

TEST(TfragBadInput, TfragDataOffsetOutsideTheBlock) {
  auto l = tfragfix::level();
  l.coreData[kHeader + 0x10 + 3] = 0x40; // data = 0x40000040
  Error e = loadError(l);
  expectIn(e, "data offset");
}

TEST(TfragBadInput, PalettePastTheEndOfGsRam) {
  auto l = tfragfix::level();
  l.coreIndex[0xA0 + 0xA] = 0xFF; // palette 0x00FF: 0xFF00 + 1024 > 0xA00
  Error e = loadError(l);
  expectIn(e, "gs_ram.bin");
  expectIn(e, "palette");
}

TEST(TfragBadInput, ShortCoreIndexIsAnErrorNamingIt) {
  auto l = tfragfix::level();
  l.coreIndex.resize(0x40);
  Error e = loadError(l);
  EXPECT_EQ(fs::path(e.file()).filename(), "core_index.bin");
  EXPECT_EQ(e.offset(), 0u);
  expectIn(e, "level core header (0x90 bytes)");
}

TEST(TfragBadInput, RandomCorruptionNeverCrashes) {
  // Mutations of the hand-built block: every decode either succeeds or
  // throws strata::Error; nothing else escapes.
  testsupport::CorruptionOptions o;
  o.runs = 4000;
  o.seed = 1234;
  o.truncateOneIn = 10;
  auto c = testsupport::corruptAndRead({tfragfix::block()}, o, [](const std::vector<uint8_t>& b) {
    tfrag::readTfragsBlock(b.data(), b.size(), "fuzz", 0);
  });
  EXPECT_GT(c.rejected, 0);
  EXPECT_GT(c.accepted, 0);
}

TEST(TfragBadInput, CliFailsCleanlyAndLeavesNoOutput) {
  auto l = tfragfix::level();
  l.coreData[kData + tfragfix::kLod0 + 2] = 200;
  fs::path dir = writeLevel(testsupport::tempDir() / "lvl", l);
  fs::path out = dir.parent_path() / "out.glb";
  auto r = testsupport::cli({"convert", dir.string(), "-o", out.string()});
  EXPECT_NE(r.exitCode, 0);
  EXPECT_NE(r.output.find("core_data.bin"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("at byte"), std::string::npos) << r.output;
  EXPECT_FALSE(fs::exists(out));
  for (auto& e : fs::directory_iterator(dir.parent_path()))
    EXPECT_EQ(e.path().extension(), "") << "left behind: " << e.path();
  auto v = testsupport::cli({"validate", dir.string()});
  EXPECT_EQ(v.exitCode, 1) << v.output;
}

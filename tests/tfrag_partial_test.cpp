// validate, convert and textures of a level run one set of checks: a tfrag or
// texture validate calls broken makes convert and textures refuse the level;
// --partial writes every intact piece, names each one left out
// (`<input>: left out: <piece>`) and exits 0. Two-tfrag level from
// tfrag_fixture.h: tfrag 0's data at core_data 0x100 + 0x40 + 0x80, tfrag 1's
// 912 bytes later.
#include "gltf_read_helpers.h"
#include "strata/error.h"
#include "strata/formats.h"
#include "test_support.h"
#include "tfrag_fixture.h"

#include <gtest/gtest.h>

#include <functional>

using namespace strata;
namespace fs = std::filesystem;
using testsupport::cli;
using testsupport::RunResult;

namespace {

constexpr size_t kData0 = 0x100 + 0x40 + 0x80, kData1 = kData0 + tfragfix::kTfragDataBytes;

fs::path twoTfragLevel(const std::function<void(tfragfix::LevelBytes&)>& damage) {
  auto l = tfragfix::level(tfragfix::twoTfragBlock());
  damage(l);
  return tfragfix::writeLevel(testsupport::tempDir() / "lvl", l);
}

size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// `strata COMMAND DIR -o OUT` refuses the level (exit 1, no OUT); with
// --partial it writes OUT, naming texture 1 once as left out.
void refusedThenPartial(const char* command, const fs::path& dir, const fs::path& out) {
  RunResult refused = cli({command, dir.string(), "-o", out.string()});
  EXPECT_EQ(refused.exitCode, 1) << refused.output;
  EXPECT_FALSE(fs::exists(out));
  RunResult partial = cli({command, dir.string(), "-o", out.string(), "--partial"});
  ASSERT_EQ(partial.exitCode, 0) << partial.output;
  EXPECT_EQ(count(partial.output, dir.string() + ": left out: texture 1: "), 1u) << partial.output;
}

} // namespace

TEST(TfragPartial, IntactTwoTfragLevelValidatesClean) {
  fs::path dir = twoTfragLevel([](tfragfix::LevelBytes&) {});
  ValidationReport r = requireFormat(dir.string()).validate(dir.string());
  for (const Finding& f : r.findings) ADD_FAILURE() << f.message;
  EXPECT_EQ(r.summary["tfragsDecoded"], 2);
  EXPECT_EQ(r.summary["trianglesLod0"], 12);
}

TEST(TfragPartial, DesynchronisedTfragIsRefusedThenLeftOut) {
  // tfrag 1's LOD 0 positions UNPACK num 2 -> 1: the walk resumes 8 bytes early.
  fs::path dir =
      twoTfragLevel([](tfragfix::LevelBytes& l) { l.coreData[kData1 + tfragfix::kLod0 + 2] = 1; });
  ValidationReport r = requireFormat(dir.string()).validate(dir.string());
  ASSERT_EQ(r.errors(), 1u);
  EXPECT_EQ(r.findings[0].message.rfind("core_data.bin: tfrag 1: ", 0), 0u)
      << r.findings[0].message;
  EXPECT_GE(r.findings[0].offset, kData1 + tfragfix::kLod0);
  EXPECT_LT(r.findings[0].offset, kData1 + tfragfix::kRgba);

  const fs::path glb = dir.parent_path() / "out.glb";
  RunResult refused = cli({"convert", dir.string(), "-o", glb.string()});
  EXPECT_EQ(refused.exitCode, 1) << refused.output;
  EXPECT_NE(refused.output.find("tfrag 1: "), std::string::npos) << refused.output;
  EXPECT_FALSE(fs::exists(glb));

  RunResult partial = cli({"convert", dir.string(), "-o", glb.string(), "--partial"});
  ASSERT_EQ(partial.exitCode, 0) << partial.output;
  EXPECT_EQ(count(partial.output, dir.string() + ": left out: tfrag 1: "), 1u) << partial.output;
  EXPECT_EQ(count(partial.output, "left out"), 1u) << partial.output;
  EXPECT_NE(partial.output.find("(core_data.bin at byte "), std::string::npos) << partial.output;
  tinygltf::Model m = loadGltf(glb.string());
  ASSERT_EQ(m.nodes.size(), 1u);
  EXPECT_EQ(m.nodes[0].name, "tfrag_0");
  EXPECT_EQ(m.images.size(), 2u); // both textures intact

  // The textures are intact, but the level is not: textures refuses it too.
  const fs::path tex = dir.parent_path() / "tex";
  RunResult t = cli({"textures", dir.string(), "-o", tex.string()});
  EXPECT_EQ(t.exitCode, 1) << t.output;
  EXPECT_FALSE(fs::exists(tex));
}

TEST(TfragPartial, BrokenTextureLeavesItsMaterialUntextured) {
  // Texture 1's palette at GS RAM block 0x00FF: 0xFF00 + 1024 bytes, past the 0xA00 of GS RAM.
  fs::path dir = twoTfragLevel([](tfragfix::LevelBytes& l) { l.coreIndex[0xB0 + 10] = 0xFF; });
  ValidationReport r = requireFormat(dir.string()).validate(dir.string());
  ASSERT_EQ(r.errors(), 1u);
  EXPECT_EQ(r.findings[0].message.rfind("gs_ram.bin: texture 1: ", 0), 0u) << r.findings[0].message;
  EXPECT_EQ(r.findings[0].offset, 0xFF00u);

  const fs::path glb = dir.parent_path() / "out.glb";
  refusedThenPartial("convert", dir, glb);
  tinygltf::Model m = loadGltf(glb.string());
  EXPECT_EQ(m.nodes.size(), 2u);
  ASSERT_EQ(m.materials.size(), 2u);
  EXPECT_EQ(m.materials[0].name, "tfrag_texture_0");
  EXPECT_GE(m.materials[0].pbrMetallicRoughness.baseColorTexture.index, 0);
  EXPECT_EQ(m.materials[1].name, "tfrag_texture_1");
  EXPECT_EQ(m.materials[1].pbrMetallicRoughness.baseColorTexture.index, -1);
  EXPECT_EQ(m.images.size(), 1u);

  const fs::path tex = dir.parent_path() / "tex";
  refusedThenPartial("textures", dir, tex);
  EXPECT_TRUE(fs::exists(tex / "tfrag_texture_0.png"));
  EXPECT_EQ(std::distance(fs::directory_iterator(tex), {}), 1);
}

TEST(TfragPartial, EveryPieceBrokenIsStillAnError) {
  // Both tfrags desynchronised: nothing intact to convert, even with --partial.
  fs::path dir = twoTfragLevel([](tfragfix::LevelBytes& l) {
    l.coreData[kData0 + tfragfix::kLod0 + 2] = 1;
    l.coreData[kData1 + tfragfix::kLod0 + 2] = 1;
  });
  const fs::path glb = dir.parent_path() / "out.glb";
  RunResult partial = cli({"convert", dir.string(), "-o", glb.string(), "--partial"});
  EXPECT_EQ(partial.exitCode, 1) << partial.output;
  EXPECT_NE(partial.output.find("every tfrag is broken"), std::string::npos) << partial.output;
  EXPECT_FALSE(fs::exists(glb));
  // textures_base outside core_data: every texture lost, textures --partial has nothing to write.
  fs::path dir2 = twoTfragLevel([](tfragfix::LevelBytes& l) { l.coreIndex[0x63] = 0x80; });
  const fs::path tex = dir2.parent_path() / "tex";
  RunResult t = cli({"textures", dir2.string(), "-o", tex.string(), "--partial"});
  EXPECT_EQ(t.exitCode, 1) << t.output;
  EXPECT_NE(t.output.find("left out: every texture (2): textures_base"), std::string::npos)
      << t.output;
  EXPECT_FALSE(fs::exists(tex));
}

TEST(TfragPartial, EveryHeaderCheckOfValidateAlsoStopsConvert) {
  // Faults only checkTfrag sees (the walk itself succeeds): convert must
  // refuse each, naming the same offset validate gives.
  struct Case {
    const char* what;
    std::function<void(tfragfix::LevelBytes&)> damage;
  };
  const Case cases[] = {
      {"ad-gif 1 quadword 0 addresses GS register",
       [](tfragfix::LevelBytes& l) { l.coreData[kData1 + tfragfix::kTexOfs + 80 + 8] = 0x07; }},
      {"wrap mode 2",
       [](tfragfix::LevelBytes& l) { l.coreData[kData1 + tfragfix::kTexOfs + 32] = 2; }},
      {"common_size", [](tfragfix::LevelBytes& l) { l.coreData[0x100 + 0x80 + 0x20] = 20; }},
  };
  for (const Case& k : cases) {
    SCOPED_TRACE(k.what);
    fs::path dir = twoTfragLevel(k.damage);
    const FormatHandler& h = requireFormat(dir.string());
    ValidationReport r = h.validate(dir.string());
    ASSERT_GE(r.errors(), 1u);
    const Finding& first = r.findings[0];
    EXPECT_NE(first.message.find(k.what), std::string::npos) << first.message;
    try {
      h.load(dir.string(), LoadOptions{});
      ADD_FAILURE() << "convert accepted what validate calls an error";
    } catch (const Error& e) {
      EXPECT_EQ(e.offset(), first.offset);
      EXPECT_NE(e.detail().find(k.what), std::string::npos) << e.what();
    }
    LoadOptions partial;
    partial.partial = true;
    Scene s = h.load(dir.string(), partial);
    ASSERT_EQ(s.leftOut.size(), 1u);
    EXPECT_EQ(s.nodes.size(), 1u);
  }
}

// A Ratchet & Clank 2 LEVEL<n>.WAD (rc2-level-wad.md): the synthetic
// generator's levels load into the scene design.md names ("R&C2 levels"), give
// the same geometry and textures as the extracted directory in each of its
// forms (core_data.bin, core_data.wad, data.bin), are detected by structure
// alone and never claim another format's file, and every broken structure
// of section 7 is an error at its file offset (a 2048x size called a
// sector/byte unit error), refused by the CLI with nothing written.
#include "atlas/atlas_io.h"
#include "chu/chu_io.h"
#include "common/bytes.h"
#include "gltf_read_helpers.h"
#include "rc2/rc2_container.h"
#include "rc2/rc2_level.h"
#include "rc2/rc2_scene.h"
#include "strata/error.h"
#include "strata/formats.h"
#include "synth/atlas_synth.h"
#include "synth/chu_synth.h"
#include "synth/rc2_synth.h"
#include "synth/tfrag_synth.h"
#include "synth/ytd_synth.h"
#include "test_support.h"
#include "tfrag/tfrag_level.h"
#include "tqt/tqt_io.h"
#include "ytd/ytd_write.h"

#include <gtest/gtest.h>

using namespace strata;
using namespace testsupport;

namespace {

fs::path writeLevel(const fs::path& dir, const std::string& name, const std::vector<uint8_t>& b) {
  fs::create_directories(dir);
  writeBytes(dir / name, b);
  return dir / name;
}

Scene loadPath(const fs::path& p, LoadOptions o = {}) {
  return requireFormat(p.string()).load(p.string(), o);
}

const Node& nodeNamed(const Scene& s, const std::string& name) {
  for (const Node& n : s.nodes)
    if (n.name == name) return n;
  throw std::runtime_error("no node " + name);
}

std::vector<Vec3> positionsOf(const Scene& s, const std::string& node) {
  std::vector<Vec3> out;
  const Node& n = nodeNamed(s, node);
  for (const Primitive& p : s.meshes.at(size_t(n.mesh)).primitives)
    out.insert(out.end(), p.positions.begin(), p.positions.end());
  return out;
}

// The findings of checkLevelWad on `bytes` that are errors.
std::vector<tfrag::LevelFinding> errorsOf(const std::vector<uint8_t>& bytes) {
  std::vector<tfrag::LevelFinding> e;
  for (const tfrag::LevelFinding& f :
       rc2::checkLevelWad(bytes.data(), bytes.size(), "L.WAD").findings)
    if (f.severity == Severity::Error) e.push_back(f);
  return e;
}

// Where the generator put the data extent and its lumps.
struct Where {
  uint64_t data = 0, coreIndex = 0, coreData = 0;
};
Where where(const std::vector<uint8_t>& w) {
  Where x;
  x.data = uint64_t(loadLE<int32_t>(w, 0x10)) * 0x800;
  x.coreIndex = x.data + uint64_t(loadLE<int32_t>(w, size_t(x.data) + 0x08));
  x.coreData = x.data + uint64_t(loadLE<int32_t>(w, size_t(x.data) + 0x48));
  return x;
}

} // namespace

TEST(Rc2Level, SceneIsNamedAfterTheLevelByTheHeadersId) {
  const fs::path dir = tempDir();
  // LEVEL21.WAD holds id 30 on the retail disc: the name comes from the id.
  const fs::path p = writeLevel(dir, "LEVEL21.WAD", rc2::synthLevelWad(30));
  ASSERT_STREQ(requireFormat(p.string()).name, "rc2-level");
  const Scene s = loadPath(p);
  EXPECT_EQ(s.name, "Insomniac Museum");
  ASSERT_EQ(s.roots.size(), 1u);
  const Node& root = s.nodes[size_t(s.roots[0])];
  EXPECT_EQ(root.name, "Insomniac Museum");
  EXPECT_EQ(root.tags, (NodeTags{{"level", 30}}));
  ASSERT_EQ(root.textTags.size(), 1u);
  EXPECT_EQ(root.textTags[0], std::make_pair(std::string("game"), std::string("rc2")));
  std::vector<std::string> children;
  for (int c : root.children) children.push_back(s.nodes[size_t(c)].name);
  EXPECT_EQ(children, (std::vector<std::string>{"tfrag_0", "tfrag_1", "tfrag_2", "tfrag_3"}));
  EXPECT_EQ(s.materials.size(), 3u);
  EXPECT_EQ(s.images.size(), 3u);
  // An id the list lacks keeps its number.
  EXPECT_EQ(loadPath(writeLevel(dir, "x.bin", rc2::synthLevelWad(21))).name, "Level 21");
  EXPECT_EQ(loadPath(writeLevel(dir, "y.bin", rc2::synthLevelWad(1))).name, "Oozla");
}

TEST(Rc2Level, ChunkedLevelAddsTheTfragsOfChunks1And2) {
  const fs::path dir = tempDir();
  const Scene s = loadPath(writeLevel(dir, "LEVEL1.WAD", rc2::synthLevelWad(1, true)));
  const Node& root = s.nodes[size_t(s.roots[0])];
  std::vector<std::string> children;
  for (int c : root.children) children.push_back(s.nodes[size_t(c)].name);
  // The generator: chunk 1 holds 2 x 1 patches, chunk 2 1 x 2, each moved 16
  // world units per chunk along y (tools/synth/rc2_synth.cpp).
  EXPECT_EQ(children,
            (std::vector<std::string>{"tfrag_0", "tfrag_1", "tfrag_2", "tfrag_3", "chunk1_tfrag_0",
                                      "chunk1_tfrag_1", "chunk2_tfrag_0", "chunk2_tfrag_1"}));
  const Node& c2 = nodeNamed(s, "chunk2_tfrag_1");
  EXPECT_EQ(c2.tags.front(), (std::pair<std::string, int64_t>{"chunk", 2}));
  // Chunk 1's first patch is the core's first patch 16 units along y.
  const std::vector<Vec3> core = positionsOf(s, "tfrag_0"),
                          chunk = positionsOf(s, "chunk1_tfrag_0");
  ASSERT_EQ(core.size(), chunk.size());
  for (size_t i = 0; i < core.size(); ++i) {
    EXPECT_FLOAT_EQ(chunk[i][0], core[i][0]);
    EXPECT_FLOAT_EQ(chunk[i][1], core[i][1] + 16.0f);
  }
  // Chunk 2's second patch sits at patch (0, 1) of its grid: y 32 + 8 and up.
  for (const Vec3& v : positionsOf(s, "chunk2_tfrag_1")) {
    EXPECT_GE(v[1], 40.0f - 1e-3f);
    EXPECT_LE(v[1], 48.0f + 1e-3f);
  }
  // Chunk primitives use the level's one texture table (materials 0..2).
  for (const Primitive& p : s.meshes.at(size_t(nodeNamed(s, "chunk1_tfrag_1").mesh)).primitives) {
    EXPECT_GE(p.material, 0);
    EXPECT_LT(p.material, 3);
  }
  EXPECT_EQ(s.materials.size(), 3u);
}

TEST(Rc2Level, SameGeometryAndTexturesAsEveryExtractedForm) {
  const fs::path dir = tempDir();
  rc2::SynthLevel o;
  o.id = 1;
  const fs::path wadPath = writeLevel(dir, "LEVEL1.WAD", rc2::synthLevelWad(o));
  const rc2::SynthExtracted x = rc2::synthExtracted(o);
  // The extractor's three forms: decompressed core data, the compressed
  // stream, and the whole data extent.
  fs::create_directories(dir / "bin");
  writeBytes(dir / "bin" / "core_index.bin", x.coreIndex);
  writeBytes(dir / "bin" / "core_data.bin", x.coreData);
  writeBytes(dir / "bin" / "gs_ram.bin", x.gsRam);
  fs::create_directories(dir / "wad");
  writeBytes(dir / "wad" / "core_index.bin", x.coreIndex);
  writeBytes(dir / "wad" / "core_data.wad", x.coreDataWad);
  writeBytes(dir / "wad" / "gs_ram.bin", x.gsRam);
  fs::create_directories(dir / "extent");
  writeBytes(dir / "extent" / "data.bin", x.data);
  const Scene fromWad = loadPath(wadPath);
  for (const char* form : {"bin", "wad", "extent"}) {
    SCOPED_TRACE(form);
    ASSERT_STREQ(requireFormat((dir / form).string()).name, "tfrag");
    const Scene s = loadPath(dir / form);
    // The directory keeps today's output: no root node.
    EXPECT_EQ(s.roots.size(), 4u);
    for (int t = 0; t < 4; ++t) {
      const std::string name = "tfrag_" + std::to_string(t);
      EXPECT_EQ(positionsOf(s, name), positionsOf(fromWad, name));
    }
    ASSERT_EQ(s.images.size(), fromWad.images.size());
    for (size_t i = 0; i < s.images.size(); ++i)
      EXPECT_EQ(s.images[i].data, fromWad.images[i].data);
  }
}

TEST(Rc2Level, DetectedByStructureNeverClaimingAnotherFormat) {
  const fs::path dir = tempDir();
  // Any name: no extension is looked at.
  EXPECT_STREQ(requireFormat(writeLevel(dir, "level.dat", rc2::synthLevelWad(3)).string()).name,
               "rc2-level");
  // Every file our other writers make, every sample and every fuzz regression.
  std::vector<std::vector<uint8_t>> others = {
      atlas::writeAtlas(atlas::synthTerrain(atlas::SynthOptions{})),
      chu::writeChu(chu::synthChu(chu::SynthOptions{})),
      ytd::writeYtd(ytd::synthTextureSet(ytd::Edition::Enhanced), ytd::Edition::Enhanced),
      ytd::writeYtd(ytd::synthTextureSet(ytd::Edition::Legacy), ytd::Edition::Legacy),
      tfrag::sampleLevelFiles().coreIndex,
      tfrag::sampleLevelFiles().coreData,
      tfrag::sampleLevelFiles().gsRam};
  size_t checked = 0;
  for (size_t i = 0; i < others.size(); ++i) {
    const fs::path p = writeLevel(dir, "other" + std::to_string(i), others[i]);
    const FormatHandler* h = detectFormat(p.string());
    EXPECT_TRUE(!h || std::string(h->name).rfind("rc2", 0) != 0) << p;
    ++checked;
  }
  for (const fs::path& root :
       {sourceDir() / "samples", sourceDir() / "tests" / "fuzz" / "regressions",
        sharedDir() / "samples"}) {
    std::error_code ec;
    for (const auto& e : fs::recursive_directory_iterator(root, ec)) {
      if (!e.is_regular_file()) continue;
      const FormatHandler* h = detectFormat(e.path().string());
      const bool ours = e.path().parent_path().filename() == "rc2-level" ||
                        e.path().parent_path().filename() == "rc2";
      if (!ours) {
        EXPECT_TRUE(!h || std::string(h->name).rfind("rc2", 0) != 0) << e.path();
      }
      ++checked;
    }
  }
  EXPECT_GT(checked, 20u);
}

TEST(Rc2Level, RangesOutsideTheFileAreErrorsAtTheirField) {
  std::vector<uint8_t> w = rc2::synthLevelWad(1);
  // occlusion (0x28): its size runs a sector or more past the end.
  storeLE<int32_t>(w, 0x2c, 40);
  std::vector<tfrag::LevelFinding> e = errorsOf(w);
  ASSERT_FALSE(e.empty());
  EXPECT_EQ(e[0].offset, 0x2cu);
  EXPECT_NE(e[0].message.find("occlusion holds 40 sectors"), std::string::npos) << e[0].message;
  EXPECT_NE(e[0].message.find("past the end of the file"), std::string::npos) << e[0].message;
  EXPECT_EQ(e[0].message.find("unit error"), std::string::npos) << e[0].message;
  EXPECT_FALSE(rc2::looksLikeLevelWad(w.data(), w.size()));
  // The last lump may run under a sector past the end (it is not padded): fine.
  EXPECT_TRUE(errorsOf(rc2::synthLevelWad(1)).empty());
  // A size stored in bytes, not sectors: 2048x too large, said so.
  w = rc2::synthLevelWad(1);
  const int32_t sectors = loadLE<int32_t>(w, 0x14);
  storeLE<int32_t>(w, 0x14, sectors * 2048);
  e = errorsOf(w);
  ASSERT_FALSE(e.empty());
  EXPECT_EQ(e[0].offset, 0x14u);
  EXPECT_NE(e[0].message.find("exactly 2048x the " + std::to_string(sectors) +
                              " sectors it has: a sector/byte unit error"),
            std::string::npos)
      << e[0].message;
}

TEST(Rc2Level, DataExtentRangesPastTheExtent) {
  std::vector<uint8_t> w = rc2::synthLevelWad(1);
  const Where at = where(w);
  // core_data's offset pushed past the extent.
  storeLE<int32_t>(w, size_t(at.data) + 0x48, 0x100000);
  std::vector<tfrag::LevelFinding> e = errorsOf(w);
  ASSERT_FALSE(e.empty());
  EXPECT_EQ(e[0].offset, at.data + 0x48);
  EXPECT_NE(e[0].message.find("core_data [1048576, +"), std::string::npos) << e[0].message;
  EXPECT_NE(e[0].message.find("lies outside the data extent"), std::string::npos);
  // textures_base inside the tfrags block (which starts at 0 in core data).
  w = rc2::synthLevelWad(1);
  storeLE<int32_t>(w, size_t(at.coreIndex) + 0x60, 0x20);
  e = errorsOf(w);
  ASSERT_FALSE(e.empty());
  EXPECT_EQ(e[0].offset, at.coreIndex + 0x60);
  EXPECT_NE(e[0].message.find("textures_base 32 lies inside the tfrags block [0, "),
            std::string::npos)
      << e[0].message;
  // core_index shorter than the 0xBC-byte core header.
  w = rc2::synthLevelWad(1);
  storeLE<int32_t>(w, size_t(at.data) + 0x0c, 0x90);
  e = errorsOf(w);
  ASSERT_FALSE(e.empty());
  EXPECT_EQ(e[0].offset, at.data + 0x0c);
  EXPECT_NE(e[0].message.find("at least the 0xBC-byte level core header"), std::string::npos);
}

TEST(Rc2Level, CoreDataMustBeAWadStreamOfTheDeclaredSizes) {
  std::vector<uint8_t> w = rc2::synthLevelWad(1);
  const Where at = where(w);
  w[size_t(at.coreData)] = 'X';
  std::vector<tfrag::LevelFinding> e = errorsOf(w);
  ASSERT_FALSE(e.empty());
  EXPECT_EQ(e[0].offset, at.coreData);
  EXPECT_NE(e[0].message.find("does not start with \"WAD\""), std::string::npos);
  // 0x88 against the stream's stored size.
  w = rc2::synthLevelWad(1);
  const uint32_t stored = loadLE<uint32_t>(w, size_t(at.coreData) + 3);
  storeLE<uint32_t>(w, size_t(at.coreIndex) + 0x88, stored + 1);
  e = errorsOf(w);
  ASSERT_FALSE(e.empty());
  EXPECT_EQ(e[0].offset, at.coreIndex + 0x88);
  EXPECT_NE(e[0].message.find("stores " + std::to_string(stored)), std::string::npos)
      << e[0].message;
  storeLE<uint32_t>(w, size_t(at.coreIndex) + 0x88, stored * 2048);
  e = errorsOf(w);
  ASSERT_FALSE(e.empty());
  EXPECT_NE(e[0].message.find("2048x too large"), std::string::npos) << e[0].message;
  // 0x8C against what the stream decodes to.
  w = rc2::synthLevelWad(1);
  const uint32_t size = loadLE<uint32_t>(w, size_t(at.coreIndex) + 0x8c);
  storeLE<uint32_t>(w, size_t(at.coreIndex) + 0x8c, size - 16);
  e = errorsOf(w);
  ASSERT_FALSE(e.empty());
  EXPECT_EQ(e[0].offset, at.coreIndex + 0x8c);
  EXPECT_NE(e[0].message.find("decodes to " + std::to_string(size)), std::string::npos)
      << e[0].message;
  storeLE<uint32_t>(w, size_t(at.coreIndex) + 0x8c, size / 2048);
  e = errorsOf(w);
  ASSERT_FALSE(e.empty());
  EXPECT_NE(e[0].message.find("2048x too small"), std::string::npos) << e[0].message;
  // A broken packet: the error points into the stream, at the packet.
  w = rc2::synthLevelWad(1);
  w[size_t(at.coreData) + 16] = 0xFF; // a short match at distance > 0 before any output
  w[size_t(at.coreData) + 17] = 0xFF;
  e = errorsOf(w);
  ASSERT_FALSE(e.empty());
  EXPECT_EQ(e[0].offset, at.coreData + 16);
  EXPECT_NE(e[0].message.find("core_data: WAD packet at byte 0x10"), std::string::npos)
      << e[0].message;
}

TEST(Rc2Level, CliConvertsInfoAndValidates) {
  const fs::path dir = tempDir();
  const fs::path p = writeLevel(dir, "LEVEL1.WAD", rc2::synthLevelWad(1, true));
  RunResult v = cli({"validate", p.string()});
  EXPECT_EQ(v.exitCode, 0) << v.output;
  EXPECT_NE(v.output.find("ok (0 errors, 0 warnings)"), std::string::npos) << v.output;
  RunResult i = cli({"info", p.string()});
  EXPECT_EQ(i.exitCode, 0) << i.output;
  EXPECT_NE(i.output.find("rc2 level 1 (Oozla): 8 tfrags (4 in the core), 3 textures"),
            std::string::npos)
      << i.output;
  EXPECT_NE(i.output.find("chunk 1: 2 tfrags"), std::string::npos) << i.output;
  RunResult j = cli({"info", "--json", p.string()});
  const nlohmann::json info = nlohmann::json::parse(j.output);
  EXPECT_EQ(info["id"], 1);
  EXPECT_EQ(info["ranges"][0]["name"], "data");
  EXPECT_EQ(info["ranges"][0]["bytes"]["offset"],
            int64_t(info["ranges"][0]["sectors"]["offset"]) * 2048);
  EXPECT_GT(info["coreData"]["decompressed"], info["coreData"]["compressed"]);
  const fs::path out = dir / "oozla.glb";
  RunResult c = cli({"convert", p.string(), "-o", out.string()});
  ASSERT_EQ(c.exitCode, 0) << c.output;
  expectValid(out);
  const tinygltf::Model m = loadGltf(out.string());
  EXPECT_EQ(m.scenes.at(0).name, "Oozla");
  const tinygltf::Node* root = findNode(m, "Oozla");
  ASSERT_NE(root, nullptr);
  EXPECT_EQ(root->extras.Get("strata").Get("game").Get<std::string>(), "rc2");
  EXPECT_EQ(root->extras.Get("strata").Get("level").GetNumberAsInt(), 1);
  EXPECT_EQ(root->children.size(), 8u);
  EXPECT_NE(findNode(m, "chunk2_tfrag_0"), nullptr);
}

TEST(Rc2Level, CliRefusesBrokenLevelsWritingNothing) {
  const fs::path dir = tempDir();
  std::vector<uint8_t> w = rc2::synthLevelWad(1);
  const Where at = where(w);
  w[size_t(at.coreData) + 16] = 0xFF;
  w[size_t(at.coreData) + 17] = 0xFF;
  const fs::path p = writeLevel(dir, "LEVEL1.WAD", w);
  const fs::path out = dir / "out.glb";
  RunResult c = cli({"convert", p.string(), "-o", out.string()});
  EXPECT_EQ(c.exitCode, 1) << c.output;
  EXPECT_NE(c.output.find(byteAt(at.coreData + 16)), std::string::npos) << c.output;
  EXPECT_FALSE(fs::exists(out));
  RunResult v = cli({"validate", p.string()});
  EXPECT_EQ(v.exitCode, 1) << v.output;
  EXPECT_NE(v.output.find("WAD packet at byte 0x10"), std::string::npos) << v.output;
  // A range outside the file: not a level by its structure, and said why.
  w = rc2::synthLevelWad(1);
  storeLE<int32_t>(w, 0x2c, 40);
  const fs::path q = writeLevel(dir, "LEVEL2.WAD", w);
  c = cli({"convert", q.string(), "-o", out.string()});
  EXPECT_EQ(c.exitCode, 1) << c.output;
  EXPECT_NE(c.output.find("occlusion holds 40 sectors"), std::string::npos) << c.output;
  EXPECT_FALSE(fs::exists(out));
}

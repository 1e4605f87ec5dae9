// `strata tiles`: the 3D Tiles tileset of a terrain quadtree (docs/tiles.md).
// The terrain is a hand-built CHU (atlas-chu-tqt.md §9b tables, written with
// the test byte builder); its geometric errors are worked out by hand below.
#include "byte_builder.h"
#include "gltf_read_helpers.h"
#include "test_support.h"
#include "tiles_error.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>

using namespace testsupport;

namespace {

// A depth-2 CHU, leafDimensions 10 (terrain 20 x 20), verticalScale 1.
// World x = ((qx / 16384) * 0.5 + 0.5) * size + size * stub x (§9b).
// Root (size 20): corners (0,0,0) (20,0,0) (20,20,8) (0,20,0), triangles
// (0,1,2) (0,2,3): height 0.4 * min(x, y).
// Leaf at stub (x, y) (size 10, label nodeID(1, y, x) = 1 + 2y + x): its four
// corners at height 0 and a centre vertex at height 1 + x + 2y, four
// triangles fanned around the centre.
std::vector<uint8_t> tinyTerrain() {
  Bytes b;
  b.u32(0x33554843).s16(400).s16(2).f32(0.5f).f32(1.0f).f32(10.0f).u32(5).u32(0);
  struct S {
    int32_t label;
    int16_t level, x, y;
  };
  const S stubs[5] = {{0, 0, 0, 0}, {1, 1, 0, 0}, {2, 1, 1, 0}, {3, 1, 0, 1}, {4, 1, 1, 1}};
  size_t stubAt[5];
  for (int i = 0; i < 5; ++i) {
    stubAt[i] = b.size();
    b.u32(0xDEADBEEF).s32(stubs[i].label);
    for (int n = 0; n < 4; ++n) b.s32(-1);
    b.u8(uint8_t(stubs[i].level)).s16(stubs[i].x).s16(stubs[i].y).s16(0).s16(8).u32(0);
  }
  const int16_t lo = -16384, hi = 16384;
  for (int i = 0; i < 5; ++i) {
    b.patch32(stubAt[i] + 0x21, uint32_t(b.size()));
    b.u32(0xBEEF1234);
    if (i == 0) {
      b.u16(4);
      b.s16(lo).s16(lo).s16(0).s16(0).s16(hi).s16(lo).s16(0).s16(0);
      b.s16(hi).s16(hi).s16(8).s16(0).s16(lo).s16(hi).s16(0).s16(0);
      b.s32(6);
      for (uint16_t k : {0, 1, 2, 0, 2, 3}) b.u16(k);
      b.u32(2);
    } else {
      b.u16(5);
      b.s16(lo).s16(lo).s16(0).s16(0).s16(hi).s16(lo).s16(0).s16(0);
      b.s16(hi).s16(hi).s16(0).s16(0).s16(lo).s16(hi).s16(0).s16(0);
      b.s16(0).s16(0).s16(int16_t(1 + stubs[i].x + 2 * stubs[i].y)).s16(0);
      b.s32(12);
      for (uint16_t k : {0, 1, 4, 1, 2, 4, 2, 3, 4, 3, 0, 4}) b.u16(k);
      b.u32(4);
    }
    b.u8(0).u32(0xB1E2E3F4);
  }
  return b.b;
}

nlohmann::json readJson(const fs::path& p) {
  std::ifstream in(p);
  return nlohmann::json::parse(in);
}

// Every tile, depth first, with its level.
void collect(const nlohmann::json& tile, int level,
             std::vector<std::pair<int, const nlohmann::json*>>& out) {
  out.push_back({level, &tile});
  if (tile.contains("children"))
    for (const auto& c : tile["children"]) collect(c, level + 1, out);
}

// Every POSITION of a GLB, back in the terrain's Z-up frame: 3D Tiles turns
// glTF's y-up into z-up by (x, y, z) -> (x, -z, y).
std::vector<std::array<double, 3>> positionsZUp(const fs::path& glb) {
  tinygltf::Model m = loadGltf(glb.string());
  std::vector<std::array<double, 3>> out;
  for (const auto& mesh : m.meshes)
    for (const auto& p : mesh.primitives) {
      std::vector<double> v = accessorValues(m, p.attributes.at("POSITION"));
      for (size_t i = 0; i + 2 < v.size(); i += 3) out.push_back({v[i], -v[i + 2], v[i + 1]});
    }
  return out;
}

void expectBoxHolds(const nlohmann::json& box, const std::vector<std::array<double, 3>>& pts,
                    const std::string& what) {
  for (const auto& p : pts)
    for (int k = 0; k < 3; ++k) {
      const double c = box[k], h = box[3 + 4 * k];
      EXPECT_LE(std::fabs(p[size_t(k)] - c), h + 1e-4) << what << " axis " << k;
    }
}

// The Khronos validator over many files in one node run: the worst counts.
void expectAllValid(const std::vector<fs::path>& files) {
  if (const std::string why = nodeMissing(); !why.empty()) {
    [&] { GTEST_SKIP() << why; }();
    return;
  }
  std::string cmd = "'" + nodeExecutable() + "' '" +
                    (sourceDir() / "tools/validator/validate.mjs").string() + "'";
  for (const fs::path& f : files) cmd += " '" + f.string() + "'";
  RunResult r = run(cmd);
  size_t lines = 0;
  std::istringstream in(r.output);
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] != '{') continue;
    nlohmann::json j = nlohmann::json::parse(line);
    ++lines;
    EXPECT_EQ(j["errors"], 0) << line;
    EXPECT_EQ(j["warnings"], 0) << line;
  }
  EXPECT_EQ(lines, files.size()) << r.output;
}

} // namespace

TEST(TilesError, CrossingEdgesAreMeasured) {
  // b: the square [0,2]^2 at height y; a: a flat triangle at height 5 whose
  // corners all lie off b's ground. Where a's bottom edge (y = 0.5) crosses
  // b's sides and diagonal, b is 0.5 high: 4.5. b's corners under a
  // ((0,2), (2,2), height 2) give only 3, so 4.5 comes from the crossings.
  strata::tiles::Triangles b = {{{{0, 0, 0}, {2, 0, 0}, {2, 2, 2}}},
                                {{{0, 0, 0}, {2, 2, 2}, {0, 2, 2}}}};
  strata::tiles::Triangles a = {{{{-1, 0.5f, 5}, {3, 0.5f, 5}, {1, 5, 5}}}};
  EXPECT_NEAR(strata::tiles::surfaceDistance(a, b), 4.5, 1e-6);
  EXPECT_NEAR(strata::tiles::surfaceDistance(b, a), 4.5, 1e-6);
  // No shared ground: nothing to compare.
  strata::tiles::Triangles far = {{{{10, 10, 0}, {11, 10, 0}, {10, 11, 0}}}};
  EXPECT_EQ(strata::tiles::surfaceDistance(far, b), 0.0);
}

TEST(Tiles, TinyTerrainTreeBoxesAndErrors) {
  fs::path dir = tempDir();
  writeBytes(dir / "tiny.chu", tinyTerrain());
  RunResult r = cli({"tiles", (dir / "tiny.chu").string(), "-o", (dir / "out").string()});
  ASSERT_EQ(r.exitCode, 0) << r.output;
  nlohmann::json ts = readJson(dir / "out/tileset.json");
  EXPECT_EQ(ts["asset"]["version"], "1.1");
  std::vector<std::pair<int, const nlohmann::json*>> tiles;
  collect(ts["root"], 0, tiles);
  int perLevel[2] = {0, 0};
  std::vector<fs::path> glbs;
  for (auto& [level, t] : tiles) {
    ASSERT_LT(level, 2);
    perLevel[level]++;
    EXPECT_EQ((*t)["refine"], "REPLACE");
    const fs::path glb = dir / "out" / (*t)["content"]["uri"].get<std::string>();
    glbs.push_back(glb);
    expectBoxHolds((*t)["boundingVolume"]["box"], positionsZUp(glb), glb.string());
  }
  EXPECT_EQ(perLevel[0], 1);
  EXPECT_EQ(perLevel[1], 4);
  // Root: the largest vertical gap between its surface (0.4 min(x, y)) and
  // the leaves' is at its corner (20, 20): 8 against the leaves' 0 there
  // (the leaves' own vertices give at most 4, at (10, 10), (20, 10), (10, 20)).
  EXPECT_NEAR(ts["root"]["geometricError"].get<double>(), 8.0, 1e-5);
  for (const auto& kid : ts["root"]["children"]) EXPECT_EQ(kid["geometricError"], 0.0);
  EXPECT_GE(ts["geometricError"].get<double>(), 8.0);
  // The root box: the chunk bounds (x, y 0..20, z 0..8): centre, half axes.
  const std::vector<double> box = ts["root"]["boundingVolume"]["box"];
  const std::vector<double> want = {10, 10, 4, 10, 0, 0, 0, 10, 0, 0, 0, 4};
  for (size_t k = 0; k < 12; ++k) EXPECT_NEAR(box[k], want[k], 1e-5) << k;
  // Leaf (1, 1) (stub x 1, y 1): x, y 10..20, z 0..4.
  EXPECT_EQ(ts["root"]["children"][3]["content"]["uri"], "tiles/L1_1_1.glb");
  const std::vector<double> leaf = ts["root"]["children"][3]["boundingVolume"]["box"];
  EXPECT_NEAR(leaf[0], 15, 1e-5);
  EXPECT_NEAR(leaf[1], 15, 1e-5);
  EXPECT_NEAR(leaf[2], 2, 1e-5);
  EXPECT_NEAR(leaf[11], 2, 1e-5);
  expectAllValid(glbs);
}

TEST(Tiles, SamplesTileEveryChunkAndValidate) {
  for (const char* name : {"terrain-v140.atlas", "terrain-v100.atlas", "terrain-blended.atlas",
                           "terrain-unique.atlas", "terrain.chu"}) {
    SCOPED_TRACE(name);
    fs::path dir = tempDir();
    RunResult r = cli({"tiles", (sourceDir() / "samples" / name).string(), "-o",
                       (dir / "out").string(), "--jobs", "2"});
    ASSERT_EQ(r.exitCode, 0) << r.output;
    RunResult info = cli({"info", (sourceDir() / "samples" / name).string(), "--json"});
    const nlohmann::json j = nlohmann::json::parse(info.output);
    const nlohmann::json levels = j.contains("tocs") ? j["tocs"][0]["levels"] : j["levels"];
    nlohmann::json ts = readJson(dir / "out/tileset.json");
    std::vector<std::pair<int, const nlohmann::json*>> tiles;
    collect(ts["root"], 0, tiles);
    std::vector<int> perLevel(levels.size(), 0);
    std::vector<fs::path> glbs;
    for (auto& [level, t] : tiles) {
      ASSERT_LT(size_t(level), levels.size());
      perLevel[size_t(level)]++;
      if (t->contains("content"))
        glbs.push_back(dir / "out" / (*t)["content"]["uri"].get<std::string>());
      // A tile never claims less error than one below it; leaves claim none.
      if (t->contains("children"))
        for (const auto& c : (*t)["children"])
          EXPECT_LE(c["geometricError"].get<double>(), (*t)["geometricError"].get<double>());
      else
        EXPECT_EQ((*t)["geometricError"], 0.0);
    }
    for (size_t l = 0; l < levels.size(); ++l) EXPECT_EQ(perLevel[l], levels[l]["chunks"]) << l;
    EXPECT_GT(ts["root"]["geometricError"].get<double>(), 0.0);
    // The leaf GLBs hold the file's leaf vertices, box by box.
    size_t leafVerts = 0;
    for (auto& [level, t] : tiles)
      if (size_t(level) + 1 == levels.size() && t->contains("content")) {
        auto pts = positionsZUp(dir / "out" / (*t)["content"]["uri"].get<std::string>());
        leafVerts += pts.size();
        expectBoxHolds((*t)["boundingVolume"]["box"], pts, name);
      }
    EXPECT_EQ(leafVerts, levels.back()["vertices"]);
    expectAllValid(glbs);
  }
}

TEST(Tiles, CompleteOrAbsent) {
  fs::path dir = tempDir();
  std::vector<uint8_t> bytes = tinyTerrain();
  bytes.resize(bytes.size() - 20); // the last chunk's footer and more cut off
  writeBytes(dir / "cut.chu", bytes);
  RunResult r = cli({"tiles", (dir / "cut.chu").string(), "-o", (dir / "out").string()});
  EXPECT_EQ(r.exitCode, 1) << r.output;
  EXPECT_NE(r.output.find("cut.chu"), std::string::npos) << r.output;
  EXPECT_FALSE(fs::exists(dir / "out"));
  // Nothing left beside it either (the temporary directory is gone).
  size_t entries = 0;
  for (const auto& e : fs::directory_iterator(dir)) entries += e.path().filename() != "cut.chu";
  EXPECT_EQ(entries, 0u);

  // A directory that holds something else is not replaced.
  writeBytes(dir / "tiny.chu", tinyTerrain());
  fs::create_directories(dir / "busy");
  writeBytes(dir / "busy/keep.txt", {'k'});
  r = cli({"tiles", (dir / "tiny.chu").string(), "-o", (dir / "busy").string()});
  EXPECT_EQ(r.exitCode, 1) << r.output;
  EXPECT_TRUE(fs::exists(dir / "busy/keep.txt"));
  EXPECT_FALSE(fs::exists(dir / "busy/tileset.json"));

  // An earlier tileset is replaced whole.
  ASSERT_EQ(cli({"tiles", (dir / "tiny.chu").string(), "-o", (dir / "ts").string()}).exitCode, 0);
  writeBytes(dir / "ts/tiles/stale.glb", {'x'});
  ASSERT_EQ(cli({"tiles", (dir / "tiny.chu").string(), "-o", (dir / "ts").string()}).exitCode, 0);
  EXPECT_FALSE(fs::exists(dir / "ts/tiles/stale.glb"));
  EXPECT_TRUE(fs::exists(dir / "ts/tiles/L1_0_0.glb"));
}

TEST(Tiles, BatchWritesOneTilesetPerTerrain) {
  fs::path dir = tempDir();
  RunResult r = cli({"tiles", (sourceDir() / "samples").string(), "-o", (dir / "all").string()});
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("tiled 5 of 5 inputs"), std::string::npos) << r.output;
  for (const char* stem :
       {"terrain-v140", "terrain-v100", "terrain-blended", "terrain-unique", "terrain"})
    EXPECT_TRUE(fs::exists(dir / "all" / stem / "tileset.json")) << stem;
  // A file that is not a terrain, named on its own, is refused.
  r = cli(
      {"tiles", (sourceDir() / "samples/textures-v5.ytd").string(), "-o", (dir / "ytd").string()});
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.output.find("not a terrain quadtree"), std::string::npos) << r.output;
  EXPECT_FALSE(fs::exists(dir / "ytd"));
}

TEST(Tiles, PartialKeepsTheTreeWithoutTheBrokenChunk) {
  fs::path dir = tempDir();
  std::vector<uint8_t> bytes = tinyTerrain();
  // The last chunk (leaf stub x 1, y 1): its first index (after the sentinel,
  // vertCount, 5 x 8 vertex bytes and indexCount, §9b) names vertex 99 of 5.
  size_t last = 0;
  for (size_t i = 0; i + 4 <= bytes.size(); ++i)
    if (bytes[i] == 0x34 && bytes[i + 1] == 0x12 && bytes[i + 2] == 0xEF && bytes[i + 3] == 0xBE)
      last = i;
  ASSERT_GT(last, 0u);
  bytes[last + 50] = 99;
  writeBytes(dir / "broken.chu", bytes);
  RunResult r = cli({"tiles", (dir / "broken.chu").string(), "-o", (dir / "no").string()});
  EXPECT_EQ(r.exitCode, 1) << r.output;
  EXPECT_FALSE(fs::exists(dir / "no"));
  r = cli({"tiles", (dir / "broken.chu").string(), "--partial", "-o", (dir / "out").string()});
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("left out"), std::string::npos) << r.output;
  nlohmann::json ts = readJson(dir / "out/tileset.json");
  ASSERT_EQ(ts["root"]["children"].size(), 4u);
  const nlohmann::json& gone = ts["root"]["children"][3];
  EXPECT_FALSE(gone.contains("content"));
  EXPECT_EQ(gone["boundingVolume"], ts["root"]["boundingVolume"]);
  EXPECT_FALSE(fs::exists(dir / "out/tiles/L1_1_1.glb"));
  // Without that leaf the root's corner (20, 20) has nothing under it: its
  // largest gap is 4, at (10, 10), (20, 10) and (10, 20).
  EXPECT_NEAR(ts["root"]["geometricError"].get<double>(), 4.0, 1e-5);
}

// Strata's output in a real browser (tools/validator/browser_check.mjs):
// Debian's chromium, headless, driven by puppeteer-core, drawing with three.js
// and 3d-tiles-renderer, whose own state the assertions read.
#include "test_support.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <set>
#include <sstream>

using namespace testsupport;
using nlohmann::json;

namespace {

constexpr const char* kChromium = "/usr/bin/chromium";

#define SKIP_WITHOUT_CHROMIUM()                                                                    \
  do {                                                                                             \
    STRATA_SKIP_WITHOUT_NODE();                                                                    \
    if (!fs::exists(kChromium))                                                                    \
      GTEST_SKIP() << kChromium << " is missing (./dev setup installs Debian's chromium)";         \
  } while (0)

std::vector<json> harness(const std::vector<std::string>& args) {
  std::string cmd = "'" + nodeExecutable() + "' '" +
                    (sourceDir() / "tools/validator/browser_check.mjs").string() + "'";
  for (const std::string& a : args) cmd += " '" + a + "'";
  RunResult r = run(cmd);
  EXPECT_EQ(r.exitCode, 0) << r.output;
  std::vector<json> lines;
  std::istringstream in(r.output);
  for (std::string line; std::getline(in, line);)
    if (!line.empty() && line[0] == '{') lines.push_back(json::parse(line));
  return lines;
}

json info(const fs::path& p) {
  return json::parse(cli({"info", p.string(), "--json"}).output);
}

// "tiles/L2_0_1.glb" -> 2
int levelOf(const std::string& uri) {
  return std::stoi(uri.substr(uri.find("/L") + 2));
}

void expectRefines(const fs::path& tileset, const fs::path& shots, int finest) {
  std::vector<json> out = harness({"tiles", tileset.string(), shots.string()});
  ASSERT_EQ(out.size(), 1u);
  const json& r = out[0];
  EXPECT_TRUE(r["errors"].empty()) << r.dump();
  // Far: the renderer refines nothing; only coarse tiles are drawn.
  ASSERT_FALSE(r["far"]["drawn"].empty()) << r.dump();
  for (const auto& uri : r["far"]["drawn"]) EXPECT_EQ(levelOf(uri), 0) << r.dump();
  EXPECT_EQ(r["far"]["stats"]["failed"], 0);
  // Close to the (0, 0) corner: that corner's leaf is drawn, and only leaves.
  std::set<std::string> close(r["close"]["drawn"].begin(), r["close"]["drawn"].end());
  EXPECT_TRUE(close.count("tiles/L" + std::to_string(finest) + "_0_0.glb")) << r.dump();
  for (const auto& uri : close) EXPECT_EQ(levelOf(uri), finest) << r.dump();
  EXPECT_EQ(r["close"]["stats"]["failed"], 0);
  // Screens not the clear colour over a meaningful area: the far terrain is
  // about 100 pixels across, the close one fills the view.
  EXPECT_GT(r["far"]["painted"].get<int>(), 512 * 512 / 100) << r.dump();
  EXPECT_GT(r["close"]["painted"].get<int>(), 512 * 512 / 2) << r.dump();
  EXPECT_TRUE(fs::file_size(shots / "far.png") > 0 && fs::file_size(shots / "close.png") > 0);
}

} // namespace

TEST(Browser, TilesetRefinesFromFarToClose) {
  SKIP_WITHOUT_CHROMIUM();
  const fs::path dir = tempDir();
  ASSERT_EQ(
      cli({"tiles", (sourceDir() / "samples/terrain.chu").string(), "-o", (dir / "chu").string()})
          .exitCode,
      0);
  fs::create_directories(dir / "shots-chu");
  expectRefines(dir / "chu", dir / "shots-chu", 2);
  // The same with compressed GLBs: three.js decodes them with its meshopt decoder.
  ASSERT_EQ(cli({"tiles", (sourceDir() / "samples/terrain-v140.atlas").string(), "--compress", "-o",
                 (dir / "v140").string()})
                .exitCode,
            0);
  fs::create_directories(dir / "shots-v140");
  expectRefines(dir / "v140", dir / "shots-v140", 2);
}

TEST(Browser, SampleGlbsMatchInfo) {
  SKIP_WITHOUT_CHROMIUM();
  const fs::path dir = tempDir();
  const fs::path samples = sourceDir() / "samples";
  RunResult r = cli({"convert", samples.string(), "-o", (dir / "plain").string()});
  ASSERT_EQ(r.exitCode, 0) << r.output;
  // What each GLB should hold, from `strata info --json` of its source.
  struct Want {
    fs::path glb;
    size_t meshes, vertices, triangles, textures; // vertices 0: not checked
  };
  std::vector<Want> wants;
  for (const char* name : {"terrain-v140.atlas", "terrain-v100.atlas", "terrain-blended.atlas",
                           "terrain-unique.atlas", "terrain.chu"}) {
    const json j = info(samples / name);
    const json leaf = (j.contains("tocs") ? j["tocs"][0]["levels"] : j["levels"]).back();
    // The leaf chunks take the texture tiles of level min(leaf, depth - 1) (design.md).
    int texDepth = 0;
    if (j.contains("tocs")) {
      for (const json& t : j["tocs"])
        if (t["tag"] == "Tex") {
          texDepth = t["treeDepth"];
          break;
        }
    } else {
      texDepth = info(samples / "terrain.tqt")["treeDepth"];
    }
    const int leafLevel = leaf["level"];
    const size_t textures = texDepth ? size_t(1) << (2 * std::min(leafLevel, texDepth - 1)) : 0;
    const std::string stem = fs::path(name).stem().string();
    wants.push_back({dir / "plain" / (stem + ".glb"), leaf["chunks"], leaf["vertices"],
                     leaf["triangles"], textures});
    if (stem == "terrain-v140" || stem == "terrain") {
      const fs::path c = dir / (stem + "-compressed.glb");
      ASSERT_EQ(
          cli({"convert", (samples / name).string(), "--compress", "-o", c.string()}).exitCode, 0);
      wants.push_back({c, leaf["chunks"], leaf["vertices"], leaf["triangles"], textures});
    }
  }
  const json tf = info(samples / "tfrag-level");
  wants.push_back({dir / "plain/tfrag-level.glb", tf["tfragCount"], 0, tf["triangles"][0],
                   tf["textures"].size()});
  for (const char* name : {"textures-v5.ytd", "textures-v13.ytd"}) {
    // The gallery: one unit quad per texture (design.md "YTD").
    const size_t n = info(samples / name)["textureCount"];
    wants.push_back(
        {dir / "plain" / (fs::path(name).stem().string() + ".glb"), n, 4 * n, 2 * n, n});
  }
  std::vector<std::string> args = {"glb"};
  for (const Want& w : wants) args.push_back(w.glb.string());
  std::vector<json> got = harness(args);
  ASSERT_EQ(got.size(), wants.size());
  for (size_t i = 0; i < wants.size(); ++i) {
    SCOPED_TRACE(wants[i].glb.filename().string());
    EXPECT_TRUE(got[i]["errors"].empty()) << got[i].dump();
    EXPECT_EQ(got[i]["meshes"], wants[i].meshes);
    if (wants[i].vertices) {
      EXPECT_EQ(got[i]["vertices"], wants[i].vertices);
    }
    EXPECT_EQ(got[i]["triangles"], wants[i].triangles);
    EXPECT_EQ(got[i]["textures"], wants[i].textures);
  }
}

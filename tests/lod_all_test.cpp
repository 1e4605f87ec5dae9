// `strata convert ... --lod all` (docs/tiles.md): every Atlas/CHU level in one
// glTF, and each tfrag patch's LODs through MSFT_lod.
#include "gltf_read_helpers.h"
#include "test_support.h"
#include "tfrag_fixture.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>

using namespace testsupport;

namespace {

size_t indexCount(const tinygltf::Model& m, const tinygltf::Node& n) {
  size_t count = 0;
  for (const auto& p : m.meshes.at(size_t(n.mesh)).primitives)
    count += m.accessors.at(size_t(p.indices)).count;
  return count;
}

size_t vertexCount(const tinygltf::Model& m, const tinygltf::Node& n) {
  size_t count = 0;
  for (const auto& p : m.meshes.at(size_t(n.mesh)).primitives)
    count += m.accessors.at(size_t(p.attributes.at("POSITION"))).count;
  return count;
}

} // namespace

TEST(LodAll, AtlasAndChuEveryLevelUnderItsRoot) {
  for (const char* name : {"terrain-v140.atlas", "terrain-v100.atlas", "terrain.chu"}) {
    SCOPED_TRACE(name);
    const fs::path in = sourceDir() / "samples" / name;
    const fs::path out = tempDir() / "all.glb";
    RunResult r = cli({"convert", in.string(), "--lod", "all", "-o", out.string()});
    ASSERT_EQ(r.exitCode, 0) << r.output;
    const nlohmann::json j = nlohmann::json::parse(cli({"info", in.string(), "--json"}).output);
    const nlohmann::json levels = j.contains("tocs") ? j["tocs"][0]["levels"] : j["levels"];
    tinygltf::Model m = loadGltf(out.string());
    ASSERT_EQ(m.scenes.size(), levels.size());
    EXPECT_EQ(m.defaultScene, 0);
    for (size_t l = 0; l < levels.size(); ++l) {
      // Scene 0 is the finest level; scenes 1.. levels 0, 1, ...
      const size_t scene = l + 1 == levels.size() ? 0 : l + 1;
      ASSERT_EQ(m.scenes[scene].nodes.size(), 1u);
      const tinygltf::Node& root = m.nodes.at(size_t(m.scenes[scene].nodes[0]));
      EXPECT_EQ(root.name, "L" + std::to_string(l));
      EXPECT_EQ(root.children.size(), size_t(levels[l]["chunks"]));
      size_t verts = 0, indices = 0;
      for (int c : root.children) {
        const tinygltf::Node& chunk = m.nodes.at(size_t(c));
        EXPECT_EQ(chunk.name.rfind("L" + std::to_string(l) + "_", 0), 0u) << chunk.name;
        verts += vertexCount(m, chunk);
        indices += indexCount(m, chunk);
      }
      EXPECT_EQ(verts, size_t(levels[l]["vertices"])) << l;
      EXPECT_EQ(indices, 3 * size_t(levels[l]["triangles"])) << l;
    }
    ValidatorResult v = validateGltf(out);
    EXPECT_EQ(v.errors, 0) << v.raw;
    EXPECT_EQ(v.warnings, 0) << v.raw;
  }
}

TEST(LodAll, TfragLodsThroughMsftLod) {
  const fs::path tmp = tempDir();
  const fs::path dir = tfragfix::writeLevel(tmp / "level", tfragfix::level());
  const fs::path out = tmp / "lods.gltf";
  RunResult r = cli({"convert", dir.string(), "--lod", "all", "-o", out.string()});
  ASSERT_EQ(r.exitCode, 0) << r.output;
  tinygltf::Model m = loadGltf(out.string());
  EXPECT_EQ(m.extensionsUsed, std::vector<std::string>{"MSFT_lod"});
  EXPECT_TRUE(m.extensionsRequired.empty());
  ASSERT_EQ(m.scenes.size(), 1u);
  ASSERT_EQ(m.scenes[0].nodes.size(), 1u); // only LOD 0 is in the scene
  const tinygltf::Node& lod0 = m.nodes.at(size_t(m.scenes[0].nodes[0]));
  EXPECT_EQ(lod0.name, "tfrag_0");
  const tinygltf::Value& ids = lod0.extensions.at("MSFT_lod").Get("ids");
  ASSERT_EQ(ids.ArrayLen(), 2u);
  const tinygltf::Node& lod1 = m.nodes.at(size_t(ids.Get(0).GetNumberAsInt()));
  const tinygltf::Node& lod2 = m.nodes.at(size_t(ids.Get(1).GetNumberAsInt()));
  EXPECT_EQ(lod1.name, "tfrag_0_lod1");
  EXPECT_EQ(lod2.name, "tfrag_0_lod2");
  // The fixture's strips give 6, 4 and 2 triangles at LOD 0, 1, 2
  // (tfrag_fixture_test.cpp TrianglesPerLodWithAlternatingWinding).
  EXPECT_EQ(indexCount(m, lod0), 18u);
  EXPECT_EQ(indexCount(m, lod1), 12u);
  EXPECT_EQ(indexCount(m, lod2), 6u);
  // Block header L = 32: D1 = 128, D0 = 192; bsphere w = 1024 raw = radius 1.
  // LOD 0 until the sphere's far side reaches D1 (centre at 127), LOD 1 until
  // D0 (191): the sphere's silhouette there, over tan(30 deg) (60 deg fov).
  const tinygltf::Value& cov = lod0.extras.Get("MSFT_screencoverage");
  ASSERT_EQ(cov.ArrayLen(), 3u);
  const double t30 = std::tan(3.14159265358979323846 / 6);
  EXPECT_NEAR(cov.Get(0).GetNumberAsDouble(), (1 / std::sqrt(127.0 * 127 - 1)) / t30, 1e-6);
  EXPECT_NEAR(cov.Get(1).GetNumberAsDouble(), (1 / std::sqrt(191.0 * 191 - 1)) / t30, 1e-6);
  EXPECT_EQ(cov.Get(2).GetNumberAsDouble(), 0.0);
  ValidatorResult v = validateGltf(out);
  EXPECT_EQ(v.errors, 0) << v.raw;
  EXPECT_EQ(v.warnings, 0) << v.raw;
}

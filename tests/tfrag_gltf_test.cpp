// tfrag level directory -> GLB through the real CLI: every GLB passes the
// Khronos glTF Validator with no errors or warnings; names, counts and values
// read back with tinygltf.
#include "gltf_read_helpers.h"
#include "synth/tfrag_synth.h"
#include "test_support.h"
#include "tfrag/tfrag_level.h"
#include "tfrag_fixture.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using namespace testsupport;

namespace {

fs::path sampleLevel(const fs::path& dir, bool gsRam = true) {
  strata::tfrag::writeLevelDir(dir.string(), strata::tfrag::sampleLevelFiles(), gsRam);
  return dir;
}

size_t triangles(const tinygltf::Model& m, const tinygltf::Node& n) {
  size_t t = 0;
  for (auto& p : m.meshes.at(size_t(n.mesh)).primitives)
    t += m.accessors.at(size_t(p.indices)).count;
  return t / 3;
}

// Triangles per tfrag of the sample (tfrag_synth.cpp): a 5 x 5 grid at LOD 0
// (4 strips of 10 vertices), 3 x 3 at LOD 1 (2 of 6), 2 x 2 at LOD 2 (1 of 4).
constexpr size_t kSampleTris[3] = {4 * 8, 2 * 4, 2};

} // namespace

TEST(TfragGltf, SampleLevelEveryLod) {
  fs::path dir = tempDir();
  fs::path level = sampleLevel(dir / "level");
  for (int lod = 0; lod < 3; ++lod) {
    fs::path out = dir / ("level" + std::to_string(lod) + ".glb");
    std::vector<std::string> args = {"convert", level.string(), "-o", out.string()};
    if (lod) args.insert(args.end(), {"--lod", std::to_string(lod)});
    RunResult r = cli(args);
    ASSERT_EQ(r.exitCode, 0) << r.output;
    expectValid(out);
    tinygltf::Model m = loadGltf(out.string());
    ASSERT_EQ(m.nodes.size(), 4u);
    for (int i = 0; i < 4; ++i) {
      const tinygltf::Node& n = m.nodes[size_t(i)];
      EXPECT_EQ(n.name, "tfrag_" + std::to_string(i));
      EXPECT_EQ(n.extras.Get("strata").Get("tfrag").GetNumberAsInt(), i);
      EXPECT_EQ(n.extras.Get("strata").Get("lod").GetNumberAsInt(), lod);
      EXPECT_EQ(triangles(m, n), kSampleTris[lod]) << "LOD " << lod << " tfrag " << i;
      const tinygltf::Mesh& mesh = m.meshes.at(size_t(n.mesh));
      // LOD 2 draws texture 0 only; LOD 0 and 1 two textures (rows of A, rows of B).
      EXPECT_EQ(mesh.primitives.size(), lod == 2 ? 1u : 2u);
      for (auto& p : mesh.primitives) {
        EXPECT_EQ(p.targets.size(), lod == 2 ? 0u : 1u);
        EXPECT_TRUE(p.attributes.count("COLOR_0"));
        EXPECT_TRUE(p.attributes.count("NORMAL"));
        EXPECT_TRUE(p.attributes.count("TEXCOORD_0"));
      }
    }
    ASSERT_EQ(m.materials.size(), 3u);
    for (auto& mat : m.materials) EXPECT_TRUE(mat.doubleSided);
    EXPECT_EQ(m.materials[2].alphaMode, "MASK"); // the grate's holes
    EXPECT_EQ(m.images.size(), 3u);
    ASSERT_EQ(m.textures.size(), 3u);
    EXPECT_EQ(m.samplers.at(size_t(m.textures[2].sampler)).wrapS,
              TINYGLTF_TEXTURE_WRAP_CLAMP_TO_EDGE);
    EXPECT_EQ(m.samplers.at(size_t(m.textures[0].sampler)).wrapS, TINYGLTF_TEXTURE_WRAP_REPEAT);
  }
  RunResult bad = cli({"convert", level.string(), "-o", (dir / "bad.glb").string(), "--lod", "3"});
  EXPECT_NE(bad.exitCode, 0);
  EXPECT_FALSE(fs::exists(dir / "bad.glb"));
}

TEST(TfragGltf, HandBuiltLevelExactValuesAfterAxisConversion) {
  fs::path dir = tempDir();
  auto l = tfragfix::level();
  fs::create_directories(dir / "lvl");
  writeBytes(dir / "lvl" / "core_index.bin", l.coreIndex);
  writeBytes(dir / "lvl" / "core_data.bin", l.coreData);
  writeBytes(dir / "lvl" / "gs_ram.bin", l.gsRam);
  // A path to core_index.bin names the level as well.
  RunResult r = cli(
      {"convert", (dir / "lvl" / "core_index.bin").string(), "-o", (dir / "hand.glb").string()});
  ASSERT_EQ(r.exitCode, 0) << r.output;
  expectValid(dir / "hand.glb");
  tinygltf::Model m = loadGltf((dir / "hand.glb").string());
  ASSERT_EQ(m.nodes.size(), 1u);
  const tinygltf::Primitive& p = m.meshes.at(0).primitives.at(0);
  // c0 e0 m c1 c3; source (x, y, z) -> glTF (x, z, -y).
  std::vector<double> pos = accessorValues(m, p.attributes.at("POSITION"));
  std::vector<double> want = {-2,   0.5, -4,  -1.5, 0.5, -4,           -1.5, 312.0 / 1024,
                              -4.5, -1,  0.5, -4,   -1,  612.0 / 1024, -5};
  ASSERT_EQ(pos.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i) EXPECT_NEAR(pos[i], want[i], 1e-6) << i;
  EXPECT_EQ(accessorValues(m, p.indices), (std::vector<double>{0, 1, 2, 2, 1, 3, 2, 3, 4}));
  std::vector<double> uv = accessorValues(m, p.attributes.at("TEXCOORD_0"));
  EXPECT_EQ(uv[2], 0.5); // e0 s = 2048 / 4096, no flip
  EXPECT_EQ(uv[3], 0.0);
  std::vector<double> col = accessorValues(m, p.attributes.at("COLOR_0"));
  EXPECT_EQ(col[0], 1.0);
  EXPECT_EQ(col[1], 0.5);
  std::vector<double> nrm = accessorValues(m, p.attributes.at("NORMAL"));
  EXPECT_NEAR(nrm[1], 1.0, 1e-6); // c0 (0, 0, 1) -> glTF (0, 1, 0)
  ASSERT_EQ(p.targets.size(), 1u);
  std::vector<double> d = accessorValues(m, p.targets[0].at("POSITION"));
  EXPECT_NEAR(d[3], 0.5, 1e-6); // e0 collapses onto c1: +0.5 in x
  EXPECT_EQ(m.meshes[0].weights, (std::vector<double>{0}));
}

TEST(TfragGltf, WithoutGsRamAndOtherCommands) {
  fs::path dir = tempDir();
  fs::path level = sampleLevel(dir / "bare", false);
  RunResult r = cli({"convert", level.string(), "-o", (dir / "bare.glb").string()});
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("gs_ram.bin is missing"), std::string::npos) << r.output;
  expectValid(dir / "bare.glb");
  tinygltf::Model m = loadGltf((dir / "bare.glb").string());
  EXPECT_TRUE(m.images.empty());
  EXPECT_EQ(m.nodes.size(), 4u);

  fs::path full = sampleLevel(dir / "full");
  RunResult info = cli({"info", full.string(), "--json"});
  ASSERT_EQ(info.exitCode, 0) << info.output;
  auto j = nlohmann::json::parse(info.output.substr(info.output.find('{')));
  EXPECT_EQ(j["tfragCount"], 4);
  EXPECT_EQ(j["triangles"], (nlohmann::json{128, 32, 8}));
  EXPECT_EQ(j["vertexCount"], 100);

  RunResult val = cli({"validate", full.string()});
  EXPECT_EQ(val.exitCode, 0) << val.output;

  RunResult tex = cli({"textures", full.string(), "-o", (dir / "tex").string()});
  ASSERT_EQ(tex.exitCode, 0) << tex.output;
  for (int i = 0; i < 3; ++i)
    EXPECT_TRUE(fs::exists(dir / "tex" / ("tfrag_texture_" + std::to_string(i) + ".png")));

  // A directory holding level directories is a batch: one GLB per level.
  RunResult batch = cli({"convert", dir.string(), "-o", (dir / "batch").string()});
  ASSERT_EQ(batch.exitCode, 0) << batch.output;
  EXPECT_TRUE(fs::exists(dir / "batch" / "full.glb"));
  EXPECT_TRUE(fs::exists(dir / "batch" / "bare.glb"));
}

TEST(TfragSample, CommittedSampleIsTheWritersOutput) {
  // samples/tfrag-level is regenerated by build/tools/strata_make_samples.
  strata::tfrag::LevelFiles f = strata::tfrag::sampleLevelFiles();
  fs::path s = testsupport::sourceDir() / "samples" / "tfrag-level";
  EXPECT_EQ(readBytes(s / "core_index.bin"), f.coreIndex);
  EXPECT_EQ(readBytes(s / "core_data.bin"), f.coreData);
  EXPECT_EQ(readBytes(s / "gs_ram.bin"), f.gsRam);
}

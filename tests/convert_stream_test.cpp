// The streaming convert (issue 16): the GLB written to a file from the
// scene in batches is the GLB tinygltf writes from a filled buffer; a mapped
// file stays readable after its pages are let go; a model given up to the
// scene (toScene(File&&)) gives the scene a kept one does.
#include "atlas/atlas_scene.h"
#include "gltf_writer.h"
#include "strata/error.h"
#include "strata/fileio.h"
#include "strata/parallel.h"
#include "strata/quadtree.h"
#include "synth/atlas_synth.h"
#include "test_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>

using namespace testsupport;

namespace {

float floatAt(const std::vector<uint8_t>& b, size_t at) {
  float f;
  std::memcpy(&f, b.data() + at, 4);
  return f;
}

// Vertices of the big mesh: its GLB (12 MB) is eight times the batches the
// writer makes ahead while the JSON is serialized (an eighth of the buffer).
constexpr size_t kBig = 300001;

// Two meshes: a small one whose U16 indices (6 bytes) leave the next view 2
// bytes of padding, then one large enough that its arrays span many of the
// writer's 256 KiB batches.
strata::Scene largeScene() {
  strata::Scene s;
  strata::Mesh big;
  big.name = "big";
  strata::Primitive p;
  const size_t n = kBig; // positions alone: 3.6 MB
  for (size_t i = 0; i < n; ++i) {
    const float f = float(i);
    p.positions.push_back({f, f + 0.5f, -f - 1});
    p.normals.push_back(i % 7 ? strata::Vec3{0, 0, 2} : strata::Vec3{0, 0, 0});
    p.uv0.push_back({f / n, 1 - f / n});
    p.colors.push_back({2.0f, -1.0f, 0.25f, 1.0f});
  }
  for (uint32_t i = 0; i + 2 < n; i += 2) p.indices.insert(p.indices.end(), {i, i + 1, i + 2});
  strata::MorphTarget t;
  t.positions.assign(n, {0, 0, 1});
  p.morphTargets.push_back(t);
  big.primitives.push_back(p);
  strata::Mesh small;
  small.name = "small";
  strata::Primitive q;
  q.positions = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}};
  q.indices = {0, 1, 2}; // 6 bytes as U16: the next view starts 2 bytes on, at 44
  small.primitives.push_back(q);
  s.meshes = {small, big};
  for (int m = 0; m < 2; ++m) {
    strata::Node node;
    node.name = m ? "big" : "small";
    node.mesh = m;
    s.roots.push_back(m);
    s.nodes.push_back(node);
  }
  return s;
}

TEST(ConvertStream, GlbFileIsTheInMemoryGlbAcrossBatchesAndThreadCounts) {
  const strata::Scene scene = largeScene();
  strata::gltf::WriteOptions wo;
  wo.textures = strata::gltf::TextureMode::None;
  const std::vector<uint8_t> memory = strata::gltf::writeGltf(scene, wo).bytes;
  ASSERT_GT(memory.size(), size_t(12) << 20);
  const fs::path dir = tempDir();
  for (unsigned threads : {1u, 2u}) {
    strata::setThreadBudget(threads);
    strata::gltf::writeGltfFile(scene, (dir / "s.glb").string(), wo);
    EXPECT_EQ(readBytes(dir / "s.glb"), memory) << threads << " threads";
  }
  strata::setThreadBudget(strata::requestedJobs(0));
  // The bytes are the scene's, converted: the big mesh's first view is
  // POSITION in glTF axes (x, z, -y), its second NORMAL, made unit length or up.
  const std::vector<uint8_t> glb = readBytes(dir / "s.glb");
  uint32_t jsonLength;
  std::memcpy(&jsonLength, glb.data() + 12, 4);
  const size_t bin = 20 + jsonLength + 8 + 44;
  EXPECT_EQ(floatAt(glb, bin + 12 * 5 + 0), 5.0f);
  EXPECT_EQ(floatAt(glb, bin + 12 * 5 + 4), -6.0f);
  EXPECT_EQ(floatAt(glb, bin + 12 * 5 + 8), -5.5f);
  const size_t normals = bin + 12 * kBig;
  EXPECT_EQ(floatAt(glb, normals + 4), 1.0f);      // vertex 0: zero normal -> up
  EXPECT_EQ(floatAt(glb, normals + 12 + 4), 1.0f); // vertex 1: (0, 0, 2) -> (0, 1, 0)
  EXPECT_EQ(floatAt(glb, normals + 12 + 8), 0.0f);
  const std::string json(reinterpret_cast<const char*>(glb.data() + 20), jsonLength);
  EXPECT_NE(json.find("\"max\":[300000.0,-1.0,-0.5]"), std::string::npos);
}

TEST(ConvertStream, MappedFileStaysReadableAfterItsPagesAreLetGo) {
  const fs::path dir = tempDir();
  std::vector<uint8_t> bytes(5 * 4096 + 123);
  for (size_t i = 0; i < bytes.size(); ++i) bytes[i] = uint8_t(i * 7 + i / 4096);
  writeBytes(dir / "f.bin", bytes);
  const strata::FileBytes f((dir / "f.bin").string());
  ASSERT_EQ(f.size(), bytes.size());
  EXPECT_EQ(std::vector<uint8_t>(f.data(), f.data() + f.size()), bytes);
  f.release(100, 3 * 4096);
  f.release(0, bytes.size() + 999); // past the end: up to it
  EXPECT_EQ(std::vector<uint8_t>(f.data(), f.data() + f.size()), bytes);
  writeBytes(dir / "empty.bin", {});
  EXPECT_EQ(strata::FileBytes((dir / "empty.bin").string()).size(), 0u);
  try {
    strata::FileBytes missing((dir / "missing.bin").string());
    FAIL() << "a missing file read";
  } catch (const strata::Error& e) {
    EXPECT_NE(std::string(e.what()).find("missing.bin"), std::string::npos) << e.what();
  }
  EXPECT_THROW(strata::FileBytes(dir.string()), strata::Error);
}

TEST(ConvertStream, CopyReadsTheFileItselfAndRefusesBytesItNoLongerHas) {
#ifdef _WIN32
  GTEST_SKIP() << "Windows refuses to cut short or rewrite a file while it is mapped "
                  "(ERROR_USER_MAPPED_FILE): it cannot change under a convert there";
#endif
  const fs::path dir = tempDir();
  std::vector<uint8_t> bytes(3 * 4096 + 17);
  for (size_t i = 0; i < bytes.size(); ++i) bytes[i] = uint8_t(i * 13 + 5);
  writeBytes(dir / "f.bin", bytes);
  const strata::FileBytes f((dir / "f.bin").string());
  f.release(0, bytes.size());
  std::vector<uint8_t> got(5000);
  f.copy(4000, got.size(), got.data());
  EXPECT_TRUE(std::equal(got.begin(), got.end(), bytes.begin() + 4000));
  f.copy(bytes.size(), 0, got.data()); // nothing, at the end
  try {
    f.copy(bytes.size() - 10, 11, got.data());
    FAIL() << "read past the end";
  } catch (const strata::Error& e) {
    EXPECT_EQ(e.offset(), bytes.size() - 10);
    EXPECT_NE(std::string(e.what()).find("past the end of the file"), std::string::npos);
  }
  // Cut in place under the mapping: what is gone is refused, where it ends.
  bytes.resize(6000);
  writeBytes(dir / "f.bin", bytes);
  f.copy(1000, 5000, got.data());
  EXPECT_TRUE(std::equal(got.begin(), got.end(), bytes.begin() + 1000));
  try {
    f.copy(5000, 2000, got.data());
    FAIL() << "read bytes the file no longer has";
  } catch (const strata::Error& e) {
    EXPECT_EQ(e.offset(), 6000u);
    EXPECT_NE(std::string(e.what()).find("shrank"), std::string::npos) << e.what();
  }
}

void expectSameScene(const strata::Scene& a, const strata::Scene& b) {
  ASSERT_EQ(a.nodes.size(), b.nodes.size());
  ASSERT_EQ(a.meshes.size(), b.meshes.size());
  for (size_t i = 0; i < a.nodes.size(); ++i) {
    EXPECT_EQ(a.nodes[i].name, b.nodes[i].name);
    EXPECT_EQ(a.nodes[i].mesh, b.nodes[i].mesh);
  }
  for (size_t m = 0; m < a.meshes.size(); ++m) {
    ASSERT_EQ(a.meshes[m].primitives.size(), b.meshes[m].primitives.size());
    for (size_t p = 0; p < a.meshes[m].primitives.size(); ++p) {
      const strata::Primitive &x = a.meshes[m].primitives[p], &y = b.meshes[m].primitives[p];
      EXPECT_EQ(x.positions, y.positions);
      EXPECT_EQ(x.normals, y.normals);
      EXPECT_EQ(x.uv0, y.uv0);
      EXPECT_EQ(x.indices, y.indices);
      ASSERT_EQ(x.morphTargets.size(), y.morphTargets.size());
      EXPECT_EQ(x.morphTargets[0].positions, y.morphTargets[0].positions);
    }
  }
}

TEST(ConvertStream, ModelGivenToTheSceneGivesTheSameSceneWithSharedFrames) {
  using namespace strata::atlas;
  SynthOptions o;
  o.treeDepth = 3;
  o.gridQuads = 4;
  File file = synthTerrain(o);
  // Two leaf stubs share one frame (§1: several stubs may name one chunk):
  // the frame must outlive its first mesh.
  std::vector<GeomStub>& stubs = file.tocs[0].geomStubs;
  const GeomStub shared = stubs[strata::nodeId(2, 0, 0)];
  stubs[strata::nodeId(2, 3, 1)].offset = shared.offset;
  stubs[strata::nodeId(2, 3, 1)].length = shared.length;
  strata::LoadOptions lo;
  lo.textures = false;
  const strata::Scene kept = toScene(file, lo, "t.atlas");
  for (unsigned threads : {1u, 2u}) {
    strata::setThreadBudget(threads);
    File given = file;
    const strata::Scene scene = toScene(std::move(given), lo, "t.atlas");
    expectSameScene(scene, kept);
    for (const Frame& f : given.frames) EXPECT_TRUE(f.geom.verts.empty()) << f.offset;
  }
  strata::setThreadBudget(strata::requestedJobs(0));
  // Node L2_3_1 shows the shared frame: its mesh is L2_0_0's.
  const strata::Primitive& a = kept.meshes[size_t(kept.nodes[0].mesh)].primitives[0];
  const strata::Primitive& b = kept.meshes[size_t(kept.nodes[3 * 4 + 1].mesh)].primitives[0];
  EXPECT_EQ(kept.nodes[3 * 4 + 1].name, "L2_3_1");
  EXPECT_EQ(a.positions, b.positions);
  EXPECT_FALSE(a.positions.empty());
}

} // namespace

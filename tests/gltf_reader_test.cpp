// The glTF reader of the way back (edits/edit_reader.h) on GLBs built field by
// field with tinygltf: transforms applied, Y-up to Z-up, strips to lists,
// mirrored nodes re-wound, extras.strata read, bad data rejected.
#include "edit_reader.h"
#include "gltf_read_helpers.h"
#include "gltf_writer.h"
#include "strata/error.h"
#include "test_support.h"

#include <gtest/gtest.h>

using namespace testsupport;

namespace {

// One mesh: positions (glTF axes), optional indices, the given mode.
tinygltf::Model modelOf(const std::vector<float>& positions, const std::vector<uint16_t>& indices,
                        int mode) {
  tinygltf::Model m;
  m.asset.version = "2.0";
  tinygltf::Buffer buf;
  auto add = [&](const void* p, size_t n) {
    const size_t at = buf.data.size();
    buf.data.insert(buf.data.end(), static_cast<const uint8_t*>(p),
                    static_cast<const uint8_t*>(p) + n);
    while (buf.data.size() % 4) buf.data.push_back(0);
    tinygltf::BufferView v;
    v.buffer = 0;
    v.byteOffset = at;
    v.byteLength = n;
    m.bufferViews.push_back(v);
    return int(m.bufferViews.size() - 1);
  };
  tinygltf::Accessor pos;
  pos.bufferView = add(positions.data(), positions.size() * 4);
  pos.componentType = TINYGLTF_COMPONENT_TYPE_FLOAT;
  pos.type = TINYGLTF_TYPE_VEC3;
  pos.count = positions.size() / 3;
  m.accessors.push_back(pos);
  tinygltf::Primitive prim;
  prim.attributes["POSITION"] = 0;
  prim.mode = mode;
  if (!indices.empty()) {
    tinygltf::Accessor idx;
    idx.bufferView = add(indices.data(), indices.size() * 2);
    idx.componentType = TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT;
    idx.type = TINYGLTF_TYPE_SCALAR;
    idx.count = indices.size();
    m.accessors.push_back(idx);
    prim.indices = 1;
  }
  m.buffers.push_back(buf);
  tinygltf::Mesh mesh;
  mesh.name = "m";
  mesh.primitives.push_back(prim);
  m.meshes.push_back(mesh);
  tinygltf::Node node;
  node.name = "L1_0_1";
  node.mesh = 0;
  m.nodes.push_back(node);
  tinygltf::Scene scene;
  scene.nodes = {0};
  m.scenes.push_back(scene);
  m.defaultScene = 0;
  return m;
}

std::vector<strata::AtlasChunkEdit> roundTrip(tinygltf::Model& m) {
  fs::path p = tempDir() / "m.glb";
  tinygltf::TinyGLTF w;
  if (!w.WriteGltfSceneToFile(&m, p.string(), true, true, false, true))
    throw std::runtime_error("write failed");
  return strata::edits::readGltfEdits(p.string());
}

} // namespace

TEST(GltfReader, TransformsAxesAndTags) {
  tinygltf::Model m = modelOf({0, 0, 0, 1, 0, 0, 0, 0, -1}, {0, 1, 2}, TINYGLTF_MODE_TRIANGLES);
  // A parent translating by (10, 2, 0) and scaling by 2, in glTF axes.
  m.nodes[0].translation = {1, 0, 0};
  tinygltf::Node parent;
  parent.name = "root";
  parent.translation = {10, 2, 0};
  parent.scale = {2, 2, 2};
  parent.children = {0};
  m.nodes.push_back(parent);
  m.scenes[0].nodes = {1};
  tinygltf::Value::Object tags{
      {"level", tinygltf::Value(1)}, {"x", tinygltf::Value(0)}, {"y", tinygltf::Value(1)}};
  m.nodes[0].extras = tinygltf::Value(tinygltf::Value::Object{{"strata", tinygltf::Value(tags)}});
  std::vector<strata::AtlasChunkEdit> s = roundTrip(m);
  ASSERT_EQ(s.size(), 1u); // only mesh-bearing nodes
  EXPECT_EQ(s[0].source, "node 'L1_0_1'");
  EXPECT_EQ((std::array<uint32_t, 3>{s[0].level, s[0].x, s[0].y}),
            (std::array<uint32_t, 3>{1, 0, 1}));
  const strata::AtlasChunkEdit& p = s[0];
  // glTF point q -> world 2 * (q + (1,0,0)) + (10,2,0) -> scene (x, -z, y).
  EXPECT_EQ(p.positions[0], (strata::Vec3{12, 0, 2}));
  EXPECT_EQ(p.positions[1], (strata::Vec3{14, 0, 2}));
  EXPECT_EQ(p.positions[2], (strata::Vec3{12, 2, 2}));
  EXPECT_EQ(p.indices, (std::vector<uint32_t>{0, 1, 2}));
}

TEST(GltfReader, ExtrasNameTheChunkOverTheNodeName) {
  tinygltf::Model m = modelOf({0, 0, 0, 1, 0, 0, 0, 0, -1}, {0, 1, 2}, TINYGLTF_MODE_TRIANGLES);
  tinygltf::Value::Object tags{
      {"level", tinygltf::Value(2)}, {"x", tinygltf::Value(3)}, {"y", tinygltf::Value(1)}};
  m.nodes[0].extras = tinygltf::Value(tinygltf::Value::Object{{"strata", tinygltf::Value(tags)}});
  std::vector<strata::AtlasChunkEdit> s = roundTrip(m); // the node is named L1_0_1
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ((std::array<uint32_t, 3>{s[0].level, s[0].x, s[0].y}),
            (std::array<uint32_t, 3>{2, 3, 1}));
  // Without all three, the name counts.
  tags.erase("y");
  m.nodes[0].extras = tinygltf::Value(tinygltf::Value::Object{{"strata", tinygltf::Value(tags)}});
  s = roundTrip(m);
  EXPECT_EQ((std::array<uint32_t, 3>{s[0].level, s[0].x, s[0].y}),
            (std::array<uint32_t, 3>{1, 0, 1}));
}

TEST(GltfReader, WrittenTagsComeBackWhole) {
  // A coordinate past int's range (2^32 - 1, the largest a U32 key holds)
  // must survive the writer: truncated, it would be -1 and the name would count.
  strata::Scene scene;
  strata::Primitive p;
  p.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  p.indices = {0, 1, 2};
  scene.meshes.push_back({"L1_0_1", {p}});
  strata::Node node;
  node.name = "L1_0_1";
  node.mesh = 0;
  node.tags = {{"level", 31}, {"x", 4294967295ll}, {"y", 7}};
  scene.nodes.push_back(node);
  scene.roots.push_back(0);
  const fs::path path = tempDir() / "tags.glb";
  writeBytes(path, strata::gltf::writeGltf(scene, strata::gltf::WriteOptions{}).bytes);
  std::vector<strata::AtlasChunkEdit> s = strata::edits::readGltfEdits(path.string());
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ((std::array<uint32_t, 3>{s[0].level, s[0].x, s[0].y}),
            (std::array<uint32_t, 3>{31, 4294967295u, 7}));
}

TEST(GltfReader, MirroredNodeIsReWound) {
  tinygltf::Model m = modelOf({0, 0, 0, 1, 0, 0, 0, 0, -1}, {0, 1, 2}, TINYGLTF_MODE_TRIANGLES);
  m.nodes[0].scale = {-1, 1, 1};
  std::vector<strata::AtlasChunkEdit> s = roundTrip(m);
  EXPECT_EQ(s[0].indices, (std::vector<uint32_t>{0, 2, 1}));
  EXPECT_EQ(s[0].positions[1], (strata::Vec3{-1, 0, 0}));
}

TEST(GltfReader, StripsAndFansBecomeLists) {
  // glTF 2.0 §3.7.2.1: strip triangle i is (i, i+1, i+2) for even i, (i+1, i, i+2) for odd.
  tinygltf::Model strip =
      modelOf({0, 0, 0, 1, 0, 0, 0, 0, -1, 1, 0, -1}, {}, TINYGLTF_MODE_TRIANGLE_STRIP);
  EXPECT_EQ(roundTrip(strip)[0].indices, (std::vector<uint32_t>{0, 1, 2, 2, 1, 3}));
  // Fan triangle i is (i+1, i+2, 0).
  tinygltf::Model fan =
      modelOf({0, 0, 0, 1, 0, 0, 1, 0, -1, 0, 0, -1}, {0, 1, 2, 3}, TINYGLTF_MODE_TRIANGLE_FAN);
  EXPECT_EQ(roundTrip(fan)[0].indices, (std::vector<uint32_t>{1, 2, 0, 2, 3, 0}));
}

TEST(GltfReader, BadDataIsAnError) {
  tinygltf::Model points = modelOf({0, 0, 0}, {}, TINYGLTF_MODE_POINTS);
  try {
    roundTrip(points);
    FAIL();
  } catch (const strata::Error& e) {
    EXPECT_NE(e.detail().find("node 'L1_0_1' mesh 'm' primitive 0 draws POINTS"), std::string::npos)
        << e.detail();
  }
  // An accessor that claims more elements than its bufferView holds.
  tinygltf::Model big = modelOf({0, 0, 0, 1, 0, 0, 0, 0, -1}, {0, 1, 2}, TINYGLTF_MODE_TRIANGLES);
  big.accessors[0].count = 1000;
  try {
    roundTrip(big);
    FAIL();
  } catch (const strata::Error& e) {
    EXPECT_NE(e.detail().find("POSITION: accessor 0: 1000 elements of 12 bytes do not fit in "
                              "bufferView 0 (36 bytes from offset 0)"),
              std::string::npos)
        << e.detail();
  }
}

// A .glb written by writeGltfFile streams its binary chunk from the model
// (gltf_writer.cpp streamGlb) and must be byte for byte the GLB made in
// memory (writeGltf): with and without a buffer, with JSON and BIN
// chunks that need padding, with an embedded PNG.
#include "gltf_writer.h"
#include "strata/image.h"
#include "test_support.h"

#include <gtest/gtest.h>

#include <cstring>

using namespace strata;
using namespace testsupport;

namespace {

// One triangle (3 u16 indices: a buffer that ends 2 bytes past a multiple
// of 4) named `name`, which sets the JSON's length; an RGBA image when
// `textured`.
Scene triangle(const std::string& name, bool textured) {
  Scene s;
  s.name = name;
  Primitive p;
  p.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0.5f}};
  p.uv0 = {{0, 0}, {1, 0}, {0, 1}};
  p.indices = {0, 1, 2};
  Material m;
  m.name = "m";
  if (textured) {
    Image img;
    img.name = "tex";
    img.dxgiFormat = image::dxgi::RGBA8;
    img.width = img.height = 4;
    for (int i = 0; i < 64; ++i) img.data.push_back(uint8_t(i * 5));
    s.images.push_back(img);
    s.textures.push_back(Texture{});
    s.textures.back().image = 0;
    m.baseColorTexture = 0;
  }
  p.material = 0;
  s.materials.push_back(m);
  addMeshNode(s, {"mesh", {p}}, "node");
  return s;
}

void expectStreamedEqualsInMemory(const Scene& scene) {
  const fs::path out = tempDir() / "s.glb";
  gltf::writeGltfFile(scene, out.string(), {});
  const std::vector<uint8_t> inMemory = gltf::writeGltf(scene, {}).bytes;
  EXPECT_TRUE(readBytes(out) == inMemory);
  ASSERT_GE(inMemory.size(), 12u);
  uint32_t total = 0;
  std::memcpy(&total, inMemory.data() + 8, 4);
  EXPECT_EQ(total, inMemory.size());
}

} // namespace

TEST(GlbStream, StreamedGlbIsTinygltfsBytes) {
  // Four names: the JSON chunk needs 0, 1, 2 and 3 bytes of padding in turn.
  for (const char* name : {"a", "ab", "abc", "abcd"}) {
    SCOPED_TRACE(name);
    expectStreamedEqualsInMemory(triangle(name, false));
    expectStreamedEqualsInMemory(triangle(name, true));
  }
}

TEST(GlbStream, SceneWithoutBufferIsTinygltfsBytes) {
  Scene empty;
  empty.name = "empty";
  expectStreamedEqualsInMemory(empty);
}

// Batches are made in slots of 512 KiB (batch_slots.h); a view larger than
// one (720 KB of positions, 480 KB of UVs) is made in memory of its own, and
// its bytes are the in-memory GLB's all the same.
TEST(GlbStream, ViewsLargerThanABatchSlotStreamAsInMemory) {
  Scene s = triangle("large", false);
  Primitive& p = s.meshes[0].primitives[0];
  p.positions.clear();
  p.uv0.clear();
  p.indices.clear();
  for (uint32_t v = 0; v < 60000; ++v) {
    p.positions.push_back({float(v / 2), float(v % 2), float(v % 7) * 0.25f});
    p.uv0.push_back({float(v) / 60000.0f, float(v % 2)});
    if (v >= 2) p.indices.insert(p.indices.end(), {v - 2, v - 1, v});
  }
  ASSERT_GT(gltf::writeGltf(s, {}).bytes.size(), size_t(1) << 20);
  expectStreamedEqualsInMemory(s);
}

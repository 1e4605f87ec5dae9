// Scene::meshSource in the glTF writer (gltf_writer.cpp): the buffer laid
// out by the outlines, each mesh made once, for the batch that writes it (a
// batch never splits such a mesh), the bytes those of the same scene held; a
// mesh that comes back unlike its outline, or a make that throws, fails the
// write and leaves no file.
#include "gltf_writer.h"
#include "strata/error.h"
#include "test_support.h"

#include <gtest/gtest.h>

#include <atomic>
#include <limits>
#include <memory>

using namespace strata;
using namespace testsupport;

namespace {

// Mesh i: a strip of 2,000 + 700 i vertices (about 100 KB of buffer and
// more each, so that meshes straddle the writer's 256 KiB batches), with
// normals, one UV set and a morph target; every value depends on i.
Mesh stripMesh(size_t i) {
  Mesh m;
  m.name = "strip" + std::to_string(i);
  Primitive p;
  const size_t n = 2000 + 700 * i;
  MorphTarget t;
  for (size_t v = 0; v < n; ++v) {
    const float x = float(v / 2), y = float(v % 2) + float(i);
    p.positions.push_back({x, y, float(i) * 0.5f});
    p.normals.push_back({0, 0, 1});
    p.uv0.push_back({x / float(n), y});
    t.positions.push_back({0, 0, float(v % 3)});
  }
  for (uint32_t v = 0; v + 2 < n; ++v) p.indices.insert(p.indices.end(), {v, v + 1, v + 2});
  p.morphTargets.push_back(std::move(t));
  p.material = 0;
  m.primitives.push_back(std::move(p));
  return m;
}

constexpr size_t kMeshes = 12;

Scene heldScene() {
  Scene s;
  s.name = "strips";
  s.materials.push_back(Material{});
  for (size_t i = 0; i < kMeshes; ++i) {
    s.meshes.push_back(stripMesh(i));
    Node n;
    n.name = "node" + std::to_string(i);
    n.mesh = int(i);
    s.roots.push_back(int(s.nodes.size()));
    s.nodes.push_back(n);
  }
  return s;
}

// The same scene with its meshes made by `make`, counted in `calls`.
Scene onDemandScene(std::function<Mesh(size_t)> make, std::shared_ptr<std::atomic<int>> calls) {
  Scene s = heldScene();
  for (Mesh& m : s.meshes) {
    s.meshSource.outlines.push_back(outlineOf(m));
    m.primitives.clear();
  }
  s.meshSource.make = [make, calls](size_t i, Mesh& mesh) {
    ++*calls;
    mesh = make(i);
  };
  return s;
}

// The write of `s` into a new directory fails with the error `check` looks
// at, and leaves no file there.
template <class Check> void expectWriteFails(const Scene& s, Check&& check) {
  const fs::path dir = tempDir();
  try {
    gltf::writeGltfFile(s, (dir / "out.glb").string(), {});
    ADD_FAILURE() << "written from a mesh that could not be made as outlined";
  } catch (const Error& e) {
    check(e);
  }
  EXPECT_TRUE(fs::is_empty(dir));
}

} // namespace

TEST(GltfMeshesOnDemand, TheBytesAreTheHeldScenesAndEachMeshIsMadeOnce) {
  const Scene a = heldScene();
  for (bool binary : {true, false}) {
    SCOPED_TRACE(binary ? "glb" : "gltf");
    gltf::WriteOptions w;
    w.binary = binary;
    const std::vector<uint8_t> want = gltf::writeGltf(a, w).bytes;
    ASSERT_GT(want.size(), size_t(3) << 20); // a dozen batches and more

    auto calls = std::make_shared<std::atomic<int>>(0);
    const Scene b = onDemandScene(stripMesh, calls);
    EXPECT_TRUE(gltf::writeGltf(b, w).bytes == want);
    EXPECT_EQ(calls->load(), int(kMeshes));

    *calls = 0;
    const fs::path out = tempDir() / (binary ? "s.glb" : "s.gltf");
    gltf::writeGltfFile(b, out.string(), w);
    EXPECT_TRUE(readBytes(out) == want);
    EXPECT_EQ(calls->load(), int(kMeshes));
  }
}

TEST(GltfMeshesOnDemand, AMeshUnlikeItsOutlineFailsTheWrite) {
  for (bool moved : {false, true}) {
    SCOPED_TRACE(moved ? "a vertex moved" : "a vertex lost");
    auto calls = std::make_shared<std::atomic<int>>(0);
    // Mesh 7 comes back with a vertex fewer, or one past its bounds.
    const Scene s = onDemandScene(
        [moved](size_t i) {
          Mesh m = stripMesh(i);
          if (i == 7 && moved) m.primitives[0].positions[3][2] = 1e6f;
          if (i == 7 && !moved) m.primitives[0].positions.pop_back();
          return m;
        },
        calls);
    expectWriteFails(s, [](const Error& e) {
      EXPECT_EQ(e.file(), "strips");
      EXPECT_NE(std::string(e.what()).find("strip7"), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("changed"), std::string::npos) << e.what();
    });
  }
}

TEST(GltfMeshesOnDemand, AMakeThatThrowsFailsTheWriteAndLeavesNoFile) {
  auto calls = std::make_shared<std::atomic<int>>(0);
  const Scene s = onDemandScene(
      [calls](size_t i) {
        if (i == 10) throw Error("terrain.atlas", 1234, "the frame no longer reads");
        return stripMesh(i);
      },
      calls);
  expectWriteFails(s, [](const Error& e) {
    EXPECT_EQ(e.file(), "terrain.atlas");
    EXPECT_EQ(e.offset(), 1234u);
  });
}

// The POSITION bounds come from the outline's source-axis bounds turned to
// glTF's axes: they must be those of the converted positions, a NaN never
// taken and of -0 and 0 the first, held or on demand alike.
TEST(GltfMeshesOnDemand, TheBoundsAreThoseOfThePositionsInGltfAxes) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  Scene held;
  held.name = "bounds";
  Primitive p;
  p.positions = {{nan, 1, 2}, {-0.0f, -0.0f, 3}, {0, 0, -3}, {5, nan, 0}};
  p.indices = {0, 1, 2, 1, 2, 3};
  addMeshNode(held, {"m", {p}}, "n");
  Scene lazy = held;
  lazy.meshSource.outlines = {outlineOf(held.meshes[0])};
  lazy.meshSource.make = [p](size_t, Mesh& mesh) { mesh = Mesh{"m", {p}}; };
  lazy.meshes[0].primitives.clear();
  gltf::WriteOptions w;
  w.binary = false;
  for (const Scene* s : {&held, &lazy}) {
    const std::vector<uint8_t> text = gltf::writeGltf(*s, w).bytes;
    const nlohmann::json j = nlohmann::json::parse(text.begin(), text.end());
    const nlohmann::json& a = j["accessors"][0];
    // In glTF axes (x, z, -y): (NaN, 2, -1), (-0, 3, 0), (0, -3, -0), (5, 0, NaN).
    EXPECT_EQ(a["min"].dump(), "[-0.0,-3.0,-1.0]");
    EXPECT_EQ(a["max"].dump(), "[5.0,3.0,0.0]");
  }
}

// LoadOptions::meshesOnDemand (atlas_scene.cpp, MeshesOnDemand): the scene
// holds no mesh arrays, and Scene::meshSource makes each chunk's mesh from
// its frame, read again from the file. Every mesh it makes must be the mesh
// the held load holds (textured, with skirts, at every level, with a chunk
// left out), the glTF written from it the same bytes, and a file that
// changes under the convert must fail it, leaving no output.
#include "atlas/atlas_io.h"
#include "atlas/atlas_scene.h"
#include "atlas_test_files.h"
#include "gltf_writer.h"
#include "strata/error.h"
#include "strata/fileio.h"
#include "strata/quadtree.h"
#include "synth/atlas_synth.h"
#include "test_support.h"

#include <gtest/gtest.h>

#include <limits>
#include <memory>

using namespace strata;
using namespace strata::atlas;
using namespace testsupport;

namespace {

File terrain(bool textured) {
  SynthOptions o;
  o.treeDepth = 3;
  o.gridQuads = 4;
  o.shuffleFrames = true;
  File f = synthTerrain(o);
  if (textured) {
    SynthTextureTree tree;
    tree.depth = 3;
    tree.tileSize = 8;
    addUniqueTextures(f, tree);
  }
  return f;
}

Scene held(const fs::path& path, LoadOptions o) {
  o.meshesOnDemand = false;
  return loadScene(FileBytes(path.string()), o, path.string());
}

Scene onDemand(const fs::path& path, LoadOptions o) {
  o.meshesOnDemand = true;
  return loadScene(std::make_shared<const FileBytes>(path.string()), o, path.string());
}

// The untextured scene of the terrain written to `path`, meshes on demand.
Scene untexturedOnDemand(const fs::path& path) {
  LoadOptions o;
  o.textures = false;
  return onDemand(path, o);
}

// Windows refuses to cut short or rewrite a file while it is mapped
// (ERROR_USER_MAPPED_FILE): it cannot change under a convert there.
#ifdef _WIN32
#define SKIP_WHERE_A_MAPPED_FILE_CANNOT_CHANGE() GTEST_SKIP() << "a mapped file cannot change"
#else
#define SKIP_WHERE_A_MAPPED_FILE_CANNOT_CHANGE()
#endif

// The on-demand scene against the held one: the same nodes, images,
// materials and problems, no arrays held, every mesh made and outlined as
// the held mesh. Returns the held scene.
Scene expectSameWhenMade(const fs::path& path, const LoadOptions& o) {
  Scene a = held(path, o);
  const Scene b = onDemand(path, o);
  EXPECT_FALSE(a.meshSource.make);
  EXPECT_TRUE(b.meshSource.make);
  EXPECT_EQ(a.nodes.size(), b.nodes.size());
  for (size_t i = 0; i < a.nodes.size() && i < b.nodes.size(); ++i) {
    EXPECT_EQ(a.nodes[i].name, b.nodes[i].name);
    EXPECT_EQ(a.nodes[i].mesh, b.nodes[i].mesh) << a.nodes[i].name;
  }
  EXPECT_EQ(a.images.size(), b.images.size());
  EXPECT_EQ(a.materials.size(), b.materials.size());
  EXPECT_EQ(a.leftOut, b.leftOut);
  EXPECT_EQ(a.warnings, b.warnings);
  EXPECT_EQ(a.meshes.size(), b.meshes.size());
  EXPECT_EQ(b.meshSource.outlines.size(), b.meshes.size());
  for (size_t m = 0; m < a.meshes.size() && m < b.meshes.size(); ++m) {
    EXPECT_EQ(b.meshes[m].name, a.meshes[m].name);
    EXPECT_TRUE(b.meshes[m].primitives.empty()) << b.meshes[m].name;
    Mesh made;
    b.meshSource.make(m, made);
    expectSameMesh(made, a.meshes[m]);
    if (m < b.meshSource.outlines.size()) {
      EXPECT_TRUE(b.meshSource.outlines[m] == outlineOf(a.meshes[m])) << a.meshes[m].name;
    }
  }
  // Made again into the memory of the mesh made before (last to first), as
  // the glTF writer makes them: nothing of that mesh is left over.
  Mesh reused;
  for (size_t m = b.meshes.size(); m-- > 0;) {
    b.meshSource.make(m, reused);
    if (m < a.meshes.size()) expectSameMesh(reused, a.meshes[m]);
  }
  return a;
}

} // namespace

TEST(AtlasMeshesOnDemand, EveryLevelWithAndWithoutSkirtsMakesTheHeldMeshes) {
  const fs::path path = writtenAtlas(terrain(false), "shuffled.atlas");
  forEachLodAndSkirts([&](const LoadOptions& o, size_t side) {
    const Scene s = expectSameWhenMade(path, o);
    EXPECT_EQ(s.meshes.size(), side * side);
  });
}

// Before v140 no normal is stored (§3): a chunk read into the memory of a
// v140 one (each thread reuses its chunk from mesh to mesh) keeps none of
// its normals.
TEST(AtlasMeshesOnDemand, AnOlderChunkMadeAfterANewerOneHasTheDefaultNormals) {
  SynthOptions o;
  o.treeDepth = 2;
  o.gridQuads = 4;
  LoadOptions l;
  l.textures = false;
  Mesh made;
  onDemand(writtenAtlas(synthTerrain(o), "v140.atlas"), l).meshSource.make(0, made);
  ASSERT_FALSE(made.primitives.empty());
  ASSERT_NE(made.primitives[0].normals[0], (Vec3{0, 0, 1})) << "the v140 terrain's normals";
  o.version = kVersionMorphSwap;
  const fs::path older = writtenAtlas(synthTerrain(o), "v130.atlas");
  onDemand(older, l).meshSource.make(0, made);
  const Scene h = held(older, l);
  ASSERT_FALSE(h.meshes.empty());
  expectSameMesh(made, h.meshes[0]);
  for (const Primitive& p : made.primitives)
    for (const Vec3& n : p.normals) ASSERT_EQ(n, (Vec3{0, 0, 1}));
}

// A frame over 1 MiB is made in memory of its own, not the thread's kept
// (atlas_scene.cpp, kKeptFrameBytes): the same meshes all the same.
TEST(AtlasMeshesOnDemand, AChunkTooLargeToKeepIsMadeAsTheOthers) {
  SynthOptions o;
  o.treeDepth = 2;
  o.gridQuads = 150;   // 151^2 vertices of 52 bytes: 1.2 MB a chunk
  o.collision = false; // a collision block addresses at most 65,536 indices
  const fs::path path = writtenAtlas(synthTerrain(o), "large.atlas");
  ASSERT_GT(fs::file_size(path), size_t(5) << 20);
  LoadOptions l;
  l.textures = false;
  l.skirts = true;
  expectSameWhenMade(path, l);
}

TEST(AtlasMeshesOnDemand, TexturedChunksAreMadeWithTheirTilesCoordinatesAndMaterials) {
  const fs::path path = writtenAtlas(terrain(true), "textured.atlas");
  LoadOptions o;
  o.skirts = true;
  const Scene s = expectSameWhenMade(path, o);
  ASSERT_EQ(s.meshes.size(), 16u);
  // Each leaf shows its own tile: its material, and a second UV set.
  EXPECT_GE(s.meshes[5].primitives[0].material, 0);
  EXPECT_NE(s.meshes[5].primitives[0].material, s.meshes[6].primitives[0].material);
  EXPECT_EQ(s.meshes[5].primitives[0].uv1.size(), s.meshes[5].primitives[0].uv0.size());
}

TEST(AtlasMeshesOnDemand, AChunkLeftOutIsNeitherCountedNorMade) {
  File f = terrain(false);
  frameOfNode(f, 2, 3, 1).geom.verts[7].point[2] = std::numeric_limits<float>::quiet_NaN();
  const fs::path path = writtenAtlas(f, "nan-leaf.atlas");
  LoadOptions o;
  o.textures = false;
  EXPECT_THROW(onDemand(path, o), Error);
  o.partial = true;
  const Scene s = expectSameWhenMade(path, o);
  EXPECT_EQ(s.meshes.size(), 15u);
  EXPECT_EQ(s.nodes[13].mesh, -1);
  // 15 leaves of 4x4 quads, two triangles each.
  size_t indices = 0;
  for (const MeshOutline& m : onDemand(path, o).meshSource.outlines)
    for (const PrimitiveOutline& p : m) indices += p.indices;
  EXPECT_EQ(indices, 15u * 4u * 4u * 2u * 3u);
}

TEST(AtlasMeshesOnDemand, EveryLevelAtOnceHoldsItsMeshes) {
  const fs::path path = writtenAtlas(terrain(false), "all.atlas");
  LoadOptions o;
  o.lod = LoadOptions::kAllLevels;
  o.textures = false;
  const Scene s = onDemand(path, o);
  EXPECT_FALSE(s.meshSource.make);
  ASSERT_EQ(s.meshes.size(), 1u + 4u + 16u);
  EXPECT_FALSE(s.meshes[0].primitives.empty());
}

TEST(AtlasMeshesOnDemand, TheGltfWrittenIsTheHeldScenesByteForByte) {
  const fs::path path = writtenAtlas(terrain(true), "glb.atlas");
  for (bool skirts : {false, true})
    for (gltf::TextureMode textures : {gltf::TextureMode::Png, gltf::TextureMode::None}) {
      LoadOptions o;
      o.skirts = skirts;
      o.textures = textures != gltf::TextureMode::None;
      o.texels = false;
      const Scene a = held(path, o), b = onDemand(path, o);
      for (bool binary : {true, false}) {
        SCOPED_TRACE(std::string(binary ? "glb" : "gltf") + (skirts ? " skirts" : "") +
                     (o.textures ? " textured" : ""));
        gltf::WriteOptions w;
        w.binary = binary;
        w.textures = textures;
        const std::vector<uint8_t> want = gltf::writeGltf(a, w).bytes;
        EXPECT_GT(want.size(), 16u * 41u * 32u); // every chunk's vertices
        EXPECT_TRUE(gltf::writeGltf(b, w).bytes == want);
        const fs::path out = path.parent_path() / (binary ? "b.glb" : "b.gltf");
        gltf::writeGltfFile(b, out.string(), w);
        EXPECT_TRUE(readBytes(out) == want);
      }
    }
}

TEST(AtlasMeshesOnDemand, AFrameChangedUnderTheConvertIsNamedByItsStub) {
  SKIP_WHERE_A_MAPPED_FILE_CANNOT_CHANGE();
  const fs::path path = writtenAtlas(terrain(false), "changed.atlas");
  const Scene s = untexturedOnDemand(path);
  std::vector<uint8_t> bytes = readBytes(path);
  const File f = readAtlas(bytes, "changed.atlas");
  size_t toc = 0;
  while (f.tocs[toc].kind != TocKind::Geom) ++toc;
  // Scene mesh 0 is the leaf level's chunk (0, 0).
  const uint32_t leaf = f.tocs[toc].treeDepth - 1, id = nodeId(leaf, 0, 0);
  ASSERT_EQ(s.meshes[0].name, nodeName(leaf, 0, 0));
  bytes[f.tocs[toc].geomStubs[id].offset] = 'X'; // its ATSP, in place
  writeBytes(path, bytes);
  Mesh m;
  try {
    s.meshSource.make(0, m);
    ADD_FAILURE() << "a changed frame was made into a mesh";
  } catch (const Error& e) {
    EXPECT_EQ(e.offset(), f.tocs[toc].geomStubs[id].offset);
    const std::string want =
        "for geometry stub " + std::to_string(id) + " of TOC " + std::to_string(toc);
    EXPECT_NE(std::string(e.what()).find(want), std::string::npos) << e.what();
  }
}

TEST(AtlasMeshesOnDemand, AFileThatShrinksUnderTheConvertFailsItAndLeavesNoOutput) {
  SKIP_WHERE_A_MAPPED_FILE_CANNOT_CHANGE();
  const fs::path path = writtenAtlas(terrain(false), "shrinks.atlas");
  const Scene s = untexturedOnDemand(path);
  // Cut in place (the same file, not a new one renamed over it): the frames
  // past the cut no longer read.
  std::vector<uint8_t> bytes = readBytes(path);
  bytes.resize(bytes.size() / 2);
  writeBytes(path, bytes);
  const fs::path dir = path.parent_path() / "out";
  fs::create_directory(dir);
  try {
    gltf::writeGltfFile(s, (dir / "out.glb").string(), {});
    ADD_FAILURE() << "the write went on from a file cut short";
  } catch (const Error& e) {
    EXPECT_EQ(e.file(), path.string());
    EXPECT_NE(std::string(e.what()).find("shrank"), std::string::npos) << e.what();
  }
  EXPECT_TRUE(fs::is_empty(dir)); // no output, no temporary file
}

// loadScene checks each geometry frame and makes its meshes as the frame is
// read (atlas_scene.cpp, Ahead), then lets its geometry go. It must give what
// toScene gives over the model readAtlas reads whole: the same meshes, nodes,
// warnings and left-out chunks, and the same error, on files whose frames lie
// out of stub order, share a frame between two stubs, or hold a bad chunk at
// the level shown or at another.
#include "atlas/atlas_io.h"
#include "atlas/atlas_scene.h"
#include "atlas_test_files.h"
#include "strata/error.h"
#include "strata/fileio.h"
#include "strata/quadtree.h"
#include "synth/atlas_synth.h"
#include "test_support.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

using namespace strata;
using namespace strata::atlas;
using namespace testsupport;

namespace {

void expectSameScene(const Scene& a, const Scene& b) {
  ASSERT_EQ(a.nodes.size(), b.nodes.size());
  for (size_t i = 0; i < a.nodes.size(); ++i) {
    EXPECT_EQ(a.nodes[i].name, b.nodes[i].name);
    EXPECT_EQ(a.nodes[i].mesh, b.nodes[i].mesh) << a.nodes[i].name;
  }
  ASSERT_EQ(a.meshes.size(), b.meshes.size());
  for (size_t m = 0; m < a.meshes.size(); ++m) expectSameMesh(a.meshes[m], b.meshes[m]);
  EXPECT_EQ(a.leftOut, b.leftOut);
  EXPECT_EQ(a.warnings, b.warnings);
}

// Both ways of loading the file at `path`, compared; or, when one throws,
// the same message from both. Returns the scene (empty when they threw).
Scene loadBothWays(const fs::path& path, const LoadOptions& o) {
  const std::string name = path.string();
  std::string errAhead, errWhole;
  Scene ahead, whole;
  try {
    ahead = loadScene(FileBytes(name), o, name);
  } catch (const Error& e) {
    errAhead = e.what();
  }
  try {
    whole = toScene(readAtlas(readFile(name), name), o, name);
  } catch (const Error& e) {
    errWhole = e.what();
  }
  EXPECT_EQ(errAhead, errWhole);
  if (errAhead.empty() && errWhole.empty()) expectSameScene(ahead, whole);
  return errAhead.empty() ? ahead : Scene();
}

File terrain() {
  SynthOptions o;
  o.treeDepth = 3;
  o.gridQuads = 4;
  o.shuffleFrames = true;
  return synthTerrain(o);
}

} // namespace

TEST(AtlasLoadAhead, EveryLevelWithAndWithoutSkirtsIsTheWholeModelsScene) {
  const fs::path path = writtenAtlas(terrain(), "shuffled.atlas");
  forEachLodAndSkirts([&](const LoadOptions& o, size_t side) {
    const Scene s = loadBothWays(path, o);
    EXPECT_EQ(s.meshes.size(), side * side);
    ASSERT_FALSE(s.meshes.empty());
    EXPECT_EQ(s.meshes[0].primitives.size(), o.skirts ? 2u : 1u);
    // The synthetic chunk: a 5x5 grid and two skirt vertices a quad of
    // each of its four edges, 4x4x2 triangles and as many in the skirts.
    EXPECT_EQ(s.meshes[0].primitives[0].positions.size(), 5u * 5u + 4u * 4u * 2u);
    EXPECT_EQ(s.meshes[0].primitives[0].indices.size(), 4u * 4u * 6u);
    if (o.skirts) {
      EXPECT_EQ(s.meshes[0].primitives[1].indices.size(), 4u * 4u * 6u);
    }
  });
}

TEST(AtlasLoadAhead, AFrameTwoStubsShareGivesBothNodesItsMesh) {
  File f = terrain();
  // Leaf (1, 1) shows leaf (0, 0)'s frame; its own frame is dropped.
  const uint32_t own = f.tocs[0].geomStubs[nodeId(2, 1, 1)].offset;
  f.tocs[0].geomStubs[nodeId(2, 1, 1)] = f.tocs[0].geomStubs[nodeId(2, 0, 0)];
  for (size_t i = 0; i < f.frames.size(); ++i)
    if (f.frames[i].offset == own) f.frames.erase(f.frames.begin() + long(i));
  LoadOptions o;
  o.textures = false;
  const Scene s = loadBothWays(writtenAtlas(f, "shared.atlas"), o);
  ASSERT_EQ(s.meshes.size(), 16u);
  // Nodes are x major: (0, 0) is mesh 0, (1, 1) mesh 5; the same vertices.
  EXPECT_EQ(s.meshes[5].name, "L2_1_1");
  EXPECT_EQ(s.meshes[5].primitives[0].positions, s.meshes[0].primitives[0].positions);
  EXPECT_NE(s.meshes[6].primitives[0].positions, s.meshes[0].primitives[0].positions);
}

TEST(AtlasLoadAhead, ABadChunkAtTheLevelShownIsRefusedOrLeftOutAlike) {
  File f = terrain();
  frameOfNode(f, 2, 3, 1).geom.verts[7].point[2] = std::numeric_limits<float>::quiet_NaN();
  const fs::path path = writtenAtlas(f, "nan-leaf.atlas");
  LoadOptions o;
  o.textures = false;
  EXPECT_TRUE(loadBothWays(path, o).meshes.empty()); // refused, the same message
  o.partial = true;
  const Scene s = loadBothWays(path, o);
  EXPECT_EQ(s.meshes.size(), 15u);
  ASSERT_EQ(s.leftOut.size(), 1u);
  EXPECT_NE(s.leftOut[0].find("L2_3_1"), std::string::npos) << s.leftOut[0];
  EXPECT_EQ(s.nodes[13].name, "L2_3_1");
  EXPECT_EQ(s.nodes[13].mesh, -1);
}

TEST(AtlasLoadAhead, ABadChunkAtAnotherLevelLeavesOnlyItselfOut) {
  File f = terrain();
  // Level 1 chunk (0, 1): an index past its vertices.
  GeomChunk& g = frameOfNode(f, 1, 0, 1).geom;
  g.indices[4] = uint16_t(g.verts.size() + 3);
  const fs::path path = writtenAtlas(f, "index-level1.atlas");
  LoadOptions o;
  o.textures = false;
  EXPECT_TRUE(loadBothWays(path, o).meshes.empty());
  o.partial = true;
  EXPECT_EQ(loadBothWays(path, o).meshes.size(), 16u); // the leaves are whole
  o.lod = 1;
  const Scene s = loadBothWays(path, o);
  EXPECT_EQ(s.meshes.size(), 3u);
  ASSERT_EQ(s.leftOut.size(), 1u);
  EXPECT_NE(s.leftOut[0].find("L1_0_1"), std::string::npos) << s.leftOut[0];
}

// The pieces of the Atlas write-back on small hand-made meshes: chunk names,
// skirts, the planar texture map, topology matching, LOD simplification and
// the stale-LOD check.
#include "atlas/atlas_edit.h"
#include "atlas/atlas_edit_geometry.h"
#include "atlas/atlas_io.h"
#include "atlas/atlas_lod.h"
#include "atlas/atlas_lod_check.h"
#include "edited_nodes.h"
#include "strata/error.h"
#include "strata/quadtree.h"
#include "synth/atlas_synth.h"

#include <gtest/gtest.h>

#include <set>

using namespace strata::atlas;
using strata::AtlasChunkEdit;
using strata::Vec3;
using strata::edits::chunkEdits;
using strata::edits::EditedNode;
using strata::edits::parseChunkName;

namespace {

// An n x n quad grid over [0, n*step]^2 at height z, triangles (a, b, c),
// (a, c, d) per quad as atlas_synth.cpp makes them; texCoord = (y/100, 1 - x/100).
WorkMesh grid(uint32_t n, float step = 1, float ox = 0, float oy = 0, float z = 0) {
  WorkMesh m;
  for (uint32_t i = 0; i <= n; ++i)
    for (uint32_t j = 0; j <= n; ++j) {
      Vertex v;
      v.point = {ox + i * step, oy + j * step, z};
      v.texCoord = {v.point[1] / 100, 1 - v.point[0] / 100};
      m.verts.push_back(v);
    }
  for (uint32_t i = 0; i < n; ++i)
    for (uint32_t j = 0; j < n; ++j) {
      uint32_t a = i * (n + 1) + j, b = a + n + 1, c = b + 1, d = a + 1;
      m.solid.insert(m.solid.end(), {a, b, c, a, c, d});
    }
  return m;
}

GeomChunk chunkOf(const WorkMesh& m) {
  return toGeomChunk(m, 0, "test", "test");
}

AtlasChunkEdit editOf(const GeomChunk& g) {
  AtlasChunkEdit e;
  for (const Vertex& v : g.verts) e.positions.push_back(v.point);
  e.indices.assign(g.indices.begin(), g.indices.end() - g.skirtSkip);
  return e;
}

} // namespace

TEST(AtlasEdit, ChunkNamesInDecoratedNodeNames) {
  uint32_t l, x, y;
  ASSERT_TRUE(parseChunkName("L2_1_3", l, x, y));
  EXPECT_EQ(l, 2u);
  EXPECT_EQ(x, 1u);
  EXPECT_EQ(y, 3u);
  ASSERT_TRUE(parseChunkName("L3_10_7.001", l, x, y)); // Blender's duplicate suffix
  EXPECT_EQ(x, 10u);
  EXPECT_EQ(y, 7u);
  ASSERT_TRUE(parseChunkName("Terrain_L1_0_1", l, x, y));
  EXPECT_EQ(l, 1u);
  ASSERT_TRUE(parseChunkName("L2_1_3_$AssimpFbx$_Translation", l, x, y));
  EXPECT_EQ(y, 3u);
  ASSERT_TRUE(parseChunkName("CL9_9_9 L0_0_0", l, x, y)); // the L must start a token
  EXPECT_EQ(l, 0u);
  EXPECT_FALSE(parseChunkName("L2_1", l, x, y));
  EXPECT_FALSE(parseChunkName("Cube", l, x, y));
  EXPECT_FALSE(parseChunkName("L2_1_x", l, x, y));
  EXPECT_FALSE(parseChunkName("L2_1_12345678901", l, x, y)); // not a 32-bit coordinate
  EXPECT_EQ(strata::nodeName(3, 4, 5), "L3_4_5");
}

TEST(AtlasEdit, SkirtsHangFromEveryBoundaryEdge) {
  // 2 x 2 quads: 9 vertices, 8 triangles, a boundary of 8 edges around 8 vertices.
  WorkMesh m = grid(2);
  appendSkirts(m, 1.5f);
  ASSERT_EQ(m.skirt.size(), 8u * 6);
  ASSERT_EQ(m.verts.size(), 9u + 8);
  // The first boundary edge in triangle order: triangle (0, 3, 4) edge 0->3
  // along y = 0; its wall is (0, 3, 3') and (0, 3', 0').
  EXPECT_EQ(m.skirt[0], 0u);
  EXPECT_EQ(m.skirt[1], 3u);
  const uint32_t s3 = m.skirt[2], s0 = m.skirt[5];
  EXPECT_EQ(m.skirt[3], 0u);
  EXPECT_EQ(m.skirt[4], s3);
  EXPECT_EQ(m.verts[s3].point, (Vec3{1, 0, -1.5f}));
  EXPECT_EQ(m.verts[s0].point, (Vec3{0, 0, -1.5f}));
  // The centre vertex (4) is on no boundary edge.
  for (uint32_t i : m.skirt) EXPECT_NE(i, 4u);
  // skirtDepth measures it back from the chunk.
  EXPECT_FLOAT_EQ(skirtDepth(chunkOf(m)), 1.5f);
}

TEST(AtlasEdit, SkirtDepthWithoutSkirtsIsASixteenthOfTheExtent) {
  EXPECT_FLOAT_EQ(skirtDepth(chunkOf(grid(4, 2.0f))), 8.0f / 16);
}

TEST(AtlasEdit, PlanarTextureMap) {
  WorkMesh m = grid(3, 10, 5, 7);
  PlanarMap map = fitPlanarMap(m.verts, m.solid);
  ASSERT_TRUE(map.ok);
  EXPECT_NEAR(map.at(33, 44)[0], 0.44f, 1e-6);
  EXPECT_NEAR(map.at(33, 44)[1], 1 - 0.33f, 1e-6);
  m.verts[5].texCoord[0] += 0.01f; // not planar any more
  EXPECT_FALSE(fitPlanarMap(m.verts, m.solid).ok);
}

TEST(AtlasEdit, RecomputedNormalsAreAreaWeighted) {
  // Two triangles sharing vertex 0: one in the XY plane (area 2), one in the
  // XZ plane (area 0.5). Vertex 0's normal is (0, -0.5, 2) normalised.
  std::vector<Vertex> v(5);
  v[0].point = {0, 0, 0}, v[1].point = {2, 0, 0}, v[2].point = {0, 2, 0};
  v[3].point = {0, 0, 1}, v[4].point = {1, 0, 0};
  recomputeNormals(v, {0, 1, 2, 0, 4, 3});
  const float len = std::sqrt(0.25f + 4);
  EXPECT_NEAR(v[0].normal[1], -0.5f / len, 1e-6);
  EXPECT_NEAR(v[0].normal[2], 2 / len, 1e-6);
  EXPECT_EQ(v[1].normal, (Vec3{0, 0, 1}));
  EXPECT_EQ(v[3].normal, (Vec3{0, -1, 0}));
}

TEST(AtlasEdit, SplitVerticesStillKeepTheTopology) {
  // A DCC that writes every triangle corner as its own vertex: same
  // triangles, so the chunk keeps its vertex order, morph and skirts.
  WorkMesh m = grid(2);
  m.verts[4].pointMorph = {0, 0, 0.25f};
  appendSkirts(m, 1);
  GeomChunk g = chunkOf(m);
  AtlasChunkEdit e;
  for (size_t k = 0; k < g.indices.size() - g.skirtSkip; ++k) {
    e.positions.push_back(g.verts[g.indices[k]].point);
    e.indices.push_back(uint32_t(k));
  }
  RebuiltChunk same = rebuildChunk(g, e, "L0_0_0", "edit");
  EXPECT_FALSE(same.changed);
  // Move vertex 4 (the centre) through one of its six copies only: the copies
  // disagree, so this is a new topology (welded), not a move.
  e.positions[2][2] = 3;
  RebuiltChunk torn = rebuildChunk(g, e, "L0_0_0", "edit");
  EXPECT_TRUE(torn.changed);
  EXPECT_FALSE(torn.topologyKept);
  // Move every copy: a move with the topology kept.
  for (size_t k = 0; k < e.positions.size(); ++k)
    if (e.positions[k][0] == 1 && e.positions[k][1] == 1) e.positions[k][2] = 3;
  RebuiltChunk moved = rebuildChunk(g, e, "L0_0_0", "edit");
  ASSERT_TRUE(moved.topologyKept);
  EXPECT_EQ(moved.geom.verts[4].point, (Vec3{1, 1, 3}));
  EXPECT_EQ(moved.geom.verts[4].pointMorph, (Vec3{0, 0, 0.25f}));
  EXPECT_EQ(moved.geom.indices, g.indices);
}

TEST(AtlasEdit, EdgeMoveDragsItsSkirtVertex) {
  WorkMesh m = grid(2);
  appendSkirts(m, 1);
  GeomChunk g = chunkOf(m);
  AtlasChunkEdit e = editOf(g);
  e.positions[3][2] = 0.5f; // (1, 0): an edge vertex
  RebuiltChunk r = rebuildChunk(g, e, "L0_0_0", "edit");
  ASSERT_TRUE(r.topologyKept);
  size_t below = 0;
  for (size_t v = 9; v < r.geom.verts.size(); ++v)
    if (r.geom.verts[v].point[0] == 1 && r.geom.verts[v].point[1] == 0) {
      EXPECT_EQ(r.geom.verts[v].point[2], -0.5f); // 1 below its edge vertex, as before
      ++below;
    }
  EXPECT_EQ(below, 1u);
}

TEST(AtlasEdit, ReversedWindingIsANewTopology) {
  GeomChunk g = chunkOf(grid(1));
  AtlasChunkEdit e = editOf(g);
  std::swap(e.indices[1], e.indices[2]);
  RebuiltChunk r = rebuildChunk(g, e, "L0_0_0", "edit");
  EXPECT_TRUE(r.changed);
  EXPECT_FALSE(r.topologyKept);
  // The edit's winding is what is written (vertices renumbered by first use).
  EXPECT_EQ(r.geom.verts[r.geom.indices[1]].point, g.verts[g.indices[2]].point);
  EXPECT_EQ(r.geom.verts[r.geom.indices[2]].point, g.verts[g.indices[1]].point);
}

TEST(AtlasEdit, EditErrorsNameTheChunk) {
  GeomChunk g = chunkOf(grid(1));
  AtlasChunkEdit e = editOf(g);
  e.indices.pop_back();
  try {
    rebuildChunk(g, e, "L4_2_1", "edit.glb");
    FAIL();
  } catch (const strata::Error& err) {
    EXPECT_EQ(err.file(), "edit.glb");
    EXPECT_NE(err.detail().find("chunk L4_2_1: 5 indices do not make a triangle list"),
              std::string::npos);
  }
  e = editOf(g);
  e.positions[0][0] = NAN;
  EXPECT_THROW(rebuildChunk(g, e, "L4_2_1", "edit.glb"), strata::Error);
}

TEST(AtlasEdit, SimplifiedChildrenKeepTheirBorderAndUseTheirVertices) {
  // Four flat 4 x 4 children of a 8 x 8 parent square: 128 triangles.
  std::vector<GeomChunk> kids;
  for (uint32_t c = 0; c < 4; ++c)
    kids.push_back(chunkOf(grid(4, 1, 4.0f * (c / 2), 4.0f * (c % 2))));
  WorkMesh m = simplifyChildren({&kids[0], &kids[1], &kids[2], &kids[3]}, 32 * 3);
  EXPECT_LE(m.solid.size(), 128u * 3);
  EXPECT_GE(m.solid.size(), 3u);
  std::set<std::array<float, 3>> points;
  for (const GeomChunk& k : kids)
    for (const Vertex& v : k.verts) points.insert(v.point);
  for (const Vertex& v : m.verts) EXPECT_TRUE(points.count(v.point));
  // The 32 vertices on the square's outline are locked.
  size_t outline = 0;
  for (const Vertex& v : m.verts)
    outline += v.point[0] == 0 || v.point[0] == 8 || v.point[1] == 0 || v.point[1] == 8;
  EXPECT_EQ(outline, 32u);
  // The shared edges between children were welded: one vertex per position.
  std::set<std::array<float, 3>> distinct;
  for (const Vertex& v : m.verts) distinct.insert(v.point);
  EXPECT_EQ(distinct.size(), m.verts.size());
}

TEST(AtlasEdit, StaleLodCheck) {
  SynthOptions o;
  o.treeDepth = 3;
  o.gridQuads = 4;
  File f = synthTerrain(o);
  strata::ValidationReport fresh;
  checkStaleLods(f, f.tocs[0], fresh);
  EXPECT_EQ(fresh.findings.size(), 0u);
  // Raise leaf L2_3_3's grid vertex (2,2), which level 1 samples too.
  Frame* leaf = f.frameAt(f.tocs[0].geomStubs[strata::nodeId(2, 3, 3)].offset);
  leaf->geom.verts[2 * 5 + 2].point[2] += 5;
  strata::ValidationReport stale;
  checkStaleLods(f, f.tocs[0], stale);
  ASSERT_EQ(stale.findings.size(), 1u);
  EXPECT_NE(stale.findings[0].message.find("chunk L1_1_1: stale LOD?"), std::string::npos)
      << stale.findings[0].message;
  EXPECT_NE(stale.findings[0].message.find("lies 5 units off"), std::string::npos)
      << stale.findings[0].message;
}

TEST(AtlasEdit, ZeroedMorphCheck) {
  SynthOptions o;
  o.treeDepth = 3;
  o.gridQuads = 4;
  auto zeroMorph = [](File& f, size_t stub) {
    for (Vertex& v : f.frameAt(f.tocs[0].geomStubs[stub].offset)->geom.verts)
      v.pointMorph = {0, 0, 0}, v.texMorph = {0, 0};
  };
  File f = synthTerrain(o);
  strata::ValidationReport fresh;
  checkZeroedMorph(f, f.tocs[0], fresh);
  EXPECT_EQ(fresh.findings.size(), 0u); // synth leaves have no morph at all: consistent
  zeroMorph(f, strata::nodeId(1, 0, 1));
  strata::ValidationReport zeroed;
  checkZeroedMorph(f, f.tocs[0], zeroed);
  ASSERT_EQ(zeroed.findings.size(), 1u);
  EXPECT_NE(zeroed.findings[0].message.find(
                "chunk L1_0_1: every morph offset is zero while 3 other chunks of level 1"),
            std::string::npos)
      << zeroed.findings[0].message;
  // Flat ground lies on its parent's surface: no morph needed, no warning.
  o.heightScale = 0;
  File flat = synthTerrain(o);
  zeroMorph(flat, strata::nodeId(1, 0, 1));
  strata::ValidationReport onParent;
  checkZeroedMorph(flat, flat.tocs[0], onParent);
  EXPECT_EQ(onParent.findings.size(), 0u);
}

TEST(AtlasEdit, EditWithSkirtPrimitiveKeepsTheTopology) {
  // `convert --skirts` writes the skirts as a second primitive over a copy of
  // the vertices; chunkEdits concatenates the two. Moving a skirt
  // vertex in that copy moves it in the chunk.
  WorkMesh m = grid(2);
  appendSkirts(m, 1);
  GeomChunk g = chunkOf(m);
  strata::Primitive solid, skirt;
  for (const Vertex& v : g.verts) solid.positions.push_back(v.point);
  skirt.positions = solid.positions;
  const size_t n = g.indices.size() - g.skirtSkip;
  solid.indices.assign(g.indices.begin(), g.indices.begin() + ptrdiff_t(n));
  skirt.indices.assign(g.indices.begin() + ptrdiff_t(n), g.indices.end());
  const uint32_t skirtVertex = skirt.indices[2];
  skirt.positions[skirtVertex][2] -= 4;
  EditedNode node;
  node.name = node.meshName = "L0_0_0";
  node.primitives = {solid, skirt};
  std::vector<AtlasChunkEdit> edits = chunkEdits({node}, "edit");
  ASSERT_EQ(edits.size(), 1u);
  ASSERT_EQ(edits[0].indices.size(), g.indices.size());
  EXPECT_EQ(edits[0].indices[n], g.indices[n] + g.verts.size()); // offset into the copy
  RebuiltChunk r = rebuildChunk(g, edits[0], "L0_0_0", "edit");
  ASSERT_TRUE(r.topologyKept);
  EXPECT_EQ(r.geom.indices, g.indices);
  EXPECT_EQ(r.geom.skirtSkip, g.skirtSkip);
  EXPECT_EQ(r.geom.verts[skirtVertex].point[2], g.verts[skirtVertex].point[2] - 4);
}

TEST(AtlasEdit, SceneTagsWinOverNames) {
  strata::Primitive p;
  p.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  p.indices = {0, 1, 2};
  EditedNode a;
  a.name = "L3_3_3";
  a.meshName = "L5_5_5";
  a.primitives = {p};
  a.tagged = {{1, 0, 1}};
  EditedNode b = a;
  b.name = "Terrain"; // no chunk in the node name: the mesh name counts
  b.tagged.reset();
  std::vector<AtlasChunkEdit> e = chunkEdits({a, b}, "edit");
  ASSERT_EQ(e.size(), 2u);
  EXPECT_EQ(strata::nodeName(e[0].level, e[0].x, e[0].y), "L1_0_1");
  EXPECT_EQ(strata::nodeName(e[1].level, e[1].x, e[1].y), "L5_5_5");
}

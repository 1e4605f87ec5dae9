// Collision generation on small hand-computed chunks
// (atlas-torque-source-notes.md "Collision generation").
#include "atlas/atlas_collision.h"
#include "strata/quadtree.h"

#include <gtest/gtest.h>

#include <cfloat>
#include <set>

using namespace strata::atlas;
using strata::Vec3;

namespace {

// Bounds [0,8] x [0,8]: with depth 4 every bin is 1 x 1 world unit.
const Box3 kBounds{{0, 0, 0}, {8, 8, 10}};

GeomChunk chunkOf(const std::vector<Vec3>& points, const std::vector<uint16_t>& idx,
                  uint32_t skirt = 0) {
  GeomChunk g;
  for (const Vec3& p : points) {
    Vertex v;
    v.point = p;
    g.verts.push_back(v);
  }
  g.indices = idx;
  g.skirtSkip = skirt;
  return g;
}

// The triangle offsets listed in bin (i, j).
std::vector<uint16_t> bin(const Collision& c, uint32_t i, uint32_t j) {
  std::vector<uint16_t> out;
  for (size_t k = c.offsets[i * 8 + j]; c.indices.at(k) != 0xFFFF; ++k) out.push_back(c.indices[k]);
  return out;
}

std::set<std::pair<uint32_t, uint32_t>> binsOf(const Collision& c, uint16_t tri) {
  std::set<std::pair<uint32_t, uint32_t>> s;
  for (uint32_t i = 0; i < 8; ++i)
    for (uint32_t j = 0; j < 8; ++j)
      for (uint16_t t : bin(c, i, j))
        if (t == tri) s.insert({i, j});
  return s;
}

} // namespace

TEST(AtlasCollision, TriangleInsideOneBin) {
  // Inside bin (2, 3): x in [2,3], y in [3,4].
  GeomChunk g = chunkOf({{2.2f, 3.2f, 4}, {2.8f, 3.2f, 5}, {2.5f, 3.8f, 6}}, {0, 1, 2});
  Collision c = generateCollision(g, kBounds);
  EXPECT_EQ(c.treeDepth, 4u);
  EXPECT_EQ(c.tree.size(), 85u);
  EXPECT_EQ(c.offsets.size(), 64u);
  EXPECT_EQ(c.indices.size(), 64u + 1u); // one entry plus 64 terminators
  EXPECT_EQ(binsOf(c, 0), (std::set<std::pair<uint32_t, uint32_t>>{{2, 3}}));
  // Leaf node of bin (2,3) is nodeId(3, 2, 3); its range is the triangle's Z.
  auto leaf = c.tree[strata::nodeId(3, 2, 3)];
  EXPECT_EQ(leaf[0], 4.0f);
  EXPECT_EQ(leaf[1], 6.0f);
  // Every ancestor carries the same range; the root too.
  EXPECT_EQ(c.tree[strata::nodeId(2, 1, 1)][0], 4.0f);
  EXPECT_EQ(c.tree[0][1], 6.0f);
  // An empty bin is an empty range.
  EXPECT_EQ(c.tree[strata::nodeId(3, 0, 0)][0], FLT_MAX);
  EXPECT_EQ(c.tree[strata::nodeId(3, 0, 0)][1], -FLT_MAX);
  // Offsets: bins before (2,3) each hold just a terminator.
  EXPECT_EQ(c.offsets[2 * 8 + 3], 2 * 8 + 3);
  EXPECT_EQ(c.offsets[2 * 8 + 4], 2 * 8 + 3 + 2);
}

TEST(AtlasCollision, TriangleOnABinEdgeFallsInBothBins) {
  // The edge x = 1 is shared by bins (0, j) and (1, j); touching counts.
  GeomChunk g = chunkOf({{1, 0.2f, 0}, {1, 0.8f, 0}, {0.5f, 0.5f, 0}}, {0, 1, 2});
  Collision c = generateCollision(g, kBounds);
  EXPECT_EQ(binsOf(c, 0), (std::set<std::pair<uint32_t, uint32_t>>{{0, 0}, {1, 0}}));
}

TEST(AtlasCollision, SpanningTriangleAndIndexOffsets) {
  // Two triangles: the first is degenerate (skipped), the second spans bins
  // (0,0), (1,0), (0,1) and touches (1,1) at its corner (x + y = 2).
  GeomChunk g = chunkOf({{0.5f, 0.5f, 1}, {1.5f, 0.5f, 2}, {0.5f, 1.5f, 3}}, {0, 0, 1, 0, 1, 2});
  Collision c = generateCollision(g, kBounds);
  EXPECT_TRUE(binsOf(c, 0).empty());
  EXPECT_EQ(binsOf(c, 3),
            (std::set<std::pair<uint32_t, uint32_t>>{{0, 0}, {1, 0}, {0, 1}, {1, 1}}));
  EXPECT_EQ(bin(c, 0, 0), (std::vector<uint16_t>{3})); // index offset = 3 x triangle
  EXPECT_EQ(c.tree[strata::nodeId(3, 1, 1)][0], 1.0f);
  EXPECT_EQ(c.tree[strata::nodeId(3, 1, 1)][1], 3.0f);
}

TEST(AtlasCollision, SkirtTrianglesAreLeftOut) {
  GeomChunk g = chunkOf({{0.5f, 0.5f, 1}, {0.7f, 0.5f, 1}, {0.5f, 0.7f, 1}, {6.5f, 6.5f, -9}},
                        {0, 1, 2, 1, 3, 0}, 3);
  Collision c = generateCollision(g, kBounds);
  EXPECT_EQ(binsOf(c, 0), (std::set<std::pair<uint32_t, uint32_t>>{{0, 0}}));
  EXPECT_TRUE(binsOf(c, 3).empty());
  EXPECT_EQ(c.tree[0][0], 1.0f); // the skirt's -9 does not reach the tree
}

TEST(AtlasCollision, OverlapTestSeparatesByThePlaneAxis) {
  // A steep triangle whose AABB covers the box but whose plane misses it.
  Vec3 lo{0, 0, 0}, hi{1, 1, 1};
  // Plane 10x + 10y + 4z = 30; the box reaches at most 24 on it.
  EXPECT_FALSE(triangleBoxOverlap(lo, hi, {3, 0, 0}, {0, 3, 0}, {3, 3, -5}));
  // The same shape shifted to 10x + 10y + 4z = 20 touches the corner (1, 1, 0).
  EXPECT_TRUE(triangleBoxOverlap(lo, hi, {2, 0, 0}, {0, 2, 0}, {2, 2, -5}));
  EXPECT_TRUE(triangleBoxOverlap(lo, hi, {-1, -1, 0.5f}, {3, -1, 0.5f}, {-1, 3, 0.5f}));
  EXPECT_FALSE(triangleBoxOverlap(lo, hi, {1.5f, 1.5f, 0}, {3, 1.5f, 0}, {1.5f, 3, 0}));
}

TEST(AtlasCollision, VertexOnABinCornerTouchesFourBins) {
  // Inside bin (1,1) but for the edge on x = 2 (shared with bin (2,1)) and the
  // corner (2,2), shared by bins (1,2) and (2,2).
  GeomChunk g = chunkOf({{1.5f, 1.5f, 2}, {2, 1.5f, 2}, {2, 2, 2}}, {0, 1, 2});
  Collision c = generateCollision(g, kBounds);
  EXPECT_EQ(binsOf(c, 0),
            (std::set<std::pair<uint32_t, uint32_t>>{{1, 1}, {2, 1}, {1, 2}, {2, 2}}));
}

TEST(AtlasCollision, TriangleCoveringTheChunkIsInEveryBin) {
  GeomChunk g = chunkOf({{-1, -1, 3}, {20, -1, 3}, {-1, 20, 3}}, {0, 1, 2});
  Collision c = generateCollision(g, kBounds);
  EXPECT_EQ(c.indices.size(), 64u * 2); // one entry and a terminator per bin
  for (uint32_t b = 0; b < 64; ++b) EXPECT_EQ(c.offsets[b], 2 * b);
  for (const auto& node : c.tree) {
    EXPECT_EQ(node[0], 3.0f);
    EXPECT_EQ(node[1], 3.0f);
  }
}

TEST(AtlasCollision, CollinearTriangleIsNotSkippedByIndex) {
  // Zero area but three distinct indices: TSE only skips repeated indices,
  // so the segment y = 0.5, x 0.5..2.5 lands in the bins it crosses.
  GeomChunk g = chunkOf({{0.5f, 0.5f, 1}, {1.5f, 0.5f, 1}, {2.5f, 0.5f, 1}}, {0, 1, 2});
  Collision c = generateCollision(g, kBounds);
  EXPECT_EQ(binsOf(c, 0), (std::set<std::pair<uint32_t, uint32_t>>{{0, 0}, {1, 0}, {2, 0}}));
}

TEST(AtlasCollision, BinBoxesReachOneUnitPastTheBoundsInZ) {
  // Bin boxes span z from min - 1 to max + 1 (here -1..11): a triangle at
  // z = 10.5 is inside, one at z = 12 above every bin, one outside in X/Y in none.
  GeomChunk g = chunkOf({{0.2f, 0.2f, 10.5f},
                         {0.8f, 0.2f, 10.5f},
                         {0.5f, 0.8f, 10.5f},
                         {0.2f, 0.2f, 12},
                         {0.8f, 0.2f, 12},
                         {0.5f, 0.8f, 12},
                         {20, 20, 5},
                         {21, 20, 5},
                         {20, 21, 5}},
                        {0, 1, 2, 3, 4, 5, 6, 7, 8});
  Collision c = generateCollision(g, kBounds);
  EXPECT_EQ(binsOf(c, 0), (std::set<std::pair<uint32_t, uint32_t>>{{0, 0}}));
  EXPECT_TRUE(binsOf(c, 3).empty());
  EXPECT_TRUE(binsOf(c, 6).empty());
  EXPECT_EQ(c.indices.size(), 64u + 1);
}

TEST(AtlasCollision, NodeRangesCombineTrianglesAndChildren) {
  // Bin (0,0) holds triangles at z 1..2 and 5..7; bin (1,1) one at -0.5..-0.25
  // (inside the bin boxes' -1..11). Their parent nodeId(2, 0, 0) spans -0.5..7;
  // so does the root.
  GeomChunk g = chunkOf({{0.2f, 0.2f, 1},
                         {0.8f, 0.2f, 2},
                         {0.5f, 0.8f, 1},
                         {0.2f, 0.3f, 5},
                         {0.8f, 0.3f, 7},
                         {0.5f, 0.7f, 6},
                         {1.2f, 1.2f, -0.5f},
                         {1.8f, 1.2f, -0.25f},
                         {1.5f, 1.8f, -0.5f}},
                        {0, 1, 2, 3, 4, 5, 6, 7, 8});
  Collision c = generateCollision(g, kBounds);
  EXPECT_EQ(bin(c, 0, 0), (std::vector<uint16_t>{0, 3}));
  EXPECT_EQ(c.tree[strata::nodeId(3, 0, 0)], (std::array<float, 2>{1, 7}));
  EXPECT_EQ(c.tree[strata::nodeId(3, 1, 1)], (std::array<float, 2>{-0.5f, -0.25f}));
  EXPECT_EQ(c.tree[strata::nodeId(2, 0, 0)], (std::array<float, 2>{-0.5f, 7}));
  EXPECT_EQ(c.tree[strata::nodeId(1, 0, 0)], (std::array<float, 2>{-0.5f, 7}));
  EXPECT_EQ(c.tree[0], (std::array<float, 2>{-0.5f, 7}));
  EXPECT_EQ(c.tree[strata::nodeId(2, 1, 1)][0], FLT_MAX); // no triangle there
}

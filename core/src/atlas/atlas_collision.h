#pragma once
// Atlas collision generation, the Torque algorithm
// (atlas-torque-source-notes.md "Collision generation"): a depth-4 quadtree
// over the chunk bounds, 8x8 leaf bins, triangle-box overlap per bin.
#include "atlas/atlas_model.h"

#include <cstdint>

namespace strata::atlas {

constexpr uint32_t kCollisionTreeDepth = 4;

// Triangle / axis-aligned box overlap by the separating axis theorem
// (Akenine-Moller's 13 axes). Touching counts as overlapping.
bool triangleBoxOverlap(const Vec3& boxMin, const Vec3& boxMax, const Vec3& a, const Vec3& b,
                        const Vec3& c);

// Collision for a chunk over its non-skirt triangles within `bounds` (the
// chunk's mBounds). Bins list index offsets (3 x triangle) ascending, each
// list ends with 0xFFFF; offsets[i * grid + j] is bin (i, j)'s start, i along
// X. Node min/max are triangle Z ranges, built bottom up. An empty bin
// (TSE asserts on one) gets min = +FLT_MAX, max = -FLT_MAX: an empty range
// that no ray or box query can hit, and that vanishes in its parents' min/max.
Collision generateCollision(const GeomChunk& chunk, const Box3& bounds,
                            uint32_t treeDepth = kCollisionTreeDepth);

} // namespace strata::atlas

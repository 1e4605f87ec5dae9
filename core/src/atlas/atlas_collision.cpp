#include "atlas/atlas_collision.h"

#include "strata/error.h"
#include "strata/quadtree.h"

#include <algorithm>
#include <cfloat>
#include <cmath>

namespace strata::atlas {

namespace {

Vec3 sub(const Vec3& a, const Vec3& b) {
  return {a[0] - b[0], a[1] - b[1], a[2] - b[2]};
}
Vec3 cross(const Vec3& a, const Vec3& b) {
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}
float dot(const Vec3& a, const Vec3& b) {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

} // namespace

bool triangleBoxOverlap(const Vec3& boxMin, const Vec3& boxMax, const Vec3& a, const Vec3& b,
                        const Vec3& c) {
  // Work relative to the box centre so the box is symmetric: [-h, h].
  Vec3 centre, half;
  for (int k = 0; k < 3; ++k) {
    centre[k] = 0.5f * (boxMin[k] + boxMax[k]);
    half[k] = 0.5f * (boxMax[k] - boxMin[k]);
  }
  const Vec3 v[3] = {sub(a, centre), sub(b, centre), sub(c, centre)};
  const Vec3 e[3] = {sub(v[1], v[0]), sub(v[2], v[1]), sub(v[0], v[2])};
  // Separated along `axis` when the triangle's projection misses the box's.
  auto separated = [&](const Vec3& axis) {
    float p0 = dot(axis, v[0]), p1 = dot(axis, v[1]), p2 = dot(axis, v[2]);
    float lo = std::min(p0, std::min(p1, p2)), hi = std::max(p0, std::max(p1, p2));
    float r =
        half[0] * std::fabs(axis[0]) + half[1] * std::fabs(axis[1]) + half[2] * std::fabs(axis[2]);
    return lo > r || hi < -r;
  };
  // Any order gives the same answer; the box faces go first because most
  // triangles a bin meets lie beside it, which they tell cheapest.
  const Vec3 unit[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  for (const Vec3& u : unit) // the 3 box face normals
    if (separated(u)) return false;
  for (const Vec3& ei : e) // the 9 edge x box-axis directions
    for (const Vec3& u : unit)
      if (separated(cross(ei, u))) return false;
  return !separated(cross(e[0], e[1])); // the triangle's plane
}

Collision generateCollision(const GeomChunk& g, const Box3& bounds, uint32_t treeDepth) {
  Collision col;
  col.treeDepth = treeDepth;
  const uint32_t grid = 1u << (treeDepth - 1);
  col.tree.assign(size_t(nodeCount(treeDepth)), {FLT_MAX, -FLT_MAX});
  const float binX = (bounds.max[0] - bounds.min[0]) / float(grid);
  const float binY = (bounds.max[1] - bounds.min[1]) / float(grid);
  const size_t solid = g.indices.size() - g.skirtSkip;
  // Index offsets and bin starts are U16 in the file (§3).
  if (solid > 0xFFFF)
    throw Error("", Error::kNoOffset,
                "collision cannot address " + std::to_string(solid) + " indices with U16 offsets");
  col.offsets.resize(size_t(grid) * grid);
  for (uint32_t i = 0; i < grid; ++i)     // X outer
    for (uint32_t j = 0; j < grid; ++j) { // Y inner
      const Vec3 lo = {bounds.min[0] + binX * float(i), bounds.min[1] + binY * float(j),
                       bounds.min[2] - 1};
      const Vec3 hi = {bounds.min[0] + binX * float(i + 1), bounds.min[1] + binY * float(j + 1),
                       bounds.max[2] + 1};
      if (col.indices.size() > 0xFFFF)
        throw Error("", Error::kNoOffset, "collision index buffer exceeds U16 bin offsets");
      col.offsets[size_t(i) * grid + j] = uint16_t(col.indices.size());
      auto& node = col.tree[size_t(nodeId(treeDepth - 1, i, j))];
      for (size_t v = 0; v + 2 < solid; v += 3) {
        uint16_t ia = g.indices[v], ib = g.indices[v + 1], ic = g.indices[v + 2];
        if (ia == ib || ib == ic || ia == ic) continue; // degenerate
        if (ia >= g.verts.size() || ib >= g.verts.size() || ic >= g.verts.size()) continue;
        const Vec3 &pa = g.verts[ia].point, &pb = g.verts[ib].point, &pc = g.verts[ic].point;
        if (!triangleBoxOverlap(lo, hi, pa, pb, pc)) continue;
        col.indices.push_back(uint16_t(v));
        node[0] = std::min({node[0], pa[2], pb[2], pc[2]});
        node[1] = std::max({node[1], pa[2], pb[2], pc[2]});
      }
      col.indices.push_back(0xFFFF);
    }
  // Internal nodes: min/max of their four children, bottom up.
  for (int level = int(treeDepth) - 2; level >= 0; --level)
    for (uint32_t x = 0; x < (1u << level); ++x)
      for (uint32_t y = 0; y < (1u << level); ++y) {
        auto& n = col.tree[size_t(nodeId(uint32_t(level), x, y))];
        for (uint32_t c = 0; c < 4; ++c) {
          const auto& ch =
              col.tree[size_t(nodeId(uint32_t(level) + 1, 2 * x + c / 2, 2 * y + c % 2))];
          n[0] = std::min(n[0], ch[0]);
          n[1] = std::max(n[1], ch[1]);
        }
      }
  return col;
}

} // namespace strata::atlas

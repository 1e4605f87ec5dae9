#include "atlas/atlas_lod.h"

#include "atlas/atlas_io.h"

#include <meshoptimizer.h>

#include <algorithm>
#include <cmath>
#include <map>

namespace strata::atlas {

WorkMesh simplifyChildren(const std::vector<const GeomChunk*>& children, size_t targetIndices) {
  std::vector<Vertex> all;
  for (const GeomChunk* c : children)
    if (c) all.insert(all.end(), c->verts.begin(), c->verts.end());
  const Box3 box = boundsOfVertices(all);
  const double extent = std::max({double(box.max[0]) - box.min[0], double(box.max[1]) - box.min[1],
                                  double(box.max[2]) - box.min[2], 1e-6});
  // Children compute their shared edge vertices separately: weld within a
  // millionth of the extent so the union is one surface, not four.
  const double cell = extent * 1e-6;
  std::map<std::array<int64_t, 3>, uint32_t> weld;
  WorkMesh in;
  for (const GeomChunk* c : children) {
    if (!c) continue;
    std::vector<uint32_t> remap(c->verts.size(), ~0u);
    const size_t solid = c->indices.size() - std::min<size_t>(c->skirtSkip, c->indices.size());
    auto vertexOf = [&](uint16_t i) {
      if (remap[i] != ~0u) return remap[i];
      const Vec3& p = c->verts[i].point;
      std::array<int64_t, 3> key;
      for (int k = 0; k < 3; ++k)
        key[k] = int64_t(std::llround((double(p[k]) - box.min[k]) / cell));
      auto [it, fresh] = weld.emplace(key, uint32_t(in.verts.size()));
      if (fresh) {
        Vertex v = c->verts[i];
        v.pointMorph = {0, 0, 0};
        v.texMorph = {0, 0};
        in.verts.push_back(v);
      }
      return remap[i] = it->second;
    };
    for (size_t t = 0; t + 2 < solid; t += 3) {
      if (c->indices[t] >= c->verts.size() || c->indices[t + 1] >= c->verts.size() ||
          c->indices[t + 2] >= c->verts.size())
        continue;
      const uint32_t a = vertexOf(c->indices[t]), b = vertexOf(c->indices[t + 1]),
                     d = vertexOf(c->indices[t + 2]);
      if (a == b || b == d || a == d) continue;
      in.solid.insert(in.solid.end(), {a, b, d});
    }
  }
  std::vector<uint32_t> kept(in.solid.size());
  size_t count = in.solid.size();
  const size_t target = std::max<size_t>(3, targetIndices / 3 * 3);
  if (target < in.solid.size() && !in.verts.empty()) {
    std::vector<float> pos;
    pos.reserve(in.verts.size() * 3);
    for (const Vertex& v : in.verts) pos.insert(pos.end(), v.point.begin(), v.point.end());
    // Error bound 1 (the whole extent): the triangle budget decides, like the
    // coarser level the base file had.
    count =
        meshopt_simplify(kept.data(), in.solid.data(), in.solid.size(), pos.data(), in.verts.size(),
                         12, target, 1.0f, meshopt_SimplifyLockBorder, nullptr);
    kept.resize(count);
  } else {
    kept = in.solid;
  }
  // Keep only referenced vertices, in order of first use.
  WorkMesh out;
  std::vector<uint32_t> remap(in.verts.size(), ~0u);
  for (uint32_t i : kept) {
    if (remap[i] == ~0u) {
      remap[i] = uint32_t(out.verts.size());
      out.verts.push_back(in.verts[i]);
    }
    out.solid.push_back(remap[i]);
  }
  return out;
}

} // namespace strata::atlas

// One edited chunk rebuilt on its base chunk (atlas_edit.h, rebuildChunk).
#include "atlas/atlas_edit.h"
#include "atlas/atlas_edit_geometry.h"
#include "atlas/atlas_io.h"
#include "atlas/atlas_vertex_key.h"
#include "strata/error.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <unordered_map>

namespace strata::atlas {

namespace {

using Bits3 = std::array<uint32_t, 3>;

// Exact position as bits, with -0 folded into +0.
Bits3 bitsOf(const Vec3& p) {
  Bits3 b;
  const Vec3 q = {p[0] + 0.0f, p[1] + 0.0f, p[2] + 0.0f};
  std::memcpy(b.data(), q.data(), 12);
  return b;
}

void checkEdit(const AtlasChunkEdit& e, const std::string& who, const std::string& file) {
  auto fail = [&](const std::string& what) {
    throw Error(file, Error::kNoOffset, "chunk " + who + ": " + what);
  };
  if (e.indices.empty())
    fail("the mesh has no triangles (removing a chunk is not supported; keep at least one "
         "triangle)");
  if (e.indices.size() % 3)
    fail(std::to_string(e.indices.size()) + " indices do not make a triangle list");
  for (uint32_t i : e.indices)
    if (i >= e.positions.size())
      fail("index " + std::to_string(i) + " but only " + std::to_string(e.positions.size()) +
           " vertices");
  for (const Vec3& p : e.positions)
    if (!std::isfinite(p[0]) || !std::isfinite(p[1]) || !std::isfinite(p[2]))
      fail("a vertex position is not a finite number");
  if (!e.normals.empty() && e.normals.size() != e.positions.size())
    fail("the normals do not match the positions one to one");
  if (!e.uv.empty() && e.uv.size() != e.positions.size())
    fail("the texture coordinates do not match the positions one to one");
}

// Whether an edited coordinate really moved. Text formats round: Blender's
// OBJ writes 6 decimals, which can land a float a few units in the last place
// away. Closer than a millionth (relative, or absolute below 1) is the same
// place, and -0 is +0.
bool differs(float a, float b) {
  const double scale = std::max({1.0, std::fabs(double(a)), std::fabs(double(b))});
  return std::fabs(double(a) - double(b)) > 1e-6 * scale;
}

// A mesh that lands far from the base chunk was exported with other axes or
// units; writing it would silently wreck the terrain.
void checkPlacement(const GeomChunk& g, const AtlasChunkEdit& e, const std::string& who,
                    const std::string& file) {
  if (g.verts.empty()) return;
  const Box3 base = boundsOfVertices(g.verts);
  Box3 ed;
  ed.min = ed.max = e.positions[e.indices[0]];
  for (uint32_t i : e.indices)
    for (int k = 0; k < 3; ++k) {
      ed.min[k] = std::min(ed.min[k], e.positions[i][k]);
      ed.max[k] = std::max(ed.max[k], e.positions[i][k]);
    }
  for (int k = 0; k < 2; ++k) {
    const float size = std::max(base.max[k] - base.min[k], 1e-3f);
    if (ed.max[k] < base.min[k] - size || ed.min[k] > base.max[k] + size) {
      char buf[320];
      std::snprintf(buf, sizeof buf,
                    "the edited mesh spans x %g..%g, y %g..%g but the base chunk covers x "
                    "%g..%g, y %g..%g; was it exported with other axes or units? (Strata "
                    "expects glTF's Y-up with the units it wrote)",
                    ed.min[0], ed.max[0], ed.min[1], ed.max[1], base.min[0], base.max[0],
                    base.min[1], base.max[1]);
      throw Error(file, Error::kNoOffset, "chunk " + who + ": " + buf);
    }
  }
}

// origToEdit[o] = an edit vertex standing for base vertex o, when the edit's
// triangles are the base's `count` first indices corner by corner and every
// edit vertex mapped to one base vertex has one position. Empty when not.
std::vector<int64_t> cornerMap(const GeomChunk& g, size_t count, const AtlasChunkEdit& e) {
  if (e.indices.size() != count) return {};
  std::vector<int64_t> map(g.verts.size(), -1);
  for (size_t k = 0; k < count; ++k) {
    const uint16_t o = g.indices[k];
    const uint32_t ed = e.indices[k];
    if (o >= g.verts.size()) return {};
    if (map[o] < 0)
      map[o] = ed;
    else if (uint32_t(map[o]) != ed &&
             bitsOf(e.positions[size_t(map[o])]) != bitsOf(e.positions[ed]))
      return {};
  }
  return map;
}

RebuiltChunk keepTopology(const GeomChunk& g, size_t solidCount, const AtlasChunkEdit& e,
                          const std::vector<int64_t>& map, bool skirtsInEdit,
                          const std::string& who, const std::string& file) {
  RebuiltChunk r;
  r.topologyKept = true;
  WorkMesh m;
  m.verts = g.verts;
  m.solid.assign(g.indices.begin(), g.indices.begin() + ptrdiff_t(solidCount));
  m.skirt.assign(g.indices.begin() + ptrdiff_t(solidCount), g.indices.end());
  std::vector<bool> moved(m.verts.size(), false), movedXY(m.verts.size(), false);
  std::vector<bool> inSolid(m.verts.size(), false);
  for (uint32_t i : m.solid) inSolid[i] = true;
  for (size_t o = 0; o < m.verts.size(); ++o) {
    if (map[o] < 0) continue;
    const Vec3& p = e.positions[size_t(map[o])];
    const Vec3& old = m.verts[o].point;
    movedXY[o] = differs(p[0], old[0]) || differs(p[1], old[1]);
    moved[o] = movedXY[o] || differs(p[2], old[2]);
    if (moved[o]) m.verts[o].point = p; // else the base's exact bits stay
  }
  if (!skirtsInEdit) {
    // Skirt-only vertices are not in the edit: they follow the solid vertex
    // at their X/Y (the edge they hang from) by the same displacement.
    std::unordered_map<uint64_t, uint32_t> top;
    for (uint32_t i : m.solid) top.emplace(xyKey(g.verts[i].point), i);
    for (size_t v = 0; v < m.verts.size(); ++v) {
      if (inSolid[v]) continue;
      auto it = top.find(xyKey(g.verts[v].point));
      if (it == top.end() || !moved[it->second]) continue;
      for (int k = 0; k < 3; ++k)
        m.verts[v].point[k] =
            g.verts[v].point[k] + (m.verts[it->second].point[k] - g.verts[it->second].point[k]);
      moved[v] = m.verts[v].point != g.verts[v].point;
      movedXY[v] =
          m.verts[v].point[0] != g.verts[v].point[0] || m.verts[v].point[1] != g.verts[v].point[1];
    }
  }
  r.changed = std::find(moved.begin(), moved.end(), true) != moved.end();
  if (!r.changed) {
    r.geom = g;
    return r;
  }
  // Normals: kept, except around moved vertices, where the surface changed.
  std::vector<bool> affected(m.verts.size(), false);
  for (size_t t = 0; t + 2 < m.solid.size(); t += 3)
    if (moved[m.solid[t]] || moved[m.solid[t + 1]] || moved[m.solid[t + 2]])
      affected[m.solid[t]] = affected[m.solid[t + 1]] = affected[m.solid[t + 2]] = true;
  recomputeNormals(m.verts, m.solid, affected);
  // Texture coordinates: the base's planar mapping at the new X/Y.
  const PlanarMap uvMap = fitPlanarMap(g.verts, m.solid);
  for (size_t v = 0; v < m.verts.size(); ++v)
    if (movedXY[v]) {
      if (uvMap.ok)
        m.verts[v].texCoord = uvMap.at(m.verts[v].point[0], m.verts[v].point[1]);
      else if (!e.uv.empty() && map[v] >= 0) {
        m.verts[v].texCoord = e.uv[size_t(map[v])];
        r.texCoordsFromEdit = true;
      }
    }
  r.geom = toGeomChunk(m, 0, who, file);
  return r;
}

RebuiltChunk newTopology(const GeomChunk& g, size_t solidCount, const AtlasChunkEdit& e,
                         const std::string& who, const std::string& file) {
  RebuiltChunk r;
  r.changed = true;
  WorkMesh m;
  // Weld by exact position: DCCs split vertices at UV or normal seams, which
  // would otherwise show up as holes (skirts on seams, flat normals).
  std::map<Bits3, uint32_t> weld;
  std::vector<std::array<double, 3>> normalSum;
  std::vector<uint32_t> remap(e.positions.size(), ~0u);
  for (uint32_t i : e.indices) {
    if (remap[i] != ~0u) continue;
    auto [it, fresh] = weld.emplace(bitsOf(e.positions[i]), uint32_t(m.verts.size()));
    remap[i] = it->second;
    if (fresh) {
      Vertex v;
      v.point = e.positions[i];
      if (!e.uv.empty()) v.texCoord = e.uv[i];
      m.verts.push_back(v);
      normalSum.push_back({0, 0, 0});
    }
    if (!e.normals.empty())
      for (int k = 0; k < 3; ++k) normalSum[it->second][k] += e.normals[i][k];
  }
  for (size_t t = 0; t < e.indices.size(); t += 3) {
    const uint32_t a = remap[e.indices[t]], b = remap[e.indices[t + 1]],
                   c = remap[e.indices[t + 2]];
    if (a == b || b == c || a == c) continue; // degenerate after welding
    m.solid.insert(m.solid.end(), {a, b, c});
  }
  if (m.solid.empty())
    throw Error(file, Error::kNoOffset,
                "chunk " + who + ": every triangle of the edited mesh is degenerate");
  if (!e.normals.empty())
    for (size_t v = 0; v < m.verts.size(); ++v)
      m.verts[v].normal =
          unitOrUp({float(normalSum[v][0]), float(normalSum[v][1]), float(normalSum[v][2])});
  else
    recomputeNormals(m.verts, m.solid);
  std::vector<uint32_t> baseSolid(g.indices.begin(), g.indices.begin() + ptrdiff_t(solidCount));
  const PlanarMap uvMap = fitPlanarMap(g.verts, baseSolid);
  if (uvMap.ok || e.uv.empty()) {
    for (Vertex& v : m.verts) v.texCoord = uvMap.at(v.point[0], v.point[1]);
  } else {
    r.texCoordsFromEdit = true;
  }
  checkVertexLimit(m.verts.size(), 0, who, file);
  const size_t surface = m.verts.size();
  if (g.skirtSkip > 0) {
    appendSkirts(m, skirtDepth(g));
    r.skirtsRegenerated = true;
  }
  r.geom = toGeomChunk(m, m.verts.size() - surface, who, file);
  return r;
}

} // namespace

RebuiltChunk rebuildChunk(const GeomChunk& g, const AtlasChunkEdit& e, const std::string& who,
                          const std::string& file) {
  checkEdit(e, who, file);
  checkPlacement(g, e, who, file);
  const size_t skirt = std::min<size_t>(g.skirtSkip, g.indices.size());
  const size_t solidCount = g.indices.size() - skirt;
  // The edit normally leaves skirts out (design.md: convert drops them); an
  // edit of a file converted with --skirts carries them as more triangles.
  std::vector<int64_t> map = cornerMap(g, solidCount, e);
  if (!map.empty()) return keepTopology(g, solidCount, e, map, false, who, file);
  if (skirt > 0) {
    map = cornerMap(g, g.indices.size(), e);
    if (!map.empty()) return keepTopology(g, solidCount, e, map, true, who, file);
  }
  return newTopology(g, solidCount, e, who, file);
}

} // namespace strata::atlas

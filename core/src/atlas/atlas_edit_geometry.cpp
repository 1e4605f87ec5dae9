#include "atlas/atlas_edit_geometry.h"
#include "atlas/atlas_vertex_key.h"

#include "atlas/atlas_io.h"
#include "strata/error.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <unordered_map>

namespace strata::atlas {

void checkVertexLimit(size_t vertices, size_t skirtVertices, const std::string& chunk,
                      const std::string& file) {
  if (vertices <= 0xFFFF) return;
  throw Error(file, Error::kNoOffset,
              "chunk " + chunk + " has " + std::to_string(vertices) + " vertices" +
                  (skirtVertices ? " (" + std::to_string(skirtVertices) + " of them for skirts)"
                                 : std::string()) +
                  "; Atlas indices are 16-bit, so a chunk holds at most 65535: split or "
                  "simplify it");
}

GeomChunk toGeomChunk(const WorkMesh& m, size_t skirtVertices, const std::string& chunk,
                      const std::string& file) {
  checkVertexLimit(m.verts.size(), skirtVertices, chunk, file);
  GeomChunk g;
  g.verts = m.verts;
  g.indices.reserve(m.solid.size() + m.skirt.size());
  for (uint32_t i : m.solid) g.indices.push_back(uint16_t(i));
  for (uint32_t i : m.skirt) g.indices.push_back(uint16_t(i));
  g.skirtSkip = uint32_t(m.skirt.size());
  return g;
}

Vec3 unitOrUp(const Vec3& v) {
  double len = std::sqrt(double(v[0]) * v[0] + double(v[1]) * v[1] + double(v[2]) * v[2]);
  if (!(len > 1e-20) || !std::isfinite(len)) return {0, 0, 1};
  return {float(v[0] / len), float(v[1] / len), float(v[2] / len)};
}

void recomputeNormals(std::vector<Vertex>& verts, const std::vector<uint32_t>& solid,
                      const std::vector<bool>& only) {
  std::vector<std::array<double, 3>> sum(verts.size(), {0, 0, 0});
  for (size_t t = 0; t + 2 < solid.size(); t += 3) {
    const uint32_t a = solid[t], b = solid[t + 1], c = solid[t + 2];
    if (!only.empty() && !only[a] && !only[b] && !only[c]) continue;
    const Vec3 &pa = verts[a].point, &pb = verts[b].point, &pc = verts[c].point;
    const double e1[3] = {double(pb[0]) - pa[0], double(pb[1]) - pa[1], double(pb[2]) - pa[2]};
    const double e2[3] = {double(pc[0]) - pa[0], double(pc[1]) - pa[1], double(pc[2]) - pa[2]};
    // The cross product's length is twice the area: area weighting for free.
    const double n[3] = {e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2],
                         e1[0] * e2[1] - e1[1] * e2[0]};
    for (uint32_t v : {a, b, c})
      for (int k = 0; k < 3; ++k) sum[v][k] += n[k];
  }
  for (size_t v = 0; v < verts.size(); ++v) {
    if (!only.empty() && !only[v]) continue;
    double len = std::sqrt(sum[v][0] * sum[v][0] + sum[v][1] * sum[v][1] + sum[v][2] * sum[v][2]);
    if (len > 0)
      verts[v].normal = {float(sum[v][0] / len), float(sum[v][1] / len), float(sum[v][2] / len)};
    else
      verts[v].normal = {0, 0, 1};
  }
}

Vec2 PlanarMap::at(float x, float y) const {
  return {float(u[0] + u[1] * x + u[2] * y), float(v[0] + v[1] * x + v[2] * y)};
}

namespace {

// Solves the 3x3 system m * s = r by Cramer's rule; false when singular.
bool solve3(const double m[3][3], const double r[3], double s[3]) {
  auto det = [](const double a[3][3]) {
    return a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) -
           a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0]) +
           a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0]);
  };
  const double d = det(m);
  double scale = 0;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) scale = std::max(scale, std::fabs(m[i][j]));
  if (!(std::fabs(d) > 1e-12 * scale * scale * scale)) return false;
  for (int c = 0; c < 3; ++c) {
    double t[3][3];
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) t[i][j] = j == c ? r[i] : m[i][j];
    s[c] = det(t) / d;
  }
  return true;
}

} // namespace

PlanarMap fitPlanarMap(const std::vector<Vertex>& verts, const std::vector<uint32_t>& solid) {
  PlanarMap map;
  std::vector<bool> used(verts.size(), false);
  for (uint32_t i : solid)
    if (i < verts.size()) used[i] = true;
  // Least squares on (1, x, y) about the centroid, for conditioning.
  double cx = 0, cy = 0;
  size_t n = 0;
  for (size_t i = 0; i < verts.size(); ++i)
    if (used[i]) cx += verts[i].point[0], cy += verts[i].point[1], ++n;
  if (n < 3) return map;
  cx /= double(n), cy /= double(n);
  double m[3][3] = {}, ru[3] = {}, rv[3] = {};
  for (size_t i = 0; i < verts.size(); ++i) {
    if (!used[i]) continue;
    const double b[3] = {1, verts[i].point[0] - cx, verts[i].point[1] - cy};
    for (int r = 0; r < 3; ++r) {
      for (int c = 0; c < 3; ++c) m[r][c] += b[r] * b[c];
      ru[r] += b[r] * verts[i].texCoord[0];
      rv[r] += b[r] * verts[i].texCoord[1];
    }
  }
  double su[3], sv[3];
  if (!solve3(m, ru, su) || !solve3(m, rv, sv)) return map;
  // Back to (1, x, y) without the centroid shift.
  map.u[0] = su[0] - su[1] * cx - su[2] * cy, map.u[1] = su[1], map.u[2] = su[2];
  map.v[0] = sv[0] - sv[1] * cx - sv[2] * cy, map.v[1] = sv[1], map.v[2] = sv[2];
  // Planar only if it reproduces every vertex to float precision of the range.
  double range = 0, worst = 0;
  for (size_t i = 0; i < verts.size(); ++i) {
    if (!used[i]) continue;
    const Vertex& vx = verts[i];
    range = std::max({range, std::fabs(double(vx.texCoord[0])), std::fabs(double(vx.texCoord[1]))});
    const double pu = map.u[0] + map.u[1] * vx.point[0] + map.u[2] * vx.point[1];
    const double pv = map.v[0] + map.v[1] * vx.point[0] + map.v[2] * vx.point[1];
    worst = std::max({worst, std::fabs(pu - vx.texCoord[0]), std::fabs(pv - vx.texCoord[1])});
  }
  map.ok = worst <= 1e-5 * std::max(1.0, range);
  return map;
}

float skirtDepth(const GeomChunk& g) {
  const size_t solid = g.indices.size() - std::min<size_t>(g.skirtSkip, g.indices.size());
  std::vector<bool> inSolid(g.verts.size(), false);
  for (size_t i = 0; i < solid; ++i)
    if (g.indices[i] < g.verts.size()) inSolid[g.indices[i]] = true;
  std::unordered_map<uint64_t, float> topZ; // highest solid vertex at each X/Y
  for (size_t v = 0; v < g.verts.size(); ++v)
    if (inSolid[v]) {
      auto [it, fresh] = topZ.emplace(xyKey(g.verts[v].point), g.verts[v].point[2]);
      if (!fresh) it->second = std::max(it->second, g.verts[v].point[2]);
    }
  float depth = 0;
  for (size_t i = solid; i < g.indices.size(); ++i) {
    const uint16_t v = g.indices[i];
    if (v >= g.verts.size() || inSolid[v]) continue;
    auto it = topZ.find(xyKey(g.verts[v].point));
    if (it != topZ.end()) depth = std::max(depth, it->second - g.verts[v].point[2]);
  }
  if (depth > 0) return depth;
  const Box3 b = boundsOfVertices(g.verts);
  return std::max(b.max[0] - b.min[0], b.max[1] - b.min[1]) / 16.0f;
}

void appendSkirts(WorkMesh& m, float depth) {
  // Directed solid edges; an edge is on the boundary when its reverse is absent.
  std::map<std::pair<uint32_t, uint32_t>, int> edges;
  for (size_t t = 0; t + 2 < m.solid.size(); t += 3)
    for (int k = 0; k < 3; ++k) edges[{m.solid[t + k], m.solid[t + (k + 1) % 3]}]++;
  std::unordered_map<uint32_t, uint32_t> below; // boundary vertex -> its skirt vertex
  auto skirtVertex = [&](uint32_t top) {
    auto it = below.find(top);
    if (it != below.end()) return it->second;
    Vertex s = m.verts[top];
    s.point[2] -= depth;
    s.pointMorph = {0, 0, 0};
    const uint32_t id = uint32_t(m.verts.size());
    m.verts.push_back(s);
    below.emplace(top, id);
    return id;
  };
  // Triangle order, so the result does not depend on the map's ordering.
  for (size_t t = 0; t + 2 < m.solid.size(); t += 3)
    for (int k = 0; k < 3; ++k) {
      const uint32_t a = m.solid[t + k], b = m.solid[t + (k + 1) % 3];
      if (a == b || edges.count({b, a}) || edges[{a, b}] != 1) continue;
      const uint32_t as = skirtVertex(a), bs = skirtVertex(b);
      m.skirt.insert(m.skirt.end(), {a, b, bs, a, bs, as});
    }
}

} // namespace strata::atlas

#include "atlas/atlas_lod_check.h"
#include "atlas/atlas_vertex_key.h"

#include "atlas/atlas_edit.h"
#include "atlas/atlas_io.h"
#include "strata/quadtree.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <unordered_map>

namespace strata::atlas {

namespace {

bool finite(const Vec3& p) {
  return std::isfinite(p[0]) && std::isfinite(p[1]) && std::isfinite(p[2]);
}

size_t solidCount(const GeomChunk& g) {
  return g.indices.size() - std::min<size_t>(g.skirtSkip, g.indices.size());
}

const GeomChunk* chunkAt(const File& file, const Toc& toc, size_t i) {
  const GeomStub& s = toc.geomStubs[i];
  const Frame* f = s.length ? file.frameAt(s.offset) : nullptr;
  return f ? &f->geom : nullptr;
}

// Children's solid triangles in X/Y, binned on a grid for lookup.
class Surface {
public:
  void add(const GeomChunk& g) {
    const size_t solid = solidCount(g);
    for (size_t t = 0; t + 2 < solid; t += 3) {
      std::array<Vec3, 3> tri;
      bool ok = true;
      for (int k = 0; k < 3; ++k) {
        if (g.indices[t + size_t(k)] >= g.verts.size())
          ok = false;
        else
          tri[size_t(k)] = g.verts[g.indices[t + size_t(k)]].point;
        // A non-finite point is an error of its own (atlas_check.cpp); it has
        // no place on a surface.
        if (ok && !finite(tri[size_t(k)])) ok = false;
      }
      if (!ok) continue;
      tris_.push_back(tri);
      for (const Vec3& p : tri) points_.insert({xyKey(p), p[2]});
    }
  }

  void index() {
    if (tris_.empty()) return;
    lo_ = {tris_[0][0][0], tris_[0][0][1]}, hi_ = lo_;
    for (const auto& t : tris_)
      for (const Vec3& p : t) {
        lo_ = {std::min(lo_[0], p[0]), std::min(lo_[1], p[1])};
        hi_ = {std::max(hi_[0], p[0]), std::max(hi_[1], p[1])};
      }
    grid_ = size_t(std::clamp(std::sqrt(double(tris_.size()) / 2), 1.0, 64.0));
    cells_.assign(grid_ * grid_, {});
    for (size_t i = 0; i < tris_.size(); ++i) {
      float x0 = tris_[i][0][0], x1 = x0, y0 = tris_[i][0][1], y1 = y0;
      for (const Vec3& p : tris_[i]) {
        x0 = std::min(x0, p[0]), x1 = std::max(x1, p[0]);
        y0 = std::min(y0, p[1]), y1 = std::max(y1, p[1]);
      }
      for (size_t cx = cell(x0, 0); cx <= cell(x1, 0); ++cx)
        for (size_t cy = cell(y0, 1); cy <= cell(y1, 1); ++cy) cells_[cx * grid_ + cy].push_back(i);
    }
  }

  // Smallest |z - surface| over the triangles covering (x, y) and the
  // children's vertices at exactly (x, y) (a simplifier may leave a vertical
  // sliver on a locked border, which covers no area); false if none.
  bool distance(const Vec3& p, double& out) const {
    if (tris_.empty() || !finite(p) || p[0] < lo_[0] || p[0] > hi_[0] || p[1] < lo_[1] ||
        p[1] > hi_[1])
      return false;
    bool found = false;
    auto same = points_.equal_range(xyKey(p));
    for (auto it = same.first; it != same.second; ++it) {
      const double d = std::fabs(double(p[2]) - it->second);
      out = found ? std::min(out, d) : d;
      found = true;
    }
    for (size_t i : cells_[cell(p[0], 0) * grid_ + cell(p[1], 1)]) {
      const auto& t = tris_[i];
      const double ax = t[0][0], ay = t[0][1];
      const double e1x = t[1][0] - ax, e1y = t[1][1] - ay, e2x = t[2][0] - ax, e2y = t[2][1] - ay;
      const double det = e1x * e2y - e1y * e2x;
      const double scale =
          std::max({std::fabs(e1x), std::fabs(e1y), std::fabs(e2x), std::fabs(e2y)});
      if (!(std::fabs(det) > 1e-12 * scale * scale)) continue; // vertical in X/Y
      const double px = p[0] - ax, py = p[1] - ay;
      const double u = (px * e2y - py * e2x) / det, v = (e1x * py - e1y * px) / det;
      const double eps = 1e-5;
      if (u < -eps || v < -eps || u + v > 1 + eps) continue;
      const double z = t[0][2] + u * (double(t[1][2]) - t[0][2]) + v * (double(t[2][2]) - t[0][2]);
      const double d = std::fabs(p[2] - z);
      out = found ? std::min(out, d) : d;
      found = true;
    }
    return found;
  }

private:
  std::vector<std::array<Vec3, 3>> tris_;
  std::unordered_multimap<uint64_t, float> points_; // X/Y bits -> Z
  Vec2 lo_{0, 0}, hi_{0, 0};
  size_t grid_ = 1;
  std::vector<std::vector<size_t>> cells_;

  // The grid cell of coordinate `v`. Written so that no value, NaN included,
  // reaches the conversion to an integer outside 0..grid - 1.
  size_t cell(float v, int axis) const {
    const double span = double(hi_[size_t(axis)]) - lo_[size_t(axis)];
    if (!(span > 0)) return 0;
    const double f = (double(v) - lo_[size_t(axis)]) / span * double(grid_);
    if (!(f > 0)) return 0;
    return f < double(grid_ - 1) ? size_t(f) : grid_ - 1;
  }
};

// Height range of the terrain (every chunk's vertices), or -1 without any.
double heightRange(const File& file, const Toc& toc) {
  float zMin = INFINITY, zMax = -INFINITY;
  for (size_t i = 0; i < toc.geomStubs.size(); ++i)
    if (const GeomChunk* g = chunkAt(file, toc, i))
      for (const Vertex& v : g->verts)
        if (std::isfinite(v.point[2]))
          zMin = std::min(zMin, v.point[2]), zMax = std::max(zMax, v.point[2]);
  return zMax >= zMin ? double(zMax) - zMin : -1;
}

// Largest distance of `g`'s solid vertices from `surface` where it covers them.
double largestDistance(const GeomChunk& g, const Surface& surface, Vec3* where = nullptr) {
  double worst = 0;
  const size_t solid = solidCount(g);
  for (size_t k = 0; k < solid; ++k) {
    if (g.indices[k] >= g.verts.size()) continue;
    const Vec3& v = g.verts[g.indices[k]].point;
    double d;
    if (surface.distance(v, d) && d > worst) {
      worst = d;
      if (where) *where = v;
    }
  }
  return worst;
}

} // namespace

void checkStaleLods(const File& file, const Toc& toc, ValidationReport& rep) {
  if (toc.treeDepth < 2 || toc.geomStubs.size() != nodeCount(toc.treeDepth)) return;
  const double range = heightRange(file, toc);
  if (range < 0) return;
  const double tolerance = std::max(0.01 * range, 1e-4);
  for (size_t i = 0; i < nodeCount(toc.treeDepth - 1); ++i) {
    const GeomChunk* g = chunkAt(file, toc, i);
    if (!g) continue;
    const NodePos p = nodePos(i);
    Surface surface;
    for (uint32_t c = 0; c < 4; ++c)
      if (const GeomChunk* ch =
              chunkAt(file, toc, size_t(nodeId(p.level + 1, 2 * p.x + c / 2, 2 * p.y + c % 2))))
        surface.add(*ch);
    surface.index();
    Vec3 where{0, 0, 0};
    const double worst = largestDistance(*g, surface, &where);
    if (worst > tolerance) {
      char buf[240];
      std::snprintf(buf, sizeof buf,
                    ": stale LOD? its vertex at (%g, %g) lies %g units off its children's surface "
                    "(tolerance %g, 1%% of the height range); regenerate it with export-atlas "
                    "--rebuild-lods",
                    where[0], where[1], worst, tolerance);
      rep.warning(file.frameAt(toc.geomStubs[i].offset)->offset,
                  "chunk " + nodeName(p.level, p.x, p.y) + buf);
    }
  }
}

bool morphIsZero(const GeomChunk& g) {
  const size_t solid = solidCount(g);
  for (size_t k = 0; k < solid; ++k) {
    if (g.indices[k] >= g.verts.size()) continue;
    const Vertex& v = g.verts[g.indices[k]];
    if (v.pointMorph != Vec3{0, 0, 0} || v.texMorph != Vec2{0, 0}) return false;
  }
  return true;
}

void checkZeroedMorph(const File& file, const Toc& toc, ValidationReport& rep) {
  if (toc.geomStubs.size() != nodeCount(toc.treeDepth)) return;
  const double range = heightRange(file, toc);
  for (uint32_t level = 1; level < toc.treeDepth; ++level) {
    std::vector<size_t> zero;
    size_t withMorph = 0;
    for (uint64_t i = nodeCount(level); i < nodeCount(level + 1); ++i)
      if (const GeomChunk* g = chunkAt(file, toc, size_t(i))) {
        if (morphIsZero(*g))
          zero.push_back(size_t(i));
        else
          ++withMorph;
      }
    if (withMorph == 0) continue; // the level has no morph data at all: consistent
    for (size_t i : zero) {
      // A chunk that lies on its parent's surface (flat ground) needs no morph.
      const NodePos p = nodePos(i);
      const GeomChunk* parent = chunkAt(file, toc, size_t(nodeId(p.level - 1, p.x / 2, p.y / 2)));
      if (parent) {
        Surface surface;
        surface.add(*parent);
        surface.index();
        if (largestDistance(*chunkAt(file, toc, i), surface) <= 1e-3 * range) continue;
      }
      rep.warning(file.frameAt(toc.geomStubs[i].offset)->offset,
                  "chunk " + nodeName(p.level, p.x, p.y) + ": every morph offset is zero while " +
                      std::to_string(withMorph) + " other chunks of level " +
                      std::to_string(level) +
                      " have some (re-topologized or rebuilt by an edit? its LOD transition "
                      "will pop)");
    }
  }
}

} // namespace strata::atlas

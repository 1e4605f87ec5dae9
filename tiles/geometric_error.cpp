#include "geometric_error.h"

#include <algorithm>
#include <cmath>

namespace strata::tiles {

namespace {

// Triangles binned on a uniform grid of their ground footprint, so a point
// or a segment visits only the triangles near it.
class Grid {
public:
  explicit Grid(const Triangles& t) : tris_(t) {
    if (t.empty()) return;
    float lo[2] = {INFINITY, INFINITY}, hi[2] = {-INFINITY, -INFINITY};
    for (const auto& tri : t)
      for (const Vec3& v : tri)
        for (int k = 0; k < 2; ++k) {
          lo[k] = std::min(lo[k], v[k]);
          hi[k] = std::max(hi[k], v[k]);
        }
    side_ = std::max(1, std::min(512, int(std::sqrt(double(t.size())))));
    for (int k = 0; k < 2; ++k) {
      origin_[k] = lo[k];
      cell_[k] = std::max((double(hi[k]) - lo[k]) / side_, 1e-9);
    }
    cells_.resize(size_t(side_) * side_);
    for (size_t i = 0; i < t.size(); ++i) {
      int c0[2], c1[2];
      for (int k = 0; k < 2; ++k) {
        float a = std::min({t[i][0][k], t[i][1][k], t[i][2][k]});
        float b = std::max({t[i][0][k], t[i][1][k], t[i][2][k]});
        c0[k] = cellOf(a, k);
        c1[k] = cellOf(b, k);
      }
      for (int cx = c0[0]; cx <= c1[0]; ++cx)
        for (int cy = c0[1]; cy <= c1[1]; ++cy) cells_[size_t(cx) * side_ + cy].push_back(i);
    }
  }

  // Triangles whose footprint may meet the box [x0, x1] x [y0, y1], each once.
  template <class F> void visit(double x0, double y0, double x1, double y1, F&& f) const {
    if (cells_.empty()) return;
    const int ax = cellOf(x0, 0), bx = cellOf(x1, 0), ay = cellOf(y0, 1), by = cellOf(y1, 1);
    ++stamp_;
    seen_.resize(tris_.size(), 0);
    for (int cx = ax; cx <= bx; ++cx)
      for (int cy = ay; cy <= by; ++cy)
        for (size_t i : cells_[size_t(cx) * side_ + cy])
          if (seen_[i] != stamp_) {
            seen_[i] = stamp_;
            f(tris_[i]);
          }
  }

private:
  int cellOf(double v, int k) const {
    return std::clamp(int(std::floor((v - origin_[k]) / cell_[k])), 0, side_ - 1);
  }
  const Triangles& tris_;
  int side_ = 0;
  double origin_[2] = {0, 0}, cell_[2] = {1, 1};
  std::vector<std::vector<size_t>> cells_;
  mutable std::vector<unsigned> seen_;
  mutable unsigned stamp_ = 0;
};

// Height of (x, y) on `tri` when its footprint holds the point (edges
// included, with a tolerance relative to the triangle's size).
bool onTriangle(const std::array<Vec3, 3>& tri, double x, double y, double& z) {
  const double ax = tri[0][0], ay = tri[0][1];
  const double bx = tri[1][0] - ax, by = tri[1][1] - ay;
  const double cx = tri[2][0] - ax, cy = tri[2][1] - ay;
  const double det = bx * cy - by * cx;
  if (std::fabs(det) < 1e-12) return false; // vertical or degenerate: no height
  const double px = x - ax, py = y - ay;
  const double u = (px * cy - py * cx) / det, v = (bx * py - by * px) / det;
  const double eps = 1e-6;
  if (u < -eps || v < -eps || u + v > 1 + eps) return false;
  z = tri[0][2] + u * (double(tri[1][2]) - tri[0][2]) + v * (double(tri[2][2]) - tri[0][2]);
  return true;
}

bool heightOn(const Grid& g, double x, double y, double& z) {
  bool found = false;
  g.visit(x, y, x, y, [&](const std::array<Vec3, 3>& tri) {
    if (!found) found = onTriangle(tri, x, y, z);
  });
  return found;
}

// Vertices of `from` against the surface of `onto`.
double vertexDistance(const Triangles& from, const Grid& onto) {
  double worst = 0;
  for (const auto& tri : from)
    for (const Vec3& v : tri) {
      double z = 0;
      if (heightOn(onto, v[0], v[1], z)) worst = std::max(worst, std::fabs(z - v[2]));
    }
  return worst;
}

// Where edge p0-p1 of `a` crosses an edge of a triangle of `b` from above,
// the two heights there.
double crossingDistance(const Triangles& a, const Grid& b) {
  double worst = 0;
  for (const auto& ta : a)
    for (int e = 0; e < 3; ++e) {
      const Vec3& p0 = ta[size_t(e)];
      const Vec3& p1 = ta[size_t((e + 1) % 3)];
      b.visit(std::min(p0[0], p1[0]), std::min(p0[1], p1[1]), std::max(p0[0], p1[0]),
              std::max(p0[1], p1[1]), [&](const std::array<Vec3, 3>& tb) {
                for (int f = 0; f < 3; ++f) {
                  const Vec3& q0 = tb[size_t(f)];
                  const Vec3& q1 = tb[size_t((f + 1) % 3)];
                  const double rx = double(p1[0]) - p0[0], ry = double(p1[1]) - p0[1];
                  const double sx = double(q1[0]) - q0[0], sy = double(q1[1]) - q0[1];
                  const double den = rx * sy - ry * sx;
                  if (std::fabs(den) < 1e-12) continue; // parallel: ends are vertices
                  const double qpx = double(q0[0]) - p0[0], qpy = double(q0[1]) - p0[1];
                  const double t = (qpx * sy - qpy * sx) / den, u = (qpx * ry - qpy * rx) / den;
                  if (t < 0 || t > 1 || u < 0 || u > 1) continue;
                  const double za = p0[2] + t * (double(p1[2]) - p0[2]);
                  const double zb = q0[2] + u * (double(q1[2]) - q0[2]);
                  worst = std::max(worst, std::fabs(za - zb));
                }
              });
    }
  return worst;
}

} // namespace

bool heightAt(const Triangles& t, float x, float y, double& z) {
  return heightOn(Grid(t), x, y, z);
}

double surfaceDistance(const Triangles& a, const Triangles& b) {
  const Grid ga(a), gb(b);
  return std::max({vertexDistance(a, gb), vertexDistance(b, ga), crossingDistance(a, gb)});
}

} // namespace strata::tiles

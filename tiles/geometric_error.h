#pragma once
// The geometric error of each chunk of a terrain quadtree, from its geometry
// (docs/tiles.md "Geometric error").
#include "strata/scene.h"

#include <array>
#include <vector>

namespace strata::tiles {

// A chunk's solid triangles, Z up (source coordinates).
using Triangles = std::vector<std::array<Vec3, 3>>;

// The largest vertical distance between two height fields, over the ground
// both cover: max |za(p) - zb(p)| over every vertex of `a` above `b`, every
// vertex of `b` above `a`, and every point where an edge of `a` crosses an
// edge of `b` seen from above. Both are piecewise linear, so their difference
// is linear on each cell of the two triangulations overlaid, and these points
// are the corners of those cells: the maximum is exact. 0 when they share no
// ground.
double surfaceDistance(const Triangles& a, const Triangles& b);

// A point's height on the first triangle of `t` holding it seen from above,
// or false when none does.
bool heightAt(const Triangles& t, float x, float y, double& z);

} // namespace strata::tiles

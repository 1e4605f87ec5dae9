// outlineOf (strata/scene.h): what a writer lays a mesh out by.
#include "strata/scene.h"

#include <cmath>

namespace strata {

namespace {

// The bounds as PrimitiveOutline defines them: selects in order, as
// std::min/max over the values, in float.
void boundsOf(const std::vector<Vec3>& points, Vec3& lo, Vec3& hi) {
  lo = {INFINITY, INFINITY, INFINITY};
  hi = {-INFINITY, -INFINITY, -INFINITY};
  for (const Vec3& v : points)
    for (size_t k = 0; k < 3; ++k) {
      lo[k] = v[k] < lo[k] ? v[k] : lo[k];
      hi[k] = hi[k] < v[k] ? v[k] : hi[k];
    }
}

} // namespace

bool PrimitiveOutline::Target::operator==(const Target& o) const {
  return positions == o.positions && uv0 == o.uv0 && min == o.min && max == o.max;
}

bool PrimitiveOutline::operator==(const PrimitiveOutline& o) const {
  return positions == o.positions && normals == o.normals && uv0 == o.uv0 && uv1 == o.uv1 &&
         colors == o.colors && indices == o.indices && material == o.material && min == o.min &&
         max == o.max && targets == o.targets;
}

MeshOutline outlineOf(const Mesh& mesh) {
  MeshOutline out;
  for (const Primitive& p : mesh.primitives) {
    PrimitiveOutline o;
    o.positions = p.positions.size();
    o.normals = p.normals.size();
    o.uv0 = p.uv0.size();
    o.uv1 = p.uv1.size();
    o.colors = p.colors.size();
    o.indices = p.indices.size();
    o.material = p.material;
    boundsOf(p.positions, o.min, o.max);
    for (const MorphTarget& t : p.morphTargets) {
      PrimitiveOutline::Target to;
      to.positions = t.positions.size();
      to.uv0 = t.uv0.size();
      boundsOf(t.positions, to.min, to.max);
      o.targets.push_back(to);
    }
    out.push_back(std::move(o));
  }
  return out;
}

} // namespace strata

#pragma once
// Normals under a node's world transform. They go through the inverse
// transpose of its linear part; the cofactor matrix is that times the
// determinant and needs no inversion, so only the determinant's sign is
// divided back out.
#include <array>
#include <cmath>

namespace strata::edits {

struct NormalTransform {
  double cof[3][3];
  double det;

  // at(row, col) reads the transform's linear part.
  template <class At> explicit NormalTransform(At at) {
    for (int r = 0; r < 3; ++r)
      for (int c = 0; c < 3; ++c) {
        const int r1 = (r + 1) % 3, r2 = (r + 2) % 3, c1 = (c + 1) % 3, c2 = (c + 2) % 3;
        cof[r][c] = at(r1, c1) * at(r2, c2) - at(r1, c2) * at(r2, c1);
      }
    det = at(0, 0) * cof[0][0] + at(0, 1) * cof[0][1] + at(0, 2) * cof[0][2];
  }

  // A mirroring transform, which also turns the winding around.
  bool mirrors() const { return det < 0; }

  // The normal (x, y, z) transformed, unit length (a zero normal stays zero).
  std::array<double, 3> apply(double x, double y, double z) const {
    std::array<double, 3> v;
    for (int r = 0; r < 3; ++r) v[size_t(r)] = cof[r][0] * x + cof[r][1] * y + cof[r][2] * z;
    const double len = std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]) * (mirrors() ? -1 : 1);
    if (len != 0) v[0] /= len, v[1] /= len, v[2] /= len;
    return v;
  }
};

} // namespace strata::edits

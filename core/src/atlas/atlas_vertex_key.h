#pragma once
// Vertices matched by position across edits, LOD checks and skirts: the exact
// float bits of X and Y, with -0 folded into +0.
#include "strata/scene.h"

#include <cstdint>
#include <cstring>

namespace strata::atlas {

inline uint64_t xyKey(const Vec3& p) {
  uint32_t x, y;
  const float fx = p[0] + 0.0f, fy = p[1] + 0.0f; // -0 is +0
  std::memcpy(&x, &fx, 4);
  std::memcpy(&y, &fy, 4);
  return uint64_t(x) << 32 | y;
}

} // namespace strata::atlas

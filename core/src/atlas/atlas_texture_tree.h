#pragma once
// Texture-tree orientation (atlas-chu-tqt.md §4 "Texture-tree orientation"):
// the texture tree reflects the geometry tree's X axis.
#include "strata/scene.h"

#include <cstdint>

namespace strata::atlas {

struct TilePlacement {
  uint32_t level;        // texture level L
  uint32_t xL, yL;       // the geometry node projected to level L
  uint32_t stubX, stubY; // the texture stub: (N - 1 - xL, yL)
};

// The tile of texture level `texLevel` covering geometry node (level, x, y).
// texLevel must not exceed the geometry level (a coarser or equal tile).
TilePlacement placeTile(uint32_t geomLevel, uint32_t x, uint32_t y, uint32_t texLevel);

// §4 local UV of a global texture coordinate inside tile `p`:
// U = N tc.x - yL, V = N tc.y + xL + 1 - N. Inline: it runs once a vertex.
inline Vec2 localUV(const TilePlacement& p, const Vec2& tc) {
  const float n = float(1u << p.level);
  return {n * tc[0] - float(p.yL), n * tc[1] + float(p.xL) + 1.0f - n};
}

// The inverse: the global texture coordinate of local (u, v) in tile `p`.
Vec2 globalUV(const TilePlacement& p, const Vec2& local);

} // namespace strata::atlas

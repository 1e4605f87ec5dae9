#include "atlas/atlas_texture_tree.h"

namespace strata::atlas {

TilePlacement placeTile(uint32_t geomLevel, uint32_t x, uint32_t y, uint32_t texLevel) {
  TilePlacement p;
  p.level = texLevel;
  const uint32_t shift = geomLevel - texLevel;
  p.xL = x >> shift;
  p.yL = y >> shift;
  const uint32_t n = 1u << texLevel;
  p.stubX = n - 1 - p.xL;
  p.stubY = p.yL;
  return p;
}

Vec2 globalUV(const TilePlacement& p, const Vec2& local) {
  const float n = float(1u << p.level);
  return {(local[0] + float(p.yL)) / n, (local[1] - float(p.xL) - 1.0f + n) / n};
}

} // namespace strata::atlas

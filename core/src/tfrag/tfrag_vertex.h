#pragma once
// Dequantisation and LOD links of a tfrag's vertex infos (tfrag-layout.md
// "Dequantisation", tfrag-rc2.md "Parent indices").
#include "strata/scene.h"
#include "tfrag/tfrag_model.h"

#include <cstdint>
#include <string>

namespace strata::tfrag {

// Tier (0 common, 1 LOD 0+1, 2 LOD 0) of vertex info `g` (global index into
// common || LOD 0+1 || LOD 0).
int tierOf(const Tfrag& t, size_t g);

// Position index of a vertex info: vertex / 2 (positions sit at a stride of
// two quadwords). -1 when the field is odd, negative or past the positions.
int64_t positionIndex(const Tfrag& t, const VertexInfo& v);

// (origin + s16) / 1024, Z up.
Vec3 dequantPosition(const Tfrag& t, const Position& p);

// s / 4096 for s >= 0, s / 8192 below: the VU adds the STROW bias 2048.0f
// (0x45000000) to the integer, so a negative value drops into the binade
// below 2048 where the step is 2^-13.
float dequantUv(int16_t s);

// RGB 0..0x80 -> 0..1 (clamped), alpha a < 0x80 ? 2a : 255 -> 0..1.
Vec4 dequantColor(const Rgba& c);

// (cos az cos el, sin az cos el, sin el), angles v * pi / 128.
Vec3 lightNormal(const Light& l);

// First parent of vertex info `g`: -1 for a common entry. A LOD tier's first
// positionsCount entries take theirs from the tier's parent array, its extra
// entries from the second index array (Strata's reading of tfrag-rc2.md:
// every LOD entry resolves, through those two arrays).
int firstParent(const Tfrag& t, size_t g);

// Vertex infos a parent of tier `tier` may point at: common for LOD 0+1,
// common || LOD 0+1 for LOD 0.
size_t parentLimit(const Tfrag& t, int tier);

} // namespace strata::tfrag

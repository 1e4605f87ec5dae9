#pragma once
// Synthetic CHU and TQT files made by our own writers: the fixtures of the
// tests and the files in samples/ (no real CHU or TQT file is public).
#include "chu/chu_model.h"
#include "tqt/tqt_model.h"

#include <array>
#include <cstdint>

namespace strata::chu {

struct SynthOptions {
  int16_t treeDepth = 3;
  uint32_t gridQuads = 8;       // quads per chunk edge
  float leafDimensions = 32.0f; // world width of a leaf chunk
  float verticalScale = 1.0f / 64.0f;
  float baseMaxError = 0.5f;
  float heightScale = 12.0f; // world units
  bool skirts = true;        // skirt triangles first in the index list (TSE)
  float skirtDepth = 2.0f;
  uint32_t colTreeDepth = 3; // collision blocks on the leaf chunks; 0: none
};

// World height of the synthetic terrain at (x, y).
float synthHeight(double x, double y, const SynthOptions& o);

// A complete CHU tree, stubs and chunks in the depth-first order TSE's
// generator writes them (root, then NW, NE, SW, SE children), so the physical
// stub order differs from label order. Stub (x, y) is the world chunk
// position; its label is nodeID(level, y, x) (§9b transpose).
File synthChu(const SynthOptions& options);

} // namespace strata::chu

namespace strata::tqt {

struct SynthOptions {
  uint32_t treeDepth = 3;
  uint32_t tileSize = 16;
  uint32_t mips = 1; // per tile, largest first
  bool bc1 = false;  // BC1 (legacy FourCC DXT1, one colour per block), else RGBA8 masks
};

// The colour of texture node (level, x, y) at tile pixel (col, row), before
// any block compression: one virtual image over the whole tree, red = its row
// (x + (row + 0.5) / tileSize) / N, green = its column (y + (col + 0.5) /
// tileSize) / N, blue 64 * (level + 1), alpha 255. Placed by §4 (stub X
// reflected, local V = N tc.y + xL + 1 - N), a chunk then shows red = tc.y =
// 1 - px / width and green = tc.x = py / height (§9b): a seamless gradient.
std::array<uint8_t, 4> synthTexel(uint32_t level, uint32_t x, uint32_t y, uint32_t col,
                                  uint32_t row, const SynthOptions& o);

// A complete TQT tree with one DDS tile per node; table entry nodeID(level, y, x)
// points at the tile of logical node (level, x, y) (§9c).
File synthTqt(const SynthOptions& options);

} // namespace strata::tqt

#pragma once
// The TQT file model: a faithful mirror of a .tqt file (atlas-chu-tqt.md
// §9c). The offset table is kept in stored (transposed) order; tiles are kept
// once each in physical order, however many table entries share them.
#include "common/regions.h"
#include "strata/quadtree.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace strata::tqt {

constexpr uint32_t kMagic = 0x00747174; // "tqt\0" (§9a)
constexpr uint32_t kHeaderSize = 16;    // §9c header table

// §9c header (16 bytes); fourCC is not stored: it is always tqt\0.
struct Header {
  uint32_t version = 2; // Torque writes version 2 with DDS tiles (source notes)
  uint32_t treeDepth = 0;
  uint32_t tileSize = 0; // inferred intended square top-mip size; DDS wins
};

// A length-delimited tile: U32 chunkSize then chunkSize DDS bytes.
struct Tile {
  uint32_t offset = 0;
  std::vector<uint8_t> dds;
};

// Bytes no table names, kept where they were (common/regions.h).
using strata::Gap;

struct File {
  Header header;
  std::vector<uint32_t> offsets; // nodeCount(treeDepth) entries, stored order
  std::vector<Tile> tiles;       // physical order, unique
  std::vector<Gap> gaps;

  const Tile* tileAt(uint32_t offset) const;
  // The table entry of logical node (level, x, y): §9c stores it at
  // nodeID(level, y, x).
  uint32_t offsetOf(uint32_t level, uint32_t x, uint32_t y) const {
    return offsets[size_t(nodeId(level, y, x))];
  }
  const Tile* tileOf(uint32_t level, uint32_t x, uint32_t y) const {
    return tileAt(offsetOf(level, x, y));
  }
};

} // namespace strata::tqt

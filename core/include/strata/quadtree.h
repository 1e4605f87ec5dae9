#pragma once
// Quadtree node numbering shared by Atlas TOCs, CHU labels and TQT tables
// (atlas-chu-tqt.md §1 "Quadtree node indexing" and §6): complete levels
// stored root first, X major and Y minor within a level.
#include <cstdint>
#include <string>

namespace strata {

// Trees deeper than this cannot be numbered in 32 bits (TSE asserts < 16).
constexpr uint32_t kMaxTreeDepth = 15;

// Sum of 4^level for level 0..depth-1 (0x55555555 & ((1 << 2d) - 1)).
constexpr uint64_t nodeCount(uint32_t depth) {
  return 0x5555555555555555ull & ((uint64_t(1) << (depth * 2)) - 1);
}

constexpr uint64_t nodeId(uint32_t level, uint32_t x, uint32_t y) {
  return nodeCount(level) + (uint64_t(x) << level) + y;
}

struct NodePos {
  uint32_t level, x, y;
};

// Inverse of nodeId.
inline NodePos nodePos(uint64_t id) {
  uint32_t level = 0;
  while (nodeCount(level + 1) <= id) ++level;
  uint64_t local = id - nodeCount(level);
  return {level, uint32_t(local >> level), uint32_t(local & ((uint64_t(1) << level) - 1))};
}

// "L<level>_<x>_<y>": how nodes, chunks and tiles are named in scenes,
// messages and `strata textures` (design.md, "Atlas to scene").
inline std::string nodeName(uint32_t level, uint32_t x, uint32_t y) {
  return "L" + std::to_string(level) + "_" + std::to_string(x) + "_" + std::to_string(y);
}
inline std::string nodeName(const NodePos& p) {
  return nodeName(p.level, p.x, p.y);
}

} // namespace strata

#pragma once
// The CHU3 v400 file model: a faithful mirror of a .chu file
// (atlas-chu-tqt.md §9b). Reading then writing an unmodified model gives the
// same bytes: the physical stub order (stubs may be stored in any order), the
// physical chunk order, shared chunks and unreferenced bytes are all kept.
#include "common/regions.h"

#include <array>
#include <cstdint>
#include <initializer_list>
#include <utility>
#include <vector>

namespace strata::chu {

// §9a / §9b magic numbers, as little-endian values.
constexpr uint32_t kMagic = 0x33554843;         // "CHU3"
constexpr int16_t kVersion = 400;               // §9b header: must be 400
constexpr uint32_t kStubSentinel = 0xDEADBEEF;  // §9b stub
constexpr uint32_t kChunkSentinel = 0xBEEF1234; // §9b chunk
constexpr uint32_t kCollisionMark = 0xB33FD34D; // §9b collision block
constexpr uint32_t kChunkFooter = 0xB1E2E3F4;   // §9b chunk: always the last field
constexpr uint32_t kHeaderSize = 28;            // §9b header table
constexpr uint32_t kStubSize = 37;              // §9b stub table
constexpr double kQuantHalfRange = 16384.0;     // §9b vertex mapping: x / 16384

// §9b header (28 bytes). fourCC is not stored: it is always CHU3.
struct Header {
  int16_t version = kVersion;
  int16_t treeDepth = 0;
  float baseMaxError = 0;
  float verticalScale = 1;
  float leafDimensions = 1;
  uint32_t chunkCount = 0;
  uint32_t colTreeDepth = 0;
};

// §9b stub (37 bytes). The sentinel is always 0xDEADBEEF.
struct Stub {
  int32_t label = 0;
  std::array<int32_t, 4> neighbors{{-1, -1, -1, -1}}; // direction order unknown (§9b)
  uint8_t level = 0;
  int16_t x = 0, y = 0;
  int16_t min = 0, max = 0; // inferred quantized conservative Z bounds
  uint32_t chunkOffset = 0;
};

// Every field of a stub after its sentinel in stored order (§9b stub table):
// the one list the reader and the writer walk (`f(field, name)`;
// common/bytes.h ReadField, WriteField).
template <class S, class F> void forEachField(S& s, F&& f) {
  f(s.label, "CHU stub label");
  for (auto& n : s.neighbors) f(n, "CHU stub neighbor label");
  f(s.level, "CHU stub level");
  for (auto [v, name] : {std::pair{&s.x, "CHU stub x"}, std::pair{&s.y, "CHU stub y"},
                         std::pair{&s.min, "CHU stub min"}, std::pair{&s.max, "CHU stub max"}})
    f(*v, name);
  f(s.chunkOffset, "CHU stub chunkOffset");
}

// Per vertex: x, y, z, morph (§9b chunk), all quantized S16.
struct QVertex {
  int16_t x = 0, y = 0, z = 0, morph = 0;
};

// §9b collision block (colDataFlag == 1). Its token semantics are not
// established; it is kept as stored and never mapped to Atlas.
struct Collision {
  std::vector<std::array<int16_t, 2>> treeNodes; // nodeCount(colTreeDepth) x {min, max}
  std::vector<uint16_t> offsets;                 // colGridCount entries
  std::vector<uint16_t> buffer;                  // bufferSize entries
};

// One chunk at `offset` (points at its 0xBEEF1234 sentinel).
struct Chunk {
  uint32_t offset = 0;
  std::vector<QVertex> verts;
  std::vector<uint16_t> indices;
  uint32_t triCount = 0; // probable source triangle count (§9b)
  uint8_t colDataFlag = 0;
  Collision collision; // when colDataFlag == 1
};

// Bytes no stub refers to (between chunks, or after the last one).
using strata::Gap;

struct File {
  Header header;
  std::vector<Stub> stubs;   // physical order, not label order
  std::vector<Chunk> chunks; // physical order; several stubs may share one
  std::vector<Gap> gaps;

  const Chunk* chunkAt(uint32_t offset) const;
  // The stub with this label, or nullptr.
  const Stub* stubByLabel(int64_t label) const;
};

// Collision-grid dimensions derived from colTreeDepth (§9b "Derived collision value").
inline uint64_t collisionGridCount(uint32_t colTreeDepth) {
  return colTreeDepth ? uint64_t(1) << (2 * (colTreeDepth - 1)) : 0;
}

} // namespace strata::chu

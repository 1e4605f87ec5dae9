#pragma once
// The Atlas file model: a faithful mirror of an .atlas file
// (atlas-chu-tqt.md §0-§6). Reading then writing an unmodified model gives the
// same bytes: physical chunk order, unreferenced bytes between chunks,
// previousChunk and generation are all kept.
#include "common/regions.h"
#include "strata/scene.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace strata::atlas {

// §0 and §2 markers, as little-endian U32 values.
constexpr uint32_t kMagic = 0x534C5441;       // "ATLS"
constexpr uint32_t kFrameMarker = 0x50535441; // "ATSP"
constexpr uint32_t kGeomHead = 0x68636761;    // "agch"
constexpr uint32_t kGeomTail = 0x74636761;    // "agct"
constexpr uint32_t kTexHead = 0x48786554;     // "TexH"
constexpr uint32_t kTexTail = 0x54786554;     // "TexT"
constexpr uint32_t kConfigHead = 0x48676643;  // "CfgH"
constexpr uint32_t kConfigTail = 0x54676643;  // "CfgT"
constexpr uint32_t kGeomFooter = 0xCEFEDEEF;  // §3, versions >= 120
constexpr uint8_t kStubSentinel = 0xD0;       // §1a, versions >= 101
constexpr uint8_t kCollisionPresent = 0xDF;   // §3 colFlag
constexpr uint8_t kCollisionAbsent = 0x0F;
constexpr uint32_t kMaxVersion = 140;

// Version boundaries of the geometry layouts (§7).
constexpr uint32_t kVersionBounds = 101;
constexpr uint32_t kVersionCollision = 120;
constexpr uint32_t kVersionMorphSwap = 130;
constexpr uint32_t kVersionNormals = 140;

enum class TocKind { Geom, Tex, Config };

struct Box3 {
  Vec3 min{0, 0, 0}, max{0, 0, 0};
};

// The smallest box holding both.
Box3 unite(const Box3& a, const Box3& b);

// §1a: 20 bytes before v101 (pos.x, pos.y), 37 bytes from v101 (bounds + 0xD0).
struct GeomStub {
  uint32_t offset = 0, length = 0, generation = 0;
  float posX = 0, posY = 0; // < 101
  Box3 bounds;              // >= 101
  uint8_t sentinel = kStubSentinel;
};

// §1b: 12 bytes.
struct TexStub {
  uint32_t offset = 0, length = 0, generation = 0;
};

// §1c: 20 bytes with a fixed char[8] NUL-padded name.
struct ConfigStub {
  uint32_t offset = 0, length = 0, generation = 0;
  std::array<char, 8> name{};
};

struct Toc {
  TocKind kind = TocKind::Geom;
  std::string tag;               // as serialized ("Geom", "Tex", "Config")
  uint32_t goalBatchSize = 1500; // Geom only
  uint32_t treeDepth = 0;
  uint32_t version = kMaxVersion;
  std::vector<GeomStub> geomStubs;
  std::vector<TexStub> texStubs;
  std::vector<ConfigStub> configStubs;

  size_t stubCount() const;
  // offset/length of stub i whatever its kind.
  uint32_t stubOffset(size_t i) const;
  uint32_t stubLength(size_t i) const;
  void setStubRef(size_t i, uint32_t offset, uint32_t length);
};

// The canonical v140 vertex (§10 GFXAtlasVert2). Fields a version does not
// serialize hold their canonical values (§7): normal (0,0,1) before 140.
struct Vertex {
  Vec3 point{0, 0, 0};
  Vec2 texCoord{0, 0};
  Vec2 texMorph{0, 0};
  Vec3 pointMorph{0, 0, 0};
  Vec3 normal{0, 0, 1};
};

// §3 collision block.
struct Collision {
  uint32_t treeDepth = 0;
  std::vector<std::array<float, 2>> tree; // nodeCount(treeDepth) x {min z, max z}
  std::vector<uint16_t> offsets;          // bin -> start in `indices`
  std::vector<uint16_t> indices;          // index offsets into mIndex, 0xFFFF ends a bin
};

struct GeomChunk {
  uint32_t previousChunk = 0;
  Box3 bounds; // serialized from v101 (after the vertices until 119, after previousChunk from 120)
  std::vector<uint16_t> indices;
  uint32_t skirtSkip = 0; // trailing skirt indices
  std::vector<Vertex> verts;
  uint8_t colFlag = kCollisionAbsent; // >= 120
  Collision collision;                // when colFlag == 0xDF
};

struct TexChunk {
  uint8_t format = 0; // §4: 0 JPEG, 1 PNG, 2 DDS
  std::vector<uint8_t> data;
};

struct ConfigEntry {
  std::string key, value;
};

struct ConfigChunk {
  uint32_t previousChunk = 0;
  std::vector<ConfigEntry> entries; // as stored: newest first
};

// One ATSP frame at `offset` (§2). `version` is that of the TOC that refers
// to it; it selects the geometry layout.
struct Frame {
  uint32_t offset = 0;
  TocKind kind = TocKind::Geom;
  uint32_t version = kMaxVersion;
  GeomChunk geom;
  TexChunk tex;
  ConfigChunk config;
};

// Bytes of the chunk region no stub refers to (old chunk versions left behind
// by in-place edits, padding). Kept so an unmodified file writes back exactly.
using strata::Gap;

struct File {
  std::vector<Toc> tocs;
  std::vector<Frame> frames; // physical order
  std::vector<Gap> gaps;

  // The frame a stub refers to, or nullptr for an empty stub (length 0).
  const Frame* frameAt(uint32_t offset) const;
  Frame* frameAt(uint32_t offset);
};

} // namespace strata::atlas

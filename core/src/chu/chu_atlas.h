#pragma once
// The CHU -> Atlas mapping of atlas-chu-tqt.md §9b, and the TQT -> Atlas
// texture TOC mapping of §9c / §9d. Everything after this follows the Atlas path.
#include "atlas/atlas_model.h"
#include "chu/chu_model.h"
#include "strata/fileio.h"
#include "tqt/tqt_model.h"

#include <array>
#include <set>
#include <string>
#include <vector>

namespace strata::chu {

struct MapOptions {
  uint32_t goalBatchSize = 1500; // §9b: no CHU equivalent; TSE's default
  // Regenerate Atlas collision for the leaf chunks (what importOldAtlasCHU
  // does); the scene path does not need it.
  bool collision = false;
  // CHU stubs (by position in the file) whose nodes stay empty: the ones
  // checkChu found errors in, under --partial.
  std::set<uint64_t> leaveOut;
};

// World geometry of one CHU stub (§9b "Mapping CHU to Atlas geometry").
struct ChunkFrame {
  double size = 0;                            // leafDimensions * 2^((treeDepth-1) - level)
  double originX = 0, originY = 0;            // size * stub x, size * stub y
  double terrainWidth = 0, terrainHeight = 0; // leafDimensions * 2^(treeDepth-1)
};
ChunkFrame chunkFrame(const Header& h, const Stub& s);

// §9b's world position (x, y, z) and point morph z of a quantized vertex, in
// double precision: checkChu tests that each fits a float before mapVertex
// narrows them.
std::array<double, 4> mappedValues(const QVertex& q, const Header& h, const ChunkFrame& f);

// §9b vertex formulas: position from the quantized x / y / z, texCoord
// (point.y / height, 1 - point.x / width), point morph (0, 0, morph * scale),
// texture morph (0, 0), normal (0, 0, 1). Quantized values outside +-16384 are
// kept as they are.
atlas::Vertex mapVertex(const QVertex& q, const Header& h, const ChunkFrame& f);

// The CHU stub for Atlas node (level, x, y): the one labelled nodeID(level, y, x).
// `byLabel` maps label -> index into file.stubs.
std::vector<size_t> stubsByLabel(const File& file);

// One v140 Geom TOC from the CHU (bounds from the leaves to the root, stub
// sentinel 0xD0, generation and previousChunk 0) and, when `tqt` is given,
// one Tex TOC (tqt::addTexToc), laid out as a writable file. The CHU must
// have passed checkChu: its errors refused, or their stubs in
// options.leaveOut, whose nodes get an empty stub.
atlas::File toAtlas(const File& chu, const tqt::File* tqt, const std::string& chuName,
                    const MapOptions& options = {});

// §9d: the same-directory file with the same stem and a .tqt extension in any
// letter case, or "" when there is none (always for a CHU in memory).
std::string findCompanionTqt(const Source& chu);

} // namespace strata::chu

#pragma once
// A LEVEL<n>.WAD read from its bytes into the tfrag level model: the data
// extent's core index and GS RAM as stored, the core data decompressed, and
// the tfrags streams of chunks 1 and 2 (rc2-level-wad.md sections 2-4).
#include "rc2/rc2_container.h"
#include "tfrag/tfrag_level.h"
#include "tfrag/tfrag_validate.h"
#include "wad/wad_codec.h"

#include <string>
#include <vector>

namespace strata::rc2 {

// Decompresses a core data stream to exactly `declared` bytes (core header
// 0x8C, read from `indexFile`). When it fails and the stream decodes whole to
// another length, the error says that length (and a sector/byte unit error
// where the two differ by 2048x).
std::vector<uint8_t> decompressCoreData(const wad::StreamRef& s, uint32_t declared,
                                        const std::string& indexFile);

// The level of a data extent: bytes [begin, begin + size) of `data` (of
// `dataSize` bytes), named `file`. The lumps get paths "<file> core_index",
// "<file> gs_ram" and "<file> core_data (decompressed)" for messages, with
// offsets inside each lump. Throws strata::Error on the first problem.
tfrag::Level levelFromDataExtent(const uint8_t* data, size_t dataSize, const std::string& file,
                                 uint64_t begin, uint64_t size);

// The tfrags of one chunk (1 or 2), decompressed: a tfrags block using the
// level's texture table.
struct ChunkTfrags {
  size_t index = 0;
  uint64_t streamAt = 0; // the stream's byte offset in the file
  tfrag::Level level;
};

struct ChunkInfo {
  bool present = false; // the range is not empty
  ChunkHeader header;
  uint64_t begin = 0;                        // the range's byte offset in the file
  uint32_t tfragsStored = 0, tfragsSize = 0; // compressed (stored) and decompressed
};

struct LevelWad {
  std::string file;
  size_t fileSize = 0;
  Container container;
  bool readable = false; // the core read: its tfrags can be checked
  tfrag::Level core;
  uint64_t coreIndexAt = 0, gsRamAt = 0, coreDataAt = 0; // the lumps' byte offsets in the file
  uint32_t coreDataStored = 0;                           // the stream's stored size
  std::array<ChunkInfo, 3> chunkInfo{};
  std::vector<ChunkTfrags> chunks;
  // Container and stream findings, at file offsets: piece "" (the level) or
  // "chunk <i>" (what --partial may leave out).
  std::vector<tfrag::LevelFinding> findings;
};

// Reads the container, the core and the chunks; never throws for bad input.
LevelWad readLevelWad(const uint8_t* data, size_t size, const std::string& file);

// readLevelWad, then every tfrag check of the core (with its textures) and of
// each chunk's block; every finding mapped to the WAD file: offsets in the
// core index and GS RAM become file offsets, and one in decompressed data
// points at its stream with the offset inside the decompressed bytes said in
// the message.
struct CheckedWad {
  LevelWad wad;
  tfrag::CheckedLevel core;
  std::vector<tfrag::CheckedLevel> chunks; // parallel to wad.chunks
  std::vector<tfrag::LevelFinding> findings;
  bool readable() const { return wad.readable && core.readable; }
};
CheckedWad checkLevelWad(const uint8_t* data, size_t size, const std::string& file);

} // namespace strata::rc2

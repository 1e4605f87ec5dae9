#pragma once
// A plain reader of .ytd files written from the specs alone (ytd-layout.md,
// ytd-enhanced.md), sharing no code with Strata's reader: zlib inflates the
// resource, the page flags, dictionary, records and names are read with
// their own offsets and tables here. It lists every rule a written
// dictionary must keep that it finds broken, so the fuzz harness of the
// writers and the tests can hold Strata's output to the specs independently.
#include <cstdint>
#include <string>
#include <vector>

namespace strata::fuzz {

struct PlainTexture {
  std::string name;
  uint32_t hash = 0;
  uint32_t format = 0; // as stored: SGA byte (v5) or D3D format / FourCC (v13)
  uint32_t width = 0, height = 0, depth = 0, mips = 0;
  uint32_t usage = 0;
  uint64_t dataOffset = 0;   // in the graphics segment
  std::vector<uint8_t> data; // the full chain of the 2D texture (v5: blockCount x blockSize)
};

struct PlainDictionary {
  uint32_t version = 0; // 5 or 13
  uint32_t systemFlags = 0, graphicsFlags = 0;
  std::vector<uint8_t> system, graphics;
  std::vector<PlainTexture> textures; // in stored order
  // Every rule found broken, one line each; empty for a dictionary written
  // as the specs say.
  std::vector<std::string> violations;
};

// Reads `bytes` as a standalone .ytd. Never throws: what cannot be read is a
// violation (and the reading stops there).
PlainDictionary readPlainYtd(const std::vector<uint8_t>& bytes);

} // namespace strata::fuzz

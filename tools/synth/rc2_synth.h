#pragma once
// A synthetic Ratchet & Clank 2 LEVEL<n>.WAD made with Strata's own writers
// (rc2-level-wad.md sections 1-4): the 0x60-byte header, a sound bank stub, the
// data extent with its 0x58-byte header (overlay stub, core index, GS RAM, HUD
// stubs, the WAD-compressed core data), a compressed gameplay stub, an
// occlusion stub and, for a chunked level, chunks 1 and 2 each with a
// compressed tfrags stream. The last lump is not padded to a sector, as on
// the disc.
#include <cstdint>
#include <vector>

namespace strata::rc2 {

struct SynthLevel {
  int32_t id = 1; // header 0x08: the level's identity (section 6 names it)
  int patchesX = 2, patchesY = 2;
  bool chunked = false; // chunks 1 and 2 with tfrags of their own
  int32_t reverb = 3;
};

std::vector<uint8_t> synthLevelWad(const SynthLevel& options);
// Level `id`, chunked or not, the rest as SynthLevel's defaults.
std::vector<uint8_t> synthLevelWad(int32_t id, bool chunked = false);

// The extracted files of the same level (section 2, "Extracted files"), as
// the seed's extractor names them.
struct SynthExtracted {
  std::vector<uint8_t> data, coreIndex, gsRam, coreDataWad, coreData;
};
SynthExtracted synthExtracted(const SynthLevel& options);

} // namespace strata::rc2

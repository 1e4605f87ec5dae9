#pragma once
// A minimal ISO-9660 image (ECMA-119) written by hand, for the fuzz seeds and
// for tests that corrupt directory records at known offsets (the disc tests'
// images come from Debian's xorriso, an independent writer).
#include <cstdint>
#include <string>
#include <vector>

namespace strata::iso {

struct SynthFile {
  std::string path; // "G/LEVEL1.WAD": directories are made as needed
  std::vector<uint8_t> bytes;
};

// Sectors 0-15 empty, the primary volume descriptor at 16, the terminator at
// 17, then every directory (one sector each, depth first) and the files, each
// from a sector of its own. File identifiers get the ";1" version.
std::vector<uint8_t> synthIso(const std::vector<SynthFile>& files);

// Where synthIso put things, for tests that damage them.
struct SynthLayout {
  uint64_t rootRecord = 0x8000 + 156;     // the root directory record in the descriptor
  std::vector<uint64_t> directoryExtents; // byte offsets, root first
};
SynthLayout synthIsoLayout(const std::vector<SynthFile>& files);

} // namespace strata::iso

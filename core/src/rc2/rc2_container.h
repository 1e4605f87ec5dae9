#pragma once
// Reading and checking the container of a LEVEL<n>.WAD from its bytes
// (rc2-level-wad.md sections 1, 2 and 7): the level header, every range
// against the file, the data extent header and its ranges against the extent.
#include "rc2/rc2_model.h"
#include "strata/formats.h"

#include <cstddef>
#include <string>
#include <vector>

namespace strata::rc2 {

// The level header (section 1) from at least `headerSize` bytes; throws
// strata::Error naming `file` when header_size is neither 0x60 nor 0x68 or the
// bytes end first.
LevelHeader readLevelHeader(const uint8_t* data, size_t size, const std::string& file);

// The data extent header (section 2) from its 0x58 bytes.
DataHeader readDataHeader(const uint8_t* data);

// Every ByteRange of a data extent header with its name and its field's offset
// in the header, in stored order.
struct NamedByteRange {
  const char* name;
  uint64_t field; // offset of the field in the data extent header
  ByteRange range;
};
std::vector<NamedByteRange> byteRanges(const DataHeader& h);

// Every SectorRange of a level header with its name and field offset.
struct NamedSectorRange {
  std::string name;
  uint64_t field;
  SectorRange range;
};
std::vector<NamedSectorRange> sectorRanges(const LevelHeader& h);

// A data extent (section 2) located in its file: `begin` and `size` in bytes.
struct DataExtent {
  DataHeader header;
  uint64_t begin = 0, size = 0;
  bool usable = false; // core_index and core_data lie inside it, core_data starts with "WAD"
};

// Section 2 / 7 checks of the data extent at `begin` (`size` bytes) of `file`'s
// bytes `data`: its header inside it, every range inside it, core_index at
// least 0xBC bytes, core_data starting with "WAD". Findings carry file offsets.
DataExtent checkDataExtent(const uint8_t* data, uint64_t begin, uint64_t size,
                           std::vector<Finding>& findings);

// What the container check found: the level header, the data extent, and
// every finding of section 7's range rules at the byte offset in the file of
// the field at fault.
struct Container {
  LevelHeader header;
  DataExtent data;
  bool headerRead = false; // the level header read
  bool usable = false;     // the data extent is usable: the level can be read on
  std::vector<Finding> findings;
};

Container checkContainer(const uint8_t* data, size_t size, const std::string& file);

// Detection by structure (there is no magic): header_size 0x60 or 0x68, every
// non-empty range inside the file (the last may run under a sector past it),
// a data extent header whose ranges lie inside the extent, and a core_data
// stream that starts with "WAD". `why` (when not null) receives the first rule
// that failed and `whyAt` its byte offset; `headerMatched` whether the first
// word alone looked like a level.
bool looksLikeLevelWad(const uint8_t* data, size_t size, std::string* why = nullptr,
                       uint64_t* whyAt = nullptr, bool* headerMatched = nullptr);

// " (exactly 2048x ...: a sector/byte unit error)" when `have` and `want`
// differ by a factor of 2048 to within a sector's rounding, else "".
std::string unitNote(uint64_t have, uint64_t want);

} // namespace strata::rc2

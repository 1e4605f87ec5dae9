#pragma once
// New records and data written into an existing resource, keeping every
// other byte: the in-place path of `strata ytd replace`.
#include "ytd/ytd_match.h"
#include "ytd/ytd_read.h"

#include <string>
#include <vector>

namespace strata::ytd {

// An entry's new record (fields already set, raw bytes otherwise the
// source's) and its data (the full chain).
struct EntryWrite {
  EntryRef ref;
  TextureRecord record;
  std::vector<uint8_t> data;
};

struct RewrittenResource {
  uint32_t version = 0, systemFlags = 0, graphicsFlags = 0;
  std::vector<uint8_t> system, graphics;
};

// The resource of `c` with `writes` applied. Each record is written over the
// old one. Each texture's data goes where the old data was when it fits the
// room the old data had (to the next texture's data or the end of its page;
// in a drawable, whose graphics segment holds other blocks too, exactly the
// old extent); the rest of the old extent is zeroed. When one does not fit
// and `mayMove` (a .ytd, whose graphics segment holds texture data only), the
// graphics pages are laid out anew (ytd_pages.h): every texture's data keeps
// its bytes, the data pointers follow, and the page info is updated (moved
// where its slots no longer fit). `notes` says which happened. Throws
// strata::Error when the data does not fit and may not move.
RewrittenResource rewriteResource(const TextureContainer& c, const std::vector<EntryWrite>& writes,
                                  bool mayMove, std::vector<std::string>& notes);

// The bytes a texture's data occupies in its segment as the file stores it
// (Enhanced: blockCount x blockSize; legacy: the legacy formula's length, or
// the full chain where the room holds it; a BC5 chain that runs past its room
// runs on as the game reads it), from offset `at` of a segment of
// `segmentBytes`, `room` bytes to the next data or page end.
uint64_t storedExtent(const TextureRecord& rec, const TextureLayout& layout, uint64_t room,
                      uint64_t at, uint64_t segmentBytes);

// The bytes the data of entry `ref` of a .ytd occupies (storedExtent), as
// stored; empty when it has no data in the graphics segment.
std::vector<uint8_t> storedData(const TextureContainer& c, const EntryRef& ref);

} // namespace strata::ytd

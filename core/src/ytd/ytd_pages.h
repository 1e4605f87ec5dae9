#pragma once
// The pages of one RSC7 segment (ytd-layout.md, "Container": size(flags)).
// A flags word counts pages of nine sizes, each a power-of-two multiple of the
// unit 0x200 << (flags & 0xF); the segment is those pages back to back,
// largest first. The game loads every page into memory of its own, so no
// block (an object, an array, a texture's pixel data) may cross from one page
// into the next.
//
// Strata uses the five largest page sizes, 16 to 256 units, as CodeWalker's
// resource builder does (ResourceBuilder.AssignPositions2: counts at most
// 127, 63, 15, 3 and 1, in flag bits 17-23, 11-16, 7-10, 5-6 and 4); the four
// one-of-each tail sizes (bits 24-27) are left at 0.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace strata::ytd {

constexpr uint64_t kPageUnit = 0x200;       // ytd-layout.md: 0x200 << (flags & 0xF)
constexpr uint32_t kMaxPageShift = 0xF;     // the 4-bit shift field
constexpr size_t kPageSizeClasses = 5;      // 16, 32, 64, 128, 256 units
constexpr uint64_t kBlockAlignment = 16;    // where blocks start, unless told otherwise
constexpr uint32_t kMaxPageInfoPages = 255; // the page info counts pages in u8 fields
// The largest page a flags word describes: 256 units at shift 15 (4 GiB).
constexpr uint64_t kLargestPage = (kPageUnit << kMaxPageShift) * 256;

// Where each block of a segment goes, and the pages that hold them.
struct PageLayout {
  uint32_t shift = 0; // flags bits 0-3
  // Pages of 16 << k units, k = 0..4 (counts within 127, 63, 15, 3, 1).
  std::array<uint32_t, kPageSizeClasses> counts{};
  std::vector<uint64_t> offsets; // per block, its offset in the segment
  uint64_t bytes = 0;            // the segment: every page, = pageFlagsSize(flags)

  uint32_t pageCount() const;
  // The flags word with `versionNibble` in bits 28-31.
  uint32_t flags(uint32_t versionNibble) const;
  // The page holding segment offset `offset` (start and size), for checks.
  uint64_t pageStart(uint64_t offset) const;
  uint64_t pageSize(uint64_t offset) const;
};

// Lays out blocks of `sizes` bytes: with `firstAtStart` block 0 (a resource
// root, which the pointer 0x50000000 names) at offset 0; the others largest
// first, each at the first multiple of `alignment` in a page with room for it,
// a new page of the smallest size that holds it opened when none has. The unit
// grows (shift) until the page counts fit their fields. Throws strata::Error
// naming `what` when a block cannot fit the largest page (256 units at shift
// 15: 4 GiB) or the counts cannot fit at any shift.
PageLayout layoutPages(const std::vector<uint64_t>& sizes, bool firstAtStart,
                       const std::string& what, uint64_t alignment = kBlockAlignment);

// The pages a flags word describes, largest first (one entry per page: its
// size). Used to check a layout that was not made by layoutPages.
std::vector<uint64_t> pagesOfFlags(uint32_t flags);

// The page info the resource root points at (+0x08): 16 bytes (u8 system and
// u8 graphics page counts at +8 and +9), then 8 bytes per page of both
// segments. The public legacy files hold 0xCD filler in those 8-byte slots
// (uninitialised memory of the tool that wrote them): the slots are room the
// loader fills, so they must be there for every page, and what they hold is
// not read.
constexpr uint64_t kPageInfoHeader = 16, kPageInfoSlot = 8;
constexpr uint64_t kPageInfoSystemCount = 8, kPageInfoGraphicsCount = 9;
inline uint64_t pageInfoSize(uint32_t pages) {
  return kPageInfoHeader + kPageInfoSlot * pages;
}
// Writes a page info at `at` of `sys` (zeros in the slots).
void writePageInfo(std::vector<uint8_t>& sys, uint64_t at, uint32_t sysPages, uint32_t gfxPages);
// Sets only the two counts of the page info at `at`, every other byte (the
// slots' filler) as it was. Throws strata::Error when a count exceeds its u8.
void setPageInfoCounts(std::vector<uint8_t>& sys, uint64_t at, uint32_t sysPages,
                       uint32_t gfxPages);

// True when [offset, offset + size) lies inside one page of `pages`
// (pagesOfFlags order, back to back from 0).
bool insideOnePage(const std::vector<uint64_t>& pages, uint64_t offset, uint64_t size);

} // namespace strata::ytd

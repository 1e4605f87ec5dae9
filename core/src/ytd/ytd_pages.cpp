#include "ytd/ytd_pages.h"

#include "strata/error.h"

#include <algorithm>
#include <numeric>
#include <utility>

namespace strata::ytd {

namespace {

// Page counts each size class holds (flag fields of 7, 6, 4, 2 and 1 bits)
// and where they sit in the flags word, smallest class first.
constexpr std::array<uint32_t, kPageSizeClasses> kMaxCount = {0x7F, 0x3F, 0xF, 0x3, 0x1};
constexpr std::array<uint32_t, kPageSizeClasses> kCountShift = {17, 11, 7, 5, 4};
constexpr uint64_t kSmallestClassUnits = 16;

uint64_t align(uint64_t v, uint64_t a) {
  return (v + a - 1) / a * a;
}

struct Page {
  size_t sizeClass;
  uint64_t used = 0;
};

std::string mib(uint64_t bytes) {
  return std::to_string(bytes / (1024 * 1024)) + " MiB";
}

// One attempt at a unit: the blocks placed in pages, or false when the page
// counts overflow their fields.
bool tryShift(const std::vector<uint64_t>& sizes, bool firstAtStart, uint64_t alignment,
              uint32_t shift, PageLayout& out) {
  const uint64_t smallest = (kPageUnit << shift) * kSmallestClassUnits;
  auto classOf = [&](uint64_t size) {
    size_t k = 0;
    while (k + 1 < kPageSizeClasses && (smallest << k) < size) ++k;
    return k;
  };
  size_t top = 0;
  for (uint64_t s : sizes) top = std::max(top, classOf(s));

  std::vector<size_t> order(sizes.size());
  std::iota(order.begin(), order.end(), size_t(0));
  const size_t skip = firstAtStart && !sizes.empty() ? 1 : 0;
  std::stable_sort(order.begin() + ptrdiff_t(skip), order.end(),
                   [&](size_t a, size_t b) { return sizes[a] > sizes[b]; });

  std::vector<Page> pages;
  std::vector<std::pair<size_t, uint64_t>> placed(sizes.size()); // block -> page, offset in it
  for (size_t i = 0; i < order.size(); ++i) {
    const size_t b = order[i];
    const uint64_t size = sizes[b];
    // The root opens the first page, of the largest size any block needs, so
    // that it comes first in the segment (pages are stored largest first).
    const size_t need = i < skip ? top : classOf(size);
    size_t p = pages.size();
    if (i >= skip)
      for (size_t q = 0; q < pages.size(); ++q)
        if (pages[q].sizeClass >= need &&
            align(pages[q].used, alignment) + size <= (smallest << pages[q].sizeClass)) {
          p = q;
          break;
        }
    if (p == pages.size()) pages.push_back({need, 0});
    const uint64_t at = align(pages[p].used, alignment);
    placed[b] = {p, at};
    pages[p].used = at + size;
  }

  out = PageLayout();
  out.shift = shift;
  for (const Page& p : pages) ++out.counts[p.sizeClass];
  for (size_t k = 0; k < kPageSizeClasses; ++k)
    if (out.counts[k] > kMaxCount[k]) return false;
  // Page starts: every page of the largest class first, each class in the
  // order its pages were opened.
  std::vector<uint64_t> start(pages.size());
  uint64_t cursor = 0;
  for (size_t k = kPageSizeClasses; k-- > 0;)
    for (size_t p = 0; p < pages.size(); ++p)
      if (pages[p].sizeClass == k) {
        start[p] = cursor;
        cursor += smallest << k;
      }
  out.bytes = cursor;
  out.offsets.resize(sizes.size());
  for (size_t b = 0; b < sizes.size(); ++b)
    out.offsets[b] = start[placed[b].first] + placed[b].second;
  return true;
}

// The start and size of the page of `pages` (laid end to end) that holds
// `offset`; past them all, their end and 0.
std::pair<uint64_t, uint64_t> pageHolding(const std::vector<uint64_t>& pages, uint64_t offset) {
  uint64_t at = 0;
  for (uint64_t p : pages) {
    if (offset < at + p) return {at, p};
    at += p;
  }
  return {at, 0};
}

} // namespace

uint32_t PageLayout::pageCount() const {
  return std::accumulate(counts.begin(), counts.end(), 0u);
}

uint32_t PageLayout::flags(uint32_t versionNibble) const {
  uint32_t f = (versionNibble & 0xF) << 28 | (pageCount() ? shift : 0);
  for (size_t k = 0; k < kPageSizeClasses; ++k) f |= counts[k] << kCountShift[k];
  return f;
}

uint64_t PageLayout::pageStart(uint64_t offset) const {
  return pageHolding(pagesOfFlags(flags(0)), offset).first;
}

uint64_t PageLayout::pageSize(uint64_t offset) const {
  return pageHolding(pagesOfFlags(flags(0)), offset).second;
}

PageLayout layoutPages(const std::vector<uint64_t>& sizes, bool firstAtStart,
                       const std::string& what, uint64_t alignment) {
  const uint64_t largest = sizes.empty() ? 0 : *std::max_element(sizes.begin(), sizes.end());
  const uint64_t largestPage = kLargestPage;
  if (largest > largestPage)
    throw Error(what, Error::kNoOffset,
                "a block of " + std::to_string(largest) + " bytes (" + mib(largest) +
                    ") is larger than the largest page a resource can describe (" +
                    mib(largestPage) + ": 256 units of 0x200 << 15, ytd-layout.md size(flags))");
  PageLayout out;
  for (uint32_t shift = 0; shift <= kMaxPageShift; ++shift) {
    const uint64_t top = (kPageUnit << shift) * kSmallestClassUnits << (kPageSizeClasses - 1);
    if (largest <= top &&
        tryShift(sizes, firstAtStart, std::max<uint64_t>(1, alignment), shift, out))
      return out;
  }
  throw Error(what, Error::kNoOffset,
              std::to_string(sizes.size()) +
                  " blocks do not fit the page counts a flags word can hold at any page size");
}

std::vector<uint64_t> pagesOfFlags(uint32_t f) {
  const uint64_t unit = kPageUnit << (f & 0xF);
  // ytd-layout.md size(flags): (field, its width in bits, its multiple of the unit).
  struct Field {
    uint32_t shift, mask;
    uint64_t units;
  };
  static const Field fields[] = {{4, 0x1, 256},  {5, 0x3, 128},  {7, 0xF, 64},
                                 {11, 0x3F, 32}, {17, 0x7F, 16}, {24, 0x1, 8},
                                 {25, 0x1, 4},   {26, 0x1, 2},   {27, 0x1, 1}};
  std::vector<uint64_t> pages;
  for (const Field& fl : fields)
    for (uint32_t i = 0; i < ((f >> fl.shift) & fl.mask); ++i) pages.push_back(unit * fl.units);
  return pages;
}

void writePageInfo(std::vector<uint8_t>& sys, uint64_t at, uint32_t sysPages, uint32_t gfxPages) {
  std::fill_n(sys.begin() + ptrdiff_t(at), pageInfoSize(sysPages + gfxPages), uint8_t(0));
  setPageInfoCounts(sys, at, sysPages, gfxPages);
}

void setPageInfoCounts(std::vector<uint8_t>& sys, uint64_t at, uint32_t sysPages,
                       uint32_t gfxPages) {
  if (sysPages > kMaxPageInfoPages || gfxPages > kMaxPageInfoPages)
    throw Error("page info", Error::kNoOffset,
                std::to_string(sysPages) + " system and " + std::to_string(gfxPages) +
                    " graphics pages do not fit its u8 counts");
  sys[size_t(at + kPageInfoSystemCount)] = uint8_t(sysPages);
  sys[size_t(at + kPageInfoGraphicsCount)] = uint8_t(gfxPages);
}

bool insideOnePage(const std::vector<uint64_t>& pages, uint64_t offset, uint64_t size) {
  uint64_t at = 0;
  for (uint64_t p : pages) {
    if (offset < at + p) return size <= at + p - offset;
    at += p;
  }
  return size == 0 && offset == at;
}

} // namespace strata::ytd

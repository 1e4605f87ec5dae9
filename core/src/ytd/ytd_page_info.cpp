#include "ytd/ytd_page_info.h"

#include "common/bytes.h"
#include "strata/error.h"
#include "ytd/ytd_pages.h"
#include "ytd/ytd_pointers.h"

#include <algorithm>

namespace strata::ytd {

namespace {

struct Extent {
  uint64_t at = 0, size = 0;
  uint64_t end() const { return at + size; }
};

constexpr uint64_t kOffsetMask = 0x0FFFFFFF;

bool inSystem(uint64_t ptr) {
  return (ptr >> 28) == (kSystemBase >> 28);
}

// Every object of the system segment the dictionary reaches: the root, its
// two arrays (at their capacity), each record, each name and each view block
// outside its record.
std::vector<Extent> systemObjects(const TextureContainer& c) {
  std::vector<Extent> out = {{0, kDictionarySize}};
  for (const TextureDictionary& d : c.dictionaries) {
    const uint64_t slots = std::max(d.hashCount, d.hashCapacity);
    const uint64_t pointers = std::max(d.textureCount, d.textureCapacity);
    if (inSystem(d.hashesPtr)) out.push_back({d.hashesPtr & kOffsetMask, 4 * slots});
    if (inSystem(d.texturesPtr)) out.push_back({d.texturesPtr & kOffsetMask, 8 * pointers});
    for (const TextureEntry& e : d.entries) {
      if (!recordRead(e)) continue;
      const TextureRecord& r = e.record;
      out.push_back({r.address & kOffsetMask, r.raw.size()});
      if (inSystem(r.namePtr)) out.push_back({r.namePtr & kOffsetMask, r.name.size() + 1});
      if (r.viewPtr && r.viewPtr != r.address + kGen9ViewOffset && inSystem(r.viewPtr))
        out.push_back({r.viewPtr & kOffsetMask, kGen9ViewSize});
    }
  }
  return out;
}

// The page of `pages` (pagesOfFlags order) holding `offset`.
Extent pageOf(const std::vector<uint64_t>& pages, uint64_t offset) {
  uint64_t at = 0;
  for (uint64_t p : pages) {
    if (offset < at + p) return {at, p};
    at += p;
  }
  return {at, 0};
}

uint64_t align16(uint64_t v) {
  return (v + 15) / 16 * 16;
}

// A place for `size` bytes after the last object of a page, the last page
// first; none: the segment's end.
uint64_t freePlace(const std::vector<Extent>& objects, const std::vector<uint64_t>& pages,
                   uint64_t size, bool& found) {
  uint64_t pageAt = 0;
  std::vector<Extent> candidates;
  for (uint64_t p : pages) {
    uint64_t end = pageAt;
    for (const Extent& o : objects)
      if (o.at >= pageAt && o.at < pageAt + p) end = std::max(end, o.end());
    const uint64_t at = align16(end);
    if (at + size <= pageAt + p) candidates.push_back({at, size});
    pageAt += p;
  }
  found = !candidates.empty();
  return found ? candidates.back().at : pageAt;
}

} // namespace

uint32_t updatePageInfo(const TextureContainer& c, std::vector<uint8_t>& sys, uint32_t sysFlags,
                        uint32_t gfxPages, std::vector<std::string>& notes) {
  const uint64_t infoPtr = loadLE<uint64_t>(c.dictionaries.at(0).raw, kDictPageInfo);
  if (!infoPtr) return sysFlags; // nothing lists the pages (an embedded dictionary's root)
  if (!inSystem(infoPtr) || (infoPtr & kOffsetMask) + kPageInfoHeader > sys.size())
    throw Error(c.file, kDictPageInfo,
                "the page-info pointer " + describePointer(infoPtr) +
                    " is not in the system segment; Strata does not move pages it cannot list");
  const uint64_t at = infoPtr & kOffsetMask;
  std::vector<uint64_t> pages = pagesOfFlags(sysFlags);
  const uint32_t oldSys = sys[size_t(at + kPageInfoSystemCount)];
  const uint32_t oldGfx = sys[size_t(at + kPageInfoGraphicsCount)];
  const uint64_t oldSize = pageInfoSize(oldSys + oldGfx);
  const uint64_t newSize = pageInfoSize(uint32_t(pages.size()) + gfxPages);

  // Its room: to the next object the dictionary reaches, or its page's end.
  const std::vector<Extent> objects = systemObjects(c);
  const Extent page = pageOf(pages, at);
  uint64_t roomEnd = page.end();
  for (const Extent& o : objects)
    if (o.at >= at + 1 && o.at < roomEnd) roomEnd = o.at;
  if (at + newSize <= roomEnd) {
    // The slots are room the loader fills: what they hold (0xCD filler in
    // the public files) stays, and only the counts change.
    setPageInfoCounts(sys, at, uint32_t(pages.size()), gfxPages);
    return sysFlags;
  }

  bool found = false;
  uint64_t to = freePlace(objects, pages, newSize, found);
  uint32_t flags = sysFlags;
  if (!found) {
    // A page of the smallest size Strata uses (16 units, flag bits 17-23)
    // after the others: pages are stored largest first, so it must be the
    // smallest there is.
    const uint64_t smallest = (kPageUnit << (sysFlags & 0xF)) * 16;
    if (((sysFlags >> 24) & 0xF) || ((sysFlags >> 17) & 0x7F) == 0x7F || newSize > smallest)
      throw Error(c.file, kDictPageInfo,
                  "the page info needs " + std::to_string(newSize) +
                      " bytes and no system page has room for it; the system flags " +
                      hex32(sysFlags) + " leave no page of 16 units to add");
    flags = sysFlags + (1u << 17);
    to = sys.size();
    sys.resize(size_t(sys.size() + smallest), 0);
    pages = pagesOfFlags(flags);
    notes.push_back("a system page added for the page info");
  }
  // The old header and slots go with it (the new slots zero), the old place
  // is zeroed.
  const std::vector<uint8_t> old(sys.begin() + ptrdiff_t(at),
                                 sys.begin() + ptrdiff_t(at + std::min(oldSize, newSize)));
  std::fill_n(sys.begin() + ptrdiff_t(at), std::min<uint64_t>(oldSize, sys.size() - at),
              uint8_t(0));
  writePageInfo(sys, to, uint32_t(pages.size()), gfxPages);
  std::copy(old.begin(), old.end(), sys.begin() + ptrdiff_t(to));
  setPageInfoCounts(sys, to, uint32_t(pages.size()), gfxPages);
  storeLE<uint64_t>(sys, kDictPageInfo, kSystemBase + to);
  notes.push_back("page info moved from " + describePointer(infoPtr) + " to " +
                  describePointer(kSystemBase + to) + " (room for " +
                  std::to_string(pages.size() + gfxPages) + " page slots)");
  return flags;
}

} // namespace strata::ytd

#include "ytd/ytd_rewrite.h"

#include "common/bytes.h"
#include "strata/error.h"
#include "ytd/ytd_page_info.h"
#include "ytd/ytd_pages.h"
#include "ytd/ytd_pointers.h"

#include <algorithm>
#include <map>

namespace strata::ytd {

namespace {

constexpr uint64_t kOffsetMask = 0x0FFFFFFF;

bool inGraphics(uint64_t ptr) {
  return (ptr >> 28) == (kGraphicsBase >> 28);
}

// ytd-layout.md: "Data length = sum stride*height >> 2 per further mip".
uint64_t legacyFormula(const TextureRecord& r) {
  uint64_t total = 0, len = uint64_t(r.stride) * r.height;
  for (uint32_t i = 0; i < r.mips; ++i, len /= 4) total += len;
  return total;
}

uint64_t dataField(const TextureRecord& r) {
  return r.edition == Edition::Enhanced ? kGen9DataField : kLegacyDataField;
}

// One texture's data in the graphics segment.
struct Block {
  EntryRef ref;
  uint64_t at = 0;     // offset in the graphics segment
  uint64_t room = 0;   // to the next data or the end of its page
  uint64_t extent = 0; // what it occupies now (storedExtent)
};

std::vector<Block> dataBlocks(const TextureContainer& c, bool drawable) {
  const std::vector<uint64_t> pages = pagesOfFlags(c.resource.graphicsFlags);
  std::vector<uint64_t> starts;
  for (const TextureDictionary& d : c.dictionaries)
    for (const TextureEntry& e : d.entries)
      if (recordRead(e) && inGraphics(e.record.dataPtr))
        starts.push_back(e.record.dataPtr & kOffsetMask);
  std::sort(starts.begin(), starts.end());
  const uint64_t size = c.resource.graphics.size();
  std::vector<Block> out;
  for (size_t di = 0; di < c.dictionaries.size(); ++di)
    for (size_t i = 0; i < c.dictionaries[di].entries.size(); ++i) {
      const TextureEntry& e = c.dictionaries[di].entries[i];
      if (!recordRead(e) || !inGraphics(e.record.dataPtr)) continue;
      Block b;
      b.ref = {di, i};
      b.at = e.record.dataPtr & kOffsetMask;
      uint64_t end = size, pageAt = 0;
      for (uint64_t p : pages) {
        if (b.at < pageAt + p) {
          end = std::min(end, pageAt + p);
          break;
        }
        pageAt += p;
      }
      const auto next = std::upper_bound(starts.begin(), starts.end(), b.at);
      if (next != starts.end()) end = std::min(end, *next);
      b.room = end > b.at ? end - b.at : 0;
      const TextureLayout& L = c.texture(e).layout;
      b.extent = storedExtent(e.record, L, b.room, b.at, size);
      // A drawable's graphics segment holds vertex and index data Strata does
      // not read: a texture may use only what it uses now.
      if (drawable) b.room = std::min(b.room, b.extent);
      out.push_back(b);
    }
  return out;
}

// The bytes of `w` written where they fit `room`: the full chain, or for a
// legacy record as much of it as the room holds, at least the formula's
// length. 0 when it does not fit.
uint64_t fittingLength(const EntryWrite& w, uint64_t room) {
  const uint64_t chain = w.data.size();
  if (w.record.edition == Edition::Enhanced) return chain <= room ? chain : 0;
  const uint64_t least = std::min(chain, legacyFormula(w.record));
  return least <= room ? std::min(chain, room) : 0;
}

const EntryWrite* writeOf(const std::vector<EntryWrite>& writes, const EntryRef& ref) {
  for (const EntryWrite& w : writes)
    if (w.ref == ref) return &w;
  return nullptr;
}

void putRecord(std::vector<uint8_t>& sys, TextureRecord rec) {
  if (rec.edition == Edition::Enhanced)
    storeGen9Fields(rec);
  else
    storeLegacyFields(rec);
  std::copy(rec.raw.begin(), rec.raw.end(), sys.begin() + ptrdiff_t(rec.address & kOffsetMask));
}

// Every write where its old data was.
void writeInPlace(const TextureContainer& c, const std::vector<EntryWrite>& writes,
                  const std::vector<Block>& blocks, RewrittenResource& out) {
  for (const EntryWrite& w : writes) {
    const auto b =
        std::find_if(blocks.begin(), blocks.end(), [&](const Block& k) { return k.ref == w.ref; });
    const uint64_t len = fittingLength(w, b->room);
    std::copy_n(w.data.begin(), len, out.graphics.begin() + ptrdiff_t(b->at));
    // The rest of what the old data occupied, never past its room.
    const uint64_t old = std::min(b->extent, b->room);
    if (len < old)
      std::fill_n(out.graphics.begin() + ptrdiff_t(b->at + len), old - len, uint8_t(0));
    TextureRecord rec = w.record;
    rec.dataPtr = c.dictionaries[w.ref.dictionary].entries[w.ref.entry].record.dataPtr;
    putRecord(out.system, rec);
  }
}

// Every texture's data laid out anew in graphics pages; the records point at it.
void layOutGraphics(const TextureContainer& c, const std::vector<EntryWrite>& writes,
                    const std::vector<Block>& blocks, RewrittenResource& out,
                    std::vector<std::string>& notes) {
  // One block per stored data start (records sharing data share its block).
  std::map<uint64_t, std::vector<uint8_t>> data;
  for (const Block& b : blocks) {
    const EntryWrite* w = writeOf(writes, b.ref);
    std::vector<uint8_t>& bytes = data[b.at];
    if (w)
      bytes = w->data;
    else if (bytes.empty())
      bytes.assign(c.resource.graphics.begin() + ptrdiff_t(b.at),
                   c.resource.graphics.begin() + ptrdiff_t(b.at + b.extent));
  }
  std::vector<uint64_t> sizes;
  for (const auto& [at, bytes] : data) sizes.push_back(bytes.size());
  const PageLayout L = layoutPages(sizes, false, "graphics segment");
  out.graphics.assign(size_t(L.bytes), 0);
  std::map<uint64_t, uint64_t> moved; // old offset -> new
  size_t k = 0;
  for (const auto& [at, bytes] : data) {
    std::copy(bytes.begin(), bytes.end(), out.graphics.begin() + ptrdiff_t(L.offsets[k]));
    moved[at] = L.offsets[k++];
  }
  for (const Block& b : blocks) {
    const TextureEntry& e = c.dictionaries[b.ref.dictionary].entries[b.ref.entry];
    const EntryWrite* w = writeOf(writes, b.ref);
    TextureRecord rec = w ? w->record : e.record;
    rec.dataPtr = kGraphicsBase + moved.at(b.at);
    if (w)
      putRecord(out.system, rec);
    else
      storeLE<uint64_t>(out.system, size_t((rec.address & kOffsetMask) + dataField(rec)),
                        rec.dataPtr);
  }
  const uint32_t oldPages = uint32_t(pagesOfFlags(c.resource.graphicsFlags).size());
  out.graphicsFlags = L.flags(c.resource.version & 0xF);
  notes.push_back("graphics pages laid out anew (" + std::to_string(oldPages) + " -> " +
                  std::to_string(L.pageCount()) +
                  " pages): every texture's data keeps its bytes, its data pointer follows");
  out.systemFlags = updatePageInfo(c, out.system, c.resource.systemFlags, L.pageCount(), notes);
}

} // namespace

uint64_t storedExtent(const TextureRecord& rec, const TextureLayout& L, uint64_t room, uint64_t at,
                      uint64_t segmentBytes) {
  const uint64_t available = at < segmentBytes ? segmentBytes - at : 0;
  if (rec.edition == Edition::Enhanced)
    return std::min(available, std::max(L.storedBytes, std::min(L.computedBytes, room)));
  const uint64_t formula = legacyFormula(rec);
  if (L.strideRule == StrideRule::Bc5SpaceTooSmall)
    return std::min(available, std::max(formula, L.computedBytes));
  return std::min(available, std::max(formula, std::min(L.computedBytes, room)));
}

std::vector<uint8_t> storedData(const TextureContainer& c, const EntryRef& ref) {
  for (const Block& b : dataBlocks(c, false))
    if (b.ref == ref)
      return {c.resource.graphics.begin() + ptrdiff_t(b.at),
              c.resource.graphics.begin() + ptrdiff_t(b.at + b.extent)};
  return {};
}

RewrittenResource rewriteResource(const TextureContainer& c, const std::vector<EntryWrite>& writes,
                                  bool mayMove, std::vector<std::string>& notes) {
  RewrittenResource out;
  out.version = c.resource.version;
  out.systemFlags = c.resource.systemFlags;
  out.graphicsFlags = c.resource.graphicsFlags;
  out.system = c.resource.system;
  out.graphics = c.resource.graphics;
  const std::vector<Block> blocks = dataBlocks(c, !mayMove);
  bool fits = true;
  for (const EntryWrite& w : writes) {
    const TextureEntry& e = c.dictionaries[w.ref.dictionary].entries[w.ref.entry];
    if ((e.record.address >> 28) != (kSystemBase >> 28))
      throw Error(c.file, Error::kNoOffset,
                  textureLabel(e.record.name) + ": its record is not in the system segment");
    const auto b =
        std::find_if(blocks.begin(), blocks.end(), [&](const Block& k) { return k.ref == w.ref; });
    if (b == blocks.end())
      throw Error(c.file, Error::kNoOffset,
                  textureLabel(e.record.name) + ": its data pointer " +
                      describePointer(e.record.dataPtr) + " is not in the graphics segment");
    fits = fits && fittingLength(w, b->room) > 0;
  }
  if (fits) {
    writeInPlace(c, writes, blocks, out);
    notes.push_back("data written in place: every other byte of the resource as it was");
    return out;
  }
  if (!mayMove)
    throw Error(c.file, Error::kNoOffset,
                "the new data does not fit where the old data was, and a drawable's graphics "
                "blocks cannot move");
  layOutGraphics(c, writes, blocks, out, notes);
  return out;
}

} // namespace strata::ytd

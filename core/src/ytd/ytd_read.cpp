#include "ytd/ytd_read.h"

#include "common/bytes.h"
#include "strata/error.h"
#include "strata/image.h"
#include "ytd/ytd_pixels.h"
#include "ytd/ytd_pointers.h"

#include <algorithm>
#include <stdexcept>

namespace strata::ytd {

namespace {

// Bytes after the deflate stream are never read: a harmless oddity of
// third-party writers, a note.
void containerFindings(TextureContainer& c) {
  if (c.resource.trailingBytes)
    c.findings.push_back(
        {Severity::Info, Error::kNoOffset,
         std::to_string(c.resource.trailingBytes) + " bytes follow the end of the deflate stream"});
}

std::string mb(uint64_t v) {
  return std::to_string(v);
}

void layoutFindings(const TextureRecord& r, TextureReading& t, uint64_t recordAt) {
  const TextureLayout& L = t.layout;
  const std::string tex = textureLabel(r.name) + ": ";
  if (L.censusChecked && !L.censusOk) {
    std::string msg = tex + "census invariant fails: the computed " + shapeName(L.shape) +
                      " chain is " + mb(L.computedBytes) +
                      " bytes but blockCount x blockSize = " + mb(r.blockCount) + " x " +
                      mb(r.blockSize) + " = " + mb(L.storedBytes) +
                      " (nor is it the power-of-two-sided count, " + mb(L.pow2Bytes) + " bytes)";
    t.findings.push_back({Severity::Error, recordAt + 0x08, msg});
  }
  if (r.edition == Edition::Enhanced && (r.dimension == 2 || r.dimension == 3)) {
    std::string msg = tex + "dimension byte " + std::to_string(r.dimension) + " read as " +
                      shapeName(L.shape) + ", decided by " + dimensionBasisName(L.dimensionBasis);
    if (L.dimensionBasis == DimensionBasis::Undecided)
      msg += ": neither the view block nor the stored size tells cube from 3D; the spec's "
             "reading (2 = 3D, 3 = cube) was taken, CodeWalker's would be the other";
    t.findings.push_back({L.dimensionBasis == DimensionBasis::Undecided ||
                                  L.dimensionBasis == DimensionBasis::SizeOverView
                              ? Severity::Warning
                              : Severity::Info,
                          recordAt + 0x1E, msg});
  }
  if (!L.unsupported.empty())
    t.findings.push_back({Severity::Warning, recordAt, tex + "not converted: " + L.unsupported});
}

} // namespace

Edition ytdEdition(uint32_t version, const std::string& file) {
  if (version == 5) return Edition::Enhanced;
  if (version == 13) return Edition::Legacy;
  throw Unsupported(file, 4,
                    "resource version " + std::to_string(version) +
                        " is not a texture dictionary version this reader knows (13 legacy, 5 "
                        "Enhanced)");
}

void finishTextures(const ResourceMemory& mem, TextureContainer& c) {
  // Data starts of every texture: the room each one's data has ends at the
  // next one in the same segment.
  std::vector<uint64_t> starts;
  for (auto& d : c.dictionaries)
    for (auto& e : d.entries)
      if (recordRead(e) && e.record.dataPtr) starts.push_back(e.record.dataPtr);
  std::sort(starts.begin(), starts.end());

  for (size_t di = 0; di < c.dictionaries.size(); ++di)
    for (size_t i = 0; i < c.dictionaries[di].entries.size(); ++i) {
      const TextureEntry& e = c.dictionaries[di].entries[i];
      TextureReading& t = c.readings[di].textures[i];
      if (!recordRead(e)) continue;
      const uint64_t ptr = e.record.dataPtr;
      DataSpace space{mem.bytesAvailable(ptr), false};
      const auto next = std::upper_bound(starts.begin(), starts.end(), ptr);
      if (next != starts.end() && (*next >> 28) == (ptr >> 28) && *next - ptr <= space.bytes)
        space = {*next - ptr, true};
      t.layout = layoutOf(e.record, space);
      // A texture whose data lies outside its segment is broken, not the file.
      try {
        readTextureData(mem, e.record, t.layout, t.data, t.findings);
      } catch (const Error& err) {
        t.findings.push_back({Severity::Error, err.offset(), err.detail()});
        continue;
      }
      layoutFindings(e.record, t, mem.flatOffset(e.pointer));
    }
  containerFindings(c);
}

TextureContainer readYtd(const std::vector<uint8_t>& bytes, const std::string& file) {
  TextureContainer c;
  c.file = file;
  c.kind = "ytd";
  const Rsc7Header h = readRsc7Header(bytes, file);
  c.edition = ytdEdition(h.version, file);
  c.resource = readResource(bytes, file);
  ResourceMemory mem(c.resource);
  DictionaryReading reading;
  reading.via = "resource root";
  c.dictionaries.push_back(readDictionary(mem, kSystemBase, c.edition, 0, reading));
  c.readings.push_back(std::move(reading));
  finishTextures(mem, c);
  return c;
}

std::vector<const TextureEntry*> sortedEntries(const TextureContainer& c) {
  std::vector<const TextureEntry*> all;
  for (auto& d : c.dictionaries)
    for (auto& e : d.entries)
      if (recordRead(e)) all.push_back(&e);
  std::stable_sort(all.begin(), all.end(),
                   [](const TextureEntry* a, const TextureEntry* b) { return a->hash < b->hash; });
  return all;
}

const DictionaryReading& TextureContainer::reading(const TextureDictionary& d) const {
  return readings.at(size_t(&d - dictionaries.data()));
}

const TextureReading& TextureContainer::texture(const TextureEntry& e) const {
  for (size_t di = 0; di < dictionaries.size(); ++di) {
    const std::vector<TextureEntry>& entries = dictionaries[di].entries;
    if (!entries.empty() && &e >= entries.data() && &e < entries.data() + entries.size())
      return readings.at(di).textures.at(size_t(&e - entries.data()));
  }
  throw std::out_of_range("texture entry of another container");
}

} // namespace strata::ytd

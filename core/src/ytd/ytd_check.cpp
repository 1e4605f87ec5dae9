#include "ytd/ytd_check.h"

#include "common/bytes.h"
#include "strata/error.h"
#include "strata/image.h"
#include "ytd/ytd_name_hash.h"
#include "ytd/ytd_pixels.h"
#include "ytd/ytd_pointers.h"

#include <map>

namespace strata::ytd {

namespace {

constexpr uint64_t kLegacyStrideField = 0x56;   // ytd-layout.md, "Legacy texture"
constexpr uint64_t kGen9BlockCountField = 0x08; // ytd-enhanced.md, texture table

std::string num(uint64_t v) {
  return std::to_string(v);
}

class Checker {
public:
  explicit Checker(const TextureContainer& c) : c_(c), mem_(c.resource) {}

  ContainerCheck run() {
    for (const Finding& f : c_.findings) out_.findings.push_back({f, nullptr, nullptr});
    for (const TextureDictionary& d : c_.dictionaries) dictionary(d);
    return std::move(out_);
  }

private:
  void add(const TextureDictionary* d, const TextureEntry* e, Severity s, uint64_t offset,
           std::string message) {
    // In a drawable the dictionary says where a texture is.
    if (e && c_.kind != "ytd") message += " (dictionary at " + describePointer(d->address) + ")";
    out_.findings.push_back({{s, offset, std::move(message)}, d, e});
    if (e && s == Severity::Error) out_.broken.insert(e);
  }

  void dictionary(const TextureDictionary& d) {
    for (const Finding& f : c_.reading(d).findings)
      add(&d, nullptr, f.severity, f.offset, f.message);
    if (!d.raw.empty()) counts(d);
    std::map<uint64_t, size_t> firstUse; // texture pointer -> entry
    for (size_t i = 0; i < d.entries.size(); ++i) {
      const TextureEntry& e = d.entries[i];
      const uint64_t hashAt = mem_.flatOffset(d.hashesPtr) + 4 * i;
      if (i > 0 && e.hash <= d.entries[i - 1].hash)
        // The game looks textures up by binary search over the hashes; every
        // texture still reads (seen in real files): a warning.
        add(&d, nullptr, Severity::Warning, hashAt,
            "name hashes are not sorted ascending: entry " + num(i) + " " + hex32(e.hash) +
                " follows " + hex32(d.entries[i - 1].hash) +
                " (the game's binary search may miss these textures; all are read)");
      for (const Finding& f : c_.texture(e).findings) add(&d, &e, f.severity, f.offset, f.message);
      if (!recordRead(e)) continue; // null, or its read error is among its findings
      const auto [first, fresh] = firstUse.emplace(e.pointer, i);
      if (!fresh)
        add(&d, &e, Severity::Error, mem_.flatOffset(d.texturesPtr) + 8 * i,
            textureLabel(e.record.name) + ": texture pointer " + describePointer(e.pointer) +
                " of entry " + num(i) + " repeats entry " + num(first->second));
      hash(d, e, hashAt);
      view(d, e);
      rules(d, e);
      decode(d, e);
    }
  }

  // ytd-enhanced.md, dictionary table: parallel arrays, each within its capacity.
  void counts(const TextureDictionary& d) {
    const uint64_t base = mem_.flatOffset(d.address);
    if (d.hashCount != d.textureCount)
      add(&d, nullptr, Severity::Error, base + kDictHashCount,
          "the hash array holds " + num(d.hashCount) + " entries but the parallel texture array " +
              num(d.textureCount) + ": only the first " +
              num(std::min(d.hashCount, d.textureCount)) + " are read");
    if (d.hashCount > d.hashCapacity)
      add(&d, nullptr, Severity::Error, base + kDictHashCapacity,
          "the hash count " + num(d.hashCount) + " exceeds the hash array's capacity " +
              num(d.hashCapacity));
    if (d.textureCount > d.textureCapacity)
      add(&d, nullptr, Severity::Error, base + kDictTextureCapacity,
          "the texture count " + num(d.textureCount) + " exceeds the texture array's capacity " +
              num(d.textureCapacity));
  }

  // A wrong hash does not stop the texture from reading: a warning. A stored
  // name with a path and extension whose bare name matches is a note.
  void hash(const TextureDictionary& d, const TextureEntry& e, uint64_t hashAt) {
    const std::string& name = e.record.name;
    if (nameHash(name) == e.hash) return;
    const std::string bare = bareName(name);
    if (nameHash(bare) == e.hash) {
      add(&d, &e, Severity::Info, hashAt,
          textureLabel(name) + ": the hash " + hex32(e.hash) + " is that of the bare name '" +
              escapeUtf8(bare) + "' (the stored name carries a path or extension)");
      return;
    }
    add(&d, &e, Severity::Warning, hashAt,
        "hash " + hex32(e.hash) + " is not the name hash of '" + escapeUtf8(name) + "' (" +
            hex32(nameHash(name)) + "): a lookup by that name would miss it");
  }

  // ytd-layout.md: a Gen9 record's view block sits at the record + 0x58 and
  // names its texture's dimension. Strata reads the view where the pointer
  // points, and a 2D texture's shape from the record: a view elsewhere is a
  // note; a 2D record whose view names another dimension a warning (a reader
  // that trusts the view binds the texture as something else).
  void view(const TextureDictionary& d, const TextureEntry& e) {
    const TextureRecord& r = e.record;
    if (r.edition != Edition::Enhanced || !r.viewPtr) return;
    const std::string tex = textureLabel(r.name) + ": ";
    if (r.viewPtr != e.pointer + kGen9ViewOffset)
      add(&d, &e, Severity::Info, mem_.flatOffset(e.pointer) + kGen9ViewField,
          tex + "the view block is at " + describePointer(r.viewPtr) +
              ", not at the record + 0x58 (" + describePointer(e.pointer + kGen9ViewOffset) +
              "); read where the pointer points");
    const int want = r.depth > 1 ? kViewArray : kViewTexture2D;
    if (r.dimension == 1 && r.viewDimension != want)
      add(&d, &e, Severity::Warning, mem_.flatOffset(r.viewPtr) + kViewDimensionField,
          tex + "the view block names dimension " + hex(uint64_t(r.viewDimension)) +
              " where the record's dimension byte 1 (2D" + (r.depth > 1 ? ", an array" : "") +
              ") wants " + hex(uint64_t(want)) + "; read as the record says");
  }

  std::string spaceText(const TextureLayout& L) const {
    return num(L.space.bytes) + " bytes " +
           (L.space.toNextData ? "to the next texture's data" : "to the end of its segment");
  }

  // The rules that decided how a layout was read (info names them too).
  void rules(const TextureDictionary& d, const TextureEntry& e) {
    const TextureRecord& r = e.record;
    const TextureLayout& L = c_.texture(e).layout;
    const uint64_t rec = mem_.flatOffset(e.pointer);
    const std::string tex = textureLabel(r.name) + ": ";
    const std::string stride =
        "ATI2 stride " + num(r.stride) + " is the pitch of 8-byte blocks (BC5 blocks are 16 bytes)";
    if (L.strideRule == StrideRule::Bc5ByDataSpace)
      add(&d, &e, Severity::Info, rec + kLegacyStrideField,
          tex + stride + "; the " + spaceText(L) + " hold the full BC5 chain of " +
              num(L.computedBytes) + " bytes, so it is read as BC5");
    if (L.strideRule == StrideRule::Bc5SpaceTooSmall)
      // Seen in real files the game loads: the bytes there are the start of
      // the BC5 chain, cut where 8-byte blocks would end; the game reads on
      // into the next texture's data, and so does Strata (a warning: the
      // lower rows may show that data).
      add(&d, &e, Severity::Warning, rec + kLegacyStrideField,
          tex + stride + ", and the " + spaceText(L) + " hold only part of its " +
              num(L.computedBytes) +
              "-byte BC5 chain (as if sized for 8-byte blocks); the rest is read from the bytes "
              "that follow, as the game reads it");
    if (L.blockCountRule == BlockCountRule::PowerOfTwoSides)
      add(&d, &e, Severity::Info, rec + kGen9BlockCountField,
          tex + "blockCount x blockSize = " + num(L.storedBytes) +
              " bytes counts the chain of the sides rounded up to powers of two (ytd-layout.md, "
              "\"Block count\"); the data holds the " +
              num(L.computedBytes) + "-byte chain of " + num(r.width) + "x" + num(r.height));
  }

  // validate sees everything: every payload is decoded, mip by mip.
  void decode(const TextureDictionary& d, const TextureEntry& e) {
    const TextureReading& t = c_.texture(e);
    if (out_.broken.count(&e) || !t.layout.unsupported.empty()) return;
    const Image img = toImage(e.record, t.layout, t.data);
    try {
      image::checkImage(img);
      for (uint32_t layer = 0; layer < image::sliceCount(img); ++layer)
        for (uint32_t mip = 0; mip < img.mipLevels; ++mip) image::decodeRGBA8(img, mip, layer);
    } catch (const Error& err) {
      add(&d, &e, Severity::Error, mem_.flatOffset(e.record.dataPtr),
          textureLabel(e.record.name) + ": the pixel data at " + describePointer(e.record.dataPtr) +
              " does not decode: " + err.detail());
    }
  }

  const TextureContainer& c_;
  const ResourceMemory mem_;
  ContainerCheck out_;
};

} // namespace

ContainerCheck checkContainer(const TextureContainer& c) {
  return Checker(c).run();
}

IntactTextures intactTextures(const TextureContainer& c, bool partial) {
  const ContainerCheck check = checkContainer(c);
  IntactTextures out;
  std::set<const TextureEntry*> named;
  for (const CheckedFinding& f : check.findings) {
    if (f.finding.severity != Severity::Error) continue;
    if (!partial) throw Error(c.file, f.finding.offset, f.finding.message);
    if (!f.entry)
      out.leftOut.push_back(f.dictionary
                                ? "dictionary at " + describePointer(f.dictionary->address) + ": " +
                                      f.finding.message
                                : f.finding.message);
    else if (named.insert(f.entry).second) // one line per texture: its first error
      out.leftOut.push_back(f.finding.message);
  }
  for (const TextureEntry* e : sortedEntries(c))
    if (!check.broken.count(e)) out.entries.push_back(e);
  return out;
}

} // namespace strata::ytd

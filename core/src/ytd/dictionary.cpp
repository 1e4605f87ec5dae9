#include "ytd/dictionary.h"

#include "common/bytes.h"
#include "ytd/le_fields.h"
#include "ytd/name_hash.h"
#include "ytd/pointers.h"

#include <set>

namespace strata::ytd {

namespace {
// ytd-enhanced.md, dictionary table.
constexpr size_t kHashesPtr = 0x20, kHashCount = 0x28, kHashCapacity = 0x2A;
constexpr size_t kTexturesPtr = 0x30, kTextureCount = 0x38, kTextureCapacity = 0x3A;
} // namespace

TextureDictionary readDictionary(const ResourceMemory& mem, uint64_t ptr, Edition edition,
                                 uint64_t at) {
  TextureDictionary d;
  d.address = ptr;
  ByteReader root = mem.reader(ptr, kDictionarySize, "texture dictionary (0x40 bytes)", at);
  const uint64_t base = root.fileOffset(0);
  d.raw = root.bytes(size_t(kDictionarySize), "texture dictionary");
  d.hashesPtr = getLE<uint64_t>(d.raw, kHashesPtr);
  d.hashCount = getLE<uint16_t>(d.raw, kHashCount);
  d.hashCapacity = getLE<uint16_t>(d.raw, kHashCapacity);
  d.texturesPtr = getLE<uint64_t>(d.raw, kTexturesPtr);
  d.textureCount = getLE<uint16_t>(d.raw, kTextureCount);
  d.textureCapacity = getLE<uint16_t>(d.raw, kTextureCapacity);

  if (d.hashCount != d.textureCount)
    d.findings.push_back({Severity::Error, base + kHashCount,
                          "the hash array holds " + std::to_string(d.hashCount) +
                              " entries but the parallel texture array " +
                              std::to_string(d.textureCount)});
  if (d.hashCapacity < d.hashCount || d.textureCapacity < d.textureCount)
    d.findings.push_back({Severity::Warning, base + kHashCapacity,
                          "an array capacity is below its count (hashes " +
                              std::to_string(d.hashCount) + "/" + std::to_string(d.hashCapacity) +
                              ", textures " + std::to_string(d.textureCount) + "/" +
                              std::to_string(d.textureCapacity) + ")"});
  const size_t n = std::min(d.hashCount, d.textureCount);
  if (n == 0) return d;

  // Both arrays must lie inside their segment before anything is allocated.
  ByteReader hashes =
      mem.reader(d.hashesPtr, uint64_t(n) * 4, "name hash array (" + std::to_string(n) + " x u32)",
                 base + kHashesPtr);
  ByteReader pointers =
      mem.reader(d.texturesPtr, uint64_t(n) * 8,
                 "texture pointer array (" + std::to_string(n) + " x u64)", base + kTexturesPtr);
  const uint64_t recordSize = edition == Edition::Enhanced ? kGen9RecordSize : kLegacyRecordSize;
  std::set<uint64_t> seen;
  d.entries.resize(n);
  for (size_t i = 0; i < n; ++i) {
    TextureEntry& e = d.entries[i];
    const uint64_t hashAt = hashes.fileOffset(hashes.tell());
    e.hash = hashes.u32("name hash");
    const uint64_t ptrAt = pointers.fileOffset(pointers.tell());
    e.pointer = pointers.u64("texture pointer");
    if (i > 0 && e.hash <= d.entries[i - 1].hash)
      d.findings.push_back({Severity::Error, hashAt,
                            "name hashes are not sorted ascending: entry " + std::to_string(i) +
                                " " + hex32(e.hash) + " follows " + hex32(d.entries[i - 1].hash)});
    if (e.pointer == 0) {
      e.findings.push_back({Severity::Info, ptrAt,
                            "entry " + std::to_string(i) + " (hash " + hex32(e.hash) +
                                ") has a null texture pointer"});
      continue;
    }
    // A record overlapping the dictionary object is a pointer loop, not a texture.
    if (e.pointer < ptr + kDictionarySize && ptr < e.pointer + recordSize)
      mem.fail(ptrAt, "texture pointer " + describePointer(e.pointer) +
                          " points back into its own dictionary at " + describePointer(ptr));
    if (!seen.insert(e.pointer).second)
      d.findings.push_back(
          {Severity::Error, ptrAt,
           "texture pointer " + describePointer(e.pointer) + " appears twice in the dictionary"});
    e.record = readRecord(mem, edition, e.pointer, ptrAt);
    const uint32_t expected = nameHash(e.record.name);
    if (expected != e.hash)
      e.findings.push_back({Severity::Error, hashAt,
                            "hash " + hex32(e.hash) + " is not the name hash of '" + e.record.name +
                                "' (" + hex32(expected) + ")"});
  }
  return d;
}

} // namespace strata::ytd

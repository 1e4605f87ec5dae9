#include "ytd/ytd_read.h"

#include "common/bytes.h"
#include "ytd/ytd_pointers.h"

#include <algorithm>

namespace strata::ytd {

TextureDictionary readDictionary(const ResourceMemory& mem, uint64_t ptr, Edition edition,
                                 uint64_t at, DictionaryReading& reading) {
  TextureDictionary d;
  d.address = ptr;
  ByteReader root = mem.reader(ptr, kDictionarySize, "texture dictionary (0x40 bytes)", at);
  const uint64_t base = root.fileOffset(0);
  d.raw = root.bytes(size_t(kDictionarySize), "texture dictionary");
  d.hashesPtr = loadLE<uint64_t>(d.raw, kDictHashesPtr);
  d.hashCount = loadLE<uint16_t>(d.raw, kDictHashCount);
  d.hashCapacity = loadLE<uint16_t>(d.raw, kDictHashCapacity);
  d.texturesPtr = loadLE<uint64_t>(d.raw, kDictTexturesPtr);
  d.textureCount = loadLE<uint16_t>(d.raw, kDictTextureCount);
  d.textureCapacity = loadLE<uint16_t>(d.raw, kDictTextureCapacity);

  const size_t n = std::min(d.hashCount, d.textureCount);
  if (n == 0) return d;

  // Both arrays must lie inside their segment before anything is allocated.
  ByteReader hashes =
      mem.reader(d.hashesPtr, uint64_t(n) * 4, "name hash array (" + std::to_string(n) + " x u32)",
                 base + kDictHashesPtr);
  ByteReader pointers = mem.reader(d.texturesPtr, uint64_t(n) * 8,
                                   "texture pointer array (" + std::to_string(n) + " x u64)",
                                   base + kDictTexturesPtr);
  const uint64_t recordSize = edition == Edition::Enhanced ? kGen9RecordSize : kLegacyRecordSize;
  d.entries.resize(n);
  reading.textures.resize(n);
  for (size_t i = 0; i < n; ++i) {
    TextureEntry& e = d.entries[i];
    std::vector<Finding>& findings = reading.textures[i].findings;
    e.hash = hashes.u32("name hash");
    const uint64_t ptrAt = pointers.fileOffset(pointers.tell());
    e.pointer = pointers.u64("texture pointer");
    if (e.pointer == 0) {
      findings.push_back({Severity::Info, ptrAt,
                          "entry " + std::to_string(i) + " (hash " + hex32(e.hash) +
                              ") has a null texture pointer"});
      continue;
    }
    // One unreadable record breaks its texture, not the dictionary.
    try {
      // A record overlapping the dictionary object is a pointer loop, not a texture.
      if (e.pointer < ptr + kDictionarySize && ptr < e.pointer + recordSize)
        mem.fail(ptrAt, "texture pointer " + describePointer(e.pointer) +
                            " points back into its own dictionary at " + describePointer(ptr));
      e.record = readRecord(mem, edition, e.pointer, ptrAt);
    } catch (const Error& err) {
      e.record = TextureRecord();
      findings.push_back(
          {Severity::Error, err.offset(),
           "entry " + std::to_string(i) + " (hash " + hex32(e.hash) + "): " + err.detail()});
    }
  }
  return d;
}

} // namespace strata::ytd

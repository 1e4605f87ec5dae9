#pragma once
// WAD compression of Ratchet & Clank 2 levels (rc2-level-wad.md section 3): a
// bounded decoder and an encoder that follows the section's encoder rules.
// Byte-buffer based: the caller names the stream and where it sits in its file.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace strata::wad {

constexpr size_t kHeaderSize = 16;     // "WAD", s32 total size at 3, 9 bytes of tag
constexpr size_t kBlockSize = 0x2000;  // block markers skip to a multiple of this
constexpr uint64_t kMaxExpansion = 66; // a 4-byte big or far match writes at most 264 bytes
// Strata's limit on one decompressed stream, far above any retail level's core
// data (17 MB on level 0, tfrag-rc2.md), so a hostile size cannot allocate without bound.
constexpr uint64_t kHardCap = uint64_t(256) << 20;

// Where a stream lies: `file` and `base` (the stream's byte offset in it) for
// messages, `name` the stream ("core_data", "chunk 1 tfrags").
struct StreamRef {
  const uint8_t* data = nullptr;
  size_t size = 0; // bytes available from `data`; the stored size must fit
  std::string file;
  uint64_t base = 0;
  std::string name;
};

// True when the bytes start with "WAD".
bool hasMagic(const uint8_t* data, size_t size);

// The stored total size (offset 3, header included). Throws strata::Error when
// the magic is missing, the size is below the header's 16 bytes, or it runs
// past the bytes available.
uint32_t storedSize(const StreamRef& s);

// Decompresses the stream. `expected` >= 0: the exact decompressed size the
// level declares (core header 0x8C); the output never grows past it and a
// stream that decodes to another length is an error. `expected` < 0: the
// output may grow up to `cap`. Either way it is bounded by kHardCap and by
// kMaxExpansion x the stored packets. Every read and match source is checked;
// an error names the stream, the packet's offset in the stream and what was
// expected, at the packet's byte offset in the file.
std::vector<uint8_t> decompress(const StreamRef& s, int64_t expected, uint64_t cap = kHardCap);

// The same into a caller's buffer of exactly `expected` bytes (benchmarks:
// no allocation in the loop). Returns bytes written (== expected).
size_t decompressInto(const StreamRef& s, uint8_t* out, size_t expected);

// Compresses `data` by the encoder rules of section 3 (greedy matching within
// the 32,704-byte window, literal runs split at 273, dummies for 1-3 byte runs,
// block markers before a packet that would cross 0x1FFD of a 0x2000 block). `tag`: up to 9
// bytes written after the size.
std::vector<uint8_t> compress(const uint8_t* data, size_t size,
                              const std::string& tag = "coredata");
inline std::vector<uint8_t> compress(const std::vector<uint8_t>& data,
                                     const std::string& tag = "coredata") {
  return compress(data.data(), data.size(), tag);
}

} // namespace strata::wad

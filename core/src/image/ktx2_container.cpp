// KTX 2.0 file assembly (KTX File Format Specification 2.0 §3.2 header, §3.9
// level index, §3.11 key/value data, §3.12 supercompression scheme 2 =
// Zstandard, §3.9.7 level alignment).
#include "image/ktx2_container.h"
#include "common/bytes.h"
#include "image/ktx2_formats.h"
#include "strata/error.h"

#include <zstd.h>

namespace strata::image {
namespace {

// KTX2 §3.11: keyAndValueByteLength, key NUL value NUL, padding to 4.
void keyValue(ByteWriter& w, const std::string& key, const std::string& value) {
  w.u32(uint32_t(key.size() + 1 + value.size() + 1));
  w.bytes(key.c_str(), key.size() + 1);
  w.bytes(value.c_str(), value.size() + 1);
  while (w.tell() % 4) w.u8(0);
}

std::vector<uint8_t> compress(const std::vector<uint8_t>& raw, int level, const std::string& name) {
  std::vector<uint8_t> packed(ZSTD_compressBound(raw.size()));
  const size_t n = ZSTD_compress(packed.data(), packed.size(), raw.data(), raw.size(), level);
  if (ZSTD_isError(n))
    throw Error(name, Error::kNoOffset, std::string("zstd: ") + ZSTD_getErrorName(n));
  packed.resize(n);
  return packed;
}

} // namespace

std::vector<uint8_t> assembleKtx2(const Ktx2Container& c) {
  const uint32_t count = uint32_t(c.levels.size());
  ByteWriter kvd;
  keyValue(kvd, "KTXwriter", "Strata 0.1.0"); // the only key, so the list is sorted

  ByteWriter w;
  w.bytes(kKtx2Identifier, 12);
  w.u32(c.vkFormat);
  w.u32(c.typeSize);
  w.u32(c.width);
  w.u32(c.height);
  w.u32(c.depth);
  w.u32(c.layers);
  w.u32(c.faces);
  w.u32(count);
  w.u32(c.zstd ? kSupercompressionZstd : 0);
  const size_t levelIndexAt = 80;
  const uint32_t dfdAt = uint32_t(levelIndexAt + 24 * count);
  w.u32(dfdAt);
  w.u32(uint32_t(c.dfd.size()));
  w.u32(dfdAt + uint32_t(c.dfd.size()));
  w.u32(uint32_t(kvd.buf.size()));
  w.u64(0); // no supercompression global data
  w.u64(0);
  w.zeros(24 * count); // level index, patched below
  w.bytes(c.dfd);
  w.bytes(kvd.buf);

  // Level data smallest level first (§3.9.7), aligned for scheme 0 and
  // packed without padding when supercompressed.
  for (uint32_t m = count; m-- > 0;) {
    const std::vector<uint8_t>& raw = c.levels[m];
    const std::vector<uint8_t> stored = c.zstd ? compress(raw, c.zstdLevel, c.name) : raw;
    if (!c.zstd)
      while (w.tell() % c.alignment) w.u8(0);
    const size_t entry = levelIndexAt + 24 * m;
    const uint64_t at = w.tell();
    for (int i = 0; i < 8; ++i) {
      w.buf[entry + i] = uint8_t(at >> (8 * i));
      w.buf[entry + 8 + i] = uint8_t(uint64_t(stored.size()) >> (8 * i));
      w.buf[entry + 16 + i] = uint8_t(uint64_t(raw.size()) >> (8 * i));
    }
    w.bytes(stored);
  }
  return std::move(w.buf);
}

} // namespace strata::image

#pragma once
// Helpers for hand-built RSC7 fixtures in the YTD and drawable tests. They use
// libdeflate directly and write the 16-byte header themselves, so a fixture
// never goes through Strata's own container writer.
#include <libdeflate.h>

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

namespace ytdfixture {

// A zero-filled segment with little-endian puts at absolute offsets.
struct Segment {
  std::vector<uint8_t> b;
  explicit Segment(size_t size) : b(size, 0) {}
  void u8(size_t at, uint8_t v) { b.at(at) = v; }
  void u16(size_t at, uint16_t v) {
    for (int i = 0; i < 2; ++i) b.at(at + i) = uint8_t(v >> (8 * i));
  }
  void u32(size_t at, uint32_t v) {
    for (int i = 0; i < 4; ++i) b.at(at + i) = uint8_t(v >> (8 * i));
  }
  void u64(size_t at, uint64_t v) {
    for (int i = 0; i < 8; ++i) b.at(at + i) = uint8_t(v >> (8 * i));
  }
  void str(size_t at, const std::string& s) { std::memcpy(&b.at(at), s.c_str(), s.size() + 1); }
  void bytes(size_t at, const std::vector<uint8_t>& v) {
    if (!v.empty()) std::memcpy(&b.at(at), v.data(), v.size());
  }
};

// Raw deflate (no zlib header) of `plain`.
inline std::vector<uint8_t> deflateRaw(const std::vector<uint8_t>& plain) {
  libdeflate_compressor* c = libdeflate_alloc_compressor(6);
  std::vector<uint8_t> out(libdeflate_deflate_compress_bound(c, plain.size()));
  size_t n = libdeflate_deflate_compress(c, plain.data(), plain.size(), out.data(), out.size());
  libdeflate_free_compressor(c);
  if (!n) throw std::runtime_error("deflate failed");
  out.resize(n);
  return out;
}

inline std::vector<uint8_t> inflateRaw(const uint8_t* data, size_t size, size_t expected) {
  libdeflate_decompressor* d = libdeflate_alloc_decompressor();
  std::vector<uint8_t> out(expected);
  size_t got = 0;
  auto rc = libdeflate_deflate_decompress(d, data, size, out.data(), out.size(), &got);
  libdeflate_free_decompressor(d);
  if (rc != LIBDEFLATE_SUCCESS || got != expected) throw std::runtime_error("inflate failed");
  return out;
}

// "RSC7", version, flags, then raw deflate of system ++ graphics.
inline std::vector<uint8_t> rsc7(uint32_t version, uint32_t sysFlags, uint32_t gfxFlags,
                                 const std::vector<uint8_t>& sys, const std::vector<uint8_t>& gfx) {
  std::vector<uint8_t> plain = sys;
  plain.insert(plain.end(), gfx.begin(), gfx.end());
  std::vector<uint8_t> out = {'R', 'S', 'C', '7'};
  for (uint32_t v : {version, sysFlags, gfxFlags})
    for (int i = 0; i < 4; ++i) out.push_back(uint8_t(v >> (8 * i)));
  auto packed = deflateRaw(plain);
  out.insert(out.end(), packed.begin(), packed.end());
  return out;
}

} // namespace ytdfixture

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
    if (v.empty()) return;
    (void)b.at(at + v.size() - 1); // throws rather than writing past the end
    std::memcpy(&b.at(at), v.data(), v.size());
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

// The 0x40-byte dictionary root shared by texture dictionaries and .ydd
// drawable dictionaries (ytd-enhanced.md dictionary table; ydr-embedded.md
// §2): +0x20 hash array pointer, +0x28/+0x2A count and capacity, +0x30 the
// parallel pointer array, +0x38/+0x3A its count and capacity.
inline void putDictionary(Segment& sys, size_t at, uint64_t hashes, uint64_t pointers, uint16_t n) {
  sys.u64(at + 0x20, hashes);
  sys.u16(at + 0x28, n);
  sys.u16(at + 0x2A, n);
  sys.u64(at + 0x30, pointers);
  sys.u16(at + 0x38, n);
  sys.u16(at + 0x3A, n);
}

// One texture of a hand-built legacy (v13) dictionary, its fields as
// ytd-layout.md's "Legacy texture (v13, 0x90 bytes)" names them.
struct LegacyTexture {
  std::string name; // bytes, as stored
  uint32_t hash;    // the dictionary's hash entry (joaat from a separate script)
  uint32_t format;  // +0x58: D3DFMT number or FourCC
  uint16_t width, height, stride;
  uint8_t mips;
  uint32_t dataOffset; // +0x70 points at graphics + dataOffset
  std::vector<uint8_t> data;
};

constexpr uint32_t fourCC(char a, char b, char c, char d) {
  return uint32_t(uint8_t(a)) | uint32_t(uint8_t(b)) << 8 | uint32_t(uint8_t(c)) << 16 |
         uint32_t(uint8_t(d)) << 24;
}

// A legacy .ytd laid out by hand (ytd-layout.md): the dictionary at system +0
// (+0x20 hashes -> +0x100, +0x30 texture pointers -> +0x200, counts and
// capacities = the texture count), records at +0x400 + 0x90 i, names at
// +0x2000 + 0x40 i; a 16 KiB system segment and a graphics segment of
// `gfxSize` bytes (a multiple of 8192). Patch `sys` / `gfx` before file().
struct LegacyYtd {
  Segment sys{16384}, gfx;
  explicit LegacyYtd(const std::vector<LegacyTexture>& ts, size_t gfxSize = 32768) : gfx(gfxSize) {
    putDictionary(sys, 0, 0x50000100, 0x50000200, uint16_t(ts.size()));
    for (size_t i = 0; i < ts.size(); ++i) {
      const LegacyTexture& t = ts[i];
      const size_t rec = 0x400 + 0x90 * i, name = 0x2000 + 0x40 * i;
      sys.u32(0x100 + 4 * i, t.hash);
      sys.u64(0x200 + 8 * i, 0x50000000 + rec);
      sys.u64(rec + 0x28, 0x50000000 + name);
      sys.u16(rec + 0x50, t.width);
      sys.u16(rec + 0x52, t.height);
      sys.u16(rec + 0x54, 1); // depth
      sys.u16(rec + 0x56, t.stride);
      sys.u32(rec + 0x58, t.format);
      sys.u8(rec + 0x5D, t.mips);
      sys.u64(rec + 0x70, 0x60000000 + t.dataOffset);
      sys.str(name, t.name);
      gfx.bytes(t.dataOffset, t.data);
    }
  }
  // size(flags): bits 17-23 count pages of 16 x 0x200 bytes; bits 28-31 carry
  // the version nibbles (13: system 0, graphics 0xD).
  std::vector<uint8_t> file() const {
    return rsc7(13, uint32_t(sys.b.size() / 8192) << 17,
                0xD0000000 | uint32_t(gfx.b.size() / 8192) << 17, sys.b, gfx.b);
  }
};

} // namespace ytdfixture

#pragma once
// Hand-built PNG and JPEG streams for the decoder and tile tests, written byte
// by byte from the specifications, never by an encoder: PNG (ISO/IEC 15948)
// chunks (§5.3: big-endian length, type, data, CRC-32 of type and data, Annex
// D), a zlib stream (RFC 1950: CMF 0x78, FLG 0x01, Adler-32) of stored deflate
// blocks (RFC 1951 §3.2.4) holding the filtered rows (§7.3: a filter-type byte
// before each row); a JPEG header (ITU T.81 B.2: SOI, SOF0, SOS) before
// arbitrary scan bytes.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace pngfixture {

inline uint32_t crc32(const uint8_t* p, size_t n, uint32_t crc = 0) {
  crc = ~crc;
  for (size_t i = 0; i < n; ++i) {
    crc ^= p[i];
    for (int k = 0; k < 8; ++k) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1)));
  }
  return ~crc;
}

inline void be32(std::vector<uint8_t>& out, uint32_t v) {
  for (int s = 24; s >= 0; s -= 8) out.push_back(uint8_t(v >> s));
}

// A zlib stream of stored blocks holding `raw` unchanged.
inline std::vector<uint8_t> storedZlib(const std::vector<uint8_t>& raw) {
  std::vector<uint8_t> z = {0x78, 0x01};
  size_t at = 0;
  do {
    const size_t n = std::min<size_t>(65535, raw.size() - at);
    z.push_back(at + n == raw.size() ? 1 : 0); // BFINAL, BTYPE 00
    z.push_back(uint8_t(n)), z.push_back(uint8_t(n >> 8));
    z.push_back(uint8_t(~n)), z.push_back(uint8_t(~n >> 8));
    z.insert(z.end(), raw.begin() + long(at), raw.begin() + long(at + n));
    at += n;
  } while (at < raw.size());
  uint32_t a = 1, b = 0;
  for (uint8_t c : raw) a = (a + c) % 65521, b = (b + a) % 65521;
  be32(z, b << 16 | a);
  return z;
}

inline void chunk(std::vector<uint8_t>& png, const std::string& type,
                  const std::vector<uint8_t>& data) {
  be32(png, uint32_t(data.size()));
  std::vector<uint8_t> td(type.begin(), type.end());
  td.insert(td.end(), data.begin(), data.end());
  png.insert(png.end(), td.begin(), td.end());
  be32(png, crc32(td.data(), td.size()));
}

inline std::vector<uint8_t> ihdr(uint32_t width, uint32_t height, uint8_t depth = 8,
                                 uint8_t colorType = 6) {
  std::vector<uint8_t> d;
  be32(d, width), be32(d, height);
  d.insert(d.end(), {depth, colorType, 0, 0, 0}); // compression, filter, interlace
  return d;
}

// Filtered rows of an RGBA8 image (filter type 0 on every row) of one colour.
inline std::vector<uint8_t> flatRows(uint32_t width, uint32_t height, uint8_t r, uint8_t g,
                                     uint8_t b, uint8_t a = 255) {
  std::vector<uint8_t> raw;
  for (uint32_t y = 0; y < height; ++y) {
    raw.push_back(0);
    for (uint32_t x = 0; x < width; ++x) raw.insert(raw.end(), {r, g, b, a});
  }
  return raw;
}

// Signature, IHDR, one IDAT holding `idat`, IEND.
inline std::vector<uint8_t> png(const std::vector<uint8_t>& ihdrData,
                                const std::vector<uint8_t>& idat) {
  std::vector<uint8_t> p = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  chunk(p, "IHDR", ihdrData);
  chunk(p, "IDAT", idat);
  chunk(p, "IEND", {});
  return p;
}

// An RGBA8 PNG of one colour.
inline std::vector<uint8_t> flatPng(uint32_t width, uint32_t height, uint8_t r, uint8_t g,
                                    uint8_t b) {
  return png(ihdr(width, height), storedZlib(flatRows(width, height, r, g, b)));
}

constexpr size_t kFirstIdatOffset = 8 + 25; // signature, IHDR chunk (12 + 13 bytes)

// SOI, a baseline SOF0 of one 8-bit component, SOS, `scanBytes` bytes of 0x00
// and EOI: enough for libjpeg to read the header (tables are only needed to
// decode).
inline std::vector<uint8_t> jpegHeader(uint16_t width, uint16_t height, size_t scanBytes) {
  std::vector<uint8_t> j = {0xFF, 0xD8};
  j.insert(j.end(), {0xFF, 0xC0, 0, 11, 8, uint8_t(height >> 8), uint8_t(height),
                     uint8_t(width >> 8), uint8_t(width), 1, 1, 0x11, 0});
  j.insert(j.end(), {0xFF, 0xDA, 0, 8, 1, 1, 0x00, 0, 63, 0});
  j.insert(j.end(), scanBytes, 0);
  j.insert(j.end(), {0xFF, 0xD9});
  return j;
}

constexpr size_t kJpegSofOffset = 2;

} // namespace pngfixture

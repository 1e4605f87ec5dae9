#pragma once
// A deliberately separate little-endian byte builder for hand-built fixtures:
// tests write files field by field from the spec tables with this, never with
// the writer under test.
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

struct Bytes {
  std::vector<uint8_t> b;
  size_t size() const { return b.size(); }
  Bytes& u8(uint8_t v) {
    b.push_back(v);
    return *this;
  }
  Bytes& u16(uint16_t v) { return u8(uint8_t(v & 0xFF)).u8(uint8_t(v >> 8)); }
  Bytes& u32(uint32_t v) { return u16(uint16_t(v & 0xFFFF)).u16(uint16_t(v >> 16)); }
  Bytes& s16(int16_t v) { return u16(uint16_t(v)); }
  Bytes& s32(int32_t v) { return u32(uint32_t(v)); }
  Bytes& f32(float f) {
    uint32_t v;
    std::memcpy(&v, &f, 4);
    return u32(v);
  }
  Bytes& str(const std::string& s) {
    b.insert(b.end(), s.begin(), s.end());
    return *this;
  }
  Bytes& raw(const std::vector<uint8_t>& v) {
    b.insert(b.end(), v.begin(), v.end());
    return *this;
  }
  Bytes& zeros(size_t n) {
    b.insert(b.end(), n, 0);
    return *this;
  }
  void patch32(size_t at, uint32_t v) {
    for (int i = 0; i < 4; ++i) b[at + i] = uint8_t(v >> (8 * i));
  }
};

#pragma once
// Bounds-checked little-endian reading and writing. Every read names what it
// expected, so a truncated or corrupt file yields an Error with file + offset.
#include "strata/error.h"

#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

namespace strata {

// True when the `n` bytes at `offset` lie inside a buffer of `size` bytes.
// Written as `n <= size - offset` after `offset <= size`: the naive
// `offset + n > size` wraps for an offset or count read from a file (a negative
// s32 widened to uint64) and then passes.
constexpr bool fitsWithin(uint64_t offset, uint64_t n, uint64_t size) {
  return offset <= size && n <= size - offset;
}

// A little-endian T at `p` and its store: for fields of a buffer whose bounds
// the caller has checked (a fixed-size record read whole, a probed header).
template <typename T> T loadLE(const uint8_t* p) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  // The bytes are the value: one load (the shifts below are not always
  // folded into one, and this runs for every vertex field).
  T v;
  std::memcpy(&v, p, sizeof(T));
  return v;
#else
  uint64_t v = 0;
  for (size_t i = 0; i < sizeof(T); ++i) v |= uint64_t(p[i]) << (8 * i);
  return T(std::make_unsigned_t<T>(v));
#endif
}
inline float loadF32(const uint8_t* p) {
  const uint32_t b = loadLE<uint32_t>(p);
  float f;
  std::memcpy(&f, &b, 4);
  return f;
}
// A big-endian U32 at `p` (PNG's lengths and CRCs, ISO/IEC 15948 §7.1).
inline uint32_t loadBE32(const uint8_t* p) {
  return uint32_t(p[0]) << 24 | uint32_t(p[1]) << 16 | uint32_t(p[2]) << 8 | uint32_t(p[3]);
}
template <typename T> T loadLE(const std::vector<uint8_t>& b, size_t at) {
  return loadLE<T>(b.data() + at);
}
template <typename T> void storeLE(std::vector<uint8_t>& b, size_t at, T v) {
  for (size_t i = 0; i < sizeof(T); ++i) b[at + i] = uint8_t(uint64_t(v) >> (8 * i));
}

class ByteReader {
public:
  ByteReader(const uint8_t* data, size_t size, std::string file, size_t base = 0)
      : data_(data), size_(size), file_(std::move(file)), base_(base) {}
  explicit ByteReader(const std::vector<uint8_t>& v, std::string file)
      : ByteReader(v.data(), v.size(), std::move(file)) {}

  size_t tell() const { return pos_; }
  size_t size() const { return size_; }
  size_t remaining() const { return size_ - pos_; }
  const std::string& file() const { return file_; }
  const uint8_t* data() const { return data_; }

  // Absolute offset in the file of the current position (for messages).
  uint64_t fileOffset(size_t pos) const { return base_ + pos; }

  [[noreturn]] void fail(const std::string& what) const { failAt(pos_, what); }
  [[noreturn]] void failAt(size_t pos, const std::string& what) const {
    throw Error(file_, fileOffset(pos), what);
  }

  void need(uint64_t n, const char* what) const {
    if (n > remaining())
      fail(std::string("expected ") + what + " (" + std::to_string(n) + " bytes) but only " +
           std::to_string(remaining()) + " remain");
  }
  void seek(uint64_t pos, const char* what) {
    if (pos > size_)
      fail(std::string("offset ") + std::to_string(pos) + " of " + what + " lies past the end (" +
           std::to_string(size_) + " bytes)");
    pos_ = size_t(pos);
  }
  void skip(uint64_t n, const char* what) {
    need(n, what);
    pos_ += size_t(n);
  }

  uint8_t u8(const char* what) {
    need(1, what);
    return data_[pos_++];
  }
  uint16_t u16(const char* what) {
    need(2, what);
    uint16_t v = uint16_t(data_[pos_] | data_[pos_ + 1] << 8);
    pos_ += 2;
    return v;
  }
  int16_t s16(const char* what) { return int16_t(u16(what)); }
  uint32_t u32(const char* what) {
    need(4, what);
    uint32_t v = uint32_t(data_[pos_]) | uint32_t(data_[pos_ + 1]) << 8 |
                 uint32_t(data_[pos_ + 2]) << 16 | uint32_t(data_[pos_ + 3]) << 24;
    pos_ += 4;
    return v;
  }
  int32_t s32(const char* what) { return int32_t(u32(what)); }
  uint64_t u64(const char* what) {
    uint64_t lo = u32(what);
    return lo | uint64_t(u32(what)) << 32;
  }
  float f32(const char* what) {
    uint32_t b = u32(what);
    float f;
    std::memcpy(&f, &b, 4);
    return f;
  }
  // Reads a U32 and fails unless it equals `expected`.
  uint32_t expectU32(uint32_t expected, const char* what);
  void bytes(void* dst, size_t n, const char* what) {
    need(n, what);
    std::memcpy(dst, data_ + pos_, n);
    pos_ += n;
  }
  // The next `n` bytes in place, for an array of fixed-size records whose
  // count was checked with count(): its fields are then loaded with loadLE
  // without a bounds check each.
  const uint8_t* take(uint64_t n, const char* what) {
    need(n, what);
    const uint8_t* p = data_ + pos_;
    pos_ += size_t(n);
    return p;
  }
  std::vector<uint8_t> bytes(size_t n, const char* what) {
    need(n, what);
    std::vector<uint8_t> v(data_ + pos_, data_ + pos_ + n);
    pos_ += n;
    return v;
  }
  // A count of `elemSize`-byte elements: checked against the bytes left before
  // anything is allocated, so a corrupt count can never trigger a huge allocation.
  uint64_t count(uint64_t n, uint64_t elemSize, const char* what) const {
    if (elemSize && n > remaining() / elemSize)
      fail(std::string("count ") + std::to_string(n) + " of " + what + " needs " +
           std::to_string(n * elemSize) + " bytes but only " + std::to_string(remaining()) +
           " remain");
    return n;
  }

private:
  const uint8_t* data_;
  size_t size_;
  std::string file_;
  size_t base_;
  size_t pos_ = 0;
};

// Reads one field by its type: for a layout written once as a list of
// fields that both the reader and the writer walk (see WriteField).
struct ReadField {
  ByteReader& r;
  void operator()(uint8_t& v, const char* what) const { v = r.u8(what); }
  void operator()(uint16_t& v, const char* what) const { v = r.u16(what); }
  void operator()(int16_t& v, const char* what) const { v = r.s16(what); }
  void operator()(uint32_t& v, const char* what) const { v = r.u32(what); }
  void operator()(int32_t& v, const char* what) const { v = r.s32(what); }
  void operator()(float& v, const char* what) const { v = r.f32(what); }
};

class ByteWriter {
public:
  std::vector<uint8_t> buf;

  size_t tell() const { return buf.size(); }
  void u8(uint8_t v) { buf.push_back(v); }
  void u16(uint16_t v) {
    buf.push_back(uint8_t(v));
    buf.push_back(uint8_t(v >> 8));
  }
  void s16(int16_t v) { u16(uint16_t(v)); }
  void u32(uint32_t v) {
    for (int i = 0; i < 4; ++i) buf.push_back(uint8_t(v >> (8 * i)));
  }
  void s32(int32_t v) { u32(uint32_t(v)); }
  void u64(uint64_t v) {
    u32(uint32_t(v));
    u32(uint32_t(v >> 32));
  }
  void f32(float f) {
    uint32_t b;
    std::memcpy(&b, &f, 4);
    u32(b);
  }
  void bytes(const void* p, size_t n) {
    const uint8_t* b = static_cast<const uint8_t*>(p);
    buf.insert(buf.end(), b, b + n);
  }
  void bytes(const std::vector<uint8_t>& v) { buf.insert(buf.end(), v.begin(), v.end()); }
  void zeros(size_t n) { buf.insert(buf.end(), n, 0); }
  void patchU32(size_t at, uint32_t v) {
    for (int i = 0; i < 4; ++i) buf[at + i] = uint8_t(v >> (8 * i));
  }
};

// Writes one field by its type (the other half of ReadField).
struct WriteField {
  ByteWriter& w;
  void operator()(uint8_t v, const char*) const { w.u8(v); }
  void operator()(uint16_t v, const char*) const { w.u16(v); }
  void operator()(int16_t v, const char*) const { w.s16(v); }
  void operator()(uint32_t v, const char*) const { w.u32(v); }
  void operator()(int32_t v, const char*) const { w.s32(v); }
  void operator()(float v, const char*) const { w.f32(v); }
};

std::string hex32(uint32_t v);
// An offset or code in an error: "0x" and lower-case digits.
std::string hex(uint64_t v);

} // namespace strata

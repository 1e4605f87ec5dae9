#pragma once
// Little-endian fields inside a record already read whole (bounds are the
// caller's: the record buffer has its fixed size).
#include <cstddef>
#include <cstdint>
#include <vector>

namespace strata::ytd {

template <typename T> T getLE(const std::vector<uint8_t>& b, size_t at) {
  T v = 0;
  for (size_t i = 0; i < sizeof(T); ++i) v = T(v | T(T(b[at + i]) << (8 * i)));
  return v;
}

template <typename T> void putLE(std::vector<uint8_t>& b, size_t at, T v) {
  for (size_t i = 0; i < sizeof(T); ++i) b[at + i] = uint8_t(uint64_t(v) >> (8 * i));
}

} // namespace strata::ytd

#include "image/deflate_header.h"

namespace strata::image {
namespace {

// A deflate stream's bits, least significant first within each byte
// (RFC 1951 §3.1.1); reading past the end sets `past`.
struct BitReader {
  const uint8_t* p;
  const uint8_t* end;
  uint64_t buf = 0; // the next `have` bits, the first in bit 0
  int have = 0;
  bool past = false;
  uint32_t get(int count) { // count <= 32
    while (have < count) {
      if (p == end) {
        past = true;
        return 0;
      }
      buf |= uint64_t(*p++) << have;
      have += 8;
    }
    const uint32_t v = uint32_t(buf & ((uint64_t(1) << count) - 1));
    buf >>= count;
    have -= count;
    return v;
  }
};

// Whether the code lengths `lens` (0: no codeword) use every codeword of up
// to `maxBits` bits exactly once: neither over-subscribed nor incomplete.
bool complete(const uint8_t* lens, size_t count, int maxBits) {
  uint64_t used = 0;
  for (size_t i = 0; i < count; ++i)
    if (lens[i]) used += uint64_t(1) << (maxBits - lens[i]);
  return used == uint64_t(1) << maxBits;
}

// The precode's canonical code (§3.2.2): how many codewords each length
// has, and the symbols in codeword order.
struct Precode {
  uint16_t count[16] = {};
  uint16_t symbols[19] = {};
  explicit Precode(const uint8_t* lens, size_t n) {
    for (size_t i = 0; i < n; ++i) ++count[lens[i]];
    count[0] = 0;
    uint16_t next[16] = {};
    for (int len = 1; len < 16; ++len) next[len] = uint16_t(next[len - 1] + count[len - 1]);
    for (size_t i = 0; i < n; ++i)
      if (lens[i]) symbols[next[lens[i]]++] = uint16_t(i);
  }
  // The next symbol; -1 past the end of the input. Huffman codes are packed
  // most significant bit first (§3.1.1); the code is complete, so every
  // codeword is one.
  int decode(BitReader& b) const {
    int code = 0, first = 0, index = 0;
    for (int len = 1; len < 16; ++len) {
      code |= int(b.get(1));
      if (b.past) return -1;
      if (code - first < count[len]) return symbols[index + code - first];
      index += count[len];
      first = (first + count[len]) << 1;
      code <<= 1;
    }
    return -1;
  }
};

} // namespace

bool libdeflateInflatesAsZlib(const uint8_t* z, size_t n) {
  if (n < 2) return false;
  BitReader b{z + 2, z + n};
  const uint32_t final = b.get(1), type = b.get(2);
  if (final != 1 || type != 2) return false;
  const size_t nlen = b.get(5) + 257, ndist = b.get(5) + 1, ncode = b.get(4) + 4;
  if (nlen > 286 || ndist > 30) return false;
  // The precode's lengths come in this order (§3.2.7).
  static const uint8_t kOrder[19] = {16, 17, 18, 0, 8,  7, 9,  6, 10, 5,
                                     11, 4,  12, 3, 13, 2, 14, 1, 15};
  uint8_t pre[19] = {};
  for (size_t i = 0; i < ncode; ++i) pre[kOrder[i]] = uint8_t(b.get(3));
  if (b.past || !complete(pre, 19, 7)) return false;
  const Precode precode(pre, 19);
  uint8_t lens[286 + 30] = {};
  for (size_t i = 0; i < nlen + ndist;) {
    const int sym = precode.decode(b);
    if (sym < 0) return false;
    if (sym < 16) {
      lens[i++] = uint8_t(sym);
      continue;
    }
    // 16 repeats the length before it 3-6 times, 17 and 18 give 3-10 and
    // 11-138 zeros; zlib refuses a repeat with nothing before it or one
    // past the last length.
    if (sym == 16 && i == 0) return false;
    const uint8_t value = sym == 16 ? lens[i - 1] : 0;
    const size_t repeat = sym == 16 ? 3 + b.get(2) : sym == 17 ? 3 + b.get(3) : 11 + b.get(7);
    if (b.past || repeat > nlen + ndist - i) return false;
    for (size_t k = 0; k < repeat; ++k) lens[i++] = value;
  }
  return lens[256] != 0 && complete(lens, nlen, 15) && complete(lens + nlen, ndist, 15);
}

} // namespace strata::image

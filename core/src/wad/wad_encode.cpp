// The WAD encoder: section 3's encoder rules of rc2-level-wad.md, with greedy
// hash-chain matching. Used by the synthetic level generator and the tests.
#include "wad/wad_codec.h"

#include <algorithm>
#include <cstring>

namespace strata::wad {

namespace {

constexpr size_t kMinMatch = 3, kMaxMatch = 264, kMaxLiteralRun = 273;
constexpr size_t kShortDistance = 2048, kMediumDistance = 16384, kFarDistance = 32704;
constexpr size_t kBlockLimit = 0x1FFD; // rule 4: a packet may end at most here in its block
constexpr size_t kHashBits = 15, kChainDepth = 16;

struct Token {
  size_t literal = 0; // a literal run of this many bytes at `from`, or a match:
  size_t length = 0, distance = 0;
  size_t from = 0;
};

// Greedy matching: at each position the longest match within the window
// among the last kChainDepth positions with the same 3-byte hash.
std::vector<Token> tokenize(const uint8_t* data, size_t size) {
  std::vector<Token> tokens;
  // Chains over the window only: a position's link is overwritten once it is
  // farther back than any match may reach.
  constexpr size_t kRing = 32768;
  std::vector<int64_t> head(size_t(1) << kHashBits, -1), prev(kRing, -1);
  auto hash = [&](size_t i) {
    const uint32_t v = uint32_t(data[i]) | uint32_t(data[i + 1]) << 8 | uint32_t(data[i + 2]) << 16;
    return (v * 2654435761u) >> (32 - kHashBits);
  };
  auto insert = [&](size_t i) {
    if (i + kMinMatch > size) return;
    const uint32_t h = hash(i);
    prev[i % kRing] = head[h];
    head[h] = int64_t(i);
  };
  size_t literalStart = 0, i = 0;
  while (i < size) {
    size_t bestLen = 0, bestDist = 0;
    if (i + kMinMatch <= size) {
      const size_t maxLen = std::min(kMaxMatch, size - i);
      size_t depth = 0;
      for (int64_t c = head[hash(i)]; c >= 0 && depth < kChainDepth;
           c = prev[size_t(c) % kRing], ++depth) {
        const size_t dist = i - size_t(c);
        if (dist > kFarDistance) break;
        size_t len = 0;
        while (len < maxLen && data[size_t(c) + len] == data[i + len]) ++len;
        // A 3-byte match past the short window costs as much as its literals.
        if (len == kMinMatch && dist > kShortDistance) continue;
        if (len >= kMinMatch && len > bestLen) {
          bestLen = len;
          bestDist = dist;
          if (len == maxLen) break;
        }
      }
    }
    if (bestLen == 0) {
      insert(i);
      ++i;
      continue;
    }
    if (i > literalStart) tokens.push_back({i - literalStart, 0, 0, literalStart});
    tokens.push_back({0, bestLen, bestDist, i});
    for (size_t k = 0; k < bestLen; ++k) insert(i + k);
    i += bestLen;
    literalStart = i;
  }
  if (size > literalStart) tokens.push_back({size - literalStart, 0, 0, literalStart});
  return tokens;
}

class Writer {
public:
  explicit Writer(const uint8_t* data) : data_(data) {}
  std::vector<uint8_t> out = std::vector<uint8_t>(kHeaderSize, 0);

  // Rule 3; the byte whose low two bits count trailing literals is returned.
  size_t match(std::vector<uint8_t>& g, size_t len, size_t dist) const {
    if (len <= 8 && dist <= kShortDistance) {
      g.push_back(uint8_t((len - 1) << 5 | ((dist - 1) & 7) << 2));
      g.push_back(uint8_t((dist - 1) >> 3));
      return g.size() - 2;
    }
    if (dist <= kMediumDistance) {
      if (len <= 33) {
        g.push_back(uint8_t(0x20 | (len - 2)));
      } else {
        g.push_back(0x20);
        g.push_back(uint8_t(len - 33));
      }
      g.push_back(uint8_t(((dist - 1) & 63) << 2));
      g.push_back(uint8_t((dist - 1) >> 6));
      return g.size() - 2;
    }
    if (len <= 9) {
      g.push_back(uint8_t(0x10 | (len - 2)));
    } else {
      g.push_back(0x10);
      g.push_back(uint8_t(len - 9));
    }
    g.push_back(uint8_t(((dist - 0x4000) & 63) << 2));
    g.push_back(uint8_t((dist - 0x4000) >> 6));
    return g.size() - 2;
  }

  static size_t dummy(std::vector<uint8_t>& g) {
    g.insert(g.end(), {0x11, 0x00, 0x00});
    return g.size() - 2;
  }

  void trailing(std::vector<uint8_t>& g, size_t carrier, size_t from, size_t n) const {
    g[carrier] = uint8_t(g[carrier] | n);
    g.insert(g.end(), data_ + from, data_ + from + n);
  }

  // Rule 4, then the packet group (a packet with its trailing literals and
  // any dummy inserted before it).
  void put(const std::vector<uint8_t>& g) {
    const size_t off = (out.size() - kHeaderSize) % kBlockSize;
    if (off + g.size() > kBlockLimit) {
      out.insert(out.end(), {0x12, 0x00, 0x00});
      while ((out.size() - kHeaderSize) % kBlockSize) out.push_back(0xEE);
    }
    out.insert(out.end(), g.begin(), g.end());
  }

  void literals(size_t from, size_t n, bool& afterRun) {
    while (n) {
      std::vector<uint8_t> g;
      if (n <= 3) { // rule 1: no match before it can carry them
        trailing(g, dummy(g), from, n);
        put(g);
        afterRun = false;
        return;
      }
      size_t run = std::min(n, kMaxLiteralRun);
      if (afterRun) dummy(g); // rule 2
      if (run <= 18) {
        g.push_back(uint8_t(run - 3));
      } else {
        g.push_back(0x00);
        g.push_back(uint8_t(run - 18));
      }
      g.insert(g.end(), data_ + from, data_ + from + run);
      put(g);
      afterRun = true;
      from += run;
      n -= run;
    }
  }

private:
  const uint8_t* data_;
};

} // namespace

std::vector<uint8_t> compress(const uint8_t* data, size_t size, const std::string& tag) {
  const std::vector<Token> tokens = tokenize(data, size);
  Writer w(data);
  w.out[0] = 'W';
  w.out[1] = 'A';
  w.out[2] = 'D';
  for (size_t i = 0; i < tag.size() && i < 9; ++i) w.out[7 + i] = uint8_t(tag[i]);
  bool afterRun = false;
  for (size_t t = 0; t < tokens.size(); ++t) {
    const Token& k = tokens[t];
    if (k.literal) {
      w.literals(k.from, k.literal, afterRun);
      continue;
    }
    std::vector<uint8_t> g;
    const size_t carrier = w.match(g, k.length, k.distance);
    // Rule 1: a run of 1-3 bytes after a match rides as its trailing literals.
    if (t + 1 < tokens.size() && tokens[t + 1].literal && tokens[t + 1].literal <= 3) {
      w.trailing(g, carrier, tokens[t + 1].from, tokens[t + 1].literal);
      ++t;
    }
    w.put(g);
    afterRun = false;
  }
  const uint32_t total = uint32_t(w.out.size());
  for (int b = 0; b < 4; ++b) w.out[3 + size_t(b)] = uint8_t(total >> (8 * b)); // rule 5
  return std::move(w.out);
}

} // namespace strata::wad

#pragma once
// Random corruption of valid files, shared by the bad-input suites: every
// mutated file must either read or throw strata::Error; anything else (a
// crash, another exception) fails the test. Run under ./dev sanitize too.
#include "strata/error.h"
#include "strata/image.h"

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

namespace testsupport {

struct CorruptionOptions {
  int runs = 3000;
  uint32_t seed = 1;
  // Three edits in four land in the first `headerBytes` (where the structure
  // is); the rest anywhere.
  size_t headerBytes = SIZE_MAX;
  // One file in `truncateOneIn` is also cut short (0: never).
  int truncateOneIn = 8;
};

struct CorruptionCounts {
  int accepted = 0, rejected = 0;
};

// `read(bytes)` reads (and may decode or write back) one mutated file.
template <class Read>
CorruptionCounts corruptAndRead(const std::vector<std::vector<uint8_t>>& seeds,
                                const CorruptionOptions& o, Read&& read) {
  std::mt19937 rng(o.seed);
  CorruptionCounts c;
  for (int i = 0; i < o.runs; ++i) {
    std::vector<uint8_t> f = seeds[size_t(i) % seeds.size()];
    const int edits = 1 + int(rng() % 4);
    for (int e = 0; e < edits; ++e) {
      const size_t at = rng() % 4 ? rng() % std::min(f.size(), o.headerBytes) : rng() % f.size();
      // One edit in three flips a single bit, the others write a random byte.
      f[at] = rng() % 3 ? uint8_t(rng()) : uint8_t(f[at] ^ (1u << (rng() % 8)));
    }
    if (o.truncateOneIn && rng() % uint32_t(o.truncateOneIn) == 0) f.resize(rng() % f.size());
    try {
      read(f);
      ++c.accepted;
    } catch (const strata::Error&) {
      ++c.rejected;
    }
  }
  return c;
}

// Decodes every slice and mip of an image that read, so the fuzzed sizes and
// offsets reach the block decoders too.
inline void decodeEveryLevel(const strata::Image& img) {
  for (uint32_t s = 0; s < strata::image::sliceCount(img); ++s)
    for (uint32_t m = 0; m < img.mipLevels; ++m) strata::image::decodeRGBA8(img, m, s);
}

} // namespace testsupport

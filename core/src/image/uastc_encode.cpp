// UASTC encoder (specs/uastc-ktx2.md §1 "Recommendation"): per block, mode 8
// for one colour; otherwise opaque blocks try mode 0 (RGB, 4-bit weights) and,
// from quality 1, modes 6 (RGB dual plane) and 4 (RGB, 2 subsets); blocks with
// alpha try modes 10, 12 and 11 (RGBA dual plane: alpha on plane 1, from
// quality 2 any channel) and, from quality 1, mode 9 (RGBA, 2 subsets); grey
// blocks with alpha use mode 15 (LA). The candidate with the smallest decoded
// RGBA error wins, then its transcoding hints are computed (the ETC1 bias is
// searched from quality 1). Rows of blocks run on std::threads.
#include "image/uastc_block.h"
#include "image/uastc_fit.h"
#include "image/uastc_hints.h"
#include "image/uastc_tables.h"
#include "strata/error.h"
#include "strata/image.h"
#include "strata/parallel.h"

#include <algorithm>
#include <atomic>
#include <numeric>
#include <thread>

namespace strata::image {
namespace uastc {
namespace {

struct Candidate {
  Block block;
  int64_t err = INT64_MAX;
};

int64_t blockError(const Block& b, const uint8_t px[64]) {
  uint8_t out[64];
  decode(b, out);
  int64_t e = 0;
  for (int i = 0; i < 64; ++i) e += (out[i] - px[i]) * (out[i] - px[i]);
  return e;
}

void consider(Candidate& best, const Block& b, const uint8_t px[64]) {
  const int64_t e = blockError(b, px);
  if (e < best.err) best.err = e, best.block = b;
}

Texels texelsFor(Cem cem, const uint8_t px[64]) {
  Texels t{};
  for (int i = 0; i < 16; ++i)
    for (int c = 0; c < 4; ++c) t.v[i][c] = px[4 * i + c];
  if (cem == Cem::LA)
    for (int i = 0; i < 16; ++i) t.v[i][0] = px[4 * i], t.v[i][1] = px[4 * i + 3];
  return t;
}

FitRequest request(int mode, const Texels& t, int quality) {
  FitRequest r{};
  r.mode = mode, r.px = &t, r.texels = 0xFFFF;
  r.channelCount = channelsOf(modeInfo(mode).cem);
  std::iota(r.channels, r.channels + 4, 0);
  r.refinements = quality >= 2 ? 3 : quality == 1 ? 2 : 1;
  r.tweak = quality >= 2;
  return r;
}

// One subset, one plane: modes 0, 10, 12, 15.
Block single(int mode, const uint8_t px[64], int quality) {
  const Texels t = texelsFor(modeInfo(mode).cem, px);
  Block b;
  b.mode = mode;
  fitPlane(request(mode, t, quality), b);
  return b;
}

// Dual plane: channel `csel` on plane 1 (modes 6, 11).
Block dual(int mode, int csel, const uint8_t px[64], int quality) {
  const Texels t = texelsFor(modeInfo(mode).cem, px);
  Block b;
  b.mode = mode, b.csel = uint8_t(csel);
  FitRequest r0 = request(mode, t, quality), r1 = r0;
  r0.channelCount = 0;
  for (int c = 0; c < channelsOf(modeInfo(mode).cem); ++c)
    if (c != csel) r0.channels[r0.channelCount++] = c;
  fitPlane(r0, b);
  r1.plane = 1, r1.channelCount = 1, r1.channels[0] = csel;
  fitPlane(r1, b);
  return b;
}

// Two subsets (modes 4, 9): the patterns whose subsets lie closest to a line
// each are fitted in full.
void twoSubsets(Candidate& best, int mode, const uint8_t px[64], int quality) {
  const Texels t = texelsFor(modeInfo(mode).cem, px);
  const int n = channelsOf(modeInfo(mode).cem), count = patternCount(mode);
  std::pair<double, int> ranked[30];
  for (int p = 0; p < count; ++p) {
    uint16_t m1 = 0;
    for (int i = 0; i < 16; ++i) m1 |= uint16_t(subsetOf(mode, p, i) << i);
    ranked[p] = {lineResidual(t, uint16_t(~m1), n) + lineResidual(t, m1, n), p};
  }
  const int tries = quality >= 2 ? 4 : 1;
  std::partial_sort(ranked, ranked + tries, ranked + count);
  for (int k = 0; k < tries; ++k) {
    Block b;
    b.mode = mode, b.pat = uint8_t(ranked[k].second);
    for (int s = 0; s < 2; ++s) {
      FitRequest r = request(mode, t, quality);
      r.subset = s, r.anchor = anchorOf(mode, b.pat, s), r.texels = 0;
      for (int i = 0; i < 16; ++i)
        if (subsetOf(mode, b.pat, i) == s) r.texels |= uint16_t(1u << i);
      fitPlane(r, b);
    }
    consider(best, b, px);
  }
}

} // namespace

Block encodeBlock(const uint8_t px[64], int quality) {
  Block out;
  if (std::equal(px, px + 60, px + 4)) {
    out.mode = kSolidMode;
    std::copy(px, px + 4, out.solid.begin());
    setSolidEtc1(out);
    return out;
  }
  bool opaque = true, grey = true;
  for (int i = 0; i < 16; ++i) {
    opaque &= px[4 * i + 3] == 255;
    grey &= px[4 * i] == px[4 * i + 1] && px[4 * i] == px[4 * i + 2];
  }
  Candidate best;
  // Below this error (about 1 per texel) the wider searches cannot pay off.
  const int64_t good = 16;
  if (opaque) {
    consider(best, single(0, px, quality), px);
    if (quality >= 1 && best.err > good) {
      for (int c = 0; c < 3; ++c) consider(best, dual(6, c, px, quality), px);
      twoSubsets(best, 4, px, quality);
    }
  } else {
    if (grey) consider(best, single(15, px, quality), px);
    if (best.err > 0) {
      consider(best, single(10, px, quality), px);
      consider(best, single(12, px, quality), px);
      consider(best, dual(11, 3, px, quality), px);
    }
    if (quality >= 1 && best.err > good) {
      if (quality >= 2)
        for (int c = 0; c < 3; ++c) consider(best, dual(11, c, px, quality), px);
      twoSubsets(best, 9, px, quality);
    }
  }
  out = best.block;
  uint8_t decoded[64];
  decode(out, decoded);
  setEtc1Hints(out, decoded, quality >= 1);
  if (modeInfo(out.mode).etc2) setEacHints(out, decoded);
  return out;
}

} // namespace uastc

std::vector<uint8_t> encodeUastc(const uint8_t* rgba, uint32_t width, uint32_t height,
                                 const UastcOptions& options) {
  if (width == 0 || height == 0)
    throw Error("", Error::kNoOffset, "UASTC encode: the image is empty (0x0)");
  const uint32_t bw = (width + 3) / 4, bh = (height + 3) / 4;
  std::vector<uint8_t> out(size_t(bw) * bh * 16);
  std::atomic<uint32_t> nextRow{0};
  auto work = [&] {
    uint8_t px[64];
    for (uint32_t by; (by = nextRow++) < bh;)
      for (uint32_t bx = 0; bx < bw; ++bx) {
        // Texels past the edge repeat the last column / row.
        for (uint32_t y = 0; y < 4; ++y)
          for (uint32_t x = 0; x < 4; ++x) {
            const uint32_t sx = std::min(bx * 4 + x, width - 1),
                           sy = std::min(by * 4 + y, height - 1);
            std::copy_n(rgba + 4 * (size_t(sy) * width + sx), 4, px + 4 * (4 * y + x));
          }
        const uastc::Bytes16 b = uastc::pack(uastc::encodeBlock(px, options.quality));
        std::copy(b.begin(), b.end(), out.begin() + (size_t(by) * bw + bx) * 16);
      }
  };
  unsigned threads = options.threads ? options.threads : coreCount();
  threads = std::clamp<unsigned>(threads, 1, bh);
  std::vector<std::thread> pool;
  for (unsigned i = 1; i < threads; ++i) pool.emplace_back(work);
  work();
  for (std::thread& t : pool) t.join();
  return out;
}

} // namespace strata::image

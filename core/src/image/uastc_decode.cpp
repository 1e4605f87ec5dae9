// UASTC block decoding to RGBA8 (DFS uastc.txt "Decoding process"):
// endpoints unquantised to 8 bits (RGB modes get A = 255, LA modes R = G = B
// = L), expanded to 16 bits by replication, interpolated with 6-bit weights;
// dual-plane modes interpolate the CSEL channel (mode 17: alpha) with plane 1.
// Invalid blocks decode to magenta. This is the tests' reference decoder and
// what readKTX2 uses for UASTC files.
#include "image/uastc_block.h"
#include "image/uastc_tables.h"
#include "strata/error.h"
#include "strata/image.h"

#include <algorithm>

namespace strata::image {

namespace uastc {
namespace {

// The 8-bit RGBA endpoints of subset s: lo[c], hi[c] for c = R, G, B, A.
void endpointsRGBA(const Block& b, int s, uint8_t lo[4], uint8_t hi[4]) {
  const ModeInfo& mi = modeInfo(b.mode);
  auto v = [&](int k) { return unquantEndpoint(b.mode, b.ep[s][k]); };
  for (int c = 0; c < 4; ++c) {
    if (mi.cem == Cem::LA) {
      const int k = c < 3 ? 0 : 2;
      lo[c] = v(k), hi[c] = v(k + 1);
    } else if (c == 3 && mi.cem == Cem::RGB) {
      lo[c] = hi[c] = 255;
    } else {
      lo[c] = v(2 * c), hi[c] = v(2 * c + 1);
    }
  }
}

} // namespace

void decode(const Block& b, uint8_t rgba[64]) {
  if (b.mode == kSolidMode) {
    for (int i = 0; i < 16; ++i) std::copy(b.solid.begin(), b.solid.end(), rgba + 4 * i);
    return;
  }
  const ModeInfo& mi = modeInfo(b.mode);
  uint8_t lo[3][4], hi[3][4];
  for (int s = 0; s < mi.subsets; ++s) endpointsRGBA(b, s, lo[s], hi[s]);
  const int plane1 = mi.planes == 2 ? (b.mode == 17 ? 3 : b.csel) : -1;
  for (int i = 0; i < 16; ++i) {
    const int s = subsetOf(b.mode, b.pat, i);
    for (int c = 0; c < 4; ++c) {
      const int w = unquantWeight(mi.wbits, b.w[c == plane1 ? 1 : 0][i]);
      rgba[4 * i + c] = interpolate(lo[s][c], hi[s][c], w);
    }
  }
}

void decodeBytes(const uint8_t* bytes, uint8_t rgba[64]) {
  Block b;
  if (unpack(bytes, b)) return decode(b, rgba);
  for (int i = 0; i < 16; ++i) {
    rgba[4 * i] = 255, rgba[4 * i + 1] = 0, rgba[4 * i + 2] = 255, rgba[4 * i + 3] = 255;
  }
}

} // namespace uastc

std::vector<uint8_t> decodeUastc(const uint8_t* blocks, size_t size, uint32_t width,
                                 uint32_t height) {
  const uint32_t bw = (width + 3) / 4, bh = (height + 3) / 4;
  if (width == 0 || height == 0 || size < size_t(bw) * bh * 16)
    throw Error("", Error::kNoOffset,
                "UASTC data: expected " + std::to_string(size_t(bw) * bh * 16) + " bytes for " +
                    std::to_string(width) + "x" + std::to_string(height) + ", got " +
                    std::to_string(size));
  std::vector<uint8_t> out(size_t(width) * height * 4);
  uint8_t px[64];
  for (uint32_t by = 0; by < bh; ++by)
    for (uint32_t bx = 0; bx < bw; ++bx) {
      uastc::decodeBytes(blocks + (size_t(by) * bw + bx) * 16, px);
      for (uint32_t y = 0; y < 4 && by * 4 + y < height; ++y)
        for (uint32_t x = 0; x < 4 && bx * 4 + x < width; ++x)
          std::copy(px + 4 * (4 * y + x), px + 4 * (4 * y + x) + 4,
                    out.data() + 4 * ((size_t(by) * 4 + y) * width + bx * 4 + x));
    }
  return out;
}

} // namespace strata::image

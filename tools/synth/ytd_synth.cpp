#include "synth/ytd_synth.h"

#include "strata/image.h"

#include <algorithm>
#include <array>
#include <functional>

namespace strata::ytd {

namespace {

namespace dx = image::dxgi;
using Rgba = std::array<uint8_t, 4>;
using Pattern = std::function<Rgba(uint32_t x, uint32_t y, uint32_t mip, uint32_t slice)>;

uint16_t rgb565(const Rgba& c) {
  return uint16_t((c[0] >> 3) << 11 | (c[1] >> 2) << 5 | (c[2] >> 3));
}

void putBits(std::vector<uint8_t>& b, size_t base, unsigned first, unsigned count, uint32_t v) {
  for (unsigned i = 0; i < count; ++i)
    if (v >> i & 1) b[base + (first + i) / 8] |= uint8_t(1u << ((first + i) % 8));
}

// One flat block of `c` (indices all 0, so texels are endpoint 0).
void solidBlock(uint32_t fmt, const Rgba& c, std::vector<uint8_t>& out) {
  const size_t at = out.size();
  auto u16 = [&](uint16_t v) {
    out.push_back(uint8_t(v));
    out.push_back(uint8_t(v >> 8));
  };
  auto bc1 = [&] { // colour0 = colour1, indices 0
    u16(rgb565(c));
    u16(rgb565(c));
    out.insert(out.end(), 4, 0);
  };
  auto bc4 = [&](uint8_t v) { // value0 = value1, indices 0
    out.push_back(v);
    out.push_back(v);
    out.insert(out.end(), 6, 0);
  };
  switch (fmt) {
  case dx::BC1:
  case dx::BC1_SRGB:
    bc1();
    break;
  case dx::BC3:
  case dx::BC3_SRGB:
    bc4(c[3]);
    bc1();
    break;
  case dx::BC5:
    bc4(c[0]);
    bc4(c[1]);
    break;
  case dx::BC7:
  case dx::BC7_SRGB:
    // Mode 6 (bit 6): 7-bit endpoints per channel plus a shared p-bit;
    // both endpoints equal, so every texel is (v7 << 1 | p).
    out.insert(out.end(), 16, 0);
    putBits(out, at, 6, 1, 1);
    for (unsigned ch = 0; ch < 4; ++ch) {
      putBits(out, at, 7 + 14 * ch, 7, c[ch] >> 1);
      putBits(out, at, 14 + 14 * ch, 7, c[ch] >> 1);
    }
    break;
  }
}

Image make(const std::string& name, uint32_t fmt, uint32_t w, uint32_t h, uint32_t mips,
           const Pattern& pattern, bool cube = false) {
  Image img;
  img.name = name;
  img.dxgiFormat = fmt;
  img.width = w;
  img.height = h;
  img.mipLevels = mips;
  img.cube = cube;
  const image::PixelFormat* pf = image::pixelFormat(fmt);
  img.colorSpace = pf->colorSpace;
  const uint32_t slices = cube ? 6 : 1;
  for (uint32_t s = 0; s < slices; ++s)
    for (uint32_t m = 0; m < mips; ++m) {
      const uint32_t mw = std::max(1u, w >> m), mh = std::max(1u, h >> m);
      if (pf->compressed) {
        for (uint32_t by = 0; by < (mh + 3) / 4; ++by)
          for (uint32_t bx = 0; bx < (mw + 3) / 4; ++bx)
            solidBlock(fmt, pattern(bx * 4, by * 4, m, s), img.data);
      } else {
        for (uint32_t y = 0; y < mh; ++y)
          for (uint32_t x = 0; x < mw; ++x) {
            Rgba c = pattern(x, y, m, s);
            if (fmt == dx::BGRA8) std::swap(c[0], c[2]);
            img.data.insert(img.data.end(), c.begin(), c.end());
          }
      }
    }
  return img;
}

// An 8-texel checker at mip 0, fading towards its mean in the smaller mips.
Rgba checker(uint32_t x, uint32_t y, uint32_t mip, const Rgba& a, const Rgba& b) {
  const uint32_t cell = std::max(1u, 8u >> mip);
  const Rgba& c = ((x / cell + y / cell) & 1) ? a : b;
  if (mip < 2) return c;
  Rgba mean;
  for (int i = 0; i < 4; ++i) mean[i] = uint8_t((a[i] + b[i]) / 2);
  return mean;
}

uint8_t ramp(uint32_t v, uint32_t size) {
  return uint8_t(size > 1 ? v * 255 / (size - 1) : 128);
}

} // namespace

std::vector<Image> synthTextureSet(Edition edition) {
  const Rgba orange{230, 120, 30, 255}, navy{20, 30, 90, 255};
  std::vector<Image> out;
  out.push_back(
      make("checker_bc1", dx::BC1, 64, 64, 7, [&](uint32_t x, uint32_t y, uint32_t m, uint32_t) {
        return checker(x, y, m, orange, navy);
      }));
  out.push_back(
      make("alpha_bc3", dx::BC3, 32, 32, 6, [](uint32_t x, uint32_t y, uint32_t m, uint32_t) {
        const uint32_t s = std::max(1u, 32u >> m);
        return Rgba{ramp(x, s), 180, ramp(y, s), uint8_t(255 - ramp(x, s) / 2)};
      }));
  if (edition == Edition::Legacy) {
    out.push_back(make("ramp_a8r8g8b8", dx::BGRA8, 16, 16, 5,
                       [](uint32_t x, uint32_t y, uint32_t m, uint32_t) {
                         const uint32_t s = std::max(1u, 16u >> m);
                         return Rgba{ramp(x, s), ramp(y, s), 96, 255};
                       }));
    return out;
  }
  out.push_back(make("gradient_bc7_srgb", dx::BC7_SRGB, 64, 32, 7,
                     [](uint32_t x, uint32_t y, uint32_t m, uint32_t) {
                       const uint32_t w = std::max(1u, 64u >> m), h = std::max(1u, 32u >> m);
                       return Rgba{ramp(x, w), ramp(y, h), uint8_t(255 - ramp(x, w)), 255};
                     }));
  out.push_back(
      make("normal_bc5", dx::BC5, 32, 32, 1, [](uint32_t x, uint32_t, uint32_t, uint32_t) {
        return Rgba{uint8_t(96 + x * 2), 128, 0, 255}; // a gentle tilt in x
      }));
  out.push_back(
      make("ramp_rgba8", dx::RGBA8, 16, 16, 5, [](uint32_t x, uint32_t y, uint32_t m, uint32_t) {
        const uint32_t s = std::max(1u, 16u >> m);
        return Rgba{ramp(x, s), 64, ramp(y, s), 255};
      }));
  const Rgba faces[6] = {{220, 60, 60, 255},  {60, 220, 60, 255},  {60, 60, 220, 255},
                         {220, 220, 60, 255}, {60, 220, 220, 255}, {220, 60, 220, 255}};
  out.push_back(make(
      "sky_cube", dx::BGRA8, 8, 8, 4,
      [&](uint32_t, uint32_t, uint32_t, uint32_t face) { return faces[face]; }, true));
  return out;
}

} // namespace strata::ytd

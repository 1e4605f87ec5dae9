// Resampling and mip chains for the UASTC writer (specs/uastc-ktx2.md §2:
// KHR_texture_basisu wants the full chain down to 1x1 and a base level whose
// sides are multiples of 4) and the BC encoders. Colour channels are filtered
// in linear light when the image is sRGB (decoded with the sRGB EOTF,
// re-encoded with rounding); alpha is always linear. Normal maps are averaged
// as vectors and renormalised; cut-out alpha is scaled to keep its coverage
// (mip_coverage.h). The filter is an area-weighted box: a 2:1 step averages
// 2x2 texels, odd sizes and upscaling weigh the covered fractions.
#include "image/mip_coverage.h"
#include "strata/image.h"

#include <algorithm>
#include <cmath>

namespace strata::image {
namespace {

using Plane = std::vector<float>; // RGBA floats, row-major

float srgbToLinear(float c) {
  return c <= 0.04045f ? c / 12.92f : std::pow((c + 0.055f) / 1.055f, 2.4f);
}
float linearToSrgb(float l) {
  return l <= 0.0031308f ? l * 12.92f : 1.055f * std::pow(l, 1 / 2.4f) - 0.055f;
}

Plane toLinear(const uint8_t* rgba, size_t pixels, bool srgb) {
  float table[256];
  for (int i = 0; i < 256; ++i) table[i] = srgb ? srgbToLinear(i / 255.0f) : i / 255.0f;
  Plane out(pixels * 4);
  for (size_t i = 0; i < pixels * 4; ++i) out[i] = (i & 3) == 3 ? rgba[i] / 255.0f : table[rgba[i]];
  return out;
}

std::vector<uint8_t> toBytes(const Plane& p, bool srgb) {
  std::vector<uint8_t> out(p.size());
  for (size_t i = 0; i < p.size(); ++i) {
    float v = std::clamp(p[i], 0.0f, 1.0f);
    if (srgb && (i & 3) != 3) v = linearToSrgb(v);
    out[i] = uint8_t(std::lround(v * 255.0f));
  }
  return out;
}

// Source taps of each output sample along one axis: output o weighs source
// samples first[o], first[o] + 1, ... by weights[start[o]] to
// weights[start[o + 1] - 1]. Flat, so that a level costs three allocations an
// axis, not one an output sample.
struct Taps {
  std::vector<uint32_t> first, start;
  std::vector<float> weights;
};

Taps taps(uint32_t from, uint32_t to) {
  Taps t;
  t.first.reserve(to);
  t.start.reserve(size_t(to) + 1);
  const double scale = double(from) / to;
  for (uint32_t o = 0; o < to; ++o) {
    const double a = o * scale, b = (o + 1) * scale;
    const uint32_t first = uint32_t(a), last = std::min(from - 1, uint32_t(std::ceil(b)) - 1);
    t.first.push_back(first);
    t.start.push_back(uint32_t(t.weights.size()));
    for (uint32_t s = first; s <= last; ++s)
      t.weights.push_back(float((std::min<double>(b, s + 1) - std::max<double>(a, s)) / scale));
  }
  t.start.push_back(uint32_t(t.weights.size()));
  return t;
}

Plane resample(const Plane& in, uint32_t w, uint32_t h, uint32_t nw, uint32_t nh) {
  const Taps tx = taps(w, nw), ty = taps(h, nh);
  Plane mid(size_t(nw) * h * 4, 0.0f), out(size_t(nw) * nh * 4, 0.0f);
  for (uint32_t y = 0; y < h; ++y)
    for (uint32_t x = 0; x < nw; ++x) {
      float* m = &mid[(size_t(y) * nw + x) * 4];
      const float* src = &in[(size_t(y) * w + tx.first[x]) * 4];
      for (uint32_t k = tx.start[x]; k < tx.start[x + 1]; ++k, src += 4)
        for (int c = 0; c < 4; ++c) m[c] += tx.weights[k] * src[c];
    }
  for (uint32_t y = 0; y < nh; ++y)
    for (uint32_t k = ty.start[y], row = ty.first[y]; k < ty.start[y + 1]; ++k, ++row) {
      float* o = &out[size_t(y) * nw * 4];
      const float* src = &mid[size_t(row) * nw * 4];
      for (size_t i = 0; i < size_t(nw) * 4; ++i) o[i] += ty.weights[k] * src[i];
    }
  return out;
}

// Normal map texels as unit vectors in RGB (x, y from red and green, z from
// them), alpha kept; and back, each vector renormalised.
Plane toVectors(const uint8_t* rgba, size_t pixels) {
  Plane out(pixels * 4);
  for (size_t i = 0; i < pixels; ++i) {
    const float x = rgba[4 * i] / 127.5f - 1, y = rgba[4 * i + 1] / 127.5f - 1;
    out[4 * i] = x, out[4 * i + 1] = y;
    out[4 * i + 2] = std::sqrt(std::max(0.0f, 1 - x * x - y * y));
    out[4 * i + 3] = rgba[4 * i + 3] / 255.0f;
  }
  return out;
}

std::vector<uint8_t> vectorBytes(const Plane& p) {
  std::vector<uint8_t> out(p.size());
  for (size_t i = 0; i < p.size(); i += 4) {
    float x = p[i], y = p[i + 1], z = p[i + 2];
    const float len = std::sqrt(x * x + y * y + z * z);
    if (len > 1e-6f)
      x /= len, y /= len, z /= len;
    else
      x = y = 0, z = 1; // opposite normals cancelled: face up
    const float v[3] = {x, y, z};
    for (int c = 0; c < 3; ++c)
      out[i + c] = uint8_t(std::lround(std::clamp(v[c] * 127.5f + 127.5f, 0.0f, 255.0f)));
    out[i + 3] = uint8_t(std::lround(std::clamp(p[i + 3], 0.0f, 1.0f) * 255.0f));
  }
  return out;
}

} // namespace

std::vector<uint8_t> resizeRGBA8(const uint8_t* rgba, uint32_t width, uint32_t height,
                                 uint32_t newWidth, uint32_t newHeight, bool srgb) {
  const Plane in = toLinear(rgba, size_t(width) * height, srgb);
  return toBytes(resample(in, width, height, newWidth, newHeight), srgb);
}

std::vector<std::vector<uint8_t>> mipChainRGBA8(const uint8_t* rgba, uint32_t width,
                                                uint32_t height, bool srgb) {
  MipOptions o;
  o.srgb = srgb;
  return mipChainRGBA8(rgba, width, height, o);
}

std::vector<std::vector<uint8_t>> mipChainRGBA8(const uint8_t* rgba, uint32_t width,
                                                uint32_t height, const MipOptions& options) {
  std::vector<std::vector<uint8_t>> levels;
  const size_t pixels = size_t(width) * height;
  const bool srgb = options.srgb && !options.normalMap;
  Plane cur = options.normalMap ? toVectors(rgba, pixels) : toLinear(rgba, pixels, srgb);
  const double coverage =
      options.alphaCutoff ? alphaCoverage(rgba, pixels, options.alphaCutoff) : 0.0;
  uint32_t w = width, h = height;
  while (w > 1 || h > 1) {
    const uint32_t nw = std::max(1u, w / 2), nh = std::max(1u, h / 2);
    cur = resample(cur, w, h, nw, nh);
    w = nw, h = nh;
    // Each level is filtered from the one above as filtered, not as adjusted:
    // the coverage scale of one level never compounds into the next.
    levels.push_back(options.normalMap ? vectorBytes(cur) : toBytes(cur, srgb));
    if (options.alphaCutoff)
      keepAlphaCoverage(levels.back().data(), size_t(w) * h, options.alphaCutoff, coverage);
  }
  return levels;
}

} // namespace strata::image

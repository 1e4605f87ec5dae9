#pragma once
// Helpers of the `strata ytd` writer tests: images made here (gradients with
// and without alpha), PNG files of them, PSNR, two names with one hash, and
// the byte ranges two resources differ in.
#include "strata/image.h"
#include "test_support.h"
#include "ytd/ytd_name_hash.h"

#include <cmath>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace ytdwrite {

struct Rgba {
  uint32_t width = 0, height = 0;
  std::vector<uint8_t> px;
};

// Smooth colour fields (the kind of content BC formats keep well), with a
// soft alpha ramp when `alpha`; `seed` varies them.
inline Rgba gradient(uint32_t w, uint32_t h, bool alpha, int seed = 0) {
  Rgba img{w, h, std::vector<uint8_t>(size_t(w) * h * 4)};
  for (uint32_t y = 0; y < h; ++y)
    for (uint32_t x = 0; x < w; ++x) {
      uint8_t* p = &img.px[(size_t(y) * w + x) * 4];
      const double u = (x + seed) / 17.0, v = (y + 2 * seed) / 13.0;
      p[0] = uint8_t(128 + 100 * std::sin(u) * std::cos(v * 0.5));
      p[1] = uint8_t(120 + 90 * std::cos(u * 0.7 + v));
      p[2] = uint8_t(100 + 80 * std::sin(v * 0.8 - u * 0.3));
      p[3] = alpha ? uint8_t(std::min<uint32_t>(255, 40 + 215 * x / std::max(1u, w - 1))) : 255;
    }
  return img;
}

// A tangent-space normal map (x, y in red and green as v * 0.5 + 0.5).
inline Rgba normalMap(uint32_t w, uint32_t h) {
  Rgba img{w, h, std::vector<uint8_t>(size_t(w) * h * 4)};
  for (uint32_t y = 0; y < h; ++y)
    for (uint32_t x = 0; x < w; ++x) {
      const double nx = 0.4 * std::sin(x / 9.0), ny = 0.4 * std::cos(y / 7.0);
      const double nz = std::sqrt(std::max(0.0, 1 - nx * nx - ny * ny));
      uint8_t* p = &img.px[(size_t(y) * w + x) * 4];
      p[0] = uint8_t(std::lround((nx * 0.5 + 0.5) * 255));
      p[1] = uint8_t(std::lround((ny * 0.5 + 0.5) * 255));
      p[2] = uint8_t(std::lround((nz * 0.5 + 0.5) * 255));
      p[3] = 255;
    }
  return img;
}

inline void writePng(const testsupport::fs::path& path, const Rgba& img) {
  testsupport::writeBytes(path, strata::image::encodePNG(img.px.data(), img.width, img.height));
}

inline Rgba readPng(const testsupport::fs::path& path) {
  const strata::Image i = strata::image::decodeEncoded(testsupport::readBytes(path), path.string());
  return {i.width, i.height, i.data};
}

// PSNR over `channels` channels from `first`.
inline double psnr(const std::vector<uint8_t>& a, const std::vector<uint8_t>& b, int first = 0,
                   int channels = 3) {
  if (a.size() != b.size() || a.empty()) return -1;
  double se = 0;
  for (size_t i = 0; i < a.size(); i += 4)
    for (int c = first; c < first + channels; ++c) {
      const double d = double(a[i + size_t(c)]) - b[i + size_t(c)];
      se += d * d;
    }
  const double mse = se / (double(a.size() / 4) * channels);
  return mse == 0 ? 99.0 : 10 * std::log10(255.0 * 255.0 / mse);
}

// Two different lower-case names with the same name hash (a birthday search
// over "tex_<n>": about 80,000 names).
inline std::pair<std::string, std::string> hashTwins() {
  std::unordered_map<uint32_t, std::string> seen;
  for (uint32_t n = 0;; ++n) {
    std::string name = "tex_" + std::to_string(n);
    const auto [it, fresh] = seen.emplace(strata::ytd::nameHash(name), name);
    if (!fresh) return {it->second, name};
  }
}

// [start, end) byte ranges where `a` and `b` differ (same length).
inline std::vector<std::pair<size_t, size_t>> differences(const std::vector<uint8_t>& a,
                                                          const std::vector<uint8_t>& b) {
  std::vector<std::pair<size_t, size_t>> out;
  for (size_t i = 0; i < std::min(a.size(), b.size()); ++i) {
    if (a[i] == b[i]) continue;
    if (!out.empty() && out.back().second == i)
      out.back().second = i + 1;
    else
      out.push_back({i, i + 1});
  }
  return out;
}

} // namespace ytdwrite

#include "bench_png_images.h"

#include "strata/formats.h"
#include "strata/image.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <random>

namespace bench {
namespace {

namespace fs = std::filesystem;

// bench_image.cpp's PNG content: smooth ramps with a little noise.
Rgba benchContent() {
  Rgba img{"bench", 1024, 1024, {}};
  img.pixels.resize(size_t(img.width) * img.height * 4);
  std::mt19937 rng(7);
  for (uint32_t y = 0; y < img.height; ++y)
    for (uint32_t x = 0; x < img.width; ++x) {
      uint8_t* p = &img.pixels[(size_t(y) * img.width + x) * 4];
      p[0] = uint8_t(x / 4 + rng() % 8);
      p[1] = uint8_t(y / 4 + rng() % 8);
      p[2] = uint8_t((x + y) / 8 + rng() % 8);
      p[3] = 255;
    }
  return img;
}

fs::path sharedSamples() {
  const char* env = std::getenv("STRATA_SHARED_DIR");
  return fs::path(env && *env ? env : STRATA_SOURCE_DIR "/../shared") / "samples";
}

} // namespace

std::vector<Rgba> sampleTextures() {
  std::vector<Rgba> out;
  std::error_code ec;
  std::vector<fs::path> files;
  for (const char* dir : {"ytd-legacy", "drawables-legacy"})
    for (const auto& e : fs::directory_iterator(sharedSamples() / dir, ec))
      files.push_back(e.path());
  std::sort(files.begin(), files.end());
  for (const fs::path& f : files) {
    const strata::FormatHandler* h = strata::detectFormat(f.string());
    if (!h || !h->textures) continue;
    try {
      for (const strata::Image& img : h->textures(f.string(), {}).images)
        out.push_back({img.name, img.width, img.height, strata::image::decodeRGBA8(img)});
    } catch (const std::exception&) {
      // a drawable without a dictionary has no textures to give
    }
  }
  return out;
}

namespace {

// Shelf packing, cycling through the textures until the square is full; a
// texture that overhangs the right or bottom edge is cut there.
Rgba packedReal() {
  Rgba img{"real", 2048, 2048, {}};
  img.pixels.assign(size_t(img.width) * img.height * 4, 0);
  std::vector<Rgba> tex = sampleTextures();
  if (tex.empty()) {
    std::fprintf(stderr, "bench_png: no real textures under %s; 'real' is synthetic stripes\n",
                 sharedSamples().string().c_str());
    Rgba s{"stripes", 256, 256, std::vector<uint8_t>(256 * 256 * 4)};
    for (size_t i = 0; i < s.pixels.size(); ++i) s.pixels[i] = uint8_t((i / 4) % 256 * (i % 4 + 1));
    tex.push_back(s);
  }
  uint32_t x = 0, y = 0, shelf = 0;
  for (size_t k = 0; y < img.height; ++k) {
    const Rgba& t = tex[k % tex.size()];
    if (x + t.width > img.width && x > 0) x = 0, y += shelf, shelf = 0;
    if (y >= img.height) break;
    for (uint32_t r = 0; r < t.height && y + r < img.height; ++r)
      std::copy_n(&t.pixels[size_t(r) * t.width * 4], size_t(std::min(t.width, img.width - x)) * 4,
                  &img.pixels[(size_t(y + r) * img.width + x) * 4]);
    x += t.width;
    shelf = std::max(shelf, t.height);
  }
  return img;
}

// Value noise: a lattice of random values every `cell` texels, bilinear
// between them with a smoothstep, summed over octaves.
struct Noise {
  std::vector<float> lattice = std::vector<float>(256 * 256);
  explicit Noise(uint32_t seed) {
    std::mt19937 rng(seed);
    for (float& v : lattice) v = float(rng() % 1000) / 1000.0f;
  }
  float at(float x, float y) const {
    const int xi = int(std::floor(x)), yi = int(std::floor(y));
    float fx = x - float(xi), fy = y - float(yi);
    fx = fx * fx * (3 - 2 * fx), fy = fy * fy * (3 - 2 * fy);
    auto l = [&](int i, int j) { return lattice[size_t((j & 255) * 256 + (i & 255))]; };
    const float a = l(xi, yi) + (l(xi + 1, yi) - l(xi, yi)) * fx;
    const float b = l(xi, yi + 1) + (l(xi + 1, yi + 1) - l(xi, yi + 1)) * fx;
    return a + (b - a) * fy;
  }
  float fractal(float x, float y, int octaves) const {
    float sum = 0, amp = 0.5f, norm = 0;
    for (int o = 0; o < octaves; ++o, x *= 2, y *= 2, amp *= 0.5f)
      sum += amp * at(x, y), norm += amp;
    return sum / norm;
  }
};

// Grass, rock, sand and snow mixed by height (with a noisy edge), rock on
// steep slopes, everything times a light map from the slope: what an Atlas
// "blender" schema bakes per chunk.
Rgba blendedTerrain() {
  Rgba img{"terrain", 2048, 2048, {}};
  img.pixels.resize(size_t(img.width) * img.height * 4);
  const Noise height(1), detail(2), fine(3);
  const float base[4][3] = {{70, 110, 40}, {120, 115, 105}, {200, 180, 130}, {235, 240, 245}};
  for (uint32_t y = 0; y < img.height; ++y)
    for (uint32_t x = 0; x < img.width; ++x) {
      const float u = float(x) / 256.0f, v = float(y) / 256.0f;
      const float h = height.fractal(u, v, 5);
      const float dx = height.fractal(u + 0.01f, v, 5) - h,
                  dy = height.fractal(u, v + 0.01f, 5) - h;
      const float slope = std::min(1.0f, std::sqrt(dx * dx + dy * dy) * 60.0f);
      const float edge = h + 0.08f * (detail.fractal(u * 8, v * 8, 3) - 0.5f);
      float w[4] = {std::clamp(1 - std::abs(edge - 0.45f) * 6, 0.0f, 1.0f), slope,
                    std::clamp(1 - std::abs(edge - 0.3f) * 8, 0.0f, 1.0f),
                    std::clamp((edge - 0.62f) * 8, 0.0f, 1.0f)};
      float total = w[0] + w[1] + w[2] + w[3] + 1e-3f;
      const float grain = 0.85f + 0.3f * fine.at(float(x) / 3.0f, float(y) / 3.0f);
      const float light = 0.55f + 0.45f * (1 - slope) + 0.2f * (dx - dy) * 20;
      uint8_t* p = &img.pixels[(size_t(y) * img.width + x) * 4];
      for (int c = 0; c < 3; ++c) {
        float col = 0;
        for (int m = 0; m < 4; ++m) col += w[m] * base[m][c];
        p[c] = uint8_t(std::clamp(col / total * grain * light, 0.0f, 255.0f));
      }
      p[3] = 255;
    }
  return img;
}

} // namespace

std::vector<Rgba> pngBenchImages() {
  return {benchContent(), packedReal(), blendedTerrain()};
}

} // namespace bench

#pragma once
// The three images of the PNG benchmark (bench_png.cpp says what each is).
#include <cstdint>
#include <string>
#include <vector>

namespace bench {

struct Rgba {
  std::string name;
  uint32_t width = 0, height = 0;
  std::vector<uint8_t> pixels; // RGBA8, straight alpha
};

// bench_image's 1024^2 content, the real textures packed into 2048^2, and the
// blended terrain texture; every one deterministic.
std::vector<Rgba> pngBenchImages();

// Mip 0 of every texture in ../shared/samples' dictionaries and drawables
// (STRATA_SHARED_DIR overrides ../shared), in file order; none when absent.
std::vector<Rgba> sampleTextures();

} // namespace bench

#pragma once
// The PNG writer's choices for one image (png_write.cpp): strata/image.h's
// encodePNG makes them by measurement; the benchmark and tests pass their own.
#include <cstdint>
#include <vector>

namespace strata::image {

// PNG filter types (ISO/IEC 15948 §9.2, table 9.1); Average is never chosen.
enum class PngFilter : uint8_t { None = 0, Sub = 1, Up = 2, Paeth = 4 };

struct PngPlan {
  PngFilter filter = PngFilter::Up;
  int level = 1;    // libdeflate compression level
  unsigned bpp = 4; // 4: RGBA (colour type 6); 3: RGB, for an image opaque everywhere
};

// The filter that compresses a sample of the image's rows smallest at level
// 1; level 6 for a small image (at most 65536 texels), else 1; RGB when
// every alpha is 255.
// Both throw strata::Error for an empty image; bpp 3 drops alpha without looking.
PngPlan choosePlan(const uint8_t* rgba, uint32_t width, uint32_t height);

std::vector<uint8_t> encodePNG(const uint8_t* rgba, uint32_t width, uint32_t height,
                               const PngPlan& plan);

} // namespace strata::image

#pragma once
// The PNG writer's choices for one image (png_write.cpp): strata/image.h's
// encodePNG makes them by measurement; the benchmark and tests pass their own.
#include <cstdint>
#include <vector>

namespace strata::image {

// PNG filter types (ISO/IEC 15948 §9.2, table 9.1); Average is never chosen.
enum class PngFilter : uint8_t { None = 0, Sub = 1, Up = 2, Paeth = 4 };

// How IDAT's zlib stream is made: Fast is ISA-L's igzip at level 1 (for a
// large image, where time matters), Small libdeflate at level 6 (for a small
// one, where size does).
enum class PngDeflate : uint8_t { Fast, Small };

struct PngPlan {
  PngFilter filter = PngFilter::Up;
  PngDeflate deflate = PngDeflate::Fast;
  unsigned bpp = 4; // 4: RGBA (colour type 6); 3: RGB, for an image opaque everywhere
};

// The filter that compresses a sample of the image's rows smallest; Small
// for an image of at most 65536 texels, else Fast; RGB when every alpha is 255.
// Both throw strata::Error for an empty image; bpp 3 drops alpha without looking.
PngPlan choosePlan(const uint8_t* rgba, uint32_t width, uint32_t height);

std::vector<uint8_t> encodePNG(const uint8_t* rgba, uint32_t width, uint32_t height,
                               const PngPlan& plan);

} // namespace strata::image

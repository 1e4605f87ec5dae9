#pragma once
// PNG and JPEG streams to RGBA8 (decodeEncoded in strata/image.h picks one by
// its signature). Both decode with the reference libraries directly (libpng,
// libjpeg) instead of through OpenImageIO: OIIO 2.4.7 gives libpng no error
// handler, so libpng prints "libpng error: ..." on the terminal by itself, and
// it allocates the whole declared image before reading any pixel. Here every
// library message becomes the text of the strata::Error thrown, and the
// declared size is checked (decode_limits.h) before anything is allocated.
#include "strata/scene.h"

#include <string>
#include <vector>

namespace strata::image {

// Offsets in errors count from the start of `bytes`. `texels`: as
// decodeEncoded's.
Image decodePNG(const std::vector<uint8_t>& bytes, const std::string& file, bool texels = true);
// The same, a PNG it keeps (Image::png) kept in the memory of `bytes`, which
// are left as they were when it is not kept.
Image decodePNG(std::vector<uint8_t>&& bytes, const std::string& file, bool texels = true);
Image decodeJPEG(const std::vector<uint8_t>& bytes, const std::string& file);

// decodePNG's two paths, apart for the tests and the fuzzer that compare
// them. decodeSimplePNG (png_simple.cpp) decodes only an 8-bit RGB or RGBA
// PNG of IHDR, IDAT and IEND that is sound to its last byte, and only when
// libpng would decode it the same, without a warning, and keep it (Image::png);
// for anything else it returns false and leaves `out` as it was. Without
// `texels` it checks the file all the same (every byte inflated, every
// filter type) but leaves out.data empty.
// decodePNGWithLibpng decodes anything libpng does, or throws its message.
bool decodeSimplePNG(const std::vector<uint8_t>& bytes, Image& out, bool texels = true);
// The same, the PNG kept in the memory of `bytes` (left as they were when it
// returns false).
bool decodeSimplePNG(std::vector<uint8_t>&& bytes, Image& out, bool texels = true);
Image decodePNGWithLibpng(const std::vector<uint8_t>& bytes, const std::string& file);

} // namespace strata::image

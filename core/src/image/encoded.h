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

// Offsets in errors count from the start of `bytes`.
Image decodePNG(const std::vector<uint8_t>& bytes, const std::string& file);
Image decodeJPEG(const std::vector<uint8_t>& bytes, const std::string& file);

} // namespace strata::image

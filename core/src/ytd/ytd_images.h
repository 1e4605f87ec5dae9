#pragma once
// The images `strata ytd` takes (strata/ytd_edit.h, YtdImage), read as
// Strata reads them: PNG and JPEG to RGBA8, DDS and KTX2 as stored.
#include "strata/scene.h"
#include "strata/ytd_edit.h"
#include "ytd/ytd_encode.h"

#include <string>

namespace strata::ytd {

struct LoadedImage {
  std::string name;    // the texture name it is for
  std::string label;   // how messages name it (YtdImage::label)
  bool blocks = false; // DDS / KTX2: `image` holds the file's own format and levels
  Image image;
};

// Reads the file (by magic) or takes the pixels. Throws strata::Error naming
// the image and why it does not decode.
LoadedImage loadImage(const YtdImage& in);

// Mip 0 of the image's one 2D slice as RGBA8 (values as stored, no colour
// conversion). Throws strata::Error naming the image when it has faces,
// layers or depth.
Rgba8 rgbaOf(const LoadedImage& img);

} // namespace strata::ytd

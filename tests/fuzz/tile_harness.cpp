// A JPEG or PNG tile (§4 mFormat 0 / 1) through the Atlas texture path:
// decoded (OpenImageIO), red and blue swapped, read back as RGBA8 as the
// blended bake samples it.
#include "harness.h"

#include "atlas/atlas_textures.h"
#include "strata/image.h"

namespace strata::fuzz {

void fuzzTile(const uint8_t* data, size_t size) {
  atlas::Frame frame;
  frame.kind = atlas::TocKind::Tex;
  frame.tex.format = 1;
  frame.tex.data.assign(data, data + size);
  cleanErrorsAllowed([&] {
    const Image img = atlas::decodeTile(frame, true, "fuzz.atlas");
    (void)image::decodeRGBA8(img, 0, 0);
  });
}

} // namespace strata::fuzz

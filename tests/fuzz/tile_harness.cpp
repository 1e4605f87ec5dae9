// A JPEG or PNG tile (§4 mFormat 0 / 1) through the Atlas texture path:
// decoded (libpng / libjpeg), red and blue swapped, read back as RGBA8 as the
// blended bake samples it.
#include "harness.h"

#include "atlas/atlas_tiles.h"
#include "strata/image.h"

namespace strata::fuzz {

void fuzzTile(const uint8_t* data, size_t size) {
  const std::vector<uint8_t> payload(data, data + size);
  cleanErrorsAllowed([&] {
    const Image img = atlas::decodeTilePayload(1, payload, true);
    (void)image::decodeRGBA8(img, 0, 0);
  });
}

} // namespace strata::fuzz

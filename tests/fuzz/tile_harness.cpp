// A JPEG or PNG tile (§4 mFormat 0 / 1) through the Atlas texture path:
// decoded (libpng / libjpeg), red and blue swapped, read back as RGBA8 as the
// blended bake samples it. A PNG decodePNG's fast path takes must be one
// libpng decodes to the same texels and keeps (image/encoded.h): a
// difference aborts, a finding like a crash.
#include "harness.h"

#include "atlas/atlas_tiles.h"
#include "image/encoded.h"
#include "strata/image.h"

#include <cstdio>
#include <cstdlib>

namespace strata::fuzz {
namespace {

void fastPathAgrees(const std::vector<uint8_t>& payload) {
  Image fast;
  if (!image::decodeSimplePNG(payload, fast)) return;
  const char* differs = nullptr;
  try {
    const Image lib = image::decodePNGWithLibpng(payload, "tile.png");
    if (lib.width != fast.width || lib.height != fast.height || lib.data != fast.data)
      differs = "texels";
    else if (lib.png != fast.png)
      differs = "kept PNG";
  } catch (const Error& e) {
    std::fprintf(stderr, "libpng: %s\n", e.what());
    differs = "libpng refuses it";
  }
  if (differs) {
    std::fprintf(stderr, "decodeSimplePNG took a PNG libpng decodes otherwise: %s\n", differs);
    std::abort();
  }
}

} // namespace

void fuzzTile(const uint8_t* data, size_t size) {
  const std::vector<uint8_t> payload(data, data + size);
  fastPathAgrees(payload);
  cleanErrorsAllowed([&] {
    const Image img = atlas::decodeTilePayload(1, payload, true);
    (void)image::decodeRGBA8(img, 0, 0);
  });
}

} // namespace strata::fuzz

// A JPEG or PNG tile (§4 mFormat 0 / 1) through the Atlas texture path:
// decoded (libpng / libjpeg), red and blue swapped, read back as RGBA8 as the
// blended bake samples it. A PNG decodePNG's fast path takes must be one
// libpng decodes to the same texels and keeps (image/encoded.h): a
// difference aborts, a finding like a crash. The comparison also runs on the
// input with every whole chunk's CRC written again, or almost no mutation
// would get past the fast path's CRC checks to its inflating and unfiltering,
// and again with the zlib stream's checksum made right as well.
#include "harness.h"

#include "atlas/atlas_tiles.h"
#include "image/encoded.h"
#include "strata/image.h"

#include <libdeflate.h>
#include <zlib.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

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

// The PNG with the CRC of every chunk that fits (§5.3) made right.
std::vector<uint8_t> withCrcsFixed(std::vector<uint8_t> b) {
  for (size_t at = 8; at + 12 <= b.size();) {
    const size_t len =
        size_t(b[at]) << 24 | size_t(b[at + 1]) << 16 | size_t(b[at + 2]) << 8 | b[at + 3];
    if (len > b.size() - at - 12) break;
    const uLong crc = crc32(crc32(0L, Z_NULL, 0), &b[at + 4], uInt(len + 4));
    for (int k = 0; k < 4; ++k) b[at + 8 + len + size_t(k)] = uint8_t(crc >> (24 - 8 * k));
    at += 12 + len;
  }
  return b;
}

// The PNG with its first IDAT's zlib trailer made the Adler-32 of what
// libdeflate, the more lenient of the two inflaters, inflates its deflate
// data to (RFC 1950), then every CRC made right: a mutation of the stream
// then reaches the comparison as often as it reaches libdeflate
// (image/deflate_header.h decides which inflater the fast path uses).
std::vector<uint8_t> withAdlerFixed(std::vector<uint8_t> b) {
  constexpr size_t kIdat = 33; // after the signature and a whole IHDR
  if (b.size() < kIdat + 12 + 6 || std::memcmp(&b[kIdat + 4], "IDAT", 4) != 0) return b;
  const size_t len = size_t(b[kIdat]) << 24 | size_t(b[kIdat + 1]) << 16 |
                     size_t(b[kIdat + 2]) << 8 | b[kIdat + 3];
  if (len < 6 || len > b.size() - kIdat - 12) return b;
  thread_local libdeflate_decompressor* d = libdeflate_alloc_decompressor();
  thread_local std::vector<uint8_t> out(size_t(1) << 22);
  const uint8_t* deflate = &b[kIdat + 8 + 2];
  size_t in = 0, made = 0;
  if (!d ||
      libdeflate_deflate_decompress_ex(d, deflate, len - 2, out.data(), out.size(), &in, &made) !=
          LIBDEFLATE_SUCCESS ||
      in + 4 > len - 2)
    return b;
  const uint32_t adler = libdeflate_adler32(1, out.data(), made);
  for (int k = 0; k < 4; ++k) b[kIdat + 8 + 2 + in + size_t(k)] = uint8_t(adler >> (24 - 8 * k));
  return withCrcsFixed(b);
}

} // namespace

void fuzzTile(const uint8_t* data, size_t size) {
  const std::vector<uint8_t> payload(data, data + size);
  fastPathAgrees(payload);
  fastPathAgrees(withCrcsFixed(payload));
  fastPathAgrees(withAdlerFixed(payload));
  cleanErrorsAllowed([&] {
    const Image img = atlas::decodeTilePayload(1, payload, true);
    (void)image::decodeRGBA8(img, 0, 0);
  });
}

} // namespace strata::fuzz

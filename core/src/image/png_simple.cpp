// The fast path of decodePNG for the PNGs Strata keeps as they are: 8-bit RGB
// or RGBA, not interlaced, only IHDR, IDAT and IEND, sound to the last byte
// (PNG specification, ISO/IEC 15948: chunks §5.3, IHDR §11.2.2, filters §9.2,
// zlib stream §10). libpng reads such a file row by row, each row a call into
// zlib and through its transformations, about 18 ns a texel; here the zlib
// stream is inflated in one call and the rows unfiltered in place, a quarter
// of that time.
//
// Whenever this path accepts a file, libpng accepts it too, warns about
// nothing and gives the same texels (tests/png_simple_test.cpp, the `tile`
// fuzzer): every chunk's CRC is checked, and the stream is inflated as the
// zlib libpng calls inflates it, with the window its header declares
// (libpng's default) and a 32 KiB one required, so that inflating in one
// call and in libpng's pieces refuse the same distances. libdeflate, in about
// half the time, inflates it where its header shows it takes the stream
// exactly as zlib does (deflate_header.h); zlib inflates every other one.
// Anything else, a sound file of another kind or a broken one, is left to
// libpng, so its messages and texels are what they were.
#include "common/bytes.h"
#include "common/deflate_kept.h"
#include "common/thread_kept.h"
#include "image/decode_limits.h"
#include "image/deflate_header.h"
#include "image/encoded.h"
#include "image/png_unfilter.h"

#include <libdeflate.h>
#include <zlib.h>

#include <cstring>
#include <memory>

namespace strata::image {
namespace {

// The chunk at `at` if it is a whole one of `type` with the right CRC (over
// type and data, §5.3): its data length, or -1.
int64_t soundChunk(const std::vector<uint8_t>& b, size_t at, const char* type) {
  if (b.size() - at < 12) return -1;
  const uint64_t len = loadBE32(&b[at]);
  if (len > 0x7FFFFFFFu || len > b.size() - at - 12 || std::memcmp(&b[at + 4], type, 4) != 0)
    return -1;
  // The CRC-32 zlib's crc32 computes (ISO 3309), libdeflate's several times as fast.
  const uint32_t crc = libdeflate_crc32(0, &b[at + 4], size_t(len) + 4);
  return crc == loadBE32(&b[at + 8 + len]) ? int64_t(len) : -1;
}

// zlib's inflate, with the window the stream's header declares (0), as
// libpng asks for it. It reads and skips the Adler-32 trailer without
// checking it (inflateValidate): zlib's checksum was half its time, and
// libdeflate's of the same bytes, compared with the same trailer, refuses
// exactly the same streams. One a thread, reset for each stream, with the
// buffer the rows inflate into: tiles come by the thousand, and each large
// allocation cost a pass of malloc over its free lists.
struct Inflater {
  z_stream z{};
  bool ready = false;
  std::vector<uint8_t> raw;
  Inflater() { ready = inflateInit2(&z, 0) == Z_OK; }
  ~Inflater() {
    if (ready) inflateEnd(&z);
  }
  bool reset() { return ready && inflateReset2(&z, 0) == Z_OK && inflateValidate(&z, 0) == Z_OK; }
};

// The buffer kept for the next stream only up to this size, so that one
// large image does not hold its memory for as long as the thread lives.
constexpr size_t kKeptRawBytes = 1 << 20;

// decodeSimplePNG but for Image::png, which its callers set: copied, or moved.
bool decodeSimpleTexels(const std::vector<uint8_t>& b, Image& out, bool texels) {
  static const uint8_t kSignature[8] = {137, 80, 78, 71, 13, 10, 26, 10};
  if (b.size() < 8 + 25 + 12 + 12 || std::memcmp(b.data(), kSignature, 8) != 0) return false;
  if (soundChunk(b, 8, "IHDR") != 13) return false;
  const uint8_t* h = &b[16];
  const uint32_t width = loadBE32(h), height = loadBE32(h + 4);
  // Bit depth 8, colour type 2 or 6, deflate, filter method 0, no interlace.
  if (h[8] != 8 || (h[9] != 2 && h[9] != 6) || h[10] || h[11] || h[12]) return false;
  const size_t bpp = h[9] == 6 ? 4 : 3, n = size_t(width) * bpp;
  if (width == 0 || height == 0 || width > kMaxDecodedSide || height > kMaxDecodedSide)
    return false;
  const uint64_t rows = uint64_t(height) * (n + 1); // each a filter byte and n bytes

  // IDAT chunks, none empty, then IEND ending the data.
  std::vector<std::pair<size_t, size_t>> idats; // (offset of the data, length)
  size_t at = 33, idatBytes = 0;
  for (int64_t len; (len = soundChunk(b, at, "IDAT")) > 0; at += 12 + size_t(len)) {
    idats.push_back({at + 8, size_t(len)});
    idatBytes += size_t(len);
  }
  if (idats.empty() || soundChunk(b, at, "IEND") != 0 || at + 12 != b.size() ||
      idatBytes > 0xFFFFFFFFu) // one zlib call's input
    return false;
  // The declared size as decodePNG checks it; a zlib header with a 32 KiB window.
  const uint64_t least = (uint64_t(width) * height * bpp + kDeflateMaxRatio - 1) / kDeflateMaxRatio;
  if (least > idatBytes || b[idats[0].first] != 0x78) return false;

  std::vector<uint8_t> joined; // several IDATs: one stream
  const uint8_t* in = &b[idats[0].first];
  if (idats.size() > 1) {
    joined.reserve(idatBytes);
    for (auto [data, len] : idats) joined.insert(joined.end(), &b[data], &b[data] + len);
    in = joined.data();
  }
  // A row of zeros, the rows, a byte the RGB texel loads may read.
  Inflater& inf = threadKept<Inflater, struct PngInflaterSite>();
  if (!inf.reset()) return false;
  // A larger buffer is left uninitialised: its pages are spent only as the
  // stream inflates into them, so a stream that does not hold its rows fails
  // before touching most of them.
  const size_t rawBytes = n + 1 + size_t(rows) + 1;
  std::unique_ptr<uint8_t[]> own;
  if (rawBytes <= kKeptRawBytes)
    inf.raw.resize(rawBytes);
  else
    own.reset(new uint8_t[rawBytes]);
  uint8_t* const raw = own ? own.get() : inf.raw.data();
  std::memset(raw, 0, n + 1);
  raw[rawBytes - 1] = 0;
  // Exactly the rows, the stream's end and checksum, and nothing after them.
  if (libdeflateInflatesAsZlib(in, idatBytes)) {
    size_t used = 0; // libdeflate checks the Adler-32 itself
    if (libdeflate_zlib_decompress_ex(keptDecompressor(), in, idatBytes, raw + n + 1, size_t(rows),
                                      &used, nullptr) != LIBDEFLATE_SUCCESS ||
        used != idatBytes)
      return false;
  } else {
    inf.z.next_in = const_cast<uint8_t*>(in);
    inf.z.avail_in = uInt(idatBytes);
    inf.z.next_out = raw + n + 1;
    inf.z.avail_out = uInt(rows);
    if (inflate(&inf.z, Z_FINISH) != Z_STREAM_END || inf.z.avail_out || inf.z.avail_in ||
        libdeflate_adler32(1, raw + n + 1, size_t(rows)) != loadBE32(in + idatBytes - 4))
      return false;
  }

  std::vector<uint8_t> rgba;
  if (texels) {
    rgba.resize(size_t(width) * height * 4);
    if (!unfilterRows(bpp, raw, n, width, height, rgba.data()))
      return false; // a filter type past 4
  } else {
    // Reversing a filter cannot fail: only a type past 4 is refused.
    for (uint32_t y = 0; y < height; ++y)
      if (raw[size_t(y + 1) * (n + 1)] > 4) return false;
  }
  out = Image();
  out.width = width;
  out.height = height;
  out.dxgiFormat = 28; // R8G8B8A8_UNORM, as decodePNG
  out.colorSpace = ColorSpace::SRGB;
  out.data = std::move(rgba);
  return true;
}

} // namespace

bool decodeSimplePNG(const std::vector<uint8_t>& b, Image& out, bool texels) {
  if (!decodeSimpleTexels(b, out, texels)) return false;
  out.png = b;
  return true;
}

bool decodeSimplePNG(std::vector<uint8_t>&& b, Image& out, bool texels) {
  if (!decodeSimpleTexels(b, out, texels)) return false;
  out.png = std::move(b);
  return true;
}

} // namespace strata::image

// PNG out (PNG specification, ISO/IEC 15948: signature §5.2, chunk layout
// §5.3, IHDR §11.2.2, filter types §9.2, zlib stream §10). One filter type for
// every row and one deflater per image, both chosen by compressing a sample
// of the image's rows (choosePlan): ISA-L's igzip level 1 for a large image
// (faster than libdeflate's level 1 for a little more size, docs/performance.md),
// libdeflate level 6 for a small one. An image whose alpha is 255
// everywhere is written as RGB (colour type 2), which libpng and every PNG
// reader expand back to the same RGBA8 texels. bench/bench_png.cpp measures
// it against OpenImageIO's default PNG writer.
#include "image/png_write.h"

#include "common/deflate_kept.h"
#include "common/thread_kept.h"
#include "image/png_paeth.h"

#include "strata/error.h"

#include <isa-l/igzip_lib.h>
#include <libdeflate.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <utility>

namespace strata::image {
namespace {

// Alpha ANDed over runs of texels before each test: a loop without an early
// exit in it, which vectorizes.
bool opaque(const uint8_t* rgba, size_t pixels) {
  constexpr size_t kRun = 1024;
  for (size_t i = 0; i < pixels; i += kRun) {
    const size_t end = std::min(pixels, i + kRun);
    uint8_t all = 255;
    for (size_t k = i; k < end; ++k) all &= rgba[k * 4 + 3];
    if (all != 255) return false;
  }
  return true;
}

// One image row of `bpp`-byte pixels (RGBA, or RGB with alpha dropped) as it
// is stored, so the filters below read a packed row whatever the channels.
// RGB: each texel's four bytes stored three apart, the fourth overwritten by
// the next texel (the last texel's three bytes alone).
void packRow(const uint8_t* rgba, uint32_t width, unsigned bpp, uint8_t* out) {
  if (bpp == 4) {
    std::memcpy(out, rgba, size_t(width) * 4);
    return;
  }
  for (uint32_t x = 0; x + 1 < width; ++x)
    std::memcpy(out + 3 * size_t(x), rgba + 4 * size_t(x), 4);
  std::memcpy(out + 3 * size_t(width - 1), rgba + 4 * size_t(width - 1), 3);
}

// Writes the filter byte and the filtered row: `cur` and `prev` are packed
// rows (prev is all zero above the first row, as §9.2 defines).
void filterRow(PngFilter f, const uint8_t* cur, const uint8_t* prev, size_t n, unsigned bpp,
               uint8_t* out) {
  *out++ = uint8_t(f);
  switch (f) {
  case PngFilter::None:
    std::memcpy(out, cur, n);
    break;
  case PngFilter::Sub:
    std::memcpy(out, cur, bpp); // a = 0 left of the first pixel
    for (size_t i = bpp; i < n; ++i) out[i] = uint8_t(cur[i] - cur[i - bpp]);
    break;
  case PngFilter::Up:
    for (size_t i = 0; i < n; ++i) out[i] = uint8_t(cur[i] - prev[i]);
    break;
  case PngFilter::Paeth:
    for (size_t i = 0; i < bpp; ++i) out[i] = uint8_t(cur[i] - prev[i]); // a = c = 0: b
    for (size_t i = bpp; i < n; ++i)
      out[i] = uint8_t(cur[i] - paeth(cur[i - bpp], prev[i], prev[i - bpp]));
    break;
  }
}

// Rows [y0, y1) filtered, after the filter byte of each: what IDAT compresses.
// RGBA rows are filtered where they lie in the image; RGB rows are packed
// first, into two rows that take turns.
void filterRows(const uint8_t* rgba, uint32_t width, uint32_t y0, uint32_t y1, unsigned bpp,
                PngFilter f, uint8_t* out) {
  const size_t n = size_t(width) * bpp;
  std::vector<uint8_t> rows(bpp == 4 ? n : 3 * n, 0); // a zero row, then RGB's two
  const uint8_t* above = rows.data();
  uint8_t* packed[2] = {rows.data() + n, rows.data() + (bpp == 4 ? n : 2 * n)};
  auto row = [&](uint32_t y, unsigned turn) -> const uint8_t* {
    const uint8_t* src = rgba + size_t(y) * width * 4;
    if (bpp == 4) return src;
    packRow(src, width, bpp, packed[turn]);
    return packed[turn];
  };
  unsigned turn = 0;
  if (y0 > 0) above = row(y0 - 1, turn);
  for (uint32_t y = y0; y < y1; ++y, out += n + 1) {
    turn ^= 1;
    const uint8_t* cur = row(y, turn);
    filterRow(f, cur, above, n, bpp, out);
    above = cur;
  }
}

// A byte buffer left uninitialized: the filtered rows and the deflate
// output are written whole before they are read, and zeroing images' worth
// of bytes first cost a few per cent of an encode.
std::unique_ptr<uint8_t[]> scratch(size_t n) {
  return std::unique_ptr<uint8_t[]>(new uint8_t[n]);
}

void put32(std::vector<uint8_t>& out, uint32_t v) {
  const uint8_t b[4] = {uint8_t(v >> 24), uint8_t(v >> 16), uint8_t(v >> 8), uint8_t(v)};
  out.insert(out.end(), b, b + 4);
}

// §5.3: length, type, data, CRC-32 of type and data. The data is already at
// the end of `out` (written in place after a reserved 8-byte head).
void closeChunk(std::vector<uint8_t>& out, size_t head, const char type[4]) {
  const size_t len = out.size() - head - 8;
  if (len > 0x7FFFFFFFu) throw Error("", Error::kNoOffset, "PNG chunk over 2^31 - 1 bytes");
  const uint8_t lenBytes[4] = {uint8_t(len >> 24), uint8_t(len >> 16), uint8_t(len >> 8),
                               uint8_t(len)};
  std::memcpy(&out[head], lenBytes, 4);
  std::memcpy(&out[head + 4], type, 4);
  put32(out, libdeflate_crc32(0, &out[head + 4], len + 4));
}

// §11.2.2: each side 1 .. 2^31 - 1.
void checkSize(uint32_t width, uint32_t height) {
  if (width == 0 || height == 0 || width > 0x7FFFFFFFu || height > 0x7FFFFFFFu)
    throw Error("", Error::kNoOffset,
                "cannot write a PNG of " + std::to_string(width) + "x" + std::to_string(height));
}

// The zlib stream of `n` bytes at a libdeflate level.
std::vector<uint8_t> libdeflateZlib(const uint8_t* raw, size_t n, int level) {
  libdeflate_compressor* c = keptCompressor(level);
  const size_t bound = libdeflate_zlib_compress_bound(c, n);
  std::unique_ptr<uint8_t[]> out = scratch(bound);
  const size_t packed = libdeflate_zlib_compress(c, raw, n, out.get(), bound);
  if (packed == 0) throw Error("", Error::kNoOffset, "deflate of the PNG pixels failed");
  return std::vector<uint8_t>(out.get(), out.get() + packed);
}

// igzip's level-1 work area (its hash table and the tokens of each block),
// one a thread, made once.
struct IgzipLevelBuffer {
  std::unique_ptr<uint8_t[]> bytes{new uint8_t[ISAL_DEF_LVL1_DEFAULT]};
};

uint8_t* igzipLevelBuffer() {
  return threadKept<IgzipLevelBuffer, struct IgzipLevelBufferSite>().bytes.get();
}

// One zlib stream (RFC 1950) made by igzip at level 1 from the bytes given
// to add(), in as many calls as the caller likes; the stream state is 80 KiB,
// so it lives on the heap. The output's room doubles when igzip has filled
// it, so its bytes are zeroed (by the vector) about once, not once a call.
class IgzipStream {
public:
  IgzipStream() : s_(new isal_zstream) {
    isal_deflate_init(s_.get());
    s_->level = 1;
    s_->level_buf = igzipLevelBuffer();
    s_->level_buf_size = ISAL_DEF_LVL1_DEFAULT;
    s_->gzip_flag = IGZIP_ZLIB;
    s_->flush = NO_FLUSH;
  }

  void add(const uint8_t* data, size_t n, bool last) {
    constexpr size_t kPiece = size_t(1) << 30; // avail_in and avail_out are 32-bit
    do {
      const size_t len = std::min(n, kPiece);
      s_->next_in = const_cast<uint8_t*>(data);
      s_->avail_in = uint32_t(len);
      s_->end_of_stream = last && len == n;
      data += len, n -= len;
      // Until igzip has taken the input (and, at the end, written the trailer).
      while (s_->avail_in > 0 || (s_->end_of_stream && s_->internal_state.state != ZSTATE_END)) {
        if (used_ == out_.size())
          out_.resize(std::min(used_ + kPiece, std::max(size_t(256) << 10, 2 * used_)));
        s_->next_out = out_.data() + used_;
        s_->avail_out = uint32_t(out_.size() - used_);
        if (isal_deflate(s_.get()) != COMP_OK)
          throw Error("", Error::kNoOffset, "deflate of the PNG pixels failed");
        used_ = size_t(s_->next_out - out_.data());
      }
    } while (n > 0);
  }

  std::vector<uint8_t> take() {
    out_.resize(used_);
    return std::move(out_);
  }

private:
  std::unique_ptr<isal_zstream> s_;
  std::vector<uint8_t> out_;
  size_t used_ = 0; // bytes of out_ written
};

// IDAT's zlib stream: for Fast, the rows filtered a band of about 256 KiB
// at a time and given to igzip while they are in the cache (no image-sized
// buffer of filtered rows is made, faulted in and read again: a third of
// the encode of a 2048^2 image); for Small, all of them, then libdeflate.
std::vector<uint8_t> zlibOfRows(const uint8_t* rgba, uint32_t width, uint32_t height,
                                const PngPlan& plan) {
  const size_t stride = size_t(width) * plan.bpp + 1;
  if (plan.deflate == PngDeflate::Fast) {
    const uint32_t band = uint32_t(std::clamp<size_t>((size_t(256) << 10) / stride, 1, height));
    std::unique_ptr<uint8_t[]> rows = scratch(stride * band);
    IgzipStream z;
    for (uint32_t y = 0; y < height; y += band) {
      const uint32_t end = std::min(height, y + band);
      filterRows(rgba, width, y, end, plan.bpp, plan.filter, rows.get());
      z.add(rows.get(), stride * (end - y), end == height);
    }
    return z.take();
  }
  const size_t rawSize = stride * height;
  std::unique_ptr<uint8_t[]> raw = scratch(rawSize);
  filterRows(rgba, width, 0, height, plan.bpp, plan.filter, raw.get());
  return libdeflateZlib(raw.get(), rawSize, 6);
}

// The filter ranking's measure: the deflater itself for Fast; for Small its
// fastest level, libdeflate 1 (level 6 ranks filters alike at five times
// the time).
size_t rankingSize(const uint8_t* raw, size_t n, PngDeflate deflate) {
  if (deflate == PngDeflate::Small) return libdeflateZlib(raw, n, 1).size();
  IgzipStream z;
  z.add(raw, n, true);
  return z.take().size();
}

} // namespace

PngPlan choosePlan(const uint8_t* rgba, uint32_t width, uint32_t height) {
  checkSize(width, height);
  PngPlan plan;
  plan.bpp = opaque(rgba, size_t(width) * height) ? 3 : 4;
  // The sample: eight bands of rows spread over the image, 1/128 of a large
  // one and at least one row each (1/8 of a 64-row tile), enough to rank the
  // filters at a few per cent of the time the image itself takes; the
  // whole of an image under 64 rows.
  constexpr uint32_t kBands = 8;
  std::vector<std::pair<uint32_t, uint32_t>> bands; // first row, rows
  if (height < kBands * 8) {
    bands.push_back({0, height});
  } else {
    const uint32_t rows = std::max<uint32_t>(1, height / (kBands * 128));
    for (uint32_t b = 0; b < kBands; ++b)
      bands.push_back({uint32_t(uint64_t(height) * b / kBands), rows});
  }
  const size_t stride = size_t(width) * plan.bpp + 1;
  size_t sampleRows = 0;
  for (auto [y, n] : bands) sampleRows += n;
  std::vector<uint8_t> sample(stride * sampleRows);
  // A small image (at most 256^2) is quick at libdeflate's level 6, and its
  // size then matters more than that time. A large one is written by igzip
  // level 1, whose speed is worth its few percent of size there
  // (docs/performance.md, bench_png).
  if (uint64_t(width) * height <= 65536) plan.deflate = PngDeflate::Small;
  auto filtered = [&](PngFilter f) {
    uint8_t* out = sample.data();
    for (auto [y, n] : bands) {
      filterRows(rgba, width, y, y + n, plan.bpp, f, out);
      out += stride * n;
    }
  };
  size_t best = SIZE_MAX;
  for (PngFilter f : {PngFilter::Up, PngFilter::Paeth, PngFilter::Sub, PngFilter::None}) {
    filtered(f);
    const size_t size = rankingSize(sample.data(), sample.size(), plan.deflate);
    if (size < best) best = size, plan.filter = f;
  }
  return plan;
}

std::vector<uint8_t> encodePNG(const uint8_t* rgba, uint32_t width, uint32_t height,
                               const PngPlan& plan) {
  checkSize(width, height);
  static const uint8_t kSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  std::vector<uint8_t> out(kSignature, kSignature + 8);
  // IHDR (§11.2.2): bit depth 8, colour type 6 (RGBA) or 2 (RGB), deflate,
  // adaptive filtering, no interlace.
  out.resize(8 + 8);
  put32(out, width);
  put32(out, height);
  const uint8_t rest[5] = {8, uint8_t(plan.bpp == 4 ? 6 : 2), 0, 0, 0};
  out.insert(out.end(), rest, rest + 5);
  closeChunk(out, 8, "IHDR");

  const std::vector<uint8_t> zlib = zlibOfRows(rgba, width, height, plan);
  const size_t idat = out.size();
  out.reserve(idat + 8 + zlib.size() + 4 + 12);
  out.resize(idat + 8);
  out.insert(out.end(), zlib.begin(), zlib.end());
  closeChunk(out, idat, "IDAT");

  const size_t iend = out.size();
  out.resize(iend + 8);
  closeChunk(out, iend, "IEND");
  return out;
}

std::vector<uint8_t> encodePNG(const uint8_t* rgba, uint32_t width, uint32_t height) {
  return encodePNG(rgba, width, height, choosePlan(rgba, width, height));
}

} // namespace strata::image

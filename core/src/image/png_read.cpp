// PNG to RGBA8 with libpng 1.6 (PNG specification, ISO/IEC 15948: chunk
// layout §5.3, IHDR §11.2.2). libpng reports through callbacks that longjmp;
// the functions that call it hold no C++ objects, so the jump skips nothing.
#include "common/bytes.h"
#include "image/decode_limits.h"
#include "image/encoded.h"
#include "strata/error.h"
#include "strata/text.h"

#include <png.h>

#include <algorithm>
#include <csetjmp>
#include <cstdio>
#include <cstring>

namespace strata::image {
namespace {

struct Chunk {
  uint64_t offset; // of its length field
  char type[8];
  uint64_t length = 0; // as declared
};

struct PngState {
  png_structp png = nullptr;
  png_infop info = nullptr;
  const uint8_t* data = nullptr;
  size_t size = 0, pos = 0; // what libpng has consumed
  bool cut = false;         // a read ran past the data (and consumed nothing)
  // IHDR as stored, before the transformations to RGBA8.
  png_uint_32 width = 0, height = 0;
  uint32_t storedBitsPerPixel = 0;
  int bitDepth = 0, colorType = 0;
  char message[256] = {}; // libpng's error, with the last warning before it
  char warning[200] = {};

  ~PngState() { png_destroy_read_struct(&png, &info, nullptr); }
};

void onError(png_structp png, png_const_charp msg) {
  PngState* s = static_cast<PngState*>(png_get_error_ptr(png));
  // libpng explains a rejected IHDR in warnings and then fails with "Invalid IHDR data".
  if (s->warning[0])
    std::snprintf(s->message, sizeof s->message, "%s (%s)", msg, s->warning);
  else
    std::snprintf(s->message, sizeof s->message, "%s", msg);
  png_longjmp(png, 1);
}

void onWarning(png_structp png, png_const_charp msg) {
  PngState* s = static_cast<PngState*>(png_get_error_ptr(png));
  std::snprintf(s->warning, sizeof s->warning, "%s", msg);
}

void onRead(png_structp png, png_bytep out, size_t n) {
  PngState* s = static_cast<PngState*>(png_get_io_ptr(png));
  if (n > s->size - s->pos) {
    s->cut = true;
    png_error(png, "the data ends inside this chunk");
  }
  std::memcpy(out, s->data + s->pos, n);
  s->pos += n;
}

// Reads the chunks up to the first IDAT.
bool readHeader(PngState& s) {
  if (setjmp(png_jmpbuf(s.png))) return false;
  png_set_read_fn(s.png, &s, onRead);
  // Sizes are checked by checkDeclaredSize, with its own message, once known.
  png_set_user_limits(s.png, PNG_UINT_31_MAX, PNG_UINT_31_MAX);
  png_read_info(s.png, s.info);
  s.width = png_get_image_width(s.png, s.info);
  s.height = png_get_image_height(s.png, s.info);
  s.storedBitsPerPixel =
      uint32_t(png_get_channels(s.png, s.info)) * uint32_t(png_get_bit_depth(s.png, s.info));
  s.bitDepth = png_get_bit_depth(s.png, s.info);
  s.colorType = png_get_color_type(s.png, s.info);
  return true;
}

// Asks for 8-bit RGBA; libpng allocates its row buffers here, so only after
// the size was checked. Interlaced rows come pass by pass (readPasses).
bool startRows(PngState& s) {
  if (setjmp(png_jmpbuf(s.png))) return false;
  png_set_expand(s.png);   // palette to RGB, grey below 8 bits to 8, tRNS to alpha
  png_set_scale_16(s.png); // 16-bit channels rounded to 8
  png_set_gray_to_rgb(s.png);
  png_set_filler(s.png, 0xFF, PNG_FILLER_AFTER); // opaque alpha where there is none
  png_read_update_info(s.png, s.info);
  return true;
}

// Makes `data` hold at least `needed` bytes of its eventual `total`, doubling
// as it goes: memory grows with the rows that decode, so a file that does not
// hold its data fails before spending it.
void growFor(std::vector<uint8_t>& data, size_t needed, size_t total) {
  if (needed <= data.size()) return;
  data.resize(std::min(total, std::max({needed, data.size() * 2, size_t(1) << 20})));
}

// The rows of a non-interlaced image, one at a time, into `data`.
bool readRows(PngState& s, std::vector<uint8_t>& data, size_t rowBytes) {
  if (setjmp(png_jmpbuf(s.png))) return false;
  const size_t total = rowBytes * s.height;
  for (png_uint_32 y = 0; y < s.height; ++y) {
    growFor(data, (y + 1) * rowBytes, total);
    png_read_row(s.png, data.data() + y * rowBytes, nullptr);
  }
  return true;
}

// The seven Adam7 sub-images of an interlaced image (§8.2), each row as libpng
// gives it, one after another into `passes` (empty passes have no rows).
bool readPasses(PngState& s, std::vector<uint8_t>& passes) {
  if (setjmp(png_jmpbuf(s.png))) return false;
  const size_t total = size_t(s.width) * s.height * 4;
  size_t at = 0;
  for (int pass = 0; pass < 7; ++pass) {
    const size_t cols = PNG_PASS_COLS(s.width, pass), rows = PNG_PASS_ROWS(s.height, pass);
    if (cols == 0) continue;
    for (size_t y = 0; y < rows; ++y, at += cols * 4) {
      growFor(passes, at + cols * 4, total);
      png_read_row(s.png, passes.data() + at, nullptr);
    }
  }
  return true;
}

// The sub-images of readPasses put in their places in the image.
void placePasses(const std::vector<uint8_t>& passes, uint32_t width, uint32_t height,
                 uint8_t* out) {
  size_t at = 0;
  for (int pass = 0; pass < 7; ++pass) {
    const uint32_t cols = PNG_PASS_COLS(width, pass), rows = PNG_PASS_ROWS(height, pass);
    if (cols == 0) continue;
    for (uint32_t y = 0; y < rows; ++y)
      for (uint32_t x = 0; x < cols; ++x, at += 4)
        std::memcpy(out + (size_t(PNG_ROW_FROM_PASS_ROW(y, pass)) * width +
                           PNG_COL_FROM_PASS_COL(x, pass)) *
                              4,
                    &passes[at], 4);
  }
}

// The rest of the stream after the rows: every chunk to IEND with its CRC.
bool readEnd(PngState& s) {
  if (setjmp(png_jmpbuf(s.png))) return false;
  png_read_end(s.png, nullptr);
  return true;
}

// Ancillary chunks that say nothing about how the texels look (§11.3.5.3
// pHYs, §11.3.4 tEXt, zTXt and iTXt, §11.3.6.1 tIME): a PNG holding only these
// beside IHDR, IDAT and IEND shows the same copied as re-encoded.
bool harmlessChunk(const char* type) {
  for (const char* t : {"IHDR", "IDAT", "IEND", "pHYs", "tEXt", "zTXt", "iTXt", "tIME"})
    if (std::memcmp(type, t, 4) == 0) return true;
  return false;
}

// Whether the bytes decoded can stand for the texels as they are: 8-bit
// truecolour with or without alpha (IHDR colour types 2 and 6, §11.2.2),
// only harmless chunks, read to IEND without a warning and nothing after it.
bool keepsAsIs(PngState& s, const std::vector<Chunk>& chunks) {
  if (s.bitDepth != 8 || (s.colorType != PNG_COLOR_TYPE_RGB && s.colorType != PNG_COLOR_TYPE_RGBA))
    return false;
  for (const Chunk& c : chunks)
    if (!harmlessChunk(c.type)) return false;
  s.warning[0] = 0;
  return readEnd(s) && !s.warning[0] && s.pos == s.size && !chunks.empty() &&
         std::memcmp(chunks.back().type, "IEND", 4) == 0;
}

// The chunks as stored, up to IEND or the first one that does not fit, and the
// IDAT bytes they hold (counting a cut-off IDAT's bytes that are present).
std::vector<Chunk> walkChunks(const std::vector<uint8_t>& b, uint64_t& idatBytes) {
  std::vector<Chunk> chunks;
  idatBytes = 0;
  for (uint64_t at = 8; at < b.size();) {
    if (at + 8 > b.size()) { // the data ends inside a chunk's length and type
      chunks.push_back({at, "(cut)"});
      break;
    }
    const uint64_t len = loadBE32(&b[at]);
    Chunk c{at, {char(b[at + 4]), char(b[at + 5]), char(b[at + 6]), char(b[at + 7]), 0}, len};
    chunks.push_back(c);
    if (std::memcmp(c.type, "IDAT", 4) == 0) idatBytes += std::min(len, b.size() - (at + 8));
    if (std::memcmp(c.type, "IEND", 4) == 0) break;
    at += 12 + len;
  }
  return chunks;
}

// The chunk holding byte `pos`: the last one starting at or before it.
const Chunk* chunkAt(const std::vector<Chunk>& chunks, size_t pos) {
  const Chunk* found = nullptr;
  for (const Chunk& c : chunks)
    if (c.offset <= pos) found = &c;
  return found;
}

} // namespace

// A plain 8-bit RGB or RGBA file, sound to its end (most tiles, and every
// PNG Strata writes), takes the fast path; libpng reads everything else, and
// every file that fails.
Image decodePNG(const std::vector<uint8_t>& bytes, const std::string& file, bool texels) {
  Image img;
  if (decodeSimplePNG(bytes, img, texels)) return img;
  return decodePNGWithLibpng(bytes, file);
}

Image decodePNG(std::vector<uint8_t>&& bytes, const std::string& file, bool texels) {
  Image img;
  // Moved from only when the fast path keeps them.
  if (decodeSimplePNG(std::move(bytes), img, texels)) return img;
  return decodePNGWithLibpng(bytes, file);
}

Image decodePNGWithLibpng(const std::vector<uint8_t>& bytes, const std::string& file) {
  uint64_t idatBytes = 0;
  const std::vector<Chunk> chunks = walkChunks(bytes, idatBytes);
  // libpng allocates a chunk before IDAT at its declared length before
  // reading it: one running past the data is refused first (§5.3).
  for (const Chunk& c : chunks) {
    if (std::memcmp(c.type, "IDAT", 4) == 0) break;
    if (c.offset + 12 + c.length > bytes.size())
      throw Error(file, c.offset,
                  "expected a PNG image: the " + escapeUtf8(c.type) + " chunk declares " +
                      std::to_string(c.length) + " bytes, past the end of the data");
  }
  PngState s;
  s.data = bytes.data();
  s.size = bytes.size();
  s.png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &s, onError, onWarning);
  if (s.png) s.info = png_create_info_struct(s.png);
  if (!s.png || !s.info) throw Error(file, Error::kNoOffset, "libpng could not start");
  auto fail = [&]() -> Error {
    // Where libpng stopped: the byte its failed read began at, or the last
    // one it had read when a check of what it read failed.
    const Chunk* c = chunkAt(chunks, s.cut || s.pos == 0 ? s.pos : s.pos - 1);
    // The chunk type and libpng's message quote file bytes: escaped, messages
    // stay UTF-8 text (`validate --json`).
    const std::string message = escapeUtf8(s.message);
    if (!c) return Error(file, 0, "expected a PNG image: " + message);
    return Error(file, c->offset,
                 "expected a PNG image: libpng stopped in the " + escapeUtf8(c->type) +
                     " chunk: " + message);
  };
  if (!readHeader(s)) throw fail();

  const png_uint_32 width = s.width, height = s.height;
  // The IDAT chunks inflate to the stored pixels (channels x bit depth each)
  // in filtered rows: at least width x height x bits / 8 bytes whatever the
  // interlace method. (Sides past the cap fail on their own; clamping them
  // keeps the product inside 64 bits.)
  DeclaredImage d;
  d.what = "PNG";
  d.width = width;
  d.height = height;
  const uint64_t w = std::min<uint64_t>(width, d.maxSide + 1),
                 h = std::min<uint64_t>(height, d.maxSide + 1);
  d.leastBytes = (w * h * s.storedBitsPerPixel / 8 + kDeflateMaxRatio - 1) / kDeflateMaxRatio;
  d.payloadBytes = idatBytes;
  d.rule = "deflate expands at most " + std::to_string(kDeflateMaxRatio) + ":1";
  checkDeclaredSize(d, file, 16); // IHDR width, height (§11.2.2)
  if (!startRows(s)) throw fail();
  if (png_get_rowbytes(s.png, s.info) != size_t(width) * 4)
    throw Error(file, 16, "PNG: libpng did not expand the pixels to RGBA8");

  Image img;
  img.width = width;
  img.height = height;
  img.dxgiFormat = 28; // R8G8B8A8_UNORM, stored values (no gamma or colour conversion)
  img.colorSpace = ColorSpace::SRGB;
  if (png_get_interlace_type(s.png, s.info) == PNG_INTERLACE_NONE) {
    if (!readRows(s, img.data, size_t(width) * 4)) throw fail();
  } else {
    std::vector<uint8_t> passes;
    if (!readPasses(s, passes)) throw fail();
    img.data.resize(size_t(width) * height * 4);
    placePasses(passes, width, height, img.data.data());
  }
  if (keepsAsIs(s, chunks)) img.png = bytes;
  return img;
}

} // namespace strata::image

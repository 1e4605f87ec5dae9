// JPEG to RGBA8 with libjpeg (ITU T.81; libjpeg-turbo's libjpeg API). libjpeg
// reports through callbacks that longjmp; the functions that call it hold no
// C++ objects, so the jump skips nothing.
#include "image/decode_limits.h"
#include "image/encoded.h"
#include "strata/error.h"
#include "strata/text.h"

#include <cstddef>
#include <cstdio>
// jpeglib.h needs size_t and FILE declared first, jerror.h needs jpeglib.h.
#include <jpeglib.h>
// clang-format off
#include <jerror.h>
// clang-format on

#include <algorithm>
#include <csetjmp>
#include <cstring>

namespace strata::image {
namespace {

struct JpegState {
  jpeg_decompress_struct cinfo{};
  jpeg_error_mgr err{};
  std::jmp_buf jump{};
  char message[JMSG_LENGTH_MAX] = {};
  int code = 0; // libjpeg's message code of the failure

  ~JpegState() { jpeg_destroy_decompress(&cinfo); }
};

[[noreturn]] void stop(j_common_ptr c) {
  JpegState* s = static_cast<JpegState*>(c->client_data);
  c->err->format_message(c, s->message);
  s->code = c->err->msg_code;
  std::longjmp(s->jump, 1);
}

// libjpeg goes on after these warnings, inventing grey or shifted pixels for
// the data it could not read: the image is not what the file says, so they
// fail the decode (arithmetic coding, the other source of corrupt-data
// warnings, is refused before). Its other warnings (extraneous bytes between markers, an
// unknown JFIF revision or Adobe transform, a bad ICC marker) leave every
// pixel intact and are ignored.
bool corruptsPixels(int code) {
  switch (code) {
  case JWRN_BOGUS_PROGRESSION:
  case JWRN_HIT_MARKER:
  case JWRN_HUFF_BAD_CODE:
  case JWRN_JPEG_EOF:
  case JWRN_MUST_RESYNC:
  case JWRN_NOT_SEQUENTIAL:
    return true;
  default:
    return false;
  }
}

void onMessage(j_common_ptr c, int level) {
  if (level < 0 && corruptsPixels(c->err->msg_code)) stop(c);
}

bool readHeader(JpegState& s, const uint8_t* data, size_t size) {
  if (setjmp(s.jump)) return false;
  jpeg_create_decompress(&s.cinfo); // keeps err and client_data
  jpeg_mem_src(&s.cinfo, data, static_cast<unsigned long>(size));
  jpeg_read_header(&s.cinfo, TRUE);
  return true;
}

// Decodes every scanline into `row` (width x output components) and appends
// it to `out` as RGBA8. The output grows with the scanlines that decode, so a
// file that does not hold its data fails before spending the image's memory.
bool readRows(JpegState& s, std::vector<uint8_t>& out, uint8_t* row) {
  if (setjmp(s.jump)) return false;
  jpeg_start_decompress(&s.cinfo);
  const JDIMENSION w = s.cinfo.output_width;
  const int n = s.cinfo.output_components;
  const bool adobe = s.cinfo.saw_Adobe_marker;
  const size_t rowBytes = size_t(w) * 4, total = rowBytes * s.cinfo.output_height;
  while (s.cinfo.output_scanline < s.cinfo.output_height) {
    const size_t at = size_t(s.cinfo.output_scanline) * rowBytes;
    if (at + rowBytes > out.size())
      out.resize(std::min(total, std::max({at + rowBytes, out.size() * 2, size_t(1) << 20})));
    uint8_t* d = out.data() + at;
    JSAMPROW rows[1] = {row};
    jpeg_read_scanlines(&s.cinfo, rows, 1);
    for (JDIMENSION x = 0; x < w; ++x, d += 4) {
      const uint8_t* p = row + size_t(x) * unsigned(n);
      if (n == 1) {
        d[0] = d[1] = d[2] = p[0];
      } else if (n == 3) {
        d[0] = p[0], d[1] = p[1], d[2] = p[2];
      } else { // CMYK: Adobe's writers store it inverted (libjpeg's jdapimin.c notes)
        for (int k = 0; k < 3; ++k) {
          const unsigned c = adobe ? p[k] : 255u - p[k], key = adobe ? p[3] : 255u - p[3];
          d[k] = uint8_t((c * key + 127) / 255);
        }
      }
      d[3] = 255;
    }
  }
  jpeg_finish_decompress(&s.cinfo);
  return true;
}

// The offset of the frame header (SOFn, T.81 B.2.2) that declares the size:
// marker segments from SOI on, each FF xx and a big-endian length (B.1.1.4);
// 0 when the walk does not reach one (libjpeg then reports the problem).
uint64_t frameHeaderOffset(const std::vector<uint8_t>& b) {
  for (size_t at = 2; at + 4 <= b.size();) {
    if (b[at] != 0xFF) return 0;
    const uint8_t m = b[at + 1];
    if (m == 0xFF) { // a fill byte (B.1.1.2)
      ++at;
      continue;
    }
    if (m >= 0xC0 && m <= 0xCF && m != 0xC4 && m != 0xC8 && m != 0xCC) return at;
    at += 2 + (size_t(b[at + 2]) << 8 | b[at + 3]);
  }
  return 0;
}

} // namespace

Image decodeJPEG(const std::vector<uint8_t>& bytes, const std::string& file) {
  JpegState s;
  s.cinfo.err = jpeg_std_error(&s.err);
  s.err.error_exit = stop;
  s.err.emit_message = onMessage;
  s.cinfo.client_data = &s;
  auto fail = [&]() -> Error {
    // Past the data, libjpeg's memory source feeds a fake EOI of its own.
    const size_t at = s.code == JWRN_JPEG_EOF ? bytes.size()
                      : s.cinfo.src           ? bytes.size() - s.cinfo.src->bytes_in_buffer
                                              : 0;
    const std::string what = "expected a JPEG image: " + escapeUtf8(s.message);
    if (s.code == JERR_SOF_UNSUPPORTED) return Unsupported(file, at, what);
    return Error(file, at, what);
  };
  if (!readHeader(s, bytes.data(), bytes.size())) throw fail();
  jpeg_decompress_struct& c = s.cinfo;
  const uint64_t sosEnd = bytes.size() - c.src->bytes_in_buffer;
  if (c.arith_code)
    throw Unsupported(file, sosEnd,
                      "an arithmetic-coded JPEG: its data can be arbitrarily small for its size, "
                      "so the declared size cannot be checked before decoding");
  // After the first scan header every remaining byte is at most scan data.
  uint64_t blocks = 0;
  for (int i = 0; i < c.num_components; ++i)
    blocks += uint64_t(c.comp_info[i].width_in_blocks) * c.comp_info[i].height_in_blocks;
  const uint64_t bits = c.progressive_mode ? kJpegMinBitsProgressive : kJpegMinBitsSequential;
  DeclaredImage d;
  d.what = "JPEG";
  d.width = c.image_width;
  d.height = c.image_height;
  d.leastBytes = (blocks * bits + 7) / 8;
  d.payloadBytes = c.src->bytes_in_buffer;
  d.rule = std::to_string(bits) + (bits == 1 ? " bit" : " bits") + " for each of its " +
           std::to_string(blocks) + " 8x8 blocks";
  checkDeclaredSize(d, file, frameHeaderOffset(bytes));

  const bool cmyk = c.jpeg_color_space == JCS_CMYK || c.jpeg_color_space == JCS_YCCK;
  c.out_color_space = cmyk ? JCS_CMYK : c.num_components == 1 ? JCS_GRAYSCALE : JCS_RGB;
  Image img;
  img.width = c.image_width;
  img.height = c.image_height;
  img.dxgiFormat = 28; // R8G8B8A8_UNORM, stored values (no colour conversion beyond YCbCr)
  img.colorSpace = ColorSpace::SRGB;
  std::vector<uint8_t> row(size_t(img.width) * 4);
  if (!readRows(s, img.data, row.data())) throw fail();
  return img;
}

} // namespace strata::image

// Subresource decoding to RGBA8 and RGBA32F: walks the blocks or pixels of
// one (slice, mip) and hands each to its format's decoder (bc_blocks.h).
#include "common/bytes.h"
#include "image/bc_blocks.h"
#include "strata/error.h"
#include "strata/image.h"

#include <cstring>

namespace strata::image {
namespace {

struct Subresource {
  const PixelFormat* format;
  const uint8_t* data;
  uint32_t width, height, depth;
};

Subresource locate(const Image& img, uint32_t mip, uint32_t layer) {
  const PixelFormat* f = pixelFormat(img.dxgiFormat);
  if (!f)
    throw Unsupported(img.name, Error::kNoOffset,
                      "decoding DXGI format " + std::to_string(img.dxgiFormat));
  uint64_t off = subresourceOffset(img, layer, mip);
  Subresource s{f, nullptr, mipExtent(img.width, mip), mipExtent(img.height, mip),
                mipExtent(img.depth, mip)};
  uint64_t size = mipByteSize(img.dxgiFormat, s.width, s.height, s.depth);
  if (!fitsWithin(off, size, img.data.size()))
    throw Error(img.name, off,
                "image data ends at " + std::to_string(img.data.size()) + " bytes, mip " +
                    std::to_string(mip) + " of slice " + std::to_string(layer) + " needs " +
                    std::to_string(off + size));
  s.data = img.data.data() + off;
  return s;
}

uint32_t le16(const uint8_t* p) {
  return uint32_t(p[0]) | uint32_t(p[1]) << 8;
}

uint8_t unitToByte(float f) {
  if (!(f > 0.0f)) return 0; // also NaN
  if (f >= 1.0f) return 255;
  return uint8_t(f * 255.0f + 0.5f);
}

// Calls decode(block, dst, pitch) per 4x4 block: it writes 4 rows of 4
// pixels (4 T each), row r at dst + r * pitch (in T). Each row of blocks is
// decoded into `band`, a buffer that stays in the cache, and its rows inside
// the image are appended to `out`: one pass over the image's memory, where
// zeroing the image and decoding into it took two, and the blocks the right
// or bottom edge cuts need no path of their own.
// While a row of blocks is decoded, the lines its rows will be appended to
// are prefetched, sizeof(T) lines a block: appended cold, the copy waited
// for every line's read-for-ownership in one burst, which the decoding
// now hides (docs/performance.md). A prefetch is a hint that reads no object and cannot fault,
// so it changes no result, even past the image's end (the last row of
// blocks, or a cut edge, asks for a few lines more than it appends).
template <typename T, typename F>
void forEachBlock(const Subresource& s, std::vector<T>& out, F decode) {
  // A block's 16 texels are 64 T: sizeof(T) lines of the rows appended.
  constexpr size_t kLine = 64, kLinesPerBlock = sizeof(T);
  const uint32_t bw = (s.width + 3) / 4, bh = (s.height + 3) / 4;
  const size_t row = size_t(s.width) * 4, pitch = size_t(bw) * 16, step = s.format->bytesPerBlock;
  std::vector<T> band(4 * pitch);
  const uint8_t* src = s.data;
  out.clear();
  out.reserve(row * s.height * s.depth);
  for (uint32_t z = 0; z < s.depth; ++z)
    for (uint32_t by = 0; by < bh; ++by) {
      // An address, not a pointer: it may pass the allocation's end.
      const uintptr_t dst = reinterpret_cast<uintptr_t>(out.data() + out.size());
      for (uint32_t bx = 0; bx < bw; ++bx, src += step) {
        for (size_t l = 0; l < kLinesPerBlock; ++l)
          __builtin_prefetch(reinterpret_cast<const void*>(dst + (bx * kLinesPerBlock + l) * kLine),
                             1);
        decode(src, band.data() + size_t(bx) * 16, pitch);
      }
      const uint32_t rows = std::min<uint32_t>(4, s.height - by * 4);
      for (uint32_t r = 0; r < rows; ++r)
        out.insert(out.end(), band.data() + r * pitch, band.data() + r * pitch + row);
    }
}

// BC6H texels as floats, row r at t + r * pitch.
void bc6hBlockF(const uint8_t* b, bool isSigned, float* t, size_t pitch) {
  uint16_t h[48];
  bc::decodeBC6H(b, isSigned, h);
  float f[48]; // converted in one flat loop, which vectorizes
  for (int i = 0; i < 48; ++i) f[i] = bc::halfToFloat(h[i]);
  for (int i = 0; i < 16; ++i) {
    float* px = t + size_t(i / 4) * pitch + 4 * (i % 4);
    px[0] = f[3 * i], px[1] = f[3 * i + 1], px[2] = f[3 * i + 2], px[3] = 1.0f;
  }
}

} // namespace

std::vector<uint8_t> decodeRGBA8(const Image& img, uint32_t mip, uint32_t layer) {
  Subresource s = locate(img, mip, layer);
  const size_t pixels = size_t(s.width) * s.height * s.depth;
  std::vector<uint8_t> out;
  if (!s.format->compressed) out.resize(pixels * 4); // forEachBlock fills its own
  const uint8_t* p = s.data;
  uint8_t* o = out.data();
  switch (img.dxgiFormat) {
  case dxgi::BC1:
  case dxgi::BC1_SRGB:
    forEachBlock(s, out, bc::decodeBC1);
    break;
  case dxgi::BC2:
  case dxgi::BC2_SRGB:
    forEachBlock(s, out, bc::decodeBC2);
    break;
  case dxgi::BC3:
  case dxgi::BC3_SRGB:
    forEachBlock(s, out, bc::decodeBC3);
    break;
  case dxgi::BC4:
  case dxgi::BC4_SNORM: {
    bool snorm = img.dxgiFormat == dxgi::BC4_SNORM;
    forEachBlock(s, out, [snorm](const uint8_t* b, uint8_t* t, size_t pitch) {
      bc::decodeBC4(b, snorm, t, pitch);
    });
    break;
  }
  case dxgi::BC5:
  case dxgi::BC5_SNORM: {
    bool snorm = img.dxgiFormat == dxgi::BC5_SNORM;
    forEachBlock(s, out, [snorm](const uint8_t* b, uint8_t* t, size_t pitch) {
      bc::decodeBC5(b, snorm, t, pitch);
    });
    break;
  }
  case dxgi::BC6H_UF16:
  case dxgi::BC6H_SF16: {
    bool isSigned = img.dxgiFormat == dxgi::BC6H_SF16;
    forEachBlock(s, out, [isSigned](const uint8_t* b, uint8_t* t, size_t pitch) {
      float f[64];
      bc6hBlockF(b, isSigned, f, 16);
      for (int r = 0; r < 4; ++r)
        for (int i = 0; i < 16; ++i) t[size_t(r) * pitch + size_t(i)] = unitToByte(f[r * 16 + i]);
    });
    break;
  }
  case dxgi::BC7:
  case dxgi::BC7_SRGB:
    forEachBlock(s, out, bc::decodeBC7);
    break;
  case dxgi::RGBA8:
  case dxgi::RGBA8_SRGB:
    std::memcpy(o, p, pixels * 4);
    break;
  case dxgi::BGRA8:
  case dxgi::BGRA8_SRGB:
  case dxgi::BGRX8: {
    const bool opaque = img.dxgiFormat == dxgi::BGRX8;
    for (size_t i = 0; i < pixels; ++i, p += 4, o += 4)
      o[0] = p[2], o[1] = p[1], o[2] = p[0], o[3] = opaque ? 255 : p[3];
    break;
  }
  case dxgi::B5G6R5:
    // Blue in bits 0-4, green 5-10, red 11-15.
    for (size_t i = 0; i < pixels; ++i, p += 2, o += 4) {
      uint32_t v = le16(p);
      o[0] = uint8_t(bc::unorm5To8(v >> 11)), o[1] = uint8_t(bc::unorm6To8(v >> 5 & 63));
      o[2] = uint8_t(bc::unorm5To8(v & 31)), o[3] = 255;
    }
    break;
  case dxgi::B5G5R5A1:
    // Blue in bits 0-4, green 5-9, red 10-14, alpha bit 15.
    for (size_t i = 0; i < pixels; ++i, p += 2, o += 4) {
      uint32_t v = le16(p);
      o[0] = uint8_t(bc::unorm5To8(v >> 10 & 31)), o[1] = uint8_t(bc::unorm5To8(v >> 5 & 31));
      o[2] = uint8_t(bc::unorm5To8(v & 31)), o[3] = v & 0x8000 ? 255 : 0;
    }
    break;
  case dxgi::A8:
    for (size_t i = 0; i < pixels; ++i, o += 4) o[0] = o[1] = o[2] = 0, o[3] = p[i];
    break;
  case dxgi::R8:
    for (size_t i = 0; i < pixels; ++i, o += 4) o[0] = o[1] = o[2] = p[i], o[3] = 255;
    break;
  case dxgi::R16:
    // round(v * 255 / 65535) = round(v / 257).
    for (size_t i = 0; i < pixels; ++i, p += 2, o += 4)
      o[0] = o[1] = o[2] = uint8_t((le16(p) + 128) / 257), o[3] = 255;
    break;
  case dxgi::RGBA16F:
    for (size_t i = 0; i < pixels * 4; ++i, p += 2)
      o[i] = unitToByte(bc::halfToFloat(uint16_t(le16(p))));
    break;
  default:
    throw Unsupported(img.name, Error::kNoOffset,
                      std::string("decoding ") + s.format->name + " to RGBA8");
  }
  return out;
}

std::vector<float> decodeRGBA32F(const Image& img, uint32_t mip, uint32_t layer) {
  Subresource s = locate(img, mip, layer);
  const size_t pixels = size_t(s.width) * s.height * s.depth;
  std::vector<float> out;
  switch (img.dxgiFormat) {
  case dxgi::BC4:
  case dxgi::BC4_SNORM:
  case dxgi::BC5:
  case dxgi::BC5_SNORM: {
    const bool snorm = img.dxgiFormat == dxgi::BC4_SNORM || img.dxgiFormat == dxgi::BC5_SNORM;
    const bool two = img.dxgiFormat == dxgi::BC5 || img.dxgiFormat == dxgi::BC5_SNORM;
    forEachBlock(s, out, [snorm, two](const uint8_t* b, float* out, size_t pitch) {
      float t[64];
      bc::decodeBC4ChannelF(b, snorm, t, 4);
      if (two) bc::decodeBC4ChannelF(b + 8, snorm, t + 1, 4);
      for (int i = 0; i < 16; ++i) {
        if (!two)
          t[4 * i + 1] = t[4 * i + 2] = t[4 * i];
        else
          t[4 * i + 2] = 0.0f;
        t[4 * i + 3] = 1.0f;
      }
      for (int r = 0; r < 4; ++r) std::memcpy(out + size_t(r) * pitch, t + r * 16, sizeof t / 4);
    });
    return out;
  }
  case dxgi::BC6H_UF16:
  case dxgi::BC6H_SF16: {
    const bool isSigned = img.dxgiFormat == dxgi::BC6H_SF16;
    forEachBlock(s, out, [isSigned](const uint8_t* b, float* t, size_t pitch) {
      bc6hBlockF(b, isSigned, t, pitch);
    });
    return out;
  }
  case dxgi::RGBA16F: {
    out.resize(pixels * 4);
    for (size_t i = 0; i < pixels * 4; ++i)
      out[i] = bc::halfToFloat(uint16_t(le16(s.data + 2 * i)));
    return out;
  }
  case dxgi::R16: {
    out.resize(pixels * 4);
    for (size_t i = 0; i < pixels; ++i) {
      float v = float(le16(s.data + 2 * i)) / 65535.0f;
      out[4 * i] = out[4 * i + 1] = out[4 * i + 2] = v, out[4 * i + 3] = 1.0f;
    }
    return out;
  }
  default: {
    std::vector<uint8_t> rgba = decodeRGBA8(img, mip, layer);
    out.resize(rgba.size());
    for (size_t i = 0; i < rgba.size(); ++i) out[i] = float(rgba[i]) / 255.0f;
    return out;
  }
  }
}

} // namespace strata::image

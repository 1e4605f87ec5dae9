// DDS reader and writer (Microsoft "DDS programming guide": DDS_HEADER,
// DDS_PIXELFORMAT, DDS_HEADER_DXT10). Data follows the header(s) as every
// subresource in Image order: per array slice / cube face all mips.
#include "common/bytes.h"
#include "common/fourcc.h"
#include "image/dds_header.h"
#include "strata/error.h"
#include "strata/image.h"

#include <algorithm>

namespace strata::image {
namespace {

constexpr uint32_t kMagic = fourCC('D', 'D', 'S', ' ');
constexpr uint32_t kDX10 = fourCC('D', 'X', '1', '0');

// DDS_HEADER.dwFlags
constexpr uint32_t DDSD_CAPS = 0x1, DDSD_HEIGHT = 0x2, DDSD_WIDTH = 0x4, DDSD_PITCH = 0x8,
                   DDSD_PIXELFORMAT = 0x1000, DDSD_MIPMAPCOUNT = 0x20000, DDSD_LINEARSIZE = 0x80000,
                   DDSD_DEPTH = 0x800000;
// DDS_PIXELFORMAT.dwFlags
constexpr uint32_t DDPF_ALPHAPIXELS = 0x1, DDPF_ALPHA = 0x2, DDPF_FOURCC = 0x4, DDPF_RGB = 0x40,
                   DDPF_LUMINANCE = 0x20000;
// dwCaps / dwCaps2
constexpr uint32_t DDSCAPS_COMPLEX = 0x8, DDSCAPS_TEXTURE = 0x1000, DDSCAPS_MIPMAP = 0x400000;
constexpr uint32_t DDSCAPS2_CUBEMAP = 0x200, DDSCAPS2_ALLFACES = 0xFC00, DDSCAPS2_VOLUME = 0x200000;
// DDS_HEADER_DXT10
constexpr uint32_t DIM_TEXTURE1D = 2, DIM_TEXTURE2D = 3, DIM_TEXTURE3D = 4;
constexpr uint32_t MISC_TEXTURECUBE = 0x4;

struct LegacyFormat {
  uint32_t dxgi;
  uint32_t flags;
  uint32_t fourCC;
  uint32_t bits;
  uint32_t mask[4]; // r g b a
};

// Legacy pixel formats that name a table format exactly (the writer's choice
// first for each DXGI code; the reader also accepts the aliases after it).
const LegacyFormat kLegacy[] = {
    {dxgi::BC1, DDPF_FOURCC, fourCC('D', 'X', 'T', '1'), 0, {}},
    {dxgi::BC2, DDPF_FOURCC, fourCC('D', 'X', 'T', '3'), 0, {}},
    {dxgi::BC3, DDPF_FOURCC, fourCC('D', 'X', 'T', '5'), 0, {}},
    {dxgi::BC4, DDPF_FOURCC, fourCC('A', 'T', 'I', '1'), 0, {}},
    {dxgi::BC4_SNORM, DDPF_FOURCC, fourCC('B', 'C', '4', 'S'), 0, {}},
    {dxgi::BC5, DDPF_FOURCC, fourCC('A', 'T', 'I', '2'), 0, {}},
    {dxgi::BC5_SNORM, DDPF_FOURCC, fourCC('B', 'C', '5', 'S'), 0, {}},
    {dxgi::RGBA16F, DDPF_FOURCC, 113, 0, {}}, // D3DFMT_A16B16G16R16F
    {dxgi::RGBA8, DDPF_RGB | DDPF_ALPHAPIXELS, 0, 32, {0xFF, 0xFF00, 0xFF0000, 0xFF000000}},
    {dxgi::BGRA8, DDPF_RGB | DDPF_ALPHAPIXELS, 0, 32, {0xFF0000, 0xFF00, 0xFF, 0xFF000000}},
    {dxgi::BGRX8, DDPF_RGB, 0, 32, {0xFF0000, 0xFF00, 0xFF, 0}},
    {dxgi::B5G6R5, DDPF_RGB, 0, 16, {0xF800, 0x07E0, 0x001F, 0}},
    {dxgi::B5G5R5A1, DDPF_RGB | DDPF_ALPHAPIXELS, 0, 16, {0x7C00, 0x03E0, 0x001F, 0x8000}},
    {dxgi::R8, DDPF_LUMINANCE, 0, 8, {0xFF, 0, 0, 0}},
    {dxgi::R16, DDPF_LUMINANCE, 0, 16, {0xFFFF, 0, 0, 0}},
    {dxgi::A8, DDPF_ALPHA, 0, 8, {0, 0, 0, 0xFF}},
    // Aliases accepted on reading.
    {dxgi::BC2, DDPF_FOURCC, fourCC('D', 'X', 'T', '2'), 0, {}}, // premultiplied BC2
    {dxgi::BC3, DDPF_FOURCC, fourCC('D', 'X', 'T', '4'), 0, {}}, // premultiplied BC3
    {dxgi::BC4, DDPF_FOURCC, fourCC('B', 'C', '4', 'U'), 0, {}},
    {dxgi::BC5, DDPF_FOURCC, fourCC('B', 'C', '5', 'U'), 0, {}},
};

const LegacyFormat* legacyFor(uint32_t code) {
  for (const LegacyFormat& l : kLegacy)
    if (l.dxgi == code) return &l;
  return nullptr;
}

std::string fourCCText(uint32_t v) {
  return fourCCPrintable(v) ? "'" + fourCCChars(v) + "'" : std::to_string(v);
}

// DDS_PIXELFORMAT -> DXGI, or 0.
uint32_t legacyToDxgi(uint32_t flags, uint32_t code, uint32_t bits, const uint32_t mask[4]) {
  for (const LegacyFormat& l : kLegacy) {
    if (flags & DDPF_FOURCC) {
      if ((l.flags & DDPF_FOURCC) && l.fourCC == code) return l.dxgi;
      continue;
    }
    if (l.flags & DDPF_FOURCC) continue;
    const uint32_t kind = DDPF_RGB | DDPF_LUMINANCE | DDPF_ALPHA;
    if ((flags & kind) != (l.flags & kind) || bits != l.bits) continue;
    bool alpha = flags & (DDPF_ALPHAPIXELS | DDPF_ALPHA);
    if (mask[0] == l.mask[0] && mask[1] == l.mask[1] && mask[2] == l.mask[2] &&
        (alpha ? mask[3] : 0) == l.mask[3])
      return l.dxgi;
  }
  return 0;
}

} // namespace

std::vector<uint8_t> writeDDS(const Image& img, const DdsWriteOptions& options) {
  checkImage(img);
  const PixelFormat& pf = *pixelFormat(img.dxgiFormat);
  const LegacyFormat* legacy =
      options.forceDX10 || img.arraySize > 1 ? nullptr : legacyFor(img.dxgiFormat);
  const bool volume = img.depth > 1;

  DdsHeader h;
  h.flags = DDSD_CAPS | DDSD_HEIGHT | DDSD_WIDTH | DDSD_PIXELFORMAT | DDSD_MIPMAPCOUNT;
  h.flags |= pf.compressed ? DDSD_LINEARSIZE : DDSD_PITCH;
  if (volume) h.flags |= DDSD_DEPTH;
  h.height = img.height;
  h.width = img.width;
  // Pitch of one row, or the byte size of the top mip for block formats.
  h.pitchOrLinearSize = uint32_t(pf.compressed ? mipByteSize(img.dxgiFormat, img.width, img.height)
                                               : uint64_t(img.width) * pf.bytesPerBlock);
  h.depth = volume ? img.depth : 0;
  h.mipMapCount = img.mipLevels;
  if (legacy) {
    h.pixelFormat.flags = legacy->flags;
    h.pixelFormat.fourCC = legacy->fourCC;
    h.pixelFormat.rgbBitCount = legacy->bits;
    std::copy(std::begin(legacy->mask), std::end(legacy->mask), h.pixelFormat.masks.begin());
  } else {
    h.pixelFormat.flags = DDPF_FOURCC;
    h.pixelFormat.fourCC = kDX10;
  }
  h.caps = DDSCAPS_TEXTURE;
  if (img.mipLevels > 1) h.caps |= DDSCAPS_COMPLEX | DDSCAPS_MIPMAP;
  if (img.cube || volume || img.arraySize > 1) h.caps |= DDSCAPS_COMPLEX;
  h.caps2 = img.cube ? DDSCAPS2_CUBEMAP | DDSCAPS2_ALLFACES : volume ? DDSCAPS2_VOLUME : 0;

  ByteWriter w;
  w.u32(kMagic);
  writeDdsHeader(w, h);
  if (!legacy) {
    DdsHeaderDx10 dx;
    dx.dxgiFormat = img.dxgiFormat;
    dx.resourceDimension = volume ? DIM_TEXTURE3D : DIM_TEXTURE2D;
    dx.miscFlag = img.cube ? MISC_TEXTURECUBE : 0;
    dx.arraySize = img.arraySize; // cube maps: number of cubes
    dx.miscFlags2 = 0;            // alpha mode unknown
    writeDdsHeaderDx10(w, dx);
  }
  w.bytes(img.data);
  return std::move(w.buf);
}

Image readDDS(const std::vector<uint8_t>& bytes, const std::string& file) {
  ByteReader r(bytes, file);
  r.expectU32(kMagic, "DDS magic 'DDS '");
  // Readers in the wild ignore most flags; so do we (DirectXTex does too).
  const DdsHeader h = readDdsHeader(r);
  const DdsPixelFormat& pfh = h.pixelFormat;
  const uint32_t pfFlags = pfh.flags, code = pfh.fourCC, bits = pfh.rgbBitCount;
  const uint32_t* mask = pfh.masks.data();
  const uint32_t depth = h.depth, mips = h.mipMapCount, caps2 = h.caps2;
  const size_t heightAt = kDdsHeightAt, depthAt = kDdsDepthAt, mipsAt = kDdsMipsAt,
               pfAt = kDdsPixelFormatFlagsAt, caps2At = kDdsCaps2At;
  Image img;
  img.name = file;
  img.height = h.height;
  img.width = h.width;

  if (!img.width || !img.height || img.width > 65536 || img.height > 65536)
    r.failAt(heightAt, "expected a width and height in 1..65536, found " +
                           std::to_string(img.width) + "x" + std::to_string(img.height));
  bool volume = caps2 & DDSCAPS2_VOLUME;
  if ((pfFlags & DDPF_FOURCC) && code == kDX10) {
    const size_t dxAt = kDdsDx10At, arrayAt = kDdsArraySizeAt;
    const DdsHeaderDx10 dx = readDdsHeaderDx10(r);
    img.dxgiFormat = dx.dxgiFormat;
    const uint32_t dim = dx.resourceDimension, misc = dx.miscFlag;
    img.arraySize = dx.arraySize;
    if (!pixelFormat(img.dxgiFormat))
      throw Unsupported(file, dxAt,
                        "DXGI format " + std::to_string(img.dxgiFormat) +
                            " is not one Strata decodes");
    if (dim != DIM_TEXTURE1D && dim != DIM_TEXTURE2D && dim != DIM_TEXTURE3D)
      r.failAt(dxAt + 4,
               "expected resourceDimension 2 (1D), 3 (2D) or 4 (3D), found " + std::to_string(dim));
    volume = dim == DIM_TEXTURE3D;
    img.cube = misc & MISC_TEXTURECUBE;
    if (img.cube && dim != DIM_TEXTURE2D) r.failAt(dxAt + 8, "expected a cube map to be 2D");
    if (!img.arraySize || img.arraySize > 65536 || (volume && img.arraySize != 1))
      r.failAt(arrayAt, "expected arraySize 1.." +
                            std::string(volume ? "1 for a 3D texture" : "65536") + ", found " +
                            std::to_string(img.arraySize));
  } else {
    img.dxgiFormat = legacyToDxgi(pfFlags, code, bits, mask);
    if (!img.dxgiFormat) {
      std::string what = (pfFlags & DDPF_FOURCC)
                             ? "FourCC " + fourCCText(code)
                             : "pixel format flags " + hex32(pfFlags) + ", " +
                                   std::to_string(bits) + " bits, masks " + hex32(mask[0]) + " " +
                                   hex32(mask[1]) + " " + hex32(mask[2]) + " " + hex32(mask[3]);
      throw Unsupported(file, pfAt, "legacy DDS " + what + " is not one Strata decodes");
    }
    if (caps2 & DDSCAPS2_CUBEMAP) {
      if ((caps2 & DDSCAPS2_ALLFACES) != DDSCAPS2_ALLFACES)
        throw Unsupported(file, caps2At, "cube map without all six faces");
      img.cube = true;
    }
  }
  if (volume) {
    if (!depth || depth > 65536)
      r.failAt(depthAt, "expected a volume depth in 1..65536, found " + std::to_string(depth));
    if (img.cube) r.failAt(caps2At, "expected a cube map or a volume texture, not both");
    img.depth = depth;
  }
  img.mipLevels = mips ? mips : 1;
  uint32_t largest = std::max({img.width, img.height, img.depth}), chain = 1;
  while (largest >> chain) ++chain;
  if (img.mipLevels > chain)
    r.failAt(mipsAt, "expected at most " + std::to_string(chain) + " mip levels for a " +
                         std::to_string(largest) + "-texel image, found " +
                         std::to_string(img.mipLevels));
  if (img.cube && img.width != img.height)
    r.failAt(heightAt, "expected square cube faces, found " + std::to_string(img.width) + "x" +
                           std::to_string(img.height));
  img.colorSpace = pixelFormat(img.dxgiFormat)->colorSpace;
  // DDS stores texels uncompressed (or in fixed-size blocks): what the payload
  // can hold is its exact size, so the declared size must be present in the
  // file before anything is allocated (sides and counts are capped above).
  const uint64_t size = imageByteSize(img);
  r.need(size, "image data for every slice and mip");
  img.data = r.bytes(size_t(size), "image data");
  return img;
}

} // namespace strata::image

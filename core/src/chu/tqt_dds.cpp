// DDS header sizing for TQT tiles (Microsoft "DDS programming guide").
#include "chu/tqt_dds.h"

#include "common/bytes.h"
#include "strata/error.h"

namespace strata::tqt {

namespace {

constexpr uint32_t fourCC(char a, char b, char c, char d) {
  return uint32_t(uint8_t(a)) | uint32_t(uint8_t(b)) << 8 | uint32_t(uint8_t(c)) << 16 |
         uint32_t(uint8_t(d)) << 24;
}

constexpr uint32_t kDdsMagic = fourCC('D', 'D', 'S', ' ');
constexpr uint32_t kDX10 = fourCC('D', 'X', '1', '0');
// DDS_HEADER.dwFlags
constexpr uint32_t DDSD_CAPS = 0x1, DDSD_HEIGHT = 0x2, DDSD_WIDTH = 0x4, DDSD_PIXELFORMAT = 0x1000,
                   DDSD_MIPMAPCOUNT = 0x20000, DDSD_LINEARSIZE = 0x80000, DDSD_PITCH = 0x8;
// DDS_PIXELFORMAT.dwFlags
constexpr uint32_t DDPF_ALPHAPIXELS = 0x1, DDPF_ALPHA = 0x2, DDPF_FOURCC = 0x4, DDPF_RGB = 0x40,
                   DDPF_LUMINANCE = 0x20000;
constexpr uint32_t DDSCAPS_COMPLEX = 0x8, DDSCAPS_TEXTURE = 0x1000, DDSCAPS_MIPMAP = 0x400000;
constexpr uint32_t DDSCAPS2_CUBEMAP = 0x200, DDSCAPS2_VOLUME = 0x200000;

uint32_t mipExtent(uint32_t v, uint32_t mip) {
  uint32_t e = mip < 32 ? v >> mip : 0;
  return e ? e : 1;
}

// Bytes per 4x4 block (blockBytes) or per pixel (pixelBytes) of DXGI formats
// a terrain tile can plausibly use.
struct DxgiSize {
  uint32_t dxgi, blockBytes, pixelBytes;
};
const DxgiSize kDxgi[] = {
    {71, 8, 0},  {72, 8, 0},  {70, 8, 0},  {74, 16, 0}, {75, 16, 0}, {73, 16, 0}, {77, 16, 0},
    {78, 16, 0}, {76, 16, 0}, {80, 8, 0},  {81, 8, 0},  {79, 8, 0},  {83, 16, 0}, {84, 16, 0},
    {82, 16, 0}, {95, 16, 0}, {96, 16, 0}, {94, 16, 0}, {98, 16, 0}, {99, 16, 0}, {97, 16, 0},
    {28, 0, 4},  {29, 0, 4},  {87, 0, 4},  {88, 0, 4},  {91, 0, 4},  {61, 0, 1},  {65, 0, 1},
    {56, 0, 2},  {85, 0, 2},  {86, 0, 2},  {10, 0, 8},
};

const DxgiSize* dxgiSize(uint32_t dxgi) {
  for (const DxgiSize& d : kDxgi)
    if (d.dxgi == dxgi) return &d;
  return nullptr;
}

} // namespace

uint64_t simpleMipBytes(SimpleDdsFormat format, uint32_t width, uint32_t height) {
  if (format == SimpleDdsFormat::BC1)
    return uint64_t((width + 3) / 4 ? (width + 3) / 4 : 1) *
           ((height + 3) / 4 ? (height + 3) / 4 : 1) * 8;
  return uint64_t(width) * height * 4;
}

DdsInfo ddsInfo(const std::vector<uint8_t>& bytes, const std::string& fileName,
                uint64_t baseOffset) {
  ByteReader r(bytes.data(), bytes.size(), fileName, size_t(baseOffset));
  DdsInfo info;
  size_t at = r.tell();
  uint32_t magic = r.u32("DDS magic");
  if (magic != kDdsMagic)
    r.failAt(at, "expected a DDS stream (magic \"DDS \"), found " + hex32(magic));
  at = r.tell();
  uint32_t headerSize = r.u32("DDS_HEADER dwSize");
  if (headerSize != 124)
    r.failAt(at, "DDS_HEADER dwSize " + std::to_string(headerSize) + ", expected 124");
  r.u32("DDS_HEADER dwFlags");
  info.height = r.u32("DDS_HEADER dwHeight");
  info.width = r.u32("DDS_HEADER dwWidth");
  r.u32("DDS_HEADER dwPitchOrLinearSize");
  uint32_t depth = r.u32("DDS_HEADER dwDepth");
  uint32_t mips = r.u32("DDS_HEADER dwMipMapCount");
  r.skip(44, "DDS_HEADER dwReserved1");
  r.u32("DDS_PIXELFORMAT dwSize");
  uint32_t pfFlags = r.u32("DDS_PIXELFORMAT dwFlags");
  uint32_t pfFourCC = r.u32("DDS_PIXELFORMAT dwFourCC");
  uint32_t bits = r.u32("DDS_PIXELFORMAT dwRGBBitCount");
  uint32_t mask[4];
  for (uint32_t& m : mask) m = r.u32("DDS_PIXELFORMAT mask");
  r.u32("DDS_HEADER dwCaps");
  uint32_t caps2 = r.u32("DDS_HEADER dwCaps2");
  r.skip(12, "DDS_HEADER dwCaps3, dwCaps4, dwReserved2");
  if (info.width == 0 || info.height == 0)
    r.failAt(at, "DDS dimensions " + std::to_string(info.width) + "x" +
                     std::to_string(info.height) + " are empty");
  info.mipCount = mips ? mips : 1;
  uint32_t arraySize = 1;
  uint32_t blockBytes = 0, pixelBytes = 0;
  if ((pfFlags & DDPF_FOURCC) && pfFourCC == kDX10) {
    info.headerBytes = 148;
    info.dxgi = r.u32("DDS_HEADER_DXT10 dxgiFormat");
    r.u32("DDS_HEADER_DXT10 resourceDimension");
    r.u32("DDS_HEADER_DXT10 miscFlag");
    arraySize = r.u32("DDS_HEADER_DXT10 arraySize");
    r.u32("DDS_HEADER_DXT10 miscFlags2");
    info.format = "DX10:" + std::to_string(info.dxgi);
    if (const DxgiSize* d = dxgiSize(info.dxgi))
      blockBytes = d->blockBytes, pixelBytes = d->pixelBytes;
  } else if (pfFlags & DDPF_FOURCC) {
    info.format = std::string(reinterpret_cast<const char*>(&pfFourCC), 4);
    if (pfFourCC == fourCC('D', 'X', 'T', '1'))
      blockBytes = 8, info.dxgi = 71;
    else if (pfFourCC == fourCC('D', 'X', 'T', '2') || pfFourCC == fourCC('D', 'X', 'T', '3'))
      blockBytes = 16, info.dxgi = 74;
    else if (pfFourCC == fourCC('D', 'X', 'T', '4') || pfFourCC == fourCC('D', 'X', 'T', '5'))
      blockBytes = 16, info.dxgi = 77;
    else if (pfFourCC == fourCC('A', 'T', 'I', '1') || pfFourCC == fourCC('B', 'C', '4', 'U'))
      blockBytes = 8, info.dxgi = 80;
    else if (pfFourCC == fourCC('A', 'T', 'I', '2') || pfFourCC == fourCC('B', 'C', '5', 'U'))
      blockBytes = 16, info.dxgi = 83;
  } else if (pfFlags & (DDPF_RGB | DDPF_LUMINANCE | DDPF_ALPHA)) {
    if (bits % 8 == 0 && bits >= 8 && bits <= 128) pixelBytes = bits / 8;
    const bool alpha = (pfFlags & DDPF_ALPHAPIXELS) != 0;
    if (bits == 32 && mask[0] == 0xFF && mask[1] == 0xFF00 && mask[2] == 0xFF0000 &&
        (!alpha || mask[3] == 0xFF000000))
      info.dxgi = 28, info.format = "RGBA8";
    else if (bits == 32 && mask[0] == 0xFF0000 && mask[1] == 0xFF00 && mask[2] == 0xFF)
      info.dxgi = alpha ? 87 : 88, info.format = alpha ? "BGRA8" : "BGRX8";
    else
      info.format = std::to_string(bits) + "-bit masks";
  }
  // Cube maps, volumes and arrays are not terrain tiles: their size is not checked.
  const bool plain2D =
      !(caps2 & (DDSCAPS2_CUBEMAP | DDSCAPS2_VOLUME)) && depth <= 1 && arraySize <= 1;
  if (plain2D && (blockBytes || pixelBytes) && info.mipCount <= 32) {
    info.sizeKnown = true;
    for (uint32_t m = 0; m < info.mipCount; ++m) {
      uint32_t w = mipExtent(info.width, m), h = mipExtent(info.height, m);
      info.dataBytes += blockBytes ? uint64_t((w + 3) / 4) * ((h + 3) / 4) * blockBytes
                                   : uint64_t(w) * h * pixelBytes;
    }
  }
  return info;
}

Image ddsToImage(const std::vector<uint8_t>& bytes, const std::string& name,
                 const std::string& fileName, uint64_t baseOffset) {
  DdsInfo info = ddsInfo(bytes, fileName, baseOffset);
  if (!info.sizeKnown || info.dxgi == 0)
    throw Unsupported(fileName, baseOffset,
                      "DDS pixel format " + info.format + " of tile " + name +
                          " cannot be turned into an image here");
  if (info.headerBytes + info.dataBytes > bytes.size())
    throw Error(fileName, baseOffset,
                "DDS stream of tile " + name + " needs " +
                    std::to_string(info.headerBytes + info.dataBytes) + " bytes but has " +
                    std::to_string(bytes.size()));
  Image img;
  img.name = name;
  img.dxgiFormat = info.dxgi;
  img.width = info.width;
  img.height = info.height;
  img.mipLevels = info.mipCount;
  img.colorSpace = ColorSpace::SRGB; // terrain colour; DDS legacy headers carry no colour space
  img.data.assign(bytes.begin() + info.headerBytes,
                  bytes.begin() + long(info.headerBytes + info.dataBytes));
  return img;
}

std::vector<uint8_t> writeSimpleDds(uint32_t width, uint32_t height, uint32_t mips,
                                    SimpleDdsFormat format, const std::vector<uint8_t>& data) {
  ByteWriter w;
  const bool bc1 = format == SimpleDdsFormat::BC1;
  w.u32(kDdsMagic);
  w.u32(124);
  uint32_t flags = DDSD_CAPS | DDSD_HEIGHT | DDSD_WIDTH | DDSD_PIXELFORMAT |
                   (bc1 ? DDSD_LINEARSIZE : DDSD_PITCH) | (mips > 1 ? DDSD_MIPMAPCOUNT : 0);
  w.u32(flags);
  w.u32(height);
  w.u32(width);
  w.u32(bc1 ? uint32_t(simpleMipBytes(format, width, height)) : width * 4);
  w.u32(0);    // depth
  w.u32(mips); // dwMipMapCount
  w.zeros(44);
  w.u32(32); // DDS_PIXELFORMAT
  if (bc1) {
    w.u32(DDPF_FOURCC);
    w.u32(fourCC('D', 'X', 'T', '1'));
    w.zeros(20);
  } else {
    w.u32(DDPF_RGB | DDPF_ALPHAPIXELS);
    w.u32(0);
    w.u32(32);
    w.u32(0xFF), w.u32(0xFF00), w.u32(0xFF0000), w.u32(0xFF000000);
  }
  w.u32(DDSCAPS_TEXTURE | (mips > 1 ? DDSCAPS_COMPLEX | DDSCAPS_MIPMAP : 0));
  w.zeros(16); // dwCaps2..dwReserved2
  w.bytes(data);
  return std::move(w.buf);
}

} // namespace strata::tqt

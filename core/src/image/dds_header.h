#pragma once
// The DDS file header as stored (Microsoft "DDS programming guide":
// DDS_HEADER, DDS_PIXELFORMAT, DDS_HEADER_DXT10), every field kept, and its
// reading and writing. What the fields mean as an image is dds.cpp's.
#include "common/bytes.h"

#include <array>
#include <cstdint>

namespace strata::image {

constexpr uint32_t kDdsHeaderSize = 124;     // DDS_HEADER.dwSize
constexpr uint32_t kDdsPixelFormatSize = 32; // DDS_PIXELFORMAT.dwSize

struct DdsPixelFormat {
  uint32_t size = kDdsPixelFormatSize;
  uint32_t flags = 0, fourCC = 0, rgbBitCount = 0;
  std::array<uint32_t, 4> masks{}; // R, G, B, A
};

// DDS_HEADER, the 124 bytes after the magic "DDS ".
struct DdsHeader {
  uint32_t size = kDdsHeaderSize;
  uint32_t flags = 0, height = 0, width = 0, pitchOrLinearSize = 0, depth = 0, mipMapCount = 0;
  std::array<uint32_t, 11> reserved1{};
  DdsPixelFormat pixelFormat;
  uint32_t caps = 0, caps2 = 0, caps3 = 0, caps4 = 0, reserved2 = 0;
};

// DDS_HEADER_DXT10, after DDS_HEADER when the FourCC is "DX10".
struct DdsHeaderDx10 {
  uint32_t dxgiFormat = 0, resourceDimension = 0, miscFlag = 0, arraySize = 0, miscFlags2 = 0;
};

// Byte offsets in the file (magic included) of the fields errors point at.
constexpr uint64_t kDdsHeightAt = 12, kDdsDepthAt = 24, kDdsMipsAt = 28,
                   kDdsPixelFormatFlagsAt = 80, kDdsCaps2At = 112, kDdsDx10At = 128,
                   kDdsArraySizeAt = 140;

// Reads DDS_HEADER at the reader's position (after the magic); fails unless
// both size fields hold their fixed values.
DdsHeader readDdsHeader(ByteReader& r);
DdsHeaderDx10 readDdsHeaderDx10(ByteReader& r);

void writeDdsHeader(ByteWriter& w, const DdsHeader& h);
void writeDdsHeaderDx10(ByteWriter& w, const DdsHeaderDx10& h);

} // namespace strata::image

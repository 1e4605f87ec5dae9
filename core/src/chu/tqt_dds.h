#pragma once
// What TQT needs to know about the DDS stream of a tile (§9c, §9e: "must begin
// with DDS and contain a complete DDS stream"): the header's dimensions, mip
// count and the byte count the header implies (Microsoft DDS_HEADER,
// DDS_PIXELFORMAT, DDS_HEADER_DXT10). Also a tiny DDS writer for fixtures.
#include "strata/scene.h"

#include <cstdint>
#include <string>
#include <vector>

namespace strata::tqt {

struct DdsInfo {
  uint32_t width = 0, height = 0, mipCount = 1;
  uint32_t headerBytes = 128; // magic + DDS_HEADER (+ 20 for DX10)
  bool sizeKnown = false;     // false: pixel format or layout we cannot size
  uint64_t dataBytes = 0;     // every mip, when sizeKnown
  uint32_t dxgi = 0;          // DXGI format when identified, else 0
  std::string format;         // "DXT1", "RGBA8", "DX10:71", ...
};

// Parses the DDS header at the start of `bytes` (a tile's ddsBytes). Throws
// strata::Error at `fileName` / absolute `baseOffset` + position when there is
// no DDS magic or no complete header.
DdsInfo ddsInfo(const std::vector<uint8_t>& bytes, const std::string& fileName,
                uint64_t baseOffset);

// The DDS as a neutral image (2D, identified formats only); throws
// strata::Unsupported otherwise.
Image ddsToImage(const std::vector<uint8_t>& bytes, const std::string& name,
                 const std::string& fileName, uint64_t baseOffset);

enum class SimpleDdsFormat { RGBA8, BC1 };

// A legacy-header DDS (DDSD_MIPMAPCOUNT set when mips > 1): RGBA8 as 32-bit
// RGB masks R=0xFF, G=0xFF00, B=0xFF0000, A=0xFF000000; BC1 as FourCC DXT1.
// `data` holds every mip, largest first.
std::vector<uint8_t> writeSimpleDds(uint32_t width, uint32_t height, uint32_t mips,
                                    SimpleDdsFormat format, const std::vector<uint8_t>& data);

// Bytes of one mip level in the two simple formats.
uint64_t simpleMipBytes(SimpleDdsFormat format, uint32_t width, uint32_t height);

} // namespace strata::tqt

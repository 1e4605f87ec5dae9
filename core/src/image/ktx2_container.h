#pragma once
// The KTX 2.0 file around a set of levels (KTX File Format Specification 2.0
// §3: header, level index, DFD, key/value data, level data smallest first),
// shared by the VkFormat writer (ktx2.cpp) and the UASTC writer (ktx2_uastc.cpp).
#include <cstdint>
#include <string>
#include <vector>

namespace strata::image {

struct Ktx2Container {
  std::string name; // names the image in errors
  uint32_t vkFormat = 0, typeSize = 1;
  uint32_t width = 0, height = 0, depth = 0, layers = 0, faces = 1;
  std::vector<uint8_t> dfd;                 // the whole DFD, dfdTotalSize first
  std::vector<std::vector<uint8_t>> levels; // raw level data, index 0 = base level
  bool zstd = false;                        // scheme 2: one Zstandard frame per level
  int zstdLevel = 15;
  uint32_t alignment = 4; // scheme 0: each level starts at a multiple of this (§3.9.7)
};

std::vector<uint8_t> assembleKtx2(const Ktx2Container& c);

} // namespace strata::image

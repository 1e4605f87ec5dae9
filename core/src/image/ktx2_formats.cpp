#include "image/ktx2_formats.h"

namespace strata::image {

const std::vector<VkRow>& vkRows() {
  static const std::vector<VkRow> rows = {
      {dxgi::RGBA8, dxgi::RGBA8_SRGB, vk::R8G8B8A8_UNORM, vk::R8G8B8A8_SRGB},
      {dxgi::BGRA8, dxgi::BGRA8_SRGB, vk::B8G8R8A8_UNORM, vk::B8G8R8A8_SRGB},
      {dxgi::BC1, dxgi::BC1_SRGB, vk::BC1_RGBA_UNORM, vk::BC1_RGBA_SRGB},
      {dxgi::BC2, dxgi::BC2_SRGB, vk::BC2_UNORM, vk::BC2_SRGB},
      {dxgi::BC3, dxgi::BC3_SRGB, vk::BC3_UNORM, vk::BC3_SRGB},
      {dxgi::BC7, dxgi::BC7_SRGB, vk::BC7_UNORM, vk::BC7_SRGB},
      {dxgi::R8, 0, vk::R8_UNORM, 0},
      {dxgi::R16, 0, vk::R16_UNORM, 0},
      {dxgi::B5G6R5, 0, vk::R5G6B5_UNORM_PACK16, 0},     // same bits: B 0-4, G 5-10, R 11-15
      {dxgi::B5G5R5A1, 0, vk::A1R5G5B5_UNORM_PACK16, 0}, // B 0-4, G 5-9, R 10-14, A 15
      {dxgi::RGBA16F, 0, vk::R16G16B16A16_SFLOAT, 0},
      {dxgi::BC4, 0, vk::BC4_UNORM, 0},
      {dxgi::BC4_SNORM, 0, vk::BC4_SNORM, 0},
      {dxgi::BC5, 0, vk::BC5_UNORM, 0},
      {dxgi::BC5_SNORM, 0, vk::BC5_SNORM, 0},
      {dxgi::BC6H_UF16, 0, vk::BC6H_UFLOAT, 0},
      {dxgi::BC6H_SF16, 0, vk::BC6H_SFLOAT, 0},
  };
  return rows;
}

const uint8_t kKtx2Identifier[12] = {0xAB, 'K',  'T',  'X',  ' ',  '2',
                                     '0',  0xBB, '\r', '\n', 0x1A, '\n'};

uint32_t ktx2TypeSize(uint32_t vkFormat) {
  switch (vkFormat) {
  case vk::R16_UNORM:
  case vk::R16G16B16A16_SFLOAT:
  case vk::R5G6B5_UNORM_PACK16:
  case vk::A1R5G5B5_UNORM_PACK16:
    return 2;
  default:
    return 1;
  }
}

} // namespace strata::image

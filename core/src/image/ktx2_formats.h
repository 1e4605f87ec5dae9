#pragma once
// DXGI <-> VkFormat for the KTX2 writer and reader, and the KTX2 constants
// both use (KTX File Format Specification 2.0).
#include "strata/image.h"

#include <cstdint>
#include <vector>

namespace strata::image {

// VkFormat values (Vulkan 1.x core enum VkFormat).
namespace vk {
constexpr uint32_t R5G6B5_UNORM_PACK16 = 4, A1R5G5B5_UNORM_PACK16 = 8, R8_UNORM = 9,
                   R8G8B8A8_UNORM = 37, R8G8B8A8_SRGB = 43, B8G8R8A8_UNORM = 44, B8G8R8A8_SRGB = 50,
                   R16_UNORM = 70, R16G16B16A16_SFLOAT = 97, BC1_RGBA_UNORM = 133,
                   BC1_RGBA_SRGB = 134, BC2_UNORM = 135, BC2_SRGB = 136, BC3_UNORM = 137,
                   BC3_SRGB = 138, BC4_UNORM = 139, BC4_SNORM = 140, BC5_UNORM = 141,
                   BC5_SNORM = 142, BC6H_UFLOAT = 143, BC6H_SFLOAT = 144, BC7_UNORM = 145,
                   BC7_SRGB = 146;
}

// One DXGI format and its Vulkan twin(s); 0 where the sRGB twin is missing.
struct VkRow {
  uint32_t dxgiUnorm, dxgiSrgb, vkUnorm, vkSrgb;
};
const std::vector<VkRow>& vkRows();

// KTX2 §3.1 file identifier «KTX 20»\r\n\x1A\n, and §3.12 scheme 2 = Zstandard.
extern const uint8_t kKtx2Identifier[12];
constexpr uint32_t kSupercompressionZstd = 2;

// KTX2 §3.5 typeSize: 2 for 16-bit channels and _PACK16, 1 for bytes and _BLOCK.
uint32_t ktx2TypeSize(uint32_t vkFormat);

} // namespace strata::image

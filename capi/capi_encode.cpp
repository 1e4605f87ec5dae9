// strata.h BC encoding: RGBA8 pixels to blocks through image::encodeBCImage
// (the encoders `strata textures --encode` uses), optionally as a DDS file.
#include "capi_handles.h"
#include "strata/image.h"

#include <cstdlib>

using namespace strata::capi;

struct strata_encoder {
  std::string error;
};

extern "C" {

STRATA_CAPI_HANDLE_LIFETIME(strata_encoder, "the encoder handle is NULL")

strata_status strata_encoder_encode_rgba8(strata_encoder* enc, const uint8_t* rgba, uint32_t width,
                                          uint32_t height, uint32_t dxgi_format,
                                          const strata_encode_options* options, uint8_t** out_data,
                                          size_t* out_size, uint32_t* out_mip_count) {
  return onHandle(enc, [&]() -> strata_status {
    if (!out_data || !out_size || !out_mip_count)
      return fail(enc->error, STRATA_ERROR_INVALID_ARGUMENT, "an output pointer is NULL");
    *out_data = nullptr, *out_size = 0, *out_mip_count = 0;
    if (!rgba) return fail(enc->error, STRATA_ERROR_INVALID_ARGUMENT, "pixel pointer is NULL");
    if (width == 0 || height == 0 || width > 65536 || height > 65536)
      return fail(enc->error, STRATA_ERROR_INVALID_ARGUMENT,
                  "image size " + std::to_string(width) + "x" + std::to_string(height) +
                      " out of range (1..65536)");
    if (!strata::image::bcEncodable(dxgi_format))
      return fail(enc->error, STRATA_ERROR_UNSUPPORTED,
                  "no encoder for " + strata::image::formatName(dxgi_format) +
                      " (BC1-BC5 and BC7, UNORM / SRGB / SNORM)");
    strata_encode_options o;
    if (strata_status st = readOptions(enc->error, options, o, "strata_encode_options")) return st;
    if (o.alpha_cutoff > 255)
      return fail(enc->error, STRATA_ERROR_INVALID_ARGUMENT,
                  "alpha_cutoff " + std::to_string(o.alpha_cutoff) + " is over 255");
    strata::image::BcImageOptions bo;
    bo.dxgi = dxgi_format;
    if (strata_status st =
            qualityOf(enc->error, o.quality, "strata_encode_options.quality", bo.encode.quality))
      return st;
    bo.encode.alphaThreshold = o.flags & STRATA_ENCODE_BC1_OPAQUE ? 0 : 128;
    bo.encode.ignoreAlpha = o.flags & STRATA_ENCODE_IGNORE_ALPHA;
    bo.mips = o.flags & STRATA_ENCODE_MIPS;
    bo.mip.srgb = (o.flags & STRATA_ENCODE_SRGB) ||
                  strata::image::pixelFormat(dxgi_format)->colorSpace == strata::ColorSpace::SRGB;
    bo.mip.normalMap = o.flags & STRATA_ENCODE_NORMAL_MAP;
    if (o.flags & STRATA_ENCODE_ALPHA_COVERAGE)
      bo.mip.alphaCutoff = uint8_t(o.alpha_cutoff ? o.alpha_cutoff : 128);
    const strata::Image img = strata::image::encodeBCImage(rgba, width, height, "encoded", bo);
    std::vector<uint8_t> file;
    if (o.flags & STRATA_ENCODE_DDS_FILE) file = strata::image::writeDDS(img);
    const std::vector<uint8_t>& bytes = o.flags & STRATA_ENCODE_DDS_FILE ? file : img.data;
    uint8_t* p = static_cast<uint8_t*>(std::malloc(bytes.size()));
    if (!p) return fail(enc->error, STRATA_ERROR_OUT_OF_MEMORY, "out of memory");
    std::memcpy(p, bytes.data(), bytes.size());
    *out_data = p, *out_size = bytes.size(), *out_mip_count = img.mipLevels;
    return STRATA_OK;
  });
}

} // extern "C"

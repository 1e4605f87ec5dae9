// `strata textures --encode`: every texture decoded and encoded again as a BC
// format (image::reencodeBC), with its mip chain remade on request.
#include "commands.h"
#include "options.h"

#include "strata/image.h"

#include <CLI/CLI.hpp>

namespace strata::cli {

namespace {

// The DXGI format of a family for a source: the sRGB twin for sRGB colour
// (BC1, BC3, BC7), the SNORM one for signed BC4 / BC5 sources.
uint32_t targetFormat(const std::string& family, const Image& src) {
  const bool srgb = src.colorSpace == ColorSpace::SRGB;
  const bool snorm =
      src.dxgiFormat == image::dxgi::BC4_SNORM || src.dxgiFormat == image::dxgi::BC5_SNORM;
  if (family == "bc1") return srgb ? image::dxgi::BC1_SRGB : image::dxgi::BC1;
  if (family == "bc3") return srgb ? image::dxgi::BC3_SRGB : image::dxgi::BC3;
  if (family == "bc4") return snorm ? image::dxgi::BC4_SNORM : image::dxgi::BC4;
  if (family == "bc5") return snorm ? image::dxgi::BC5_SNORM : image::dxgi::BC5;
  return srgb ? image::dxgi::BC7_SRGB : image::dxgi::BC7;
}

} // namespace

void addTextureEncodeOptions(CLI::App& cmd, TextureEncodeArgs& a) {
  cmd.add_option("--encode", a.family,
                 "Encode every texture again as this BC format (with --format dds or ktx2); "
                 "sRGB textures get the _SRGB format, signed BC4/BC5 the SNORM one")
      ->check(CLI::IsMember({"bc1", "bc3", "bc4", "bc5", "bc7"}));
  cmd.add_flag("--mips", a.mips,
               "With --encode: a full mip chain down to 1x1 made from mip 0 (linear light for "
               "sRGB textures, BC5 as renormalised normals); without it, each mip the texture "
               "holds is encoded as it is");
  addQualityOption(&cmd, a.quality, "With --encode: encoder effort (default: default)");
  cmd.add_flag("--alpha-coverage", a.alphaCoverage,
               "With --mips: keep the share of texels at or above --alpha-cutoff on every level "
               "(alpha-tested cut-outs)");
  cmd.add_option("--alpha-cutoff", a.alphaCutoff, "Alpha-test cutoff, 1-255 (default 128)")
      ->check(CLI::Range(1, 255));
  cmd.add_flag("--no-normal-map", a.noNormalMap,
               "With --encode bc5 --mips: filter the two channels straight, not as normal vectors");
}

std::string checkTextureEncodeArgs(const TextureEncodeArgs& a, const std::string& format,
                                   bool uastc) {
  if (a.family.empty()) {
    if (a.mips || a.alphaCoverage || a.noNormalMap || a.quality != image::BcQuality::Default)
      return "--mips, --quality, --alpha-coverage and --no-normal-map need --encode";
    return "";
  }
  if (format == "png") return "--encode needs --format dds or ktx2 (PNG holds no BC blocks)";
  if (uastc) return "--encode and --uastc ask for two different encodings";
  if (a.alphaCoverage && !a.mips) return "--alpha-coverage needs --mips";
  return "";
}

Image encodeTexture(const Image& img, const TextureEncodeArgs& a) {
  image::BcImageOptions o;
  o.dxgi = targetFormat(a.family, img);
  o.encode.quality = a.quality;
  o.mips = a.mips;
  o.mip.srgb = img.colorSpace == ColorSpace::SRGB;
  o.mip.normalMap = a.family == "bc5" && !a.noNormalMap;
  o.mip.alphaCutoff = a.alphaCoverage ? uint8_t(a.alphaCutoff) : 0;
  return image::reencodeBC(img, o);
}

} // namespace strata::cli

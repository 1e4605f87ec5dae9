// Writing one Image as a PNG, DDS or KTX2 file (`strata textures`).
#include "strata/error.h"
#include "strata/image.h"

#include <utility>

namespace strata::image {

namespace {

// Each format with its file extension, the name --format takes.
constexpr std::pair<ImageFileFormat, const char*> kExtensions[] = {
    {ImageFileFormat::PNG, "png"}, {ImageFileFormat::DDS, "dds"}, {ImageFileFormat::KTX2, "ktx2"}};

} // namespace

const char* imageFileExtension(ImageFileFormat format) {
  for (const auto& [f, extension] : kExtensions)
    if (f == format) return extension;
  return "png";
}

ImageFileFormat parseImageFileFormat(const std::string& name) {
  for (const auto& [format, extension] : kExtensions)
    if (name == extension) return format;
  throw Error("", Error::kNoOffset, "unknown image file format '" + name + "' (png, dds, ktx2)");
}

std::vector<uint8_t> encodeImageFile(const Image& img, ImageFileFormat format) {
  switch (format) {
  case ImageFileFormat::DDS:
    return writeDDS(img);
  case ImageFileFormat::KTX2:
    return writeKTX2(img);
  case ImageFileFormat::PNG:
  default:
    checkImage(img);
    return pngFileOf(img);
  }
}

std::vector<uint8_t> pngFileOf(const Image& img) {
  if (!img.png.empty()) return img.png;
  std::vector<uint8_t> rgba = decodeRGBA8(img, 0, 0);
  // A volume's mip 0 decodes to its depth slices one below the other.
  return encodePNG(rgba.data(), img.width, img.height * img.depth);
}

} // namespace strata::image

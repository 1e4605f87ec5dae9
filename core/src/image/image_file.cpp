// Writing one Image as a PNG, DDS or KTX2 file (`strata textures`).
#include "strata/error.h"
#include "strata/image.h"

namespace strata::image {

const char* imageFileExtension(ImageFileFormat format) {
  switch (format) {
  case ImageFileFormat::PNG:
    return "png";
  case ImageFileFormat::DDS:
    return "dds";
  case ImageFileFormat::KTX2:
    return "ktx2";
  }
  return "png";
}

ImageFileFormat parseImageFileFormat(const std::string& name) {
  if (name == "png") return ImageFileFormat::PNG;
  if (name == "dds") return ImageFileFormat::DDS;
  if (name == "ktx2") return ImageFileFormat::KTX2;
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

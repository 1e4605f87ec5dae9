#include "ytd/ytd_images.h"

#include "strata/error.h"
#include "strata/fileio.h"
#include "strata/image.h"

#include <algorithm>
#include <cctype>
#include <filesystem>

namespace strata {

namespace {

namespace fs = std::filesystem;

bool startsWith(const std::vector<uint8_t>& b, std::initializer_list<uint8_t> magic) {
  return b.size() >= magic.size() && std::equal(magic.begin(), magic.end(), b.begin());
}

bool imageExtension(const fs::path& p) {
  const std::string ext = lowerExtension(utf8Of(p));
  return ext == ".png" || ext == ".jpg" || ext == ".jpeg" || ext == ".dds" || ext == ".ktx2";
}

} // namespace

std::string YtdImage::label() const {
  return path.empty() ? "image for '" + name + "'" : path;
}

YtdImage parseNameImage(const std::string& argument) {
  const size_t eq = argument.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == argument.size())
    throw Error(argument, Error::kNoOffset,
                "expected NAME=IMAGE (a texture name, '=', an image file)");
  YtdImage img;
  img.name = argument.substr(0, eq);
  img.path = argument.substr(eq + 1);
  return img;
}

std::vector<YtdImage> imagesInDirectory(const std::string& dir) {
  std::error_code ec;
  if (!fs::is_directory(pathOf(dir), ec)) throw Error(dir, Error::kNoOffset, "not a directory");
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(pathOf(dir), ec))
    if (e.is_regular_file(ec) && imageExtension(e.path())) files.push_back(e.path());
  if (ec) throw Error(dir, Error::kNoOffset, "cannot list the directory: " + ec.message());
  std::sort(files.begin(), files.end());
  std::vector<YtdImage> out;
  for (const fs::path& f : files) {
    YtdImage img;
    img.name = utf8Of(f.stem());
    img.path = utf8Of(f);
    img.fromDirectory = true;
    out.push_back(std::move(img));
  }
  return out;
}

namespace ytd {

LoadedImage loadImage(const YtdImage& in) {
  LoadedImage out;
  out.name = in.name;
  out.label = in.label();
  if (in.path.empty() && in.file.empty()) {
    if (!in.width || !in.height || in.rgba8.size() != uint64_t(in.width) * in.height * 4)
      throw Error(out.label, Error::kNoOffset,
                  std::to_string(in.rgba8.size()) + " bytes of RGBA8 for " +
                      std::to_string(in.width) + "x" + std::to_string(in.height) +
                      " pixels (expected width * height * 4, both sides at least 1)");
    out.image.name = in.name;
    out.image.width = in.width;
    out.image.height = in.height;
    out.image.data = in.rgba8;
    return out;
  }
  std::vector<uint8_t> read;
  if (in.file.empty()) read = readFile(in.path);
  const std::vector<uint8_t>& bytes = in.file.empty() ? read : in.file;
  if (startsWith(bytes, {'D', 'D', 'S', ' '})) {
    out.image = image::readDDS(bytes, in.path);
    out.blocks = true;
  } else if (startsWith(bytes, {0xAB, 'K', 'T', 'X', ' ', '2', '0', 0xBB})) {
    out.image = image::readKTX2(bytes, in.path);
    out.blocks = true;
  } else if (startsWith(bytes, {0x89, 'P', 'N', 'G'}) || startsWith(bytes, {0xFF, 0xD8})) {
    out.image = image::decodeEncoded(bytes, in.path);
  } else {
    throw Error(in.path, 0, "not an image Strata reads (PNG, JPEG, DDS or KTX2, by its magic)");
  }
  out.image.name = in.name;
  return out;
}

Rgba8 rgbaOf(const LoadedImage& img) {
  const Image& i = img.image;
  if (i.cube || i.arraySize > 1 || i.depth > 1)
    throw Error(img.label, Error::kNoOffset,
                "holds " +
                    std::string(i.cube        ? "a cube map"
                                : i.depth > 1 ? "a volume"
                                              : "layers") +
                    "; a 2D texture takes one 2D image");
  Rgba8 out;
  out.width = i.width;
  out.height = i.height;
  out.px = img.blocks ? image::decodeRGBA8(i, 0, 0) : i.data;
  return out;
}

} // namespace ytd

} // namespace strata

// `strata textures IN -o DIR --format png|dds|ktx2`.
#include "commands.h"

#include "strata/error.h"
#include "strata/fileio.h"
#include "strata/image.h"

#include <cstdio>
#include <filesystem>

namespace strata::cli {

namespace fs = std::filesystem;

// File names come from the source (texture names); keep them to one path component.
static std::string safeName(const std::string& name) {
  std::string s;
  for (char c : name) s += (c == '/' || c == '\\' || c == ':' || c == 0) ? '_' : c;
  if (s.empty() || s == "." || s == "..") s = "_" + s;
  return s;
}

void noteUastcResize(const Image& img, const std::string& source) {
  uint32_t w, h;
  image::uastcBaseSize(img.width, img.height, w, h);
  if (w != img.width || h != img.height)
    std::fprintf(stderr,
                 "%s: note: texture %s resized from %ux%u to %ux%u for UASTC KTX2 "
                 "(KHR_texture_basisu needs multiples of 4)\n",
                 source.c_str(), img.name.c_str(), img.width, img.height, w, h);
}

int runTextures(const TexturesArgs& args) {
  try {
    const FormatHandler& h = requireFormat(args.input);
    if (!h.textures)
      throw Error(args.input, Error::kNoOffset, std::string(h.name) + " files hold no textures");
    std::vector<Image> images = h.textures(args.input, args.load);
    // Encode everything first so a failure leaves no partial set behind.
    std::vector<std::pair<std::string, std::vector<uint8_t>>> files;
    const image::ImageFileFormat format = image::parseImageFileFormat(args.format);
    if (args.uastc && format != image::ImageFileFormat::KTX2)
      throw Error(args.input, Error::kNoOffset, "--uastc needs --format ktx2");
    for (const Image& img : images) {
      std::vector<uint8_t> bytes;
      if (args.uastc) {
        // The image's own colour-space tag picks sRGB colour or linear data.
        image::UastcOptions uo;
        uo.srgb = img.colorSpace == ColorSpace::SRGB;
        noteUastcResize(img, args.input);
        bytes = image::writeKTX2Uastc(img, uo);
      } else {
        bytes = image::encodeImageFile(img, format);
      }
      files.push_back(
          {safeName(img.name) + "." + image::imageFileExtension(format), std::move(bytes)});
    }
    std::error_code ec;
    fs::create_directories(args.outDir, ec);
    for (auto& [name, bytes] : files) {
      std::string path = (fs::path(args.outDir) / name).string();
      writeFileAtomic(path, bytes);
      std::printf("%s\n", path.c_str());
    }
    std::fprintf(stderr, "wrote %zu textures to %s\n", files.size(), args.outDir.c_str());
    return kExitOk;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "strata: error: %s\n", e.what());
    return kExitFailed;
  }
}

} // namespace strata::cli

// `strata textures IN -o DIR --format png|dds|ktx2`.
#include "commands.h"

#include "strata/error.h"
#include "strata/fileio.h"
#include "strata/image.h"
#include "strata/parallel.h"

#include <cctype>
#include <cstdio>
#include <filesystem>
#include <set>

namespace strata::cli {

namespace fs = std::filesystem;

// File names come from the source (texture names); keep them to one path component.
static std::string safeName(const std::string& name) {
  std::string s;
  for (char c : name) s += (c == '/' || c == '\\' || c == ':' || c == 0) ? '_' : c;
  if (s.empty() || s == "." || s == "..") s = "_" + s;
  return s;
}

static std::string lowerCase(std::string s) {
  for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
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

void printLeftOut(const std::string& input, const std::vector<std::string>& leftOut) {
  for (const std::string& piece : leftOut)
    std::fprintf(stderr, "%s: left out: %s\n", input.c_str(), piece.c_str());
}

int runTextures(const TexturesArgs& args) {
  try {
    const FormatHandler& h = requireFormat(args.input);
    if (!h.textures)
      throw Error(args.input, Error::kNoOffset, std::string(h.name) + " files hold no textures");
    TextureSet set = h.textures(args.input, args.load);
    printLeftOut(args.input, set.leftOut);
    std::vector<Image>& images = set.images;
    if (images.empty() && !set.leftOut.empty())
      throw Error(args.input, Error::kNoOffset,
                  "no intact texture to write (" + std::to_string(set.leftOut.size()) +
                      " pieces left out)");
    if (images.empty()) {
      std::fprintf(stderr,
                   "%s holds no textures (a drawable without an embedded dictionary?): "
                   "nothing written\n",
                   args.input.c_str());
      return kExitOk;
    }
    // Encode everything first so a failure leaves no partial set behind.
    std::vector<std::pair<std::string, std::vector<uint8_t>>> files;
    const image::ImageFileFormat format = image::parseImageFileFormat(args.format);
    if (args.uastc && format != image::ImageFileFormat::KTX2)
      throw Error(args.input, Error::kNoOffset, "--uastc needs --format ktx2");
    std::set<std::string> taken; // lower case: names must not collide on any file system
    // Every image at once on the cores (the UASTC encoder spreads each image
    // over them itself); the first image that fails is the error either way.
    std::vector<std::vector<uint8_t>> encoded(images.size());
    if (!args.uastc)
      parallelFor(images.size(),
                  [&](size_t i) { encoded[i] = image::encodeImageFile(images[i], format); });
    for (size_t i = 0; i < images.size(); ++i) {
      const Image& img = images[i];
      std::vector<uint8_t> bytes;
      if (args.uastc) {
        // The image's own colour-space tag picks sRGB colour or linear data.
        image::UastcOptions uo;
        uo.srgb = img.colorSpace == ColorSpace::SRGB;
        noteUastcResize(img, args.input);
        bytes = image::writeKTX2Uastc(img, uo);
      } else {
        bytes = std::move(encoded[i]);
      }
      const std::string ext = std::string(".") + image::imageFileExtension(format);
      std::string name = safeName(img.name);
      // Dictionaries of different .ydd entries may reuse a texture name: number the repeats.
      for (int n = 2; !taken.insert(lowerCase(name + ext)).second; ++n)
        name = safeName(img.name) + "_" + std::to_string(n);
      files.push_back({name + ext, std::move(bytes)});
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

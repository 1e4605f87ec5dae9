// The .ydr / .ydd / .yft entry of the format table: only their embedded
// texture dictionaries are read (ydr-embedded.md; issue 10).
#include "strata/fileio.h"
#include "strata/formats.h"
#include "strata/text.h"
#include "ytd/drawable.h"
#include "ytd/gallery.h"
#include "ytd/report.h"

#include <filesystem>

namespace strata {

namespace {

bool hasDrawableExtension(const std::string& path) {
  std::string e = std::filesystem::path(path).extension().string();
  for (char& ch : e) ch = char(std::tolower(static_cast<unsigned char>(ch)));
  return e == ".ydr" || e == ".ydd" || e == ".yft";
}

bool detectDrawable(const std::string& path, const std::vector<uint8_t>& head) {
  if (!ytd::looksLikeRsc7(head)) return false;
  const uint32_t v = uint32_t(head[4]) | uint32_t(head[5]) << 8 | uint32_t(head[6]) << 16 |
                     uint32_t(head[7]) << 24;
  return ytd::isDrawableVersion(v) || hasDrawableExtension(path);
}

ytd::TextureContainer read(const std::string& path) {
  return ytd::readDrawable(readFile(path), path);
}

Scene loadDrawable(const std::string& path, const LoadOptions& options) {
  Scene s = ytd::galleryScene(read(path), options);
  s.name = escapeUtf8(std::filesystem::path(path).stem().string());
  return s;
}

nlohmann::json infoDrawable(const std::string& path) {
  return ytd::containerInfo(read(path));
}

ValidationReport validateDrawable(const std::string& path) {
  return ytd::validateWith(path, "drawable", [&] { return read(path); });
}

TextureSet texturesDrawable(const std::string& path, const LoadOptions& options) {
  return ytd::containerTextures(read(path), options);
}

} // namespace

extern const FormatHandler kDrawableHandler = {"drawable",   detectDrawable,   loadDrawable,
                                               infoDrawable, validateDrawable, texturesDrawable};

} // namespace strata

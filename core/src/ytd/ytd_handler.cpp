// The .ytd entry of the format table (design.md: YTD is textures only).
#include "strata/fileio.h"
#include "strata/formats.h"
#include "strata/text.h"
#include "ytd/drawable.h"
#include "ytd/gallery.h"
#include "ytd/report.h"
#include "ytd/texture_container.h"

#include <filesystem>

namespace strata {

namespace {

bool hasExtension(const std::string& path, const char* ext) {
  std::string e = std::filesystem::path(path).extension().string();
  for (char& ch : e) ch = char(std::tolower(static_cast<unsigned char>(ch)));
  return e == ext;
}

uint32_t headVersion(const std::vector<uint8_t>& head) {
  return uint32_t(head[4]) | uint32_t(head[5]) << 8 | uint32_t(head[6]) << 16 |
         uint32_t(head[7]) << 24;
}

// Claimed by magic + a texture dictionary version (5 Enhanced, 13 legacy); a
// .ytd with another non-drawable version is claimed too, so the reader can say
// which versions it knows instead of "unrecognised".
bool detectYtd(const std::string& path, const std::vector<uint8_t>& head) {
  if (!ytd::looksLikeRsc7(head)) return false;
  const uint32_t v = headVersion(head);
  return v == 5 || v == 13 || (hasExtension(path, ".ytd") && !ytd::isDrawableVersion(v));
}

ytd::TextureContainer read(const std::string& path) {
  return ytd::readYtd(readFile(path), path);
}

Scene loadYtd(const std::string& path, const LoadOptions& options) {
  Scene s = ytd::galleryScene(read(path), options);
  s.name = escapeUtf8(std::filesystem::path(path).stem().string());
  return s;
}

nlohmann::json infoYtd(const std::string& path) {
  return ytd::containerInfo(read(path));
}

ValidationReport validateYtd(const std::string& path) {
  return ytd::validateWith(path, "ytd", [&] { return read(path); });
}

TextureSet texturesYtd(const std::string& path, const LoadOptions& options) {
  return ytd::containerTextures(read(path), options);
}

} // namespace

extern const FormatHandler kYtdHandler = {"ytd",   detectYtd,   loadYtd,
                                          infoYtd, validateYtd, texturesYtd};

} // namespace strata

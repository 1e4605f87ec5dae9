// FormatHandlers for a Ratchet & Clank 2 LEVEL<n>.WAD (a file, or a member of
// a disc image) and for a disc image (rc2-level-wad.md sections 1 and 5).
#include "iso/iso9660.h"
#include "rc2/rc2_container.h"
#include "rc2/rc2_info.h"
#include "rc2/rc2_level.h"
#include "rc2/rc2_scene.h"
#include "rc2/rc2_source.h"
#include "rc2/rc2_validate.h"
#include "strata/error.h"
#include "strata/formats.h"
#include "strata/rc2.h"

namespace strata {

namespace {

// No magic: the first word (header_size) rules out nearly every other file,
// then the structure decides.
bool detectLevel(const std::string& path, const std::vector<uint8_t>& head) {
  const bool member = rc2::splitMemberPath(path);
  if (!member &&
      (head.size() < 4 || (head[0] != 0x60 && head[0] != 0x68) || head[1] || head[2] || head[3]))
    return false;
  try {
    const rc2::LevelSource src(path);
    return rc2::looksLikeLevelWad(src.data(), src.size());
  } catch (const Error&) {
    return false;
  }
}

bool detectDisc(const std::string& path, const std::vector<uint8_t>& head) {
  if (head.size() < 64) return false; // sector 16 lies far beyond
  try {
    const FileBytes b(path);
    return iso::looksLikeIso(b.data(), b.size());
  } catch (const Error&) {
    return false;
  }
}

TextureSet texturesLevel(const std::string& path, const LoadOptions& options) {
  const rc2::LevelSource src(path);
  rc2::CheckedWad c = rc2::checkLevelWad(src.data(), src.size(), path);
  tfrag::CheckedLevel all;
  all.readable = c.readable();
  all.findings = c.findings;
  TextureSet set;
  set.leftOut = tfrag::acceptOrLeaveOut(all, options.partial);
  if (!c.core.level.hasGsRam)
    throw Error(path, Error::kNoOffset,
                "gs_ram is empty: the palettes and mips 2-3 of every texture live there");
  for (auto& img : c.core.textures)
    if (img) set.images.push_back(std::move(*img));
  return set;
}

// The first level of the image (the plugins' default; the CLI expands an
// image into its levels).
std::string firstLevel(const std::string& image) {
  const std::vector<rc2::LevelEntry> levels = rc2::discLevels(image);
  if (levels.empty())
    throw Error(image, Error::kNoOffset,
                "the ISO-9660 image holds no LEVEL<n>.WAD: not a Ratchet & Clank 2 disc");
  return levels.front().path;
}

Scene loadDisc(const std::string& image, const LoadOptions& options) {
  return rc2::loadLevelWad(firstLevel(image), options);
}

TextureSet texturesDisc(const std::string& image, const LoadOptions& options) {
  return texturesLevel(firstLevel(image), options);
}

} // namespace

extern const FormatHandler kRc2LevelHandler = {"rc2-level",           detectLevel,
                                               rc2::loadLevelWad,     rc2::describeLevelWad,
                                               rc2::validateLevelWad, texturesLevel};
extern const FormatHandler kRc2DiscHandler = {"rc2-disc",        detectDisc,        loadDisc,
                                              rc2::describeDisc, rc2::validateDisc, texturesDisc};

} // namespace strata

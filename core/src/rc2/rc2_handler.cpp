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
bool detectLevel(const Source& in, const std::vector<uint8_t>& head) {
  const bool member = in.onDisk() && rc2::splitMemberPath(in.path);
  if (!member &&
      (head.size() < 4 || (head[0] != 0x60 && head[0] != 0x68) || head[1] || head[2] || head[3]))
    return false;
  try {
    const rc2::LevelSource src(in);
    return rc2::looksLikeLevelWad(src.data(), src.size());
  } catch (const Error&) {
    return false;
  }
}

bool detectDisc(const Source& in, const std::vector<uint8_t>& head) {
  if (head.size() < 64) return false; // sector 16 lies far beyond
  try {
    const FileBytes b(in);
    return iso::looksLikeIso(b.data(), b.size());
  } catch (const Error&) {
    return false;
  }
}

TextureSet texturesLevel(const Source& in, const LoadOptions& options) {
  const std::string& path = in.path;
  const rc2::LevelSource src(in);
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

// A disc image's levels are addressed as members of its file
// ("IMAGE::MEMBER"): an image is read from disk.
const std::string& imageFile(const Source& image) {
  if (!image.onDisk())
    throw Unsupported(image.path, Error::kNoOffset,
                      "a disc image is read from its file, not from bytes in memory");
  return image.path;
}

// The first level of the image (the plugins' default; the CLI expands an
// image into its levels).
std::string firstLevel(const Source& in) {
  const std::string& image = imageFile(in);
  const std::vector<rc2::LevelEntry> levels = rc2::discLevels(image);
  if (levels.empty())
    throw Error(image, Error::kNoOffset,
                "the ISO-9660 image holds no LEVEL<n>.WAD: not a Ratchet & Clank 2 disc");
  return levels.front().path;
}

Scene loadDisc(const Source& image, const LoadOptions& options) {
  return rc2::loadLevelWad(firstLevel(image), options);
}

TextureSet texturesDisc(const Source& image, const LoadOptions& options) {
  return texturesLevel(firstLevel(image), options);
}

nlohmann::json describeDisc(const Source& image) {
  return rc2::describeDisc(imageFile(image));
}

ValidationReport validateDisc(const Source& image) {
  if (image.onDisk()) return rc2::validateDisc(image.path);
  ValidationReport rep;
  rep.file = image.path;
  rep.format = "rc2-disc";
  rep.error(Error::kNoOffset, "a disc image is read from its file, not from bytes in memory");
  return rep;
}

} // namespace

extern const FormatHandler kRc2LevelHandler = {"rc2-level",           detectLevel,
                                               rc2::loadLevelWad,     rc2::describeLevelWad,
                                               rc2::validateLevelWad, texturesLevel};
extern const FormatHandler kRc2DiscHandler = {"rc2-disc",   detectDisc,   loadDisc,
                                              describeDisc, validateDisc, texturesDisc};

} // namespace strata

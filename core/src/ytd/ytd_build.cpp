// `strata ytd build` (strata/ytd_edit.h): one new texture per image.
#include "common/bytes.h"
#include "strata/error.h"
#include "strata/fileio.h"
#include "strata/text.h"
#include "strata/ytd_edit.h"
#include "ytd/ytd_name_hash.h"
#include "ytd/ytd_selfcheck.h"
#include "ytd/ytd_target.h"
#include "ytd/ytd_write.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>

namespace strata {

using namespace ytd;

namespace {

// The texture name of an image: its own, else its file's stem, lower-cased
// as the game lower-cases names before hashing them (ytd-layout.md, "Name
// hash").
std::string textureName(const YtdImage& img) {
  const std::string n = lowerAscii(img.name.empty() ? utf8Of(pathOf(img.path).stem()) : img.name);
  if (n.empty()) throw Error(img.label(), Error::kNoOffset, "no texture name (an empty stem)");
  return n;
}

} // namespace

const char* ytdEditionName(YtdEdition e) {
  return e == YtdEdition::Enhanced ? "enhanced" : "legacy";
}

YtdEdition parseYtdEdition(const std::string& name) {
  if (name == "legacy") return YtdEdition::Legacy;
  if (name == "enhanced") return YtdEdition::Enhanced;
  throw Error("--edition", Error::kNoOffset, "unknown edition '" + name + "' (legacy, enhanced)");
}

std::vector<uint8_t> buildYtd(const std::vector<YtdImage>& images, YtdEdition edition,
                              const YtdWriteChoices& choices, YtdReport& report) {
  report = YtdReport();
  report.kind = "ytd";
  report.edition = ytdEditionName(edition);
  if (images.empty())
    throw Error("ytd build", Error::kNoOffset, "no images to build a dictionary from");
  if (images.size() > kMaxDictionaryTextures)
    throw Error(images[kMaxDictionaryTextures].label(), Error::kNoOffset,
                std::to_string(images.size()) +
                    " images: a dictionary counts its textures in "
                    "u16 fields, at most " +
                    std::to_string(kMaxDictionaryTextures));
  if (!choices.format.empty()) (void)formatOfName(choices.format);
  // Names first: a duplicate or a hash twin fails before anything decodes.
  std::vector<YtdImage> named = images;
  std::map<uint32_t, const YtdImage*> byHash;
  for (YtdImage& img : named) {
    img.name = textureName(img);
    const auto [it, fresh] = byHash.emplace(nameHash(img.name), &img);
    if (!fresh)
      throw Error(img.label(), Error::kNoOffset,
                  it->second->name == img.name
                      ? "a second image for texture '" + img.name + "' (the first is " +
                            it->second->label() + ")"
                      : "the name '" + img.name + "' hashes to " + hex32(nameHash(img.name)) +
                            " like '" + it->second->name + "' (" + it->second->label() +
                            "): the game could not tell the two apart");
  }
  const Edition ed = edition == YtdEdition::Enhanced ? Edition::Enhanced : Edition::Legacy;
  std::vector<TextureToWrite> textures;
  std::set<uint32_t> hashes;
  for (const YtdImage& img : named) {
    TextureWrite w = newTexture(loadImage(img), ed, choices);
    report.textures.push_back(w.report);
    hashes.insert(nameHash(img.name));
    textures.push_back({std::move(w.record), std::move(w.data), std::nullopt});
    if (choices.progress) choices.progress(textures.size(), named.size());
  }
  std::sort(report.textures.begin(), report.textures.end(),
            [](const YtdTextureReport& a, const YtdTextureReport& b) {
              return nameHash(a.name) < nameHash(b.name);
            });
  std::vector<uint8_t> out = writeYtd(std::move(textures), ed);
  checkWritten(out, "the new dictionary", nullptr, hashes);
  return out;
}

} // namespace strata

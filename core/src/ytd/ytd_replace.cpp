// `strata ytd replace` (strata/ytd_edit.h): images matched to textures, the
// textures written over their old records and data (ytd_rewrite.h), or the
// dictionary laid out anew when textures are added, then read back and
// checked (ytd_selfcheck.h).
#include "common/bytes.h"
#include "strata/error.h"
#include "strata/image.h"
#include "strata/text.h"
#include "strata/ytd_edit.h"
#include "ytd/ytd_check.h"
#include "ytd/ytd_match.h"
#include "ytd/ytd_name_hash.h"
#include "ytd/ytd_open.h"
#include "ytd/ytd_pixels.h"
#include "ytd/ytd_rewrite.h"
#include "ytd/ytd_rsc7.h"
#include "ytd/ytd_selfcheck.h"
#include "ytd/ytd_target.h"
#include "ytd/ytd_write.h"

#include <algorithm>
#include <map>
#include <set>

namespace strata {

using namespace ytd;

namespace {

struct Matched {
  const YtdImage* image;
  std::vector<EntryRef> refs; // empty: a texture to add
};

// Which texture each image is for. Refuses a name in no dictionary (unless
// added), a name whose hash is another texture's, and two images for one
// texture.
std::vector<Matched> matchImages(const TextureContainer& c, const std::vector<YtdImage>& images,
                                 const YtdWriteChoices& choices, const std::string& inputName,
                                 std::vector<std::string>& skipped) {
  std::vector<Matched> out;
  std::map<EntryRef, const YtdImage*> taken;
  std::map<uint32_t, const YtdImage*> added; // by name hash
  for (const YtdImage& img : images) {
    if (const TextureEntry* twin = hashTwin(c, img.name))
      throw Error(img.label(), Error::kNoOffset,
                  "the name '" + img.name + "' hashes to " + hex32(nameHash(img.name)) + " like " +
                      textureLabel(twin->record.name) + " of " + inputName +
                      ": the game could not tell the two apart");
    Matched m{&img, entriesNamed(c, img.name)};
    for (const EntryRef& r : m.refs) {
      const auto [it, fresh] = taken.emplace(r, &img);
      if (!fresh)
        throw Error(img.label(), Error::kNoOffset,
                    "a second image for texture '" + img.name + "' (the first is " +
                        it->second->label() + ")");
    }
    if (m.refs.empty() && img.fromDirectory && !choices.addNew) {
      skipped.push_back(img.label());
      continue;
    }
    if (m.refs.empty()) {
      if (!choices.addNew)
        throw Error(img.label(), Error::kNoOffset,
                    "no texture named '" + img.name + "' in " + inputName + " (it holds " +
                        namesOf(c) + ")");
      if (c.kind != "ytd")
        throw Error(img.label(), Error::kNoOffset,
                    "no texture named '" + img.name + "' in " + inputName +
                        ", and textures are added to a .ytd only: a drawable's dictionaries are "
                        "rewritten in place");
      const auto [it, fresh] = added.emplace(nameHash(img.name), &img);
      if (!fresh)
        throw Error(img.label(), Error::kNoOffset,
                    lowerAscii(it->second->name) == lowerAscii(img.name)
                        ? "a second image for the new texture '" + img.name + "' (the first is " +
                              it->second->label() + ")"
                        : "the name '" + img.name + "' hashes to " + hex32(nameHash(img.name)) +
                              " like the new texture '" + it->second->name + "'");
    }
    out.push_back(std::move(m));
  }
  return out;
}

// The input may have warnings (kept and said), not errors: a damaged file is
// not written over.
void refuseDamaged(const TextureContainer& c) {
  try {
    (void)intactTextures(c, false);
  } catch (const Error& e) {
    throw Error(e.file(), e.offset(),
                "cannot replace textures in a file that does not read cleanly: " + e.detail());
  }
  if (c.dictionaries.empty())
    throw Error(c.file, Error::kNoOffset,
                "holds no embedded texture dictionary: nothing to replace");
}

// True when `img` holds what the texture of `e` holds: a 2D texture's mip 0
// as Strata decodes it, at its size; a cube, volume or array's very blocks.
bool samePixels(const TextureContainer& c, const TextureEntry& e, const LoadedImage& img) {
  const TextureReading& t = c.texture(e);
  const Image have = toImage(e.record, t.layout, t.data);
  const Image& i = img.image;
  if (i.width != have.width || i.height != have.height) return false;
  if (have.cube || have.arraySize > 1 || have.depth > 1)
    return img.blocks && i.dxgiFormat == have.dxgiFormat && i.cube == have.cube &&
           i.arraySize == have.arraySize && i.depth == have.depth &&
           i.mipLevels == have.mipLevels && i.data == have.data;
  if (i.cube || i.arraySize > 1 || i.depth > 1) return false;
  return rgbaOf(img).px == image::decodeRGBA8(have, 0, 0);
}

YtdTextureReport unchanged(const TextureEntry& e, const TextureContainer& c,
                           const LoadedImage& img) {
  const TextureLayout& L = c.texture(e).layout;
  const image::PixelFormat* pf = image::pixelFormat(L.dxgi);
  return {escapeUtf8(e.record.name),
          "unchanged",
          pf ? pf->name : std::to_string(L.dxgi),
          L.width,
          L.height,
          L.mips,
          img.label,
          "the image holds the texture's own pixels: record and data kept"};
}

TextureWrite added(const LoadedImage& img, Edition edition, const YtdWriteChoices& choices) {
  TextureWrite w = newTexture(img, edition, choices);
  w.report.action = "added";
  return w;
}

// A .ytd with textures added: the dictionary laid out anew around every
// record and data kept as they are.
std::vector<uint8_t> rebuildWith(const TextureContainer& c, const std::vector<EntryWrite>& writes,
                                 const std::vector<TextureWrite>& additions,
                                 std::vector<std::string>& notes) {
  const TextureDictionary& d = c.dictionaries.at(0);
  if (d.entries.size() + additions.size() > kMaxDictionaryTextures)
    throw Error(additions.back().report.source, Error::kNoOffset,
                "adding " + std::to_string(additions.size()) + " textures to the " +
                    std::to_string(d.entries.size()) + " of " + c.file +
                    " makes more than a dictionary counts (" +
                    std::to_string(kMaxDictionaryTextures) + ")");
  std::vector<TextureToWrite> all;
  for (size_t i = 0; i < d.entries.size(); ++i) {
    const TextureEntry& e = d.entries[i];
    if (!recordRead(e)) continue;
    const auto w = std::find_if(writes.begin(), writes.end(), [&](const EntryWrite& x) {
      return x.ref == EntryRef{0, i};
    });
    if (w != writes.end())
      all.push_back({w->record, w->data, e.hash});
    else
      all.push_back({e.record, storedData(c, {0, i}), e.hash});
  }
  for (const TextureWrite& a : additions) all.push_back({a.record, a.data, std::nullopt});
  YtdWriteOptions o;
  o.dictionaryRaw = d.raw;
  notes.push_back("dictionary laid out anew for " + std::to_string(additions.size()) +
                  " added textures: every other texture keeps its record fields and data bytes");
  return writeYtd(std::move(all), c.edition, o);
}

} // namespace

std::vector<uint8_t> replaceYtdTextures(const std::vector<uint8_t>& input,
                                        const std::string& inputName,
                                        const std::vector<YtdImage>& images,
                                        const YtdWriteChoices& choices, YtdReport& report) {
  const TextureContainer c = readContainer(input, inputName);
  report = YtdReport();
  report.kind = c.kind;
  report.edition =
      ytdEditionName(c.edition == Edition::Enhanced ? YtdEdition::Enhanced : YtdEdition::Legacy);
  report.inputWarnings = warningsOf(c);
  if (images.empty()) {
    report.identical = true;
    report.notes.push_back("no texture named: the output is the input, byte for byte");
    return input;
  }
  if (!choices.format.empty()) (void)formatOfName(choices.format); // a bad name fails first
  refuseDamaged(c);
  const std::vector<Matched> matched = matchImages(c, images, choices, inputName, report.skipped);
  if (matched.empty()) {
    report.identical = true;
    report.notes.push_back("no image is named after a texture: the output is the input, byte "
                           "for byte");
    return input;
  }

  std::vector<EntryWrite> writes;
  std::vector<TextureWrite> additions;
  std::set<uint32_t> written;
  const bool drawable = c.kind != "ytd";
  size_t done = 0;
  for (const Matched& m : matched) {
    if (choices.progress) choices.progress(done++, matched.size());
    const LoadedImage img = loadImage(*m.image);
    if (m.refs.empty()) {
      additions.push_back(added(img, c.edition, choices));
      written.insert(nameHash(m.image->name));
      continue;
    }
    for (const EntryRef& r : m.refs) {
      const TextureEntry& e = c.dictionaries[r.dictionary].entries[r.entry];
      if (choices.changedOnly && samePixels(c, e, img)) {
        report.textures.push_back(unchanged(e, c, img));
        continue;
      }
      TextureWrite w = replacementFor(e.record, c.texture(e).layout, img, choices, drawable);
      report.textures.push_back(w.report);
      writes.push_back({r, std::move(w.record), std::move(w.data)});
      written.insert(e.hash);
    }
  }
  if (choices.progress) choices.progress(matched.size(), matched.size());
  for (const TextureWrite& a : additions) report.textures.push_back(a.report);

  if (writes.empty() && additions.empty()) {
    report.identical = true;
    report.notes.push_back("every image holds its texture's own pixels: the output is the "
                           "input, byte for byte");
    return input;
  }
  std::vector<uint8_t> out;
  if (!additions.empty()) {
    out = rebuildWith(c, writes, additions, report.notes);
  } else {
    const RewrittenResource r = rewriteResource(c, writes, !drawable, report.notes);
    out = writeResource(r.version, r.systemFlags, r.graphicsFlags, r.system, r.graphics);
  }
  checkWritten(out, inputName, &c, written);
  size_t kept = 0;
  for (const TextureEntry* e : sortedEntries(c)) kept += !written.count(e->hash);
  report.notes.push_back(std::to_string(kept) + " textures not named: record and data unchanged");
  return out;
}

} // namespace strata

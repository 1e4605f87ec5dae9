// The writers of `strata ytd` on fuzzed input, in two harnesses.
// fuzzYtdWrite, the bytes as a dictionary (a .ytd or a drawable): a replace
// naming nothing must give them back as they are; a replace of every texture
// by a flat image of its own size, a replace that adds a texture, and a
// convert to the other edition must fail cleanly or write what reads back
// clean. fuzzYtdBuild, the bytes as an image file: a build, the same (the
// length's parity picks the edition, as topconvert's picks --partial). What
// is written is held to the specs by the plain reader (ytd_plain_reader.h) as
// well as Strata's own check: a rule broken there is a finding
// (std::logic_error escapes).
#include "harness.h"
#include "strata/text.h"
#include "strata/ytd_edit.h"
#include "ytd/ytd_images.h"
#include "ytd/ytd_open.h"
#include "ytd_plain_reader.h"

#include <optional>
#include <set>
#include <stdexcept>

namespace strata::fuzz {

namespace {

// Textures bigger than this are left alone: the pixels are the harness's own
// allocation, not the input's.
constexpr uint64_t kMaxTexels = 256 * 256;

// Images bigger than this are not built: every 4x4 block is encoded (BC7
// still tries several modes a block at the fast quality), and a larger image
// runs the same code on more blocks. The seeds' largest image is 64x64.
constexpr uint64_t kMaxBuildTexels = 64 * 64;

// What the plain reader faulted in the input: each rule as it said it, the
// textures it named ("name: ...") and their stored hashes. A texture is
// known by its hash as well: where the input's name pointer is not one the
// plain reader follows, it names the texture "" there and by the name Strata
// read once Strata has written it.
struct Faults {
  std::set<std::string> rules, textures;
  std::set<uint32_t> hashes;
};

// The name a violation line starts with ("name: rule"), or none.
std::optional<std::string> faultedName(const std::string& violation) {
  const size_t colon = violation.find(": ");
  if (colon == std::string::npos) return std::nullopt;
  return violation.substr(0, colon);
}

Faults faultsOf(const std::vector<uint8_t>& bytes) {
  Faults f;
  const PlainDictionary d = readPlainYtd(bytes);
  for (const std::string& v : d.violations) {
    f.rules.insert(v);
    if (const auto name = faultedName(v)) f.textures.insert(*name);
  }
  for (const PlainTexture& t : d.textures)
    if (f.textures.count(t.name)) f.hashes.insert(t.hash);
  return f;
}

// The output held to the plain reader, but for what the input already broke:
// a kept byte is not a new fault (a texture whose stored hash is not its
// name's keeps that hash: the game looks it up by it), and a texture the
// input already broke is carried across as Strata read it (a view block read
// from a pointer off its record is written at record + 0x58).
void expectPlain(const std::vector<uint8_t>& out, const char* what, const Faults& input = {}) {
  if (out.size() < 8 || (out[4] != 5 && out[4] != 13)) return; // a drawable
  const PlainDictionary d = readPlainYtd(out);
  const auto brokenInInput = [&](const std::string& name) {
    if (input.textures.count(name)) return true;
    for (const PlainTexture& t : d.textures)
      if (t.name == name && input.hashes.count(t.hash)) return true;
    return false;
  };
  for (const std::string& v : d.violations) {
    const auto name = faultedName(v);
    if (input.rules.count(v) || (name && brokenInInput(*name))) continue;
    throw std::logic_error(std::string(what) + " wrote a dictionary the plain reader faults: " + v);
  }
}

YtdImage flatImage(const std::string& name, uint32_t w, uint32_t h, uint8_t seed) {
  YtdImage img;
  img.name = name;
  img.width = w, img.height = h;
  img.rgba8.resize(size_t(w) * h * 4);
  for (size_t i = 0; i < img.rgba8.size(); ++i) img.rgba8[i] = uint8_t(seed + i * 7);
  return img;
}

void asDictionary(const std::vector<uint8_t>& bytes) {
  const auto c = readOrReport([&] { return ytd::readContainer(bytes, "fuzz.ytd"); });
  if (!c) return;
  const Faults faults = c->kind == "ytd" ? faultsOf(bytes) : Faults{};
  YtdReport report;
  cleanErrorsAllowed([&] {
    if (replaceYtdTextures(bytes, "fuzz.ytd", {}, {}, report) != bytes)
      throw std::logic_error("a replace naming nothing changed the bytes");
  });
  std::vector<YtdImage> images;
  for (const ytd::TextureEntry* e : ytd::sortedEntries(*c))
    if (uint64_t(e->record.width) * e->record.height <= kMaxTexels && e->record.width &&
        e->record.height)
      images.push_back(flatImage(escapeUtf8(e->record.name), e->record.width, e->record.height,
                                 uint8_t(e->hash)));
  cleanErrorsAllowed([&] {
    expectPlain(replaceYtdTextures(bytes, "fuzz.ytd", images, {}, report), "replace", faults);
  });
  YtdWriteChoices add;
  add.addNew = true;
  cleanErrorsAllowed([&] {
    expectPlain(
        replaceYtdTextures(bytes, "fuzz.ytd", {flatImage("fuzz_added", 8, 4, 1)}, add, report),
        "replace --add", faults);
  });
  for (YtdEdition e : {YtdEdition::Legacy, YtdEdition::Enhanced})
    cleanErrorsAllowed(
        [&] { expectPlain(convertYtd(bytes, "fuzz.ytd", e, {}, report), "convert", faults); });
}

} // namespace

void fuzzYtdWrite(const uint8_t* data, size_t size) {
  asDictionary(std::vector<uint8_t>(data, data + size));
}

void fuzzYtdBuild(const uint8_t* data, size_t size) {
  YtdImage img;
  img.path = "fuzz-image";
  img.file.assign(data, data + size);
  bool small = false;
  cleanErrorsAllowed([&] {
    const Image& i = ytd::loadImage(img).image;
    small = uint64_t(i.width) * i.height * i.depth * i.arraySize <= kMaxBuildTexels;
  });
  if (!small) return;
  cleanErrorsAllowed([&] {
    YtdReport report;
    const YtdEdition e = size % 2 ? YtdEdition::Enhanced : YtdEdition::Legacy;
    YtdWriteChoices fast; // the least search: the blocks' contents are not what is tested
    fast.quality = image::BcQuality::Fast;
    expectPlain(buildYtd({img}, e, fast, report), "build");
  });
}

} // namespace strata::fuzz

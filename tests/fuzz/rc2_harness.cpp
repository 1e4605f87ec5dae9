// The R&C2 level container, in two harnesses: the fuzzed bytes as a
// LEVEL<n>.WAD and as a disc image (the ISO-9660 directory walk, then each
// LEVEL<n>.WAD in it). fuzzRc2: `info` and `validate` (the container checks,
// the core and chunk streams and the tfrag checks) of the WAD and of the disc
// with each level on it. fuzzRc2Scene: what convert does with the WAD and
// with each level on the disc (the checks, --partial, the scene at LOD 0 and
// --lod all), and the WAD's textures.
#include "harness.h"
#include "scratch.h"

#include "iso/iso9660.h"
#include "rc2/rc2_level.h"
#include "rc2/rc2_scene.h"

namespace strata::fuzz {

namespace {

// As convert makes it: checked, --partial, then the scene at LOD 0 and --lod all.
void levelScenes(const uint8_t* data, size_t size, const std::string& name) {
  cleanErrorsAllowed([&] {
    const rc2::CheckedWad c = rc2::checkLevelWad(data, size, name);
    tfrag::CheckedLevel all;
    all.readable = c.readable();
    all.findings = c.findings;
    (void)tfrag::acceptOrLeaveOut(all, true);
    if (!c.readable()) return;
    LoadOptions options;
    (void)rc2::levelWadScene(c, options);
    options.lod = LoadOptions::kAllLevels;
    options.textures = false;
    (void)rc2::levelWadScene(c, options);
  });
}

// The LEVEL<n>.WAD files of a disc image, each inside it.
std::vector<iso::FileEntry> discFiles(const uint8_t* data, size_t size) {
  std::vector<iso::FileEntry> files;
  cleanErrorsAllowed([&] { files = iso::listFiles(data, size, "disc.iso"); });
  for (const iso::FileEntry& f : files)
    if (f.offset > size || f.size > size - f.offset)
      throw std::logic_error("an extent outside the image was listed");
  return files;
}

} // namespace

void fuzzRc2(const uint8_t* data, size_t size) {
  const Source in(std::vector<uint8_t>(data, data + size), "LEVEL1.WAD");
  const FormatHandler& level = handlerNamed("rc2-level");
  cleanErrorsAllowed([&] { dumpInfo(level.info(in)); });
  dumpReport(level.validate(in)); // never throws for bad input (formats.h)
  if (!iso::looksLikeIso(data, size)) return;
  std::vector<std::string> skipped;
  cleanErrorsAllowed([&] { (void)iso::listFiles(data, size, "disc.iso", &skipped); });
  // A disc's levels are members of its file: the image is written to one.
  const std::string image = writeScratch("disc.iso", data, size);
  cleanErrorsAllowed([&] { dumpInfo(handlerNamed("rc2-disc").info(image)); });
  dumpReport(handlerNamed("rc2-disc").validate(image));
}

void fuzzRc2Scene(const uint8_t* data, size_t size) {
  levelScenes(data, size, "LEVEL1.WAD");
  const Source in(std::vector<uint8_t>(data, data + size), "LEVEL1.WAD");
  cleanErrorsAllowed(
      [&] { decodeAll(handlerNamed("rc2-level").textures(in, LoadOptions{}).images); });
  if (!iso::looksLikeIso(data, size)) return;
  for (const iso::FileEntry& f : discFiles(data, size))
    levelScenes(data + f.offset, size_t(f.size), "disc.iso::" + f.path);
}

} // namespace strata::fuzz

// A tfrag level: the fuzzed bytes stand in turn for core_index.bin,
// core_data.bin and gs_ram.bin of a one-tfrag sample level (the other two
// files as the writer made them; bases.h), then for a bare tfrags
// block (checkLevel's bareBlock). The files stay in memory (levelOfFiles):
// each level is checked once, as every command checks it, then goes through
// `info`, the scene at every LOD, `textures` (a level only: a bare block has
// none) and `validate`.
#include "bases.h"
#include "harness.h"

#include "tfrag/tfrag_info.h"
#include "tfrag/tfrag_scene.h"
#include "tfrag/tfrag_validate.h"

namespace strata::fuzz {

namespace {

void exerciseLevel(const tfrag::CheckedLevel& level, const std::string& name) {
  const bool bare = level.level.bareBlock;
  cleanErrorsAllowed([&] { dumpInfo(tfrag::describeLevel(level, bare)); });
  cleanErrorsAllowed([&] {
    (void)tfrag::acceptOrLeaveOut(level, true);
    for (int lod = 0; lod <= 2; ++lod) {
      LoadOptions options;
      options.lod = lod;
      options.textures = lod == 0; // the same images at every LOD: decode them once
      (void)tfrag::levelScene(level, options);
    }
  });
  if (!bare) cleanErrorsAllowed([&] { decodeAll(tfrag::levelTextures(level, false).images); });
  dumpReport(tfrag::levelReport(level, name)); // never throws for bad input (formats.h)
}

} // namespace

void fuzzTfrag(const uint8_t* data, size_t size) {
  const std::vector<uint8_t> fuzzed(data, data + size);
  for (int file = 0; file < 3; ++file) {
    tfrag::LevelFiles files = tfragLevelFiles();
    (file == 0 ? files.coreIndex : file == 1 ? files.coreData : files.gsRam) = fuzzed;
    exerciseLevel(tfrag::checkReadLevel([&] { return tfrag::levelOfFiles(files, "level"); }),
                  "level");
  }
  exerciseLevel(tfrag::checkReadLevel([&] { return tfrag::bareBlockOf(fuzzed, "tfrags.block"); }),
                "tfrags.block");
}

} // namespace strata::fuzz

// A tfrag level, in two harnesses. The fuzzed bytes stand in turn for
// core_index.bin, core_data.bin and gs_ram.bin of a one-tfrag sample level
// (the other two files as the writer made them; bases.h), then for a bare
// tfrags block (checkLevel's bareBlock). The files stay in memory
// (levelOfFiles): each level is checked once, as every command checks it.
// fuzzTfrag: then `info` and `validate`. fuzzTfragScene: then the scene at
// every LOD and `textures` (a level only: a bare block has none).
#include "bases.h"
#include "harness.h"

#include "tfrag/tfrag_info.h"
#include "tfrag/tfrag_scene.h"
#include "tfrag/tfrag_validate.h"

#include <functional>

namespace strata::fuzz {

namespace {

using Stage = std::function<void(const tfrag::CheckedLevel& level, const std::string& name)>;

// Each of the four levels the fuzzed bytes make, checked, through `stage`.
void eachLevel(const uint8_t* data, size_t size, const Stage& stage) {
  const std::vector<uint8_t> fuzzed(data, data + size);
  for (int file = 0; file < 3; ++file) {
    tfrag::LevelFiles files = tfragLevelFiles();
    (file == 0 ? files.coreIndex : file == 1 ? files.coreData : files.gsRam) = fuzzed;
    stage(tfrag::checkReadLevel([&] { return tfrag::levelOfFiles(files, "level"); }), "level");
  }
  stage(tfrag::checkReadLevel([&] { return tfrag::bareBlockOf(fuzzed, "tfrags.block"); }),
        "tfrags.block");
}

} // namespace

void fuzzTfrag(const uint8_t* data, size_t size) {
  eachLevel(data, size, [](const tfrag::CheckedLevel& level, const std::string& name) {
    cleanErrorsAllowed([&] { dumpInfo(tfrag::describeLevel(level, level.level.bareBlock)); });
    dumpReport(tfrag::levelReport(level, name)); // never throws for bad input (formats.h)
  });
}

void fuzzTfragScene(const uint8_t* data, size_t size) {
  eachLevel(data, size, [](const tfrag::CheckedLevel& level, const std::string&) {
    cleanErrorsAllowed([&] {
      (void)tfrag::acceptOrLeaveOut(level, true);
      for (int lod = 0; lod <= 2; ++lod) {
        LoadOptions options;
        options.lod = lod;
        options.textures = lod == 0; // the same images at every LOD: decode them once
        (void)tfrag::levelScene(level, options);
      }
    });
    if (!level.level.bareBlock)
      cleanErrorsAllowed([&] { decodeAll(tfrag::levelTextures(level, false).images); });
  });
}

} // namespace strata::fuzz

// A tfrag level, in two harnesses. The first byte chooses what the rest
// stands for (bases.h, TfragFile): core_index.bin, core_data.bin or gs_ram.bin
// of a one-tfrag sample level (the other two files as the writer made them),
// or a bare tfrags block (checkLevel's bareBlock). The files stay in memory
// (levelOfFiles): the level is checked once, as every command checks it.
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

// The level the fuzzed bytes make, checked, through `stage`.
void oneLevel(const uint8_t* data, size_t size, const Stage& stage) {
  if (size == 0) return;
  const TfragFile file = TfragFile(data[0] % 4);
  std::vector<uint8_t> fuzzed(data + 1, data + size);
  if (file == TfragFile::BareBlock) {
    stage(tfrag::checkReadLevel(
              [&] { return tfrag::bareBlockOf(std::move(fuzzed), "tfrags.block"); }),
          "tfrags.block");
    return;
  }
  // The fuzzed bytes where `f` is the chosen file, else a copy of the sample's.
  const auto fileOr = [&](TfragFile f, const std::vector<uint8_t>& sample) {
    return file == f ? std::move(fuzzed) : std::vector<uint8_t>(sample);
  };
  const tfrag::LevelFiles& base = tfragLevelFiles();
  tfrag::LevelFiles files;
  files.coreIndex = fileOr(TfragFile::CoreIndex, base.coreIndex);
  files.coreData = fileOr(TfragFile::CoreData, base.coreData);
  files.gsRam = fileOr(TfragFile::GsRam, base.gsRam);
  stage(tfrag::checkReadLevel([&] { return tfrag::levelOfFiles(files, "level"); }), "level");
}

} // namespace

void fuzzTfrag(const uint8_t* data, size_t size) {
  oneLevel(data, size, [](const tfrag::CheckedLevel& level, const std::string& name) {
    cleanErrorsAllowed([&] { dumpInfo(tfrag::describeLevel(level, level.level.bareBlock)); });
    dumpReport(tfrag::levelReport(level, name)); // never throws for bad input (formats.h)
  });
}

void fuzzTfragScene(const uint8_t* data, size_t size) {
  oneLevel(data, size, [](const tfrag::CheckedLevel& level, const std::string&) {
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

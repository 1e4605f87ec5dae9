// A tfrag level: the fuzzed bytes stand in turn for core_index.bin,
// core_data.bin and gs_ram.bin of a one-tfrag sample level (the other two
// files as the writer made them; bases.h), then for a bare tfrags
// block (checkLevel's bareBlock). Each goes through `info`, the scene at
// every LOD, `textures` (a level only: a bare block has none) and `validate`.
#include "bases.h"
#include "harness.h"
#include "scratch.h"

#include "tfrag/tfrag_info.h"
#include "tfrag/tfrag_scene.h"
#include "tfrag/tfrag_validate.h"

#include <array>
#include <filesystem>

namespace strata::fuzz {

namespace {

void exerciseLevel(const std::string& path, bool bare) {
  cleanErrorsAllowed([&] { dumpInfo(tfrag::describeLevel(path, bare)); });
  cleanErrorsAllowed([&] {
    const tfrag::CheckedLevel level = tfrag::checkLevel(path, bare);
    (void)tfrag::acceptOrLeaveOut(level, true);
    for (int lod = 0; lod <= 2; ++lod) {
      LoadOptions options;
      options.lod = lod;
      options.textures = lod == 0; // the same images at every LOD: decode them once
      (void)tfrag::levelScene(level, options);
    }
  });
  if (!bare)
    cleanErrorsAllowed(
        [&] { decodeAll(handlerNamed("tfrag").textures(path, LoadOptions{}).images); });
  dumpReport(tfrag::validateLevel(path, bare)); // never throws for bad input (formats.h)
}

} // namespace

void fuzzTfrag(const uint8_t* data, size_t size) {
  const tfrag::LevelFiles& base = tfragLevelFiles();
  const std::array<std::pair<const char*, const std::vector<uint8_t>*>, 3> files = {{
      {tfrag::kCoreIndex, &base.coreIndex},
      {tfrag::kCoreData, &base.coreData},
      {tfrag::kGsRam, &base.gsRam},
  }};
  const std::string dir = (std::filesystem::path(scratchDir()) / "level").string();
  for (size_t fuzzed = 0; fuzzed < files.size(); ++fuzzed) {
    for (size_t i = 0; i < files.size(); ++i) {
      const std::string name = std::string("level/") + files[i].first;
      if (i == fuzzed)
        writeScratch(name, data, size);
      else
        writeScratch(name, files[i].second->data(), files[i].second->size());
    }
    exerciseLevel(dir, false);
  }
  exerciseLevel(writeScratch("tfrags.block", data, size), true);
}

} // namespace strata::fuzz

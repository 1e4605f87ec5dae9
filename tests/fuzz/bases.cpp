#include "bases.h"

#include "atlas/atlas_io.h"
#include "synth/atlas_synth.h"
#include "synth/tfrag_synth.h"

namespace strata::fuzz {

const std::vector<uint8_t>& exportBase() {
  static const std::vector<uint8_t> base = [] {
    atlas::SynthOptions o;
    o.treeDepth = 2;
    o.gridQuads = 4;
    return atlas::writeAtlas(atlas::synthTerrain(o));
  }();
  return base;
}

const tfrag::LevelFiles& tfragLevelFiles() {
  static const tfrag::LevelFiles files = tfrag::sampleLevelFiles(1, 1);
  return files;
}

std::vector<uint8_t> tfragInput(TfragFile file, const std::vector<uint8_t>& bytes) {
  std::vector<uint8_t> input{uint8_t(file)};
  input.insert(input.end(), bytes.begin(), bytes.end());
  return input;
}

} // namespace strata::fuzz

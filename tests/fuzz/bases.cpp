#include "bases.h"

#include "atlas/atlas_io.h"
#include "synth/atlas_synth.h"
#include "synth/tfrag_synth.h"

#include <algorithm>

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
  std::vector<uint8_t> input(bytes.size() + 1);
  input[0] = uint8_t(file);
  std::copy(bytes.begin(), bytes.end(), input.begin() + 1);
  return input;
}

} // namespace strata::fuzz

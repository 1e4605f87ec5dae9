#pragma once
// The texture schema an Atlas config chunk describes
// (atlas-torque-source-notes.md "Blended atlas"): unique (one texture tree) or
// blended (opacity weights of source images plus a light/shadow map).
#include "atlas/atlas_model.h"

#include <string>
#include <vector>

namespace strata::atlas {

struct TextureSchema {
  enum Kind { None, Unique, Blended } kind = None;
  // Slots count the Tex TOCs in file order (the notes' blended file: Geom,
  // Tex slot 0, Tex slot 1, Config), not all TOCs.
  int textureSlot = -1;
  int opacitySlot = -1, shadowSlot = -1;
  int virtualTexSize = 0;
  std::vector<std::string> sourceImages;
};

// The value of `key` in a config chunk: entries are stored newest first (§5),
// so the first match is the current one. Empty when absent.
std::string configValue(const ConfigChunk& config, const std::string& key);

// The schema of the file: from the first config chunk with a "type" entry;
// with none, a file with a Tex TOC is treated as unique with slot 0 (TQT import).
TextureSchema textureSchema(const File& file);

// Index into File::tocs of Tex TOC `slot`, or -1.
int texTocIndex(const File& file, int slot);

} // namespace strata::atlas

#include "atlas/atlas_config.h"

#include <cstdlib>

namespace strata::atlas {

std::string configValue(const ConfigChunk& config, const std::string& key) {
  for (const ConfigEntry& e : config.entries)
    if (e.key == key) return e.value;
  return "";
}

static int toInt(const std::string& s, int fallback) {
  if (s.empty()) return fallback;
  char* end = nullptr;
  long v = std::strtol(s.c_str(), &end, 10);
  return (end && *end == 0 && v >= 0 && v < (1 << 30)) ? int(v) : fallback;
}

TextureSchema textureSchema(const File& file) {
  TextureSchema s;
  for (const Frame& f : file.frames) {
    if (f.kind != TocKind::Config) continue;
    const std::string type = configValue(f.config, "type");
    if (type == "unique") {
      s.kind = TextureSchema::Unique;
      s.textureSlot = toInt(configValue(f.config, "textureSlot"), 0);
      return s;
    }
    if (type == "blender") {
      s.kind = TextureSchema::Blended;
      s.opacitySlot = toInt(configValue(f.config, "opacityMapSlot"), 0);
      s.shadowSlot = toInt(configValue(f.config, "shadowMapSlot"), 1);
      s.virtualTexSize = toInt(configValue(f.config, "virtualTexSize"), 0);
      int count = toInt(configValue(f.config, "sourceImageCount"), -1);
      for (int i = 0; count < 0 ? i < 64 : i < count; ++i) {
        std::string v = configValue(f.config, "sourceImage" + std::to_string(i));
        if (v.empty() && count < 0) break;
        s.sourceImages.push_back(v);
      }
      return s;
    }
  }
  if (texTocIndex(file, 0) >= 0) {
    s.kind = TextureSchema::Unique;
    s.textureSlot = 0;
  }
  return s;
}

int texTocIndex(const File& file, int slot) {
  int seen = 0;
  for (size_t i = 0; i < file.tocs.size(); ++i)
    if (file.tocs[i].kind == TocKind::Tex && seen++ == slot) return int(i);
  return -1;
}

} // namespace strata::atlas

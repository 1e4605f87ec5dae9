#pragma once
// One entry per input format. The CLI, the C ABI and batch tools dispatch
// through this table; detection is by magic, never by extension alone.
#include "strata/fileio.h"
#include "strata/scene.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace strata {

struct LoadOptions {
  // --lod all: every level in one scene (Atlas/CHU: a root node per level, one
  // scene each, the finest the default; tfrag: LOD 1 and 2 as alternates of LOD 0).
  static constexpr int kAllLevels = -2;
  int lod = -1;             // geometry level; -1: the format's default (Atlas: leaf level)
  bool skirts = false;      // Atlas: add skirt triangles as a second primitive
  bool textures = true;     // decode and attach textures
  int textureLevel = -1;    // Atlas: -1 picks the default texture level
  bool swapRedBlue = false; // Atlas JPEG/PNG tiles made from BGR data (spec §4)
  // False: a texture that keeps the PNG it was decoded from (Image::png) may
  // come without its texels (Image::data empty), for a writer that stores
  // that PNG as it is (convert to glTF with PNG textures). Every texture is
  // still decoded to check it. Atlas unique tiles.
  bool texels = true;
  // A writer that makes each mesh as it writes it (the glTF writer) asks for
  // meshes on demand: a format that can (Atlas at one level) then fills
  // Scene::meshSource and holds no mesh arrays; the others ignore it.
  bool meshesOnDemand = false;
  // --partial: keep every intact piece and leave out the broken ones (each named
  // in Scene::leftOut / TextureSet::leftOut) instead of refusing the whole file.
  bool partial = false;
  // Called with (done, total) during long work; may be empty.
  std::function<void(size_t, size_t)> progress;
};

enum class Severity { Error, Warning, Info };

struct Finding {
  Severity severity = Severity::Error;
  uint64_t offset = ~uint64_t(0); // byte offset in the file, or none
  std::string message;
};

// "error", "warning", "info": how reports and JSON name a severity.
const char* severityName(Severity s);

// {"severity", "message", and "offset" when there is one}: a finding in JSON.
nlohmann::json findingJson(const Finding& f);

struct ValidationReport {
  std::string file;
  std::string format;
  std::vector<Finding> findings;
  nlohmann::json summary = nlohmann::json::object(); // counts for a census
  size_t errors() const;
  size_t warnings() const;
  void error(uint64_t offset, std::string msg) {
    findings.push_back({Severity::Error, offset, std::move(msg)});
  }
  void warning(uint64_t offset, std::string msg) {
    findings.push_back({Severity::Warning, offset, std::move(msg)});
  }
  void info(std::string msg) { findings.push_back({Severity::Info, ~uint64_t(0), std::move(msg)}); }
};

// Every texture a file holds, as stored, and under LoadOptions::partial one
// line per texture left out (its name, where, and why).
struct TextureSet {
  std::vector<Image> images;
  std::vector<std::string> leftOut;
};

// A file converted to a v140 .atlas (`strata convert X -o Y.atlas`).
struct AtlasConversion {
  std::vector<uint8_t> bytes;       // a complete v140 .atlas file
  std::vector<std::string> leftOut; // under `partial`: each broken piece left out, and why
};

// Every entry reads a Source: a file by its path, or bytes in memory under a
// name (fuzzers, files inside a disc image, strata_load_memory). A format
// that is a directory (tfrag) detects only on disk; a CHU finds its TQT only
// beside a file on disk.
struct FormatHandler {
  const char* name; // "atlas", "chu", ...
  // `head` holds the first bytes of the input (empty for a directory).
  bool (*detect)(const Source& in, const std::vector<uint8_t>& head);
  // nullptr for a format that holds no scene of its own (TQT).
  Scene (*load)(const Source& in, const LoadOptions& options);
  nlohmann::json (*info)(const Source& in);
  // Never throws for bad input: every problem becomes a finding.
  ValidationReport (*validate)(const Source& in);
  // Every texture the input holds, named, as stored (nullptr: none).
  TextureSet (*textures)(const Source& in, const LoadOptions& options);
  // The input as a v140 .atlas (nullptr: the format has no such mapping; CHU
  // has, atlas-chu-tqt.md §9). `partial` as LoadOptions::partial.
  AtlasConversion (*toAtlas)(const Source& in, bool partial) = nullptr;
};

const std::vector<const FormatHandler*>& formatHandlers();

// The handler whose magic matches, or nullptr.
const FormatHandler* detectFormat(const Source& in);

// detectFormat that throws strata::Error naming the input when nothing matches.
const FormatHandler& requireFormat(const Source& in);

} // namespace strata

#pragma once
// One entry per output, beside the format table of the inputs
// (strata/formats.h): a name, the extensions of the output's path, what the
// writer takes, and its write. The CLI and the C ABI pick a writer here and
// load the scene in the form it takes (loadOptionsFor): the scene then says
// how it holds its meshes and images (Scene::meshesOnDemand,
// Scene::imagesAsPngOnly), and requireTakes holds the two to each other.
#include "gltf_writer.h"
#include "strata/formats.h"

#include <functional>
#include <string>
#include <vector>

namespace strata {

// What a writer takes: the scene contract between a load and a writer.
struct OutputTakes {
  // The input formats it writes (format table names); empty: any that loads
  // a scene.
  std::vector<std::string> inputs;
  // It converts the input file itself, without a scene (.atlas from CHU).
  bool file = false;
  // Meshes made as it writes them (Scene::meshSource), never held whole.
  bool meshesOnDemand = false;
  // With PNG textures, images that keep the PNG they came as may come as
  // those bytes only, without texels.
  bool pngBytes = false;
  // Every level of detail (LoadOptions::kAllLevels).
  bool allLevels = false;
};

// How to write: what the CLI's and the C ABI's options say.
struct OutputOptions {
  gltf::TextureMode textures = gltf::TextureMode::Png;
  bool compress = false; // EXT_meshopt_compression (a tileset's GLBs)
  bool partial = false;  // a file conversion's (LoadOptions::partial)
  unsigned jobs = 0;     // threads of the budget a writer may take; 0: all it has
  std::function<void(size_t, size_t)> progress; // a tileset's (chunks written, total)
  std::function<void(const char*)> phase;       // what a file conversion does now
};

// What a write made: its files (the output first; some may not exist, a
// fallback not needed), what the user should know, and (a file conversion)
// each broken piece left out.
struct OutputWritten {
  std::vector<std::string> files;
  std::vector<std::string> notes;
  std::vector<std::string> leftOut;
};

struct OutputWriter {
  const char* name;                    // "glb", "gltf", "glb-compressed", "3d-tiles", "atlas"
  std::vector<std::string> extensions; // of the output's path, lower case; none: a directory
  OutputTakes takes;
  // Writes a scene (!takes.file).
  OutputWritten (*write)(const Scene& scene, const std::string& path,
                         const OutputOptions& options) = nullptr;
  // Converts the input itself (takes.file).
  OutputWritten (*convert)(const Source& in, const std::string& path,
                           const OutputOptions& options) = nullptr;
  // Throws what is wrong with an input of a format it does not take.
  void (*refuse)(const FormatHandler& format, const std::string& input) = nullptr;
};

const std::vector<const OutputWriter*>& outputWriters();

// The writer named `name`, or nullptr.
const OutputWriter* outputNamed(const std::string& name);

// The writer of a file `path` by its extension (`compressed`: the compressed
// GLB's, which checks the extension itself), or nullptr when none makes it.
const OutputWriter* findOutput(const std::string& path, bool compressed);

// findOutput, or strata::Error naming the path when no writer makes it.
const OutputWriter& outputFor(const std::string& path, bool compressed);

// Whether `writer` takes input of `format`.
bool takesInput(const OutputWriter& writer, const FormatHandler& format);

// takesInput, or the writer's refusal (strata::Error naming `input`).
void requireInput(const OutputWriter& writer, const FormatHandler& format,
                  const std::string& input);

// `base` asking for the scene in the form `writer` takes.
LoadOptions loadOptionsFor(const OutputWriter& writer, LoadOptions base,
                           const OutputOptions& options);

// Throws std::logic_error when `scene` holds what `writer` does not take
// (meshes made on demand, images as PNG bytes only): a scene never reaches a
// writer with meshes it would read as empty.
void requireTakes(const OutputWriter& writer, const Scene& scene);

} // namespace strata

#include "outputs.h"

#include "strata/error.h"
#include "strata/fileio.h"

#include <algorithm>
#include <stdexcept>

namespace strata {

extern const OutputWriter kGlbOutput, kGltfOutput, kCompressedGlbOutput, kTilesetOutput,
    kAtlasOutput;

const std::vector<const OutputWriter*>& outputWriters() {
  static const std::vector<const OutputWriter*> table = {
      &kGlbOutput, &kGltfOutput, &kCompressedGlbOutput, &kTilesetOutput, &kAtlasOutput};
  return table;
}

const OutputWriter* outputNamed(const std::string& name) {
  for (const OutputWriter* w : outputWriters())
    if (name == w->name) return w;
  return nullptr;
}

const OutputWriter* findOutput(const std::string& path, bool compressed) {
  if (compressed) return &kCompressedGlbOutput;
  const std::string ext = lowerExtension(path);
  for (const OutputWriter* w : outputWriters())
    if (w != &kCompressedGlbOutput &&
        std::find(w->extensions.begin(), w->extensions.end(), ext) != w->extensions.end())
      return w;
  return nullptr;
}

const OutputWriter& outputFor(const std::string& path, bool compressed) {
  if (const OutputWriter* w = findOutput(path, compressed)) return *w;
  throw Error(path, Error::kNoOffset, "output must end in .glb or .gltf");
}

bool takesInput(const OutputWriter& writer, const FormatHandler& format) {
  const std::vector<std::string>& inputs = writer.takes.inputs;
  if (inputs.empty()) return format.load != nullptr;
  return std::find(inputs.begin(), inputs.end(), format.name) != inputs.end();
}

void requireInput(const OutputWriter& writer, const FormatHandler& format,
                  const std::string& input) {
  if (takesInput(writer, format)) return;
  if (writer.refuse) writer.refuse(format, input);
  throw Error(input, Error::kNoOffset,
              std::string("a ") + format.name + " file is not written as " + writer.name);
}

LoadOptions loadOptionsFor(const OutputWriter& writer, LoadOptions base,
                           const OutputOptions& options) {
  base.textures = options.textures != gltf::TextureMode::None;
  base.texels = !(writer.takes.pngBytes && options.textures == gltf::TextureMode::Png);
  base.meshesOnDemand = writer.takes.meshesOnDemand;
  if (writer.takes.allLevels) base.lod = LoadOptions::kAllLevels;
  return base;
}

void requireTakes(const OutputWriter& writer, const Scene& scene) {
  if (scene.meshesOnDemand() && !writer.takes.meshesOnDemand)
    throw std::logic_error(std::string(writer.name) + " writer: given meshes made on demand");
  if (scene.imagesAsPngOnly && !writer.takes.pngBytes)
    throw std::logic_error(std::string(writer.name) + " writer: given images as PNG bytes only");
}

} // namespace strata

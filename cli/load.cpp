#include "load.h"

#include "strata/error.h"

namespace strata::cli {

// Counts of what the scene holds, for the report's census.
static nlohmann::json sceneSummary(const Scene& scene) {
  size_t triangles = 0;
  for (const MeshOutline& m : scene.meshSource.outlines)
    for (const PrimitiveOutline& p : m) triangles += p.indices / 3;
  for (const Mesh& m : scene.meshes)
    for (const Primitive& p : m.primitives) triangles += p.indices.size() / 3;
  return {{"nodes", scene.nodes.size()},
          {"meshes", scene.meshes.size()},
          {"triangles", triangles},
          {"images", scene.images.size()}};
}

Scene loadScene(const std::string& input, const FormatHandler& h, LoadOptions opts, Progress& bar,
                Record& rec) {
  bar.phase("reading");
  // The reader calls back once per piece it has built (chunks, tfrags).
  if (!opts.progress)
    opts.progress = [&](size_t d, size_t t) {
      if (d == 1) bar.phase("building");
      bar.update(d, t);
    };
  Scene scene = h.load(input, opts);
  std::string lines;
  for (const std::string& w : scene.warnings) {
    lines += input + ": warning: " + w + "\n";
    rec.warnings.push_back({w, Error::kNoOffset});
  }
  if (!lines.empty()) bar.print(stderr, lines);
  printLeftOut(bar, input, scene.leftOut);
  rec.leftOut = scene.leftOut;
  rec.summary = sceneSummary(scene);
  return scene;
}

void printLeftOut(Progress& bar, const std::string& input,
                  const std::vector<std::string>& leftOut) {
  std::string lines;
  for (const std::string& piece : leftOut) lines += input + ": left out: " + piece + "\n";
  if (!lines.empty()) bar.print(stderr, lines);
}

} // namespace strata::cli

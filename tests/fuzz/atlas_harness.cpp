// .atlas bytes, in two harnesses. fuzzAtlas: read, `info`, `validate` and
// the write-back of the unchanged model. fuzzAtlasScene: the scene (textures
// bound, skirts as their own primitive), made from the model read whole
// (toScene), as the frames are read (loadScene), and with meshes on demand
// (what convert does): they must agree, and each mesh made on demand its
// outline.
#include "harness.h"

#include "atlas/atlas_info.h"
#include "atlas/atlas_io.h"
#include "atlas/atlas_scene.h"
#include "atlas/atlas_validate.h"
#include "strata/fileio.h"

#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <optional>

namespace strata::fuzz {

namespace {

// What a load gave: its error, or each node's name and vertex count and the
// pieces it left out. A mesh on demand is made, and held to its outline.
std::string outcome(const std::function<Scene()>& load) {
  try {
    const Scene s = load();
    std::string d;
    for (const Node& n : s.nodes) {
      size_t vertices = 0;
      if (n.mesh >= 0) {
        const size_t m = size_t(n.mesh);
        const Mesh* mesh = &s.meshes[m];
        Mesh made; // only a mesh on demand is copied to be made
        if (s.meshSource.make) {
          made = s.meshes[m];
          s.meshSource.make(m, made);
          if (outlineOf(made) != s.meshSource.outlines.at(m)) {
            std::fprintf(stderr, "mesh %s made on demand is not its outline\n", made.name.c_str());
            std::abort();
          }
          mesh = &made;
        }
        for (const Primitive& p : mesh->primitives) vertices += p.positions.size();
      }
      d += n.name + " " + std::to_string(vertices) + "\n";
    }
    for (const std::string& l : s.leftOut) d += l + "\n";
    return d;
  } catch (const Error& e) {
    return std::string("error: ") + e.what();
  }
}

} // namespace

void fuzzAtlas(const uint8_t* data, size_t size) {
  fuzzModel(
      data, size, "fuzz.atlas", atlas::readAtlas,
      [](const atlas::File& file, size_t bytes) { return atlas::describe(file, bytes); },
      [](const atlas::File& file, size_t bytes, ValidationReport& report) {
        atlas::validateModel(file, bytes, report);
      },
      [](const atlas::File& file) { cleanErrorsAllowed([&] { (void)atlas::writeAtlas(file); }); });
}

void fuzzAtlasScene(const uint8_t* data, size_t size) {
  const std::string name = "fuzz.atlas";
  const Source in(std::vector<uint8_t>(data, data + size), name);
  // The scenes agree on a file that reads: one that does not is fuzzAtlas's.
  std::optional<atlas::File> file;
  cleanErrorsAllowed([&] { file = atlas::readAtlas(*in.memory, name); });
  if (!file) return;
  LoadOptions options;
  options.skirts = true;
  options.partial = size % 2 == 1;
  const std::string whole = outcome([&] { return atlas::toScene(*file, options, name); });
  const std::string ahead = outcome([&] { return atlas::loadScene(FileBytes(in), options, name); });
  options.meshesOnDemand = true;
  const std::string onDemand = outcome(
      [&] { return atlas::loadScene(std::make_shared<const FileBytes>(in), options, name); });
  if (whole != ahead || whole != onDemand) {
    std::fprintf(stderr, "toScene, loadScene and on demand disagree:\n%s\n--\n%s\n--\n%s\n",
                 whole.c_str(), ahead.c_str(), onDemand.c_str());
    std::abort();
  }
}

} // namespace strata::fuzz

// .atlas bytes: read, `info`, `validate`, the scene (textures bound, skirts
// as their own primitive) and the write-back of the unchanged model.
#include "harness.h"

#include "atlas/atlas_info.h"
#include "atlas/atlas_io.h"
#include "atlas/atlas_scene.h"
#include "atlas/atlas_validate.h"

namespace strata::fuzz {

void fuzzAtlas(const uint8_t* data, size_t size) {
  const std::string name = "fuzz.atlas";
  fuzzModel(
      data, size, name, atlas::readAtlas,
      [](const atlas::File& file, size_t bytes) { return atlas::describe(file, bytes); },
      [](const atlas::File& file, size_t bytes, ValidationReport& report) {
        atlas::validateModel(file, bytes, report);
      },
      [&](const atlas::File& file) {
        cleanErrorsAllowed([&] {
          LoadOptions options;
          options.skirts = true;
          (void)atlas::toScene(file, options, name);
        });
        cleanErrorsAllowed([&] { (void)atlas::writeAtlas(file); });
      });
}

} // namespace strata::fuzz

// .chu bytes: read, `info`, `validate`, the Atlas mapping with collision
// (`convert x.chu -o x.atlas`) and the scene.
#include "harness.h"

#include "atlas/atlas_io.h"
#include "atlas/atlas_scene.h"
#include "chu/chu_atlas.h"
#include "chu/chu_info.h"
#include "chu/chu_io.h"
#include "chu/chu_validate.h"

namespace strata::fuzz {

void fuzzChu(const uint8_t* data, size_t size) {
  const std::string name = "fuzz.chu";
  fuzzModel(
      data, size, name, chu::readChu,
      [](const chu::File& file, size_t bytes) { return chu::describe(file, bytes, ""); },
      [](const chu::File& file, size_t, ValidationReport& report) {
        chu::validateModel(file, report);
      },
      [&](const chu::File& file) {
        cleanErrorsAllowed([&] {
          chu::MapOptions options;
          options.collision = true;
          const atlas::File mapped = chu::toAtlas(file, nullptr, name, options);
          cleanErrorsAllowed([&] { (void)atlas::writeAtlas(mapped); });
          (void)atlas::toScene(mapped, LoadOptions{}, name);
        });
        cleanErrorsAllowed([&] { (void)chu::writeChu(file); });
      });
}

} // namespace strata::fuzz

// .chu bytes, in two harnesses. fuzzChu: read, `info`, `validate` and the
// write-back. fuzzChuAtlas: the Atlas mapping with collision (`convert x.chu
// -o x.atlas`), written, and the scene.
#include "harness.h"

#include "atlas/atlas_io.h"
#include "atlas/atlas_scene.h"
#include "chu/chu_atlas.h"
#include "chu/chu_info.h"
#include "chu/chu_io.h"
#include "chu/chu_validate.h"

namespace strata::fuzz {

void fuzzChu(const uint8_t* data, size_t size) {
  fuzzModel(
      data, size, "fuzz.chu", chu::readChu,
      [](const chu::File& file, size_t bytes) { return chu::describe(file, bytes, ""); },
      [](const chu::File& file, size_t, ValidationReport& report) {
        chu::validateModel(file, report);
      },
      [](const chu::File& file) { cleanErrorsAllowed([&] { (void)chu::writeChu(file); }); });
}

void fuzzChuAtlas(const uint8_t* data, size_t size) {
  const std::string name = "fuzz.chu";
  cleanErrorsAllowed([&] {
    const chu::File file = chu::readChu(std::vector<uint8_t>(data, data + size), name);
    chu::MapOptions options;
    options.collision = true;
    const atlas::File mapped = chu::toAtlas(file, nullptr, name, options);
    cleanErrorsAllowed([&] { (void)atlas::writeAtlas(mapped); });
    (void)atlas::toScene(mapped, LoadOptions{}, name);
  });
}

} // namespace strata::fuzz

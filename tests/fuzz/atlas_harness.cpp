// .atlas bytes: read, `info`, `validate`, the scene (textures bound, skirts
// as their own primitive) and the write-back of the unchanged model.
#include "harness.h"

#include "atlas/atlas_info.h"
#include "atlas/atlas_io.h"
#include "atlas/atlas_scene.h"
#include "atlas/atlas_validate.h"

namespace strata::fuzz {

void fuzzAtlas(const uint8_t* data, size_t size) {
  const std::vector<uint8_t> bytes(data, data + size);
  const std::string name = "fuzz.atlas";
  const auto read = readOrReport([&] { return atlas::readAtlas(bytes, name); });
  if (!read) return;
  const atlas::File& file = *read;
  cleanErrorsAllowed([&] { dumpInfo(atlas::describe(file, bytes.size())); });
  cleanErrorsAllowed([&] {
    ValidationReport report;
    atlas::validateModel(file, bytes.size(), report);
    dumpReport(report);
  });
  cleanErrorsAllowed([&] {
    LoadOptions options;
    options.skirts = true;
    (void)atlas::toScene(file, options, name);
  });
  cleanErrorsAllowed([&] { (void)atlas::writeAtlas(file); });
}

} // namespace strata::fuzz

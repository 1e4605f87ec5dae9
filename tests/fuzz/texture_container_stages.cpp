#include "texture_container_stages.h"

#include "gltf_writer.h"
#include "harness.h"
#include "ytd/ytd_info.h"
#include "ytd/ytd_scene.h"
#include "ytd/ytd_validate.h"

namespace strata::fuzz {

void exerciseContainer(const ytd::TextureContainer& c) {
  cleanErrorsAllowed([&] { dumpInfo(ytd::containerInfo(c)); });
  cleanErrorsAllowed([&] {
    ValidationReport report;
    ytd::containerValidate(c, report);
    dumpReport(report);
  });
  cleanErrorsAllowed([&] {
    // No PNG encoding here (the top harness does it): the names are the point.
    gltf::WriteOptions options;
    options.textures = gltf::TextureMode::None;
    (void)gltf::writeGltf(ytd::galleryScene(c, LoadOptions{}), options);
  });
  cleanErrorsAllowed([&] { decodeAll(ytd::containerTextures(c, LoadOptions{}).images); });
}

void readAndExercise(const uint8_t* data, size_t size,
                     ytd::TextureContainer (*read)(const std::vector<uint8_t>&, const std::string&),
                     const char* name) {
  const std::vector<uint8_t> bytes(data, data + size);
  if (const auto c = readOrReport([&] { return read(bytes, name); })) exerciseContainer(*c);
}

} // namespace strata::fuzz

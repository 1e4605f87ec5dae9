#include "texture_container_stages.h"

#include "gltf_writer.h"
#include "harness.h"
#include "ytd/gallery.h"
#include "ytd/report.h"

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

} // namespace strata::fuzz

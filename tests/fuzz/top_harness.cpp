// The whole command line on one file: detected by magic, then `info --json`,
// `convert` (load, scene, GLB with PNG textures, in memory), `textures` and
// `validate --json`. The length's parity picks --partial.
#include "harness.h"
#include "scratch.h"

#include "gltf_writer.h"

namespace strata::fuzz {

void fuzzTop(const uint8_t* data, size_t size) {
  const std::string path = writeScratch("input", data, size);
  const FormatHandler* h = detectFormat(path);
  if (!h) return;
  LoadOptions options;
  options.partial = size % 2 == 1;
  cleanErrorsAllowed([&] { dumpInfo(h->info(path)); });
  if (h->load)
    cleanErrorsAllowed(
        [&] { (void)gltf::writeGltf(h->load(path, options), gltf::WriteOptions{}); });
  if (h->textures) cleanErrorsAllowed([&] { decodeAll(h->textures(path, options).images); });
  dumpReport(h->validate(path)); // never throws for bad input (formats.h)
}

} // namespace strata::fuzz

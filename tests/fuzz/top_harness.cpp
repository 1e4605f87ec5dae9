// The whole command line on one file, read from memory through the format
// table: detected by magic, then `info --json`, `convert` (load, scene, GLB
// with PNG textures, in memory), `textures` and `validate --json`. The
// length's parity picks --partial.
#include "harness.h"

#include "gltf_writer.h"

namespace strata::fuzz {

void fuzzTop(const uint8_t* data, size_t size) {
  const Source in(std::vector<uint8_t>(data, data + size), "input");
  const FormatHandler* h = detectFormat(in);
  if (!h) return;
  LoadOptions options;
  options.partial = size % 2 == 1;
  cleanErrorsAllowed([&] { dumpInfo(h->info(in)); });
  if (h->load)
    cleanErrorsAllowed([&] { (void)gltf::writeGltf(h->load(in, options), gltf::WriteOptions{}); });
  if (h->textures) cleanErrorsAllowed([&] { decodeAll(h->textures(in, options).images); });
  dumpReport(h->validate(in)); // never throws for bad input (formats.h)
}

} // namespace strata::fuzz

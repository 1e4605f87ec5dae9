// The whole command line on one file, read from memory through the format
// table and detected by magic, in two harnesses. fuzzTop: `info --json` and
// `validate --json`. fuzzTopConvert: `convert` (load, scene, GLB with PNG
// textures, in memory) and `textures`; the length's parity picks --partial.
#include "harness.h"

#include "gltf_writer.h"

namespace strata::fuzz {

void fuzzTop(const uint8_t* data, size_t size) {
  const Source in(std::vector<uint8_t>(data, data + size), "input");
  const FormatHandler* h = detectFormat(in);
  if (!h) return;
  cleanErrorsAllowed([&] { dumpInfo(h->info(in)); });
  dumpReport(h->validate(in)); // never throws for bad input (formats.h)
}

void fuzzTopConvert(const uint8_t* data, size_t size) {
  const Source in(std::vector<uint8_t>(data, data + size), "input");
  const FormatHandler* h = detectFormat(in);
  if (!h) return;
  LoadOptions options;
  options.partial = size % 2 == 1;
  if (h->load)
    cleanErrorsAllowed([&] { (void)gltf::writeGltf(h->load(in, options), gltf::WriteOptions{}); });
  if (h->textures) cleanErrorsAllowed([&] { decodeAll(h->textures(in, options).images); });
}

} // namespace strata::fuzz

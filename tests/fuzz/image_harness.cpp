// Image container bytes: read, every mip and slice decoded, written back and
// read again. DDS is written back as DDS and KTX2; KTX2 (UASTC decoded,
// Zstandard inflated) as DDS.
#include "harness.h"

#include "strata/image.h"

namespace strata::fuzz {

void fuzzDds(const uint8_t* data, size_t size) {
  if (const auto img = readOrReport(
          [&] { return image::readDDS(std::vector<uint8_t>(data, data + size), "fuzz.dds"); }))
    exerciseImage(*img, true);
}

void fuzzKtx2(const uint8_t* data, size_t size) {
  if (const auto img = readOrReport(
          [&] { return image::readKTX2(std::vector<uint8_t>(data, data + size), "fuzz.ktx2"); }))
    exerciseImage(*img, false);
}

} // namespace strata::fuzz

// KTX2 bytes: read (UASTC decoded, Zstandard inflated), every mip and slice
// decoded, written back as DDS.
#include "harness.h"

#include "strata/image.h"

namespace strata::fuzz {

void fuzzKtx2(const uint8_t* data, size_t size) {
  const auto read = readOrReport(
      [&] { return image::readKTX2(std::vector<uint8_t>(data, data + size), "fuzz.ktx2"); });
  if (!read) return;
  const Image& img = *read;
  decodeAll({img});
  cleanErrorsAllowed([&] { (void)image::readDDS(image::writeDDS(img), "rewritten.dds"); });
}

} // namespace strata::fuzz

// DDS bytes: read, every mip and slice decoded, written back as DDS and
// KTX2 and read again.
#include "harness.h"

#include "strata/image.h"

namespace strata::fuzz {

void fuzzDds(const uint8_t* data, size_t size) {
  const auto read = readOrReport(
      [&] { return image::readDDS(std::vector<uint8_t>(data, data + size), "fuzz.dds"); });
  if (!read) return;
  const Image& img = *read;
  decodeAll({img});
  cleanErrorsAllowed([&] { (void)image::readDDS(image::writeDDS(img), "rewritten.dds"); });
  cleanErrorsAllowed([&] { (void)image::readKTX2(image::writeKTX2(img), "rewritten.ktx2"); });
}

} // namespace strata::fuzz

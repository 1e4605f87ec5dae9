// .ytd bytes (RSC7 texture dictionary, either edition).
#include "harness.h"
#include "texture_container_stages.h"

namespace strata::fuzz {

void fuzzYtd(const uint8_t* data, size_t size) {
  const std::vector<uint8_t> bytes(data, data + size);
  if (const auto c = readOrReport([&] { return ytd::readYtd(bytes, "fuzz.ytd"); }))
    exerciseContainer(*c);
}

} // namespace strata::fuzz

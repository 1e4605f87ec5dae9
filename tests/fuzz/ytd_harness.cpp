// .ytd bytes (RSC7 texture dictionary, either edition).
#include "harness.h"
#include "texture_container_stages.h"

namespace strata::fuzz {

void fuzzYtd(const uint8_t* data, size_t size) {
  const std::vector<uint8_t> bytes(data, data + size);
  ytd::TextureContainer c;
  try {
    c = ytd::readYtd(bytes, "fuzz.ytd");
  } catch (const Error& e) {
    dumpReadError(e);
    return;
  }
  exerciseContainer(c);
}

} // namespace strata::fuzz

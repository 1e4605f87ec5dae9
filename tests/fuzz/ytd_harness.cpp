// .ytd bytes (RSC7 texture dictionary, either edition).
#include "harness.h"
#include "texture_container_stages.h"

namespace strata::fuzz {

void fuzzYtd(const uint8_t* data, size_t size) {
  readAndExercise(data, size, ytd::readYtd, "fuzz.ytd");
}

} // namespace strata::fuzz

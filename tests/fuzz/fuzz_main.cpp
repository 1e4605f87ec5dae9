// The libFuzzer entry of one harness: compiled once per harness with
// STRATA_FUZZ_HARNESS naming its function (tests/fuzz/CMakeLists.txt).
#include "harness.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  strata::fuzz::STRATA_FUZZ_HARNESS(data, size);
  return 0;
}

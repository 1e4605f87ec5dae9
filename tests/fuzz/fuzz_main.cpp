// The libFuzzer entry of one harness: compiled once per harness with
// STRATA_FUZZ_HARNESS naming its function (tests/fuzz/CMakeLists.txt).
#include "harness.h"

#include "strata/parallel.h"

// One thread: a fuzzer runs one input at a time on one core (./dev fuzz runs
// harnesses side by side), and helper threads waiting for work between the
// small parallelFor calls of an input would take CPU it needs
// (docs/performance.md).
extern "C" int LLVMFuzzerInitialize(int*, char***) {
  strata::setThreadBudget(1);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  strata::fuzz::STRATA_FUZZ_HARNESS(data, size);
  return 0;
}

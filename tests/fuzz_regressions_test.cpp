// Every input a fuzzer ever crashed on (tests/fuzz/regressions/<format>/,
// minimised) replayed through every harness function libFuzzer calls with a
// format's inputs (each stage's, where a format has several), so a
// fixed crash cannot come back unnoticed. One test per harness; under
// ./dev sanitize the replay runs with ASan and UBSan as the fuzzers do.
#include "harness.h"
#include "test_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>

namespace strata::fuzz {
// Test names and messages show the harness by name.
void PrintTo(const HarnessEntry& h, std::ostream* os) {
  *os << h.name;
}
} // namespace strata::fuzz

namespace {

using strata::fuzz::HarnessEntry;

class FuzzRegressions : public ::testing::TestWithParam<HarnessEntry> {};

TEST_P(FuzzRegressions, ReplayEveryInput) {
  const HarnessEntry& h = GetParam();
  const auto dir = testsupport::sourceDir() / "tests" / "fuzz" / "regressions" / h.inputs;
  std::vector<testsupport::fs::path> inputs;
  std::error_code ec;
  for (const auto& e : testsupport::fs::directory_iterator(dir, ec))
    if (e.is_regular_file()) inputs.push_back(e.path());
  std::sort(inputs.begin(), inputs.end());
  // The empty input first: every harness must take it.
  h.run(nullptr, 0);
  for (const auto& path : inputs) {
    // Named before it runs: a sanitizer report ends the process.
    std::fprintf(stderr, "replaying %s\n", path.string().c_str());
    const std::vector<uint8_t> bytes = testsupport::readBytes(path);
    try {
      h.run(bytes.data(), bytes.size());
    } catch (const std::exception& e) {
      ADD_FAILURE() << path << ": " << e.what();
    }
  }
  RecordProperty("inputs", int(inputs.size()));
}

INSTANTIATE_TEST_SUITE_P(Harness, FuzzRegressions, ::testing::ValuesIn(strata::fuzz::harnesses()),
                         [](const ::testing::TestParamInfo<HarnessEntry>& info) {
                           return std::string(info.param.name);
                         });

} // namespace

// The operating-system helpers (common/platform.h, strata/fileio.h) on the
// platform the suite runs on (Linux, and Windows under Wine): non-ASCII file
// names through every file call, an output renamed over an existing file,
// mapped reads, and the core count.
#include "common/platform.h"
#include "strata/error.h"
#include "strata/fileio.h"
#include "strata/parallel.h"
#include "test_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <set>
#include <string>
#include <thread>
#include <vector>

namespace fs = std::filesystem;
using strata::pathOf;
using strata::utf8Of;

namespace {

// Latin, Greek, CJK and an astral-plane character (a UTF-16 surrogate pair on Windows).
const std::string kName =
    "t\xC3\xA9rrain-\xCE\xB1\xCE\xB2-\xE6\x97\xA5\xE6\x9C\xAC-\xF0\x9F\x97\xBB.bin";

std::vector<uint8_t> pattern(size_t n) {
  std::vector<uint8_t> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = uint8_t((i * 131 + i / 251) & 0xFF);
  return v;
}

} // namespace

TEST(Platform, NonAsciiNamesRoundTripThroughEveryFileCall) {
  const std::string dir = utf8Of(testsupport::tempDir()) + "/d\xC3\xAF"
                                                           "r-\xD0\xB6";
  fs::create_directories(pathOf(dir));
  const std::string file = dir + "/" + kName;
  const std::vector<uint8_t> bytes = pattern(10000);
  strata::writeFileAtomic(file, bytes);
  EXPECT_TRUE(fs::exists(pathOf(file)));
  EXPECT_EQ(strata::readFile(file), bytes);
  const strata::FileBytes mapped(file);
  ASSERT_EQ(mapped.size(), bytes.size());
  EXPECT_TRUE(std::equal(bytes.begin(), bytes.end(), mapped.data()));
  // The directory lists the name as it was written, in UTF-8, and nothing else.
  std::vector<std::string> listed;
  for (const auto& e : fs::directory_iterator(pathOf(dir)))
    listed.push_back(utf8Of(e.path().filename()));
  EXPECT_EQ(listed, std::vector<std::string>{kName});
  // The stem and extension split the UTF-8 name where it was written.
  EXPECT_EQ(utf8Of(pathOf(file).stem()), kName.substr(0, kName.size() - 4));
  EXPECT_EQ(strata::lowerExtension(file), ".bin");
}

TEST(Platform, AnOutputReplacesAnExistingFileAtomically) {
  const std::string file = utf8Of(testsupport::tempDir()) + "/" + kName;
  strata::writeFileAtomic(file, std::string("the old contents, longer than the new"));
  strata::writeFileAtomic(file, std::string("new"));
  const std::vector<uint8_t> got = strata::readFile(file);
  EXPECT_EQ(std::string(got.begin(), got.end()), "new");
  // Only the output: no temporary file left beside it.
  size_t entries = 0;
  for (const auto& e : fs::directory_iterator(pathOf(file).parent_path())) {
    (void)e;
    ++entries;
  }
  EXPECT_EQ(entries, 1u);
}

TEST(Platform, MappedBytesAreCopiedAndStayReadableAfterRelease) {
  const std::string file = utf8Of(testsupport::tempDir()) + "/" + kName;
  const std::vector<uint8_t> bytes = pattern(5 * 65536 + 123);
  strata::writeFileAtomic(file, bytes);
  const strata::FileBytes mapped(file);
  ASSERT_EQ(mapped.size(), bytes.size());
  std::vector<uint8_t> part(70000);
  mapped.copy(65530, part.size(), part.data());
  EXPECT_TRUE(std::equal(part.begin(), part.end(), bytes.begin() + 65530));
  mapped.release(0, 3 * 65536);
  EXPECT_EQ(mapped.data()[70000], bytes[70000]);
  EXPECT_EQ(mapped.data()[bytes.size() - 1], bytes.back());
  EXPECT_THROW(mapped.copy(bytes.size() - 10, 11, part.data()), strata::Error);
}

TEST(Platform, AMissingFileIsAnErrorNamingIt) {
  const std::string file = utf8Of(testsupport::tempDir()) + "/" + kName;
  try {
    strata::FileBytes mapped(file);
    FAIL() << "read a missing file";
  } catch (const strata::Error& e) {
    EXPECT_NE(std::string(e.what()).find(kName), std::string::npos) << e.what();
  }
}

TEST(Platform, TemporaryNamePartsDoNotRepeat) {
  std::set<std::string> seen;
  for (int i = 0; i < 1000; ++i) EXPECT_TRUE(seen.insert(strata::platform::uniqueSuffix()).second);
}

TEST(Platform, CoreCountIsWhatThisProcessMayUse) {
  const unsigned n = strata::coreCount();
  EXPECT_GE(n, 1u);
  EXPECT_LE(n, std::max(1u, std::thread::hardware_concurrency()) * 64);
}

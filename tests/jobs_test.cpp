// `--jobs 1` runs one thread: the whole of a convert or a textures run,
// UASTC encoding included, keeps to the process's thread budget
// (strata/parallel.h), counted from outside as the threads of the process.
#include "test_support.h"

#include <gtest/gtest.h>

using namespace testsupport;

namespace {

std::string sample(const char* name) {
  return (sourceDir() / "samples" / name).string();
}

#define SKIP_WITHOUT_PROC(peak)                                                                    \
  if ((peak) < 0) GTEST_SKIP() << "a process's threads cannot be counted here (no /proc)"

} // namespace

TEST(Jobs, OneJobConvertsToKtx2OnOneThread) {
  const fs::path dir = tempDir();
  for (const char* in : {"terrain-unique.atlas", "textures-v5.ytd"}) {
    SCOPED_TRACE(in);
    const int peak = cliPeakThreads({"convert", sample(in), "-o", (dir / "out.glb").string(),
                                     "--textures", "ktx2", "--jobs", "1"});
    SKIP_WITHOUT_PROC(peak);
    EXPECT_TRUE(fs::exists(dir / "out.glb"));
    EXPECT_EQ(peak, 1);
  }
}

TEST(Jobs, OneJobWritesUastcTexturesOnOneThread) {
  const fs::path dir = tempDir();
  const int peak = cliPeakThreads({"textures", sample("terrain-unique.atlas"), "-o",
                                   (dir / "k").string(), "--format", "ktx2", "--uastc", "-j", "1"});
  SKIP_WITHOUT_PROC(peak);
  EXPECT_FALSE(fs::is_empty(dir / "k"));
  EXPECT_EQ(peak, 1);
}

TEST(Jobs, OneJobWritesATilesetOnOneThread) {
  const fs::path dir = tempDir();
  const int peak =
      cliPeakThreads({"tiles", sample("terrain.chu"), "-o", (dir / "t").string(), "--jobs", "1"});
  SKIP_WITHOUT_PROC(peak);
  EXPECT_TRUE(fs::exists(dir / "t" / "tileset.json"));
  EXPECT_EQ(peak, 1);
}

// What the count sees: two jobs are two threads (the helper is started with
// the command), so a count of one above is not a count that sees nothing.
TEST(Jobs, TwoJobsAreSeenAsTwoThreads) {
  const fs::path dir = tempDir();
  const int peak =
      cliPeakThreads({"convert", sample("terrain-unique.atlas"), "-o", (dir / "out.glb").string(),
                      "--textures", "ktx2", "--jobs", "2"});
  SKIP_WITHOUT_PROC(peak);
  EXPECT_EQ(peak, 2);
}

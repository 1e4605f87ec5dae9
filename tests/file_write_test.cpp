// writeFileAtomic (strata/fileio.h) with a reservation: the blocks are
// allocated before the first byte is written, the file holds exactly what
// was written, and a failed write still leaves nothing behind.
#include "strata/fileio.h"
#include "test_support.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>

#ifndef _WIN32
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace fs = std::filesystem;
using strata::writeFileAtomic;

namespace {

// The temporary file writeFileAtomic is writing for `target` (its name is
// the target's and ".tmp" and a number), or none.
fs::path temporaryOf(const fs::path& target) {
  const std::string prefix = target.filename().string() + ".tmp";
  for (const fs::directory_entry& e : fs::directory_iterator(target.parent_path()))
    if (e.path().filename().string().rfind(prefix, 0) == 0) return e.path();
  return {};
}

#ifndef _WIN32 // Windows reserves nothing (common/platform_windows.cpp)

// Whether the filesystem of `dir` allocates blocks ahead of a write.
bool canReserve(const fs::path& dir) {
  const fs::path probe = dir / "probe";
  const int fd = ::open(probe.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) return false;
  const bool ok = ::fallocate(fd, FALLOC_FL_KEEP_SIZE, 0, 4096) == 0;
  ::close(fd);
  fs::remove(probe);
  return ok;
}

#endif

// An empty directory of its own for a test.
fs::path freshDir(const std::string& name) {
  const fs::path dir = testsupport::tempDir() / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

#ifndef _WIN32

// The temporary file's state when `write` is called (UINT64_MAX: never seen).
struct Before {
  uint64_t allocated = UINT64_MAX; // bytes of blocks
  uint64_t size = UINT64_MAX;
};

// `bytes` written to `target` through writeFileAtomic with `reserve`, and
// what the temporary file held when the writing began.
Before writeReserved(const fs::path& target, const std::string& bytes, uint64_t reserve) {
  Before before;
  writeFileAtomic(
      target.string(),
      [&](std::ostream& out) {
        struct stat st {};
        ASSERT_EQ(::stat(temporaryOf(target).c_str(), &st), 0);
        before = {uint64_t(st.st_blocks) * 512, uint64_t(st.st_size)};
        out.write(bytes.data(), std::streamsize(bytes.size()));
      },
      reserve);
  return before;
}

std::string contents(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

#endif

} // namespace

#ifndef _WIN32
TEST(FileWrite, ReservedBlocksAreAllocatedBeforeTheWriteAndTheFileHoldsWhatWasWritten) {
  const fs::path dir = freshDir("file_write_reserved");
  const fs::path target = dir / "out.glb";
  const uint64_t reserve = 3u << 20; // 3 MiB, of 3 MiB + 5 written
  const std::string bytes(size_t(reserve) + 5, 'g');
  const Before before = writeReserved(target, bytes, reserve);
  EXPECT_EQ(before.size, 0u); // the size is what is written, not what is reserved
  EXPECT_EQ(fs::file_size(target), bytes.size());
  EXPECT_EQ(contents(target), bytes);
  EXPECT_TRUE(temporaryOf(target).empty());
  if (!canReserve(dir))
    GTEST_SKIP() << "the filesystem of " << dir << " does not allocate blocks ahead (fallocate)";
  EXPECT_GE(before.allocated, reserve);
}

TEST(FileWrite, ASmallOutputIsNotReservedAhead) {
  // Below 1 MiB the reservation's own cost is more than it saves.
  const fs::path target = freshDir("file_write_small") / "small.png";
  const std::string bytes(64 << 10, 'p');
  const Before before = writeReserved(target, bytes, bytes.size());
  EXPECT_EQ(before.allocated, 0u);
  EXPECT_EQ(contents(target), bytes);
}

#endif

TEST(FileWrite, AReservedWriteThatFailsLeavesNothing) {
  const fs::path target = freshDir("file_write_failed") / "out.glb";
  EXPECT_THROW(writeFileAtomic(
                   target.string(),
                   [](std::ostream& out) {
                     out.write("part", 4);
                     throw std::runtime_error("stopped");
                   },
                   1u << 20),
               std::runtime_error);
  EXPECT_FALSE(fs::exists(target));
  EXPECT_TRUE(temporaryOf(target).empty());
}

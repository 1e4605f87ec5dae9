#pragma once
// The few calls Strata makes of the operating system, each with a POSIX side
// (platform_posix.cpp) and a Windows side (platform_windows.cpp); those the
// layers above core use are in strata/platform.h. Paths are UTF-8 inside
// Strata; the Windows side converts them for the wide calls.
#include "strata/platform.h"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>

namespace strata::platform {

// A whole regular file mapped read-only, with the file kept open for readAt.
struct MappedFile {
  const uint8_t* data = nullptr;
  size_t size = 0;
  intptr_t file = -1;      // a descriptor (POSIX) or a HANDLE (Windows)
  void* mapping = nullptr; // Windows: the file-mapping object
};

// Maps `path`; false when it cannot be (not a regular file, empty, no
// mapping): the caller then reads the file whole.
bool mapFile(const std::string& path, MappedFile& out);
void unmapFile(MappedFile& m);
// Gives back the memory of the whole pages inside [offset, offset + n) of the
// mapping; they stay readable, from the file again.
void releasePages(const MappedFile& m, size_t offset, size_t n);
// Reads up to `n` bytes at `offset` of the mapped file (not the mapping):
// the count read, 0 at its end, -1 on an error (described in `why`).
int64_t readAt(const MappedFile& m, uint64_t offset, size_t n, uint8_t* to, std::string& why);

// Allocates `bytes` of disk to the empty file `path` without changing its
// size; false where the filesystem cannot (the writes then allocate them).
bool reserveFile(const std::filesystem::path& path, uint64_t bytes);
// Moves `from` onto `to` in one step, replacing a file already there.
bool replaceFile(const std::filesystem::path& from, const std::filesystem::path& to,
                 std::string& why);
// The processors this process may run on (every processor group's on
// Windows, the affinity set's on Linux); 0 when the system does not say.
unsigned processorCount();
// Has `f` run in the child of every later fork (Windows has none).
void atForkChild(void (*f)());

// The description of the last system error (errno, or GetLastError on Windows).
std::string lastError();

} // namespace strata::platform

#pragma once
// The calls of the operating system that layers above core use (the rest are
// core's own, common/platform.h), each with a POSIX side
// (core/src/common/platform_posix.cpp) and a Windows side
// (platform_windows.cpp).
#include <cstddef>
#include <string>

namespace strata::platform {

// A part of a file name no other process or thread uses at the same time
// (process id, a counter, the clock), for temporary files beside an output.
// No std::random_device: with a static libstdc++ it needs glibc 2.36's
// arc4random (build-notes.md).
std::string uniqueSuffix();

// Zeroed read-write memory of `n` bytes straight from the system; null when
// there is none.
void* allocatePages(size_t n);
void freePages(void* p, size_t n);

} // namespace strata::platform

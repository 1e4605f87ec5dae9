#pragma once
// The calls of the operating system that layers above core use (the rest are
// core's own, common/platform.h), each with a POSIX side
// (core/src/common/platform_posix.cpp) and a Windows side
// (platform_windows.cpp).
#include <cstddef>
#include <string>
#include <vector>

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

// The command line's arguments, argv[0] first, in UTF-8: on Windows read
// from the wide command line (argv holds the ANSI code page's bytes), the
// console set to show UTF-8, and stdout and stderr to write "\n" as it is
// (what `info --json > file` writes is then the same on both systems);
// elsewhere argv as it is.
std::vector<std::string> utf8Arguments(int argc, char** argv);

// Whether stderr is a terminal that takes a progress line's "\r" and "ESC[K"
// (a Windows console is switched to process them).
bool stderrIsTerminal();

// An environment variable's value in UTF-8; empty when it is not set.
std::string environment(const char* name);

// Where a library loaded at run time is looked for, in order: beside the
// program, beside the module holding Strata (strata.dll), then each PATH
// directory, on Windows. Elsewhere empty: there the dynamic loader finds a
// library named by its soname itself.
std::vector<std::string> librarySearchDirectories();

// A shared library loaded with its symbols kept to itself; null with `why`
// set when it cannot be.
void* loadLibrary(const std::string& path, std::string& why);

// The function `name` of a library loadLibrary gave; null when it has none.
using LibraryFunction = void (*)();
LibraryFunction librarySymbol(void* library, const char* name);

} // namespace strata::platform

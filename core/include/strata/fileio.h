#pragma once
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

namespace strata {

// Reads a whole file; throws strata::Error naming the file when it cannot.
std::vector<uint8_t> readFile(const std::string& path);

// Writes through a temporary file in the same directory and renames it into
// place, so a failure never leaves a partial output (design.md, "Bad input").
void writeFileAtomic(const std::string& path, const std::vector<uint8_t>& bytes);
void writeFileAtomic(const std::string& path, const std::string& text);
// The same, with the bytes streamed by `write` (which may throw: the partial
// temporary file is removed), for outputs too large to hold twice.
void writeFileAtomic(const std::string& path, const std::function<void(std::ostream&)>& write);

// The extension of `path` in lower case (".YTD" -> ".ytd"; "" for none).
std::string lowerExtension(const std::string& path);

} // namespace strata

#pragma once
// One error type for every reader: it names the file, the byte offset and what
// was expected (design.md, "Bad input").
#include <cstdint>
#include <stdexcept>
#include <string>

namespace strata {

class Error : public std::runtime_error {
public:
  static constexpr uint64_t kNoOffset = ~uint64_t(0);
  Error(std::string file, uint64_t offset, std::string what);
  const std::string& file() const { return file_; }
  uint64_t offset() const { return offset_; }
  const std::string& detail() const { return detail_; }

private:
  std::string file_;
  uint64_t offset_;
  std::string detail_;
};

// " at byte N (0xN)" for a message, or "" for Error::kNoOffset: the one way
// every error and finding names its offset.
std::string atByte(uint64_t offset);

// "Valid but uses something we do not support": a distinct kind so batch tools
// can report it differently from corruption.
class Unsupported : public Error {
public:
  using Error::Error;
};

} // namespace strata

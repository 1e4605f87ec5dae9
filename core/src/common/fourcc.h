#pragma once
// Four-character codes: magic numbers and format tags stored as a
// little-endian u32 whose bytes read as text ("DDS ", "DXT1", "ATSP").
#include <cstdint>
#include <string>

namespace strata {

constexpr uint32_t fourCC(char a, char b, char c, char d) {
  return uint32_t(uint8_t(a)) | uint32_t(uint8_t(b)) << 8 | uint32_t(uint8_t(c)) << 16 |
         uint32_t(uint8_t(d)) << 24;
}

// True when all four bytes are printable ASCII.
bool fourCCPrintable(uint32_t v);

// The four bytes as text, '?' for each one that is not printable ASCII.
std::string fourCCChars(uint32_t v);

} // namespace strata

#include "common/fourcc.h"

namespace strata {

namespace {
bool printable(char c) {
  return c >= 32 && c < 127;
}
} // namespace

bool fourCCPrintable(uint32_t v) {
  for (int i = 0; i < 4; ++i)
    if (!printable(char(v >> (8 * i)))) return false;
  return true;
}

std::string fourCCChars(uint32_t v) {
  std::string s;
  for (int i = 0; i < 4; ++i) {
    const char c = char(v >> (8 * i));
    s += printable(c) ? c : '?';
  }
  return s;
}

} // namespace strata

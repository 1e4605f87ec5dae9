#include "strata/text.h"

#include <cstdint>

namespace strata {

namespace {

// Length of the well-formed UTF-8 sequence at s[i] (RFC 3629, section 4
// syntax), or 0 when the byte there does not start one.
size_t sequenceLength(std::string_view s, size_t i) {
  const auto at = [&](size_t k) { return static_cast<uint8_t>(s[k]); };
  const uint8_t b = at(i);
  if (b < 0x80) return 1;
  size_t n;
  uint8_t lo = 0x80, hi = 0xBF; // range of the second byte
  if (b >= 0xC2 && b <= 0xDF) {
    n = 2;
  } else if (b >= 0xE0 && b <= 0xEF) {
    n = 3;
    if (b == 0xE0) lo = 0xA0; // no overlong forms
    if (b == 0xED) hi = 0x9F; // no surrogates
  } else if (b >= 0xF0 && b <= 0xF4) {
    n = 4;
    if (b == 0xF0) lo = 0x90; // no overlong forms
    if (b == 0xF4) hi = 0x8F; // nothing above U+10FFFF
  } else {
    return 0;
  }
  if (i + n > s.size() || at(i + 1) < lo || at(i + 1) > hi) return 0;
  for (size_t k = 2; k < n; ++k)
    if (at(i + k) < 0x80 || at(i + k) > 0xBF) return 0;
  return n;
}

} // namespace

bool isUtf8(std::string_view s) {
  for (size_t i = 0; i < s.size();) {
    const size_t n = sequenceLength(s, i);
    if (!n) return false;
    i += n;
  }
  return true;
}

std::string escapeUtf8(std::string_view s) {
  static const char hex[] = "0123456789ABCDEF";
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size();) {
    const size_t n = sequenceLength(s, i);
    if (n && s[i] != '%') {
      out.append(s.substr(i, n));
      i += n;
      continue;
    }
    const auto b = static_cast<uint8_t>(s[i++]);
    out += '%';
    out += hex[b >> 4];
    out += hex[b & 15];
  }
  return out;
}

std::string lowerAscii(std::string_view text) {
  std::string s(text);
  for (char& c : s)
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
  return s;
}

std::string fileSafeName(std::string_view name) {
  std::string s;
  for (char c : name) s += (c == '/' || c == '\\' || c == ':' || c == 0) ? '_' : c;
  if (s.empty() || s == "." || s == "..") s = "_" + s;
  return s;
}

} // namespace strata

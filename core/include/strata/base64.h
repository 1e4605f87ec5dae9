#pragma once
// RFC 4648 base64, for data: URIs (the .gltf writer's KTX2 images) and for the
// tests and benchmarks that read them back.
#include <cstdint>
#include <string>
#include <vector>

namespace strata {

inline std::string base64Encode(const std::vector<uint8_t>& in) {
  static const char* abc = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((in.size() + 2) / 3 * 4);
  for (size_t i = 0; i < in.size(); i += 3) {
    const uint32_t n = uint32_t(in[i]) << 16 | (i + 1 < in.size() ? in[i + 1] << 8 : 0) |
                       (i + 2 < in.size() ? in[i + 2] : 0);
    const size_t rest = in.size() - i; // bytes in this group: 1, 2 or 3+
    for (size_t k = 0; k < 4; ++k) out += k <= rest ? abc[n >> (18 - 6 * k) & 63] : '=';
  }
  return out;
}

// Characters outside the alphabet (padding, line breaks) are skipped.
inline std::vector<uint8_t> base64Decode(const std::string& s) {
  std::vector<uint8_t> out;
  uint32_t acc = 0;
  int bits = 0;
  for (char c : s) {
    int v = c >= 'A' && c <= 'Z'   ? c - 'A'
            : c >= 'a' && c <= 'z' ? c - 'a' + 26
            : c >= '0' && c <= '9' ? c - '0' + 52
            : c == '+'             ? 62
            : c == '/'             ? 63
                                   : -1;
    if (v < 0) continue;
    acc = acc << 6 | uint32_t(v);
    bits += 6;
    if (bits >= 8) out.push_back(uint8_t(acc >> (bits -= 8)));
  }
  return out;
}

} // namespace strata

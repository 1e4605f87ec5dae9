#include "ytd/ytd_name_hash.h"

namespace strata::ytd {

uint32_t nameHash(const std::string& name) {
  uint32_t h = 0;
  for (unsigned char c : name) {
    if (c >= 'A' && c <= 'Z') c = uint8_t(c - 'A' + 'a');
    h += c;
    h += h << 10;
    h ^= h >> 6;
  }
  h += h << 3;
  h ^= h >> 11;
  h += h << 15;
  return h;
}

std::string bareName(const std::string& name) {
  std::string s = name.substr(name.find_last_of("/\\:") + 1); // npos + 1 == 0
  const size_t dot = s.rfind('.');
  if (dot != std::string::npos && dot > 0) s.erase(dot);
  return s;
}

bool hashOfBareName(const std::string& name, uint32_t hash) {
  return nameHash(name) != hash && nameHash(bareName(name)) == hash;
}

} // namespace strata::ytd

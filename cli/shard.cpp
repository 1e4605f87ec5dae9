#include "shard.h"

#include <algorithm>
#include <cstdlib>

namespace strata::cli {

std::optional<Shard> parseShard(const std::string& text, std::string& why) {
  const size_t slash = text.find('/');
  auto number = [](const std::string& s, uint32_t& out) {
    if (s.empty() || s.size() > 9 || s.find_first_not_of("0123456789") != std::string::npos)
      return false;
    out = uint32_t(std::strtoul(s.c_str(), nullptr, 10));
    return true;
  };
  Shard s;
  if (slash == std::string::npos || !number(text.substr(0, slash), s.index) ||
      !number(text.substr(slash + 1), s.count) || s.count == 0) {
    why = "--shard expects I/N (shard I of N, 1 <= I <= N), got '" + text + "'";
    return std::nullopt;
  }
  if (s.index < 1 || s.index > s.count) {
    why = "--shard " + text + ": shards are numbered 1 to " + std::to_string(s.count) +
          " (a 0-based scheduler index i, as Slurm and Kubernetes give, is shard i+1)";
    return std::nullopt;
  }
  return s;
}

uint32_t shardOf(const std::string& key, uint32_t count) {
  uint64_t h = 0xcbf29ce484222325ull; // FNV-1a 64 offset basis
  for (unsigned char c : key) {
    h ^= c;
    h *= 0x100000001b3ull; // FNV-1a 64 prime
  }
  // SplitMix64 finaliser: every bit of h reaches the low bits the modulo keeps.
  h ^= h >> 30;
  h *= 0xbf58476d1ce4e5b9ull;
  h ^= h >> 27;
  h *= 0x94d049bb133111ebull;
  h ^= h >> 31;
  return uint32_t(h % count) + 1;
}

void keepShard(std::vector<Input>& inputs, const Shard& shard) {
  inputs.erase(
      std::remove_if(inputs.begin(), inputs.end(),
                     [&](const Input& in) { return shardOf(in.key, shard.count) != shard.index; }),
      inputs.end());
}

} // namespace strata::cli

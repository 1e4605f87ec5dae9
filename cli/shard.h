#pragma once
// --shard I/N: a stable share of a batch's inputs (docs/distributed.md). An
// input belongs to shard I when a hash of its key (Input::key: the path
// relative to the argument it came from) picks I, so the same file lands in the
// same shard whatever order a directory lists it in and whatever else is added.
#include "inputs.h"

#include <cstdint>
#include <optional>
#include <string>

namespace strata::cli {

// Shards are numbered 1..N, as in `split -n l/I/N` and the "1/3, 2/3, 3/3" of
// a three-way split; a 0-based scheduler index i (Slurm, Kubernetes) is shard i+1.
struct Shard {
  uint32_t index = 1; // 1..count
  uint32_t count = 1;
};

// "I/N" -> Shard; nullopt (with `why` set) when it is not 1 <= I <= N.
std::optional<Shard> parseShard(const std::string& text, std::string& why);

// The shard, 1..count, that `key` belongs to: FNV-1a 64 of the key's bytes,
// passed through the SplitMix64 finaliser (FNV's low bits alone follow the
// parity of the key's bytes), modulo count, plus 1.
uint32_t shardOf(const std::string& key, uint32_t count);

// Keeps only the inputs of `shard`.
void keepShard(std::vector<Input>& inputs, const Shard& shard);

} // namespace strata::cli

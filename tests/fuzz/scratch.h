#pragma once
// Files for the harnesses whose readers take paths (the format handlers,
// tinygltf, Assimp): one directory per process under $TMPDIR (else /tmp),
// removed at exit, rewritten on every input.
#include <cstddef>
#include <cstdint>
#include <string>

namespace strata::fuzz {

// The process's own directory, created on first use.
const std::string& scratchDir();

// Writes `size` bytes to scratchDir()/name (sub-directories created) and
// returns the path.
std::string writeScratch(const std::string& name, const uint8_t* data, size_t size);

} // namespace strata::fuzz

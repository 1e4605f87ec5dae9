#pragma once
// GLB framing (glTF 2.0 "GLB File Format Specification"): a 12-byte header
// (magic, version 2, total length), then chunks of an 8-byte header (length,
// type) and data padded to 4 bytes: the JSON chunk (padded with spaces), then
// the BIN chunk (padded with zeros), which holds buffer 0. The one framing of
// the writer, the compressor and the tests.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace strata::gltf::glb {

constexpr uint32_t kMagic = 0x46546C67; // "glTF"
constexpr uint32_t kVersion = 2;
constexpr uint32_t kJsonChunk = 0x4E4F534A; // "JSON"
constexpr uint32_t kBinChunk = 0x004E4942;  // "BIN\0"
constexpr size_t kHeaderSize = 12, kChunkHeaderSize = 8;
// The JSON chunk's data starts here.
constexpr size_t kJsonStart = kHeaderSize + kChunkHeaderSize;

// The bytes that pad `n` to a 4-byte boundary.
inline size_t padTo4(size_t n) {
  return (4 - n % 4) % 4;
}

// `head` holds kJsonStart bytes of room, then the JSON: it becomes the GLB's
// bytes up to its BIN chunk's data (the header and chunk header written into
// the room, the JSON padded, the BIN chunk's header when binLength > 0), for
// a BIN chunk of binLength bytes before its padding. Throws strata::Error
// when the GLB would pass 4 GiB.
void frame(std::string& head, size_t binLength);

// The chunks of a GLB's bytes, as they are: the JSON text and the BIN
// chunk's data (empty when there is none). Throws strata::Error naming `file`
// and the offset when the framing is wrong.
struct Chunks {
  std::string_view json;
  const uint8_t* bin = nullptr;
  size_t binLength = 0;
};
Chunks chunksOf(const std::vector<uint8_t>& bytes, const std::string& file);

} // namespace strata::gltf::glb

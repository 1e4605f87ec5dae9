#include "container.h"

#include "strata/error.h"

namespace strata::gltf::glb {

namespace {

void put32(char* to, uint32_t v) {
  for (int i = 0; i < 4; ++i) to[i] = char(v >> (8 * i));
}

uint32_t le32(const uint8_t* p) {
  return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
}

} // namespace

void frame(std::string& head, size_t binLength) {
  const size_t json = head.size() - kJsonStart;
  const size_t jsonPad = padTo4(json);
  const uint64_t bin = binLength ? kChunkHeaderSize + binLength + padTo4(binLength) : 0;
  const uint64_t total = kJsonStart + json + jsonPad + bin;
  if (total > 0xFFFFFFFFu) throw Error("", Error::kNoOffset, "a GLB holds at most 4 GiB");
  put32(&head[0], kMagic);
  put32(&head[4], kVersion);
  put32(&head[8], uint32_t(total));
  put32(&head[12], uint32_t(json + jsonPad));
  put32(&head[16], kJsonChunk);
  head.append(jsonPad, ' ');
  if (binLength) {
    char chunk[kChunkHeaderSize];
    put32(chunk, uint32_t(binLength + padTo4(binLength)));
    put32(chunk + 4, kBinChunk);
    head.append(chunk, kChunkHeaderSize);
  }
}

Chunks chunksOf(const std::vector<uint8_t>& b, const std::string& file) {
  if (b.size() < kJsonStart || le32(b.data()) != kMagic)
    throw Error(file, 0, "not a GLB (expected the magic glTF and a 20-byte header)");
  const uint32_t jsonLength = le32(&b[12]);
  if (le32(&b[16]) != kJsonChunk || jsonLength > b.size() - kJsonStart)
    throw Error(file, 12, "the JSON chunk's header is wrong or it runs past the end");
  Chunks c;
  c.json = std::string_view(reinterpret_cast<const char*>(&b[kJsonStart]), jsonLength);
  const size_t binAt = kJsonStart + jsonLength;
  if (binAt == b.size()) return c;
  if (b.size() - binAt < kChunkHeaderSize || le32(&b[binAt + 4]) != kBinChunk ||
      le32(&b[binAt]) > b.size() - binAt - kChunkHeaderSize)
    throw Error(file, binAt, "the BIN chunk's header is wrong or it runs past the end");
  c.bin = &b[binAt + kChunkHeaderSize];
  c.binLength = le32(&b[binAt]);
  return c;
}

} // namespace strata::gltf::glb

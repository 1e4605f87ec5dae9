#pragma once
// How large an image Strata agrees to decode from a compressed stream. Every
// decoder checks the size a header declares against a sane cap and against
// what its payload can hold before it allocates anything for the pixels, so a
// few hundred bytes claiming 32768 x 32768 fail at once instead of allocating
// gigabytes.
#include <cstdint>
#include <string>

namespace strata::image {

// The largest side decoded from PNG or JPEG: D3D11's and D3D12's largest 2D
// texture. Torque's tiles (at most 1024 in its tools) and blended source images
// (4096 at most on the D3D9 hardware TSE targeted) sit far inside; 16384^2
// RGBA8 is already 1 GiB.
constexpr uint32_t kMaxDecodedSide = 16384;

// The least-compressed-bytes rules, one per codec; each is a property of the
// codec, never of a particular encoder, so no valid stream can break it.
//
// Deflate (PNG IDAT): one match copies at most 258 bytes and costs at least a
// 1-bit length code plus a 1-bit distance code, so a deflate stream expands at
// most 258 / 2 bits = 1032:1 (RFC 1951 §3.2.5).
constexpr uint64_t kDeflateMaxRatio = 1032;
// Huffman JPEG (ITU T.81 Annex F / G): every 8x8 block of every component is
// coded with at least one Huffman code of at least one bit (a sequential scan
// codes its DC difference and at least one AC symbol, two codes; a progressive
// DC-first scan, which every complete progressive image has, one).
constexpr uint64_t kJpegMinBitsSequential = 2, kJpegMinBitsProgressive = 1;
// Zstandard (RFC 8878 §3.1.1.2): a frame is a sequence of blocks, each with a
// 3-byte header and at most 128 KiB of output.
constexpr uint64_t kZstdBlockMaxOutput = 128 * 1024, kZstdBlockHeaderBytes = 3;

// What a header declares, for checkDeclaredSize.
struct DeclaredImage {
  std::string what; // names the stream in errors: "PNG", "JPEG", "KTX2 level 0"
  uint32_t width = 0, height = 0;
  uint32_t maxSide = kMaxDecodedSide;
  // The fewest payload bytes any valid stream of this size has, from the
  // codec's rule above, and the bytes the payload holds.
  uint64_t leastBytes = 0, payloadBytes = 0;
  std::string rule; // why leastBytes is what it is, for the message
};

// Throws strata::Error naming `file` and `offset` (where the size is declared)
// unless both sides are in 1..maxSide and leastBytes <= payloadBytes.
void checkDeclaredSize(const DeclaredImage& d, const std::string& file, uint64_t offset);

} // namespace strata::image

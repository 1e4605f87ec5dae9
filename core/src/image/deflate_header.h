#pragma once
// When libdeflate may inflate a PNG's zlib stream in zlib's place (png_simple.cpp):
// libdeflate inflates Atlas tiles in 56% of zlib's time, but decodes some streams
// zlib refuses (docs/performance.md, "PNG decode"): litlen symbols 286-287 and
// distance symbols 30-31 (possible in a fixed-code block, or with HLIT or
// HDIST past 286 or 30), an incomplete precode, and the unused codeword of a
// distance code with one codeword. A stream this accepts has none of them.
#include <cstddef>
#include <cstdint>

namespace strata::image {

// Whether the zlib stream of `n` bytes at `z` (RFC 1950, its two-byte header
// checked by the caller) starts with one final block with dynamic codes
// (RFC 1951 §3.2.3) whose header zlib accepts as it is: at most 286
// literal/length and 30 distance codes (§3.2.7), every code length repeat
// within the lengths, the end-of-block code present, and the precode, the
// literal/length code and the distance code each complete (Kraft sum 1).
// Then every codeword means the same symbol to both libraries, and each
// inflates the stream to the same bytes or refuses it. Otherwise false:
// zlib inflates it.
bool libdeflateInflatesAsZlib(const uint8_t* z, size_t n);

} // namespace strata::image

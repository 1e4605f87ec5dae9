// The WAD decoder (rc2-level-wad.md section 3): the fuzzed bytes as a stream
// without a declared size, then declaring the size the first four bytes give
// (bounded as a level's 0x8C would be), then into a caller's buffer.
#include "harness.h"

#include "common/bytes.h"
#include "wad/wad_codec.h"

namespace strata::fuzz {

void fuzzWad(const uint8_t* data, size_t size) {
  const wad::StreamRef s{data, size, "fuzz.wad", 0, "core_data"};
  std::vector<uint8_t> whole;
  cleanErrorsAllowed([&] { whole = wad::decompress(s, -1); });
  if (size < 20) return;
  // Past the header's 16 bytes, 4 more name a declared size (within 1 MiB).
  const int64_t declared = int64_t(loadLE<uint32_t>(data + 16) & 0xFFFFF);
  cleanErrorsAllowed([&] {
    const std::vector<uint8_t> out = wad::decompress(s, declared);
    if (out.size() != size_t(declared)) throw std::logic_error("decoded past the declared size");
  });
  cleanErrorsAllowed([&] {
    std::vector<uint8_t> out(whole.size());
    wad::decompressInto(s, out.data(), out.size());
    if (out != whole) throw std::logic_error("decompressInto differs from decompress");
  });
}

} // namespace strata::fuzz

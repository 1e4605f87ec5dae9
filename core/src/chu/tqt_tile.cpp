#include "chu/tqt_tile.h"

#include "strata/error.h"
#include "strata/image.h"

namespace strata::tqt {

TileDds readTileDds(const Tile& tile, const std::string& fileName) {
  const uint64_t base = uint64_t(tile.offset) + 4; // ddsBytes follow the U32 chunkSize
  TileDds out;
  const auto& d = tile.dds;
  auto u32At = [&](size_t at) {
    return at + 4 <= d.size() ? uint32_t(d[at]) | uint32_t(d[at + 1]) << 8 |
                                    uint32_t(d[at + 2]) << 16 | uint32_t(d[at + 3]) << 24
                              : 0u;
  };
  out.height = u32At(12); // DDS_HEADER.dwHeight
  out.width = u32At(16);  // DDS_HEADER.dwWidth
  try {
    out.image = image::readDDS(d, fileName);
    out.decoded = true;
    out.format = image::pixelFormat(out.image.dxgiFormat)->name;
  } catch (const Unsupported& e) {
    out.format = "unsupported (" + e.detail() + ")";
  } catch (const Error& e) {
    throw Error(fileName, e.offset() == Error::kNoOffset ? base : base + e.offset(),
                "TQT tile at " + std::to_string(tile.offset) +
                    " does not hold a complete DDS stream: " + e.detail());
  }
  return out;
}

} // namespace strata::tqt

#include "ytd/ytd_layout.h"
#include "common/bytes.h"

#include "strata/image.h"
#include "ytd/ytd_formats.h"

#include <algorithm>

namespace strata::ytd {

namespace {

// ytd-layout.md: "0x20 tile mode (8 linear, 255 auto; PC Enhanced = 255 linear data)".
constexpr uint8_t kTileLinear = 8, kTileAuto = 255;

uint32_t fullChainLength(uint32_t w, uint32_t h, uint32_t d) {
  uint32_t m = std::max({w, h, d}), n = 1;
  while (m > 1) m >>= 1, ++n;
  return n;
}

uint32_t nextPow2(uint32_t v) {
  uint32_t p = 1;
  while (p < v) p <<= 1;
  return p;
}

// ytd-layout.md, "Block count": "mips>1 -> round w,h up to pow2 first; sum
// over mips max(1,ceil(w/bp))*max(1,ceil(h/bp))*depth". Depth is not rounded.
uint64_t pow2Reading(const image::PixelFormat& pf, uint32_t w, uint32_t h, uint32_t d,
                     uint32_t mips) {
  uint64_t bw = w, bh = h;
  const uint64_t bd = std::max(1u, d);
  if (mips > 1) bw = nextPow2(w), bh = nextPow2(h);
  const uint64_t bp = pf.blockDim;
  uint64_t blocks = 0;
  for (uint32_t i = 0; i < mips; ++i) {
    blocks +=
        std::max<uint64_t>(1, (bw + bp - 1) / bp) * std::max<uint64_t>(1, (bh + bp - 1) / bp) * bd;
    bw /= 2, bh /= 2;
  }
  return blocks * pf.bytesPerBlock;
}

void layoutEnhanced(const TextureRecord& rec, TextureLayout& L) {
  L.dxgi = sgaToDxgi(rec.sgaFormat);
  if (!L.dxgi) {
    L.unsupported = "SGA format " + hex(rec.sgaFormat) + " is not one the specs list";
    return;
  }
  const image::PixelFormat* pf = image::pixelFormat(L.dxgi);
  if (!pf) {
    L.unsupported = "DXGI format " + std::to_string(L.dxgi) + " is not in the image core's table";
    return;
  }
  if (rec.tileMode != kTileLinear && rec.tileMode != kTileAuto)
    L.unsupported = "tile mode " + std::to_string(rec.tileMode) +
                    " is a tiled (non-linear) layout; only 8 (linear) and 255 (auto, linear on "
                    "PC) are supported";
  const uint32_t w = L.width, h = L.height, depth = std::max<uint32_t>(1, rec.depth);
  const uint32_t m = L.mips;

  // The candidate readings and their byte lengths.
  const uint64_t slice = chainBytes(L.dxgi, w, h, 1, m, false);
  const bool cubeFits = rec.depth <= 1 || rec.depth % 6 == 0;
  const uint32_t cubes = rec.depth <= 1 ? 1 : rec.depth / 6;
  const uint64_t cubeBytes = cubeFits ? slice * 6 * cubes : 0;
  const uint64_t volumeBytes = chainBytes(L.dxgi, w, h, depth, m, true);

  if (rec.dimension == 1) {
    L.shape = Shape::Texture2D;
    L.layers = depth; // a depth above 1 is a 2D array (its view is 0x61)
  } else if (rec.dimension == 2 || rec.dimension == 3) {
    const uint64_t S = L.storedBytes;
    enum { None, Cube, Volume } bySize = None, byView = None;
    if (cubeFits && S == cubeBytes && S != volumeBytes) bySize = Cube;
    if (S == volumeBytes && !(cubeFits && S == cubeBytes)) bySize = Volume;
    if (rec.viewDimension == kViewCube) byView = Cube;
    if (rec.viewDimension == kViewVolume) byView = Volume;
    int pick;
    if (bySize == None && byView == None) {
      L.dimensionBasis = DimensionBasis::Undecided;
      pick = rec.dimension == 2 ? Volume : Cube; // ytd-enhanced.md table: "1 2D, 2 3D, 3 cube"
    } else if (bySize == None) {
      L.dimensionBasis = DimensionBasis::View;
      pick = byView;
    } else if (byView == None) {
      L.dimensionBasis = DimensionBasis::StoredSize;
      pick = bySize;
    } else {
      L.dimensionBasis =
          bySize == byView ? DimensionBasis::ViewAndSize : DimensionBasis::SizeOverView;
      pick = bySize;
    }
    if (pick == Cube) {
      if (!cubeFits) {
        L.unsupported =
            "a cube needs a depth of 1 or a multiple of 6, found " + std::to_string(rec.depth);
        return;
      }
      if (w != h) {
        L.unsupported =
            "cube faces must be square, found " + std::to_string(w) + "x" + std::to_string(h);
        return;
      }
      L.shape = Shape::Cube;
      L.layers = cubes;
    } else {
      L.shape = Shape::Volume;
      L.depth = depth;
    }
  } else {
    L.unsupported = "dimension byte " + std::to_string(rec.dimension) + " (expected 1, 2 or 3)";
    return;
  }
  L.computedBytes = L.shape == Shape::Cube     ? cubeBytes
                    : L.shape == Shape::Volume ? volumeBytes
                                               : slice * L.layers;
  L.pow2Bytes = pow2Reading(*pf, w, h, L.shape == Shape::Texture2D ? depth : rec.depth, m);
  if (L.shape == Shape::Cube && rec.depth <= 1) L.pow2Bytes *= 6;
  L.censusChecked = true;
  L.censusOk = L.computedBytes == L.storedBytes;
  // A mipped non-power-of-two texture may count the blocks of its sides
  // rounded up to powers of two; it still holds the real chain from its start.
  if (!L.censusOk && m > 1 && L.storedBytes == L.pow2Bytes) {
    L.censusOk = true;
    L.blockCountRule = BlockCountRule::PowerOfTwoSides;
  }
}

// ytd-layout.md: "Data length = sum stride*height >> 2 per further mip".
uint64_t legacyFormula(const TextureRecord& rec) {
  uint64_t total = 0, len = uint64_t(rec.stride) * rec.height;
  for (uint32_t i = 0; i < rec.mips; ++i, len /= 4) total += len;
  return total;
}

void layoutLegacy(const TextureRecord& rec, const DataSpace& space, TextureLayout& L) {
  L.dxgi = d3dToDxgi(rec.d3dFormat);
  if (!L.dxgi) {
    L.unsupported = "legacy format " + d3dFormatName(rec.d3dFormat) + " is not a known D3D format";
    return;
  }
  const image::PixelFormat* pf = image::pixelFormat(L.dxgi);
  if (!pf) {
    L.unsupported = "DXGI format " + std::to_string(L.dxgi) + " is not in the image core's table";
    return;
  }
  if (rec.depth > 1) {
    L.unsupported = "legacy depth " + std::to_string(rec.depth) +
                    ": the legacy size formula has no slices, so their layout is unknown";
    return;
  }
  const uint64_t chain = chainBytes(L.dxgi, L.width, L.height, 1, L.mips, false);
  // Padded rows would need unpacking.
  const uint64_t packed = legacyStride(L.dxgi, L.width);
  if (rec.stride == packed) {
    L.computedBytes = chain;
    return;
  }
  // ATI2 with the stride of 8-byte blocks (seen in real files): the stride alone
  // cannot tell, the room the data has can.
  if (L.dxgi == image::dxgi::BC5 && rec.stride * 2 == packed) {
    L.computedBytes = chain;
    L.strideRule = chain <= space.bytes ? StrideRule::Bc5ByDataSpace : StrideRule::Bc5SpaceTooSmall;
    return;
  }
  L.unsupported = "stride " + std::to_string(rec.stride) + " differs from the packed pitch " +
                  std::to_string(packed) + " of a " + std::to_string(L.width) +
                  "-wide top mip; padded rows are not supported";
}

} // namespace

const char* shapeName(Shape s) {
  switch (s) {
  case Shape::Texture2D:
    return "2D";
  case Shape::Cube:
    return "cube";
  case Shape::Volume:
    return "3D";
  }
  return "?";
}

const char* strideRuleName(StrideRule r) {
  switch (r) {
  case StrideRule::Packed:
    return "packed pitch";
  case StrideRule::Bc5ByDataSpace:
    return "BC5 by data space (stride of 8-byte blocks)";
  case StrideRule::Bc5SpaceTooSmall:
    return "BC5 read past its data space (stride of 8-byte blocks)";
  }
  return "?";
}

const char* blockCountRuleName(BlockCountRule r) {
  switch (r) {
  case BlockCountRule::Exact:
    return "exact";
  case BlockCountRule::PowerOfTwoSides:
    return "power-of-two sides";
  }
  return "?";
}

const char* dimensionBasisName(DimensionBasis b) {
  switch (b) {
  case DimensionBasis::Plain:
    return "plain";
  case DimensionBasis::View:
    return "view";
  case DimensionBasis::StoredSize:
    return "stored size";
  case DimensionBasis::ViewAndSize:
    return "view and stored size";
  case DimensionBasis::SizeOverView:
    return "stored size (view disagrees)";
  case DimensionBasis::Undecided:
    return "undecided (spec reading)";
  }
  return "?";
}

uint64_t legacyStride(uint32_t dxgi, uint32_t width) {
  const image::PixelFormat* pf = image::pixelFormat(dxgi);
  if (!pf) return 0;
  const uint64_t blocksWide = (uint64_t(width) + pf->blockDim - 1) / pf->blockDim;
  const uint64_t pitch = blocksWide * pf->bytesPerBlock;
  return pf->blockDim == 1 ? pitch : pitch / 4;
}

uint64_t chainBytes(uint32_t dxgi, uint32_t w, uint32_t h, uint32_t d, uint32_t mips,
                    bool halveDepth) {
  uint64_t total = 0;
  for (uint32_t i = 0; i < mips; ++i) {
    const uint32_t mw = std::max(1u, w >> i), mh = std::max(1u, h >> i);
    const uint32_t md = halveDepth ? std::max(1u, d >> i) : d;
    total += image::mipByteSize(dxgi, mw, mh, md);
  }
  return total;
}

TextureLayout layoutOf(const TextureRecord& rec, const DataSpace& space) {
  TextureLayout L;
  L.width = rec.width;
  L.height = rec.height;
  L.mips = rec.mips;
  L.space = space;
  if (rec.edition == Edition::Enhanced) L.storedBytes = uint64_t(rec.blockCount) * rec.blockSize;
  if (rec.edition == Edition::Legacy) L.legacyFormulaBytes = legacyFormula(rec);
  // A volume's chain may run on past its sides' when it is deeper than wide.
  const uint32_t deepest = rec.edition == Edition::Enhanced && rec.dimension != 1 ? rec.depth : 1;
  if (rec.width == 0 || rec.height == 0 || rec.mips == 0 ||
      rec.mips > fullChainLength(rec.width, rec.height, deepest)) {
    L.unsupported = "invalid size " + std::to_string(rec.width) + "x" + std::to_string(rec.height) +
                    " with " + std::to_string(rec.mips) + " mips (a mip chain ends at 1x1)";
    return L;
  }
  if (rec.edition == Edition::Legacy)
    layoutLegacy(rec, space, L);
  else
    layoutEnhanced(rec, L);
  return L;
}

} // namespace strata::ytd

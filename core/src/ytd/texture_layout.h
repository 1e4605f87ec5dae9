#pragma once
// What a texture record means as an image: DXGI format, shape (2D / cube /
// volume), mip chain and its byte length, and why a texture cannot be
// converted when it cannot.
#include "ytd/texture_record.h"

#include <cstdint>
#include <string>

namespace strata::ytd {

enum class Shape { Texture2D, Cube, Volume };
const char* shapeName(Shape s);

// How the reading of the dimension byte was reached (ytd-enhanced.md: the spec
// reads 2 as 3D and 3 as cube; CodeWalker, ragekit and rage-formats read 2 as
// cube and 3 as 3D; issue 4: decide per texture from the stored size and the
// view block, else say so and take the spec's reading).
enum class DimensionBasis {
  Plain,        // dimension 1 (2D) or a legacy record: nothing to decide
  View,         // the view block at the view pointer names cube (0x82) or 3D (0xA3)
  StoredSize,   // blockCount x blockSize fits only one reading
  ViewAndSize,  // both, agreeing
  SizeOverView, // both, disagreeing: the stored size wins (it is what holds the data)
  Undecided,    // neither decides: the spec's reading
};
const char* dimensionBasisName(DimensionBasis b);

struct TextureLayout {
  uint32_t dxgi = 0; // 0: the stored format code is not one we know
  Shape shape = Shape::Texture2D;
  uint32_t width = 0, height = 0;
  uint32_t depth = 1;  // volume depth (1 unless Shape::Volume)
  uint32_t layers = 1; // 2D array slices, or cubes (6 faces each)
  uint32_t mips = 0;
  // Bytes of every mip of every slice of this reading, in DDS order (per
  // layer, per face, all mips largest first); 0 when unknown.
  uint64_t computedBytes = 0;
  DimensionBasis dimensionBasis = DimensionBasis::Plain;

  // Enhanced: the census invariant (ytd-enhanced.md): computed == stored.
  uint64_t storedBytes = 0; // blockCount x blockSize
  uint64_t pow2Bytes = 0;   // CodeWalker's GetBlockCount reading (ytd-layout.md), for messages
  bool censusChecked = false;
  bool censusOk = true;

  // Legacy: what CodeWalker reads, sum of stride*height >> 2 per further mip
  // (ytd-layout.md); short of the full chain for tiny BC mips.
  uint64_t legacyFormulaBytes = 0;

  std::string unsupported; // why the texture cannot be converted; empty when it can
};

TextureLayout layoutOf(const TextureRecord& rec);

// Sum of mip sizes for a 2D chain (one slice), or for a volume whose depth
// halves with each mip when `halveDepth`.
uint64_t chainBytes(uint32_t dxgi, uint32_t w, uint32_t h, uint32_t d, uint32_t mips,
                    bool halveDepth);

} // namespace strata::ytd

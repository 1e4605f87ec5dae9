#pragma once
// What a texture record means as an image: DXGI format, shape (2D / cube /
// volume), mip chain and its byte length, and why a texture cannot be
// converted when it cannot.
#include "ytd/ytd_model.h"

#include <cstdint>
#include <string>

namespace strata::ytd {

enum class Shape { Texture2D, Cube, Volume };
const char* shapeName(Shape s);

// How the reading of the dimension byte was reached (ytd-enhanced.md: the spec
// reads 2 as 3D and 3 as cube; CodeWalker, ragekit and rage-formats read 2 as
// cube and 3 as 3D; Strata decides per texture from the stored size and the
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

// How a legacy record's stride was read. Legacy ATI2 (BC5)
// textures in real files store a stride of width/2, as if their blocks were 8
// bytes, over a full chain of 16-byte blocks; the room the data has decides.
enum class StrideRule {
  Packed,           // the stride is the packed pitch of the top mip (ytd-layout.md)
  Bc5ByDataSpace,   // ATI2, stride as for 8-byte blocks; the data space holds the full BC5 chain
  Bc5SpaceTooSmall, // ATI2, stride as for 8-byte blocks; the chain runs on past the data space
};
const char* strideRuleName(StrideRule r);

// How an Enhanced record's block count matched the computed chain.
enum class BlockCountRule {
  Exact,          // blockCount x blockSize = the computed chain (ytd-enhanced.md census)
  PowerOfTwoSides // mipped non-power-of-two: the count of the chain of the sides rounded up
                  // to powers of two (ytd-layout.md, "Block count"); the data is the real chain
};
const char* blockCountRuleName(BlockCountRule r);

// The room a texture's pixel data has: from its data pointer to the next
// texture's data in the same segment, or else to the segment's end.
struct DataSpace {
  uint64_t bytes = 0;
  bool toNextData = false; // bounded by another texture's data, not the segment end
};

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
  DataSpace space; // the room the data has (legacy: decides the stride rule and the tail)

  // Enhanced: the census invariant (ytd-enhanced.md): computed == stored.
  uint64_t storedBytes = 0; // blockCount x blockSize
  uint64_t pow2Bytes = 0;   // CodeWalker's GetBlockCount reading (ytd-layout.md), for messages
  bool censusChecked = false;
  bool censusOk = true;
  BlockCountRule blockCountRule = BlockCountRule::Exact;

  // Legacy: what CodeWalker reads, sum of stride*height >> 2 per further mip
  // (ytd-layout.md); short of the full chain for tiny BC mips.
  uint64_t legacyFormulaBytes = 0;
  StrideRule strideRule = StrideRule::Packed;

  std::string unsupported; // why the texture cannot be converted; empty when it can
};

// `space` is the room the record's data has (legacy: it decides the stride
// rule; Enhanced ignores it).
TextureLayout layoutOf(const TextureRecord& rec, const DataSpace& space);

// The stride a legacy record stores for a top mip `width` texels wide: the
// packed pitch, for BC formats the block-row bytes / 4 (ytd-layout.md,
// "Legacy texture"); 0 for a format outside the image table.
uint64_t legacyStride(uint32_t dxgi, uint32_t width);

// Sum of mip sizes for a 2D chain (one slice), or for a volume whose depth
// halves with each mip when `halveDepth`.
uint64_t chainBytes(uint32_t dxgi, uint32_t w, uint32_t h, uint32_t d, uint32_t mips,
                    bool halveDepth);

} // namespace strata::ytd

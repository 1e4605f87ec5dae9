#pragma once
// The DDS stream of a TQT tile (§9c), read through the image core's DDS reader.
#include "chu/tqt_model.h"
#include "strata/scene.h"

#include <string>

namespace strata::tqt {

struct TileDds {
  uint32_t width = 0, height = 0; // from DDS_HEADER, even for an unsupported format
  bool decoded = false;           // false: a valid header in a format Strata does not read
  std::string format;             // the DXGI row name ("BC1_UNORM"), or why it is unsupported
  Image image;                    // when decoded
};

// §9e: the tile payload must begin with DDS and hold the complete stream its
// header describes. Throws strata::Error at the absolute byte offset in
// `fileName` otherwise; a well-formed header in a format the image core does
// not read gives decoded == false (the stream's completeness cannot be checked).
TileDds readTileDds(const Tile& tile, const std::string& fileName);

} // namespace strata::tqt

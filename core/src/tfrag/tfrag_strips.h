#pragma once
// Strip records to triangles (tfrag-layout.md "Strips -> triangles").
#include "tfrag/tfrag_model.h"

#include <array>
#include <string>
#include <vector>

namespace strata::tfrag {

// One GS triangle strip: `count` consecutive entries of the LOD's index array.
struct StripRun {
  uint32_t record = 0;     // index of the strip record
  uint32_t firstIndex = 0; // into the LOD's index array
  uint32_t count = 0;      // vertices; count - 2 triangles
  int adGif = -1;          // ad-gif in effect (index into Tfrag::adGifs)
  bool kick = false;       // end-of-packet flag was set
};

// Decodes a strip list. Record 0 is always biased and loads ad-gif z/5;
// x > 0 a plain run of x vertices; x == 0 ends the list; x < 0 a run of
// x + 128 vertices that loads ad-gif z/5 when y >= 0, or kicks when y < 0 and
// then loads z/5 if z >= 0. Throws strata::Error (file, offset of the record)
// for an unbiased first record, a run of fewer than 3 vertices or an ad-gif
// offset that is not a multiple of 5 inside `adGifCount`.
std::vector<StripRun> decodeStrips(const std::vector<Strip>& strips, size_t adGifCount,
                                   const std::string& file, uint64_t offset);

// Sum of (count - 2) over the runs.
uint32_t triangleCount(const std::vector<StripRun>& runs);

struct LodTriangles {
  // Vertex-info indices (into common || LOD 0+1 || LOD 0), with the winding
  // alternating along each strip so every triangle faces the same way.
  std::vector<std::array<uint32_t, 3>> triangles;
  std::vector<int> adGif; // per triangle
};

// Triangles of LOD 0, 1 or 2. Throws strata::Error when the strips use more
// indices than the list holds or an index leaves the LOD's vertex infos.
LodTriangles lodTriangles(const Tfrag& t, int lod, const std::string& file);

} // namespace strata::tfrag

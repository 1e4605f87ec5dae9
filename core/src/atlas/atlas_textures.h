#pragma once
// Atlas textures in the scene (design.md "Atlas textures"; atlas-chu-tqt.md
// §4; atlas-torque-source-notes.md "Blended atlas").
#include "atlas/atlas_config.h"
#include "atlas/atlas_model.h"
#include "strata/formats.h"
#include "strata/scene.h"

#include <map>
#include <memory>
#include <string>

namespace strata::atlas {

// A texture tile decoded: JPEG/PNG to RGBA8 (optionally swapping red and blue
// for content made from BGR data, §4), DDS as stored (image core).
Image decodeTile(const Frame& frame, bool swapRedBlue, const std::string& fileName);

// Every tile of every Tex TOC, named tex<slot>_L<level>_<x>_<y> by stub position.
std::vector<Image> allTiles(const File& file, bool swapRedBlue, const std::string& fileName);

// Gives each chunk's primitives their texture coordinates and material.
class TextureBinder {
public:
  TextureBinder(const File& file, const LoadOptions& options, const std::string& fileName,
                Scene& scene);
  ~TextureBinder();
  // Sets uv0 (tile-local), uv1 (global), the morph uv0 deltas and the material
  // of every primitive in `mesh`, which was built from `chunk` at (level, x, y).
  void bind(Mesh& mesh, uint32_t level, uint32_t x, uint32_t y);
  bool active() const;

private:
  struct State;
  std::unique_ptr<State> s_;
};

} // namespace strata::atlas

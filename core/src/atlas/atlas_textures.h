#pragma once
// Atlas textures in the scene (design.md "Atlas textures"; atlas-chu-tqt.md
// §4; atlas-torque-source-notes.md "Blended atlas").
#include "atlas/atlas_config.h"
#include "atlas/atlas_model.h"
#include "atlas/atlas_texture_tree.h"
#include "atlas/atlas_tiles.h"
#include "common/problems.h"
#include "strata/formats.h"
#include "strata/scene.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace strata::atlas {

struct BlendSources {
  std::vector<Image> images;        // every named source, decoded, in sourceImage order
  std::vector<std::string> missing; // names with no file beside the .atlas
  bool complete = false;            // all there and decoded: the blend can be computed
};

// The source images a blended config names, looked up beside the .atlas (the
// path as written, then its bare file name). A missing one is a warning: an
// .atlas often travels without the images it was authored from, and the
// opacity map shaded by the light map stands in. One that is there but does
// not decode is an error (kSourcePiece): the user has it and expects its
// colour, and falling back silently would lose it unseen. Both are added to
// `problems`.
BlendSources readBlendSources(const TextureSchema& schema, const std::string& atlasPath,
                              std::vector<Problem>& problems);

// Where a chunk's tile lies (§4) and the material that shows it.
struct ChunkTexture {
  TilePlacement placement;
  int material = -1;
};

// Sets uv0 (tile-local), uv1 (global), the morph uv0 deltas and the material
// of every primitive in `mesh`, which was built from the chunk `t` was placed
// for. Touches nothing but `mesh`: the meshes are textured on every core.
void applyTexture(Mesh& mesh, const ChunkTexture& t);
// What applyTexture does to the outline of such a mesh (made on demand):
// a second UV set as large as the first, and the material.
void applyTexture(MeshOutline& outline, const ChunkTexture& t);

// Gives each chunk's primitives their texture coordinates and material, the
// tiles decoded through `tiles`. Under LoadOptions::partial a tile that does
// not decode leaves its chunks with the nearest ancestor tile that does,
// placed by §4 at that level, or untextured where none does.
class TextureBinder {
public:
  TextureBinder(const File& file, const LoadOptions& options, const std::string& fileName,
                Scene& scene, TileCache& tiles);
  ~TextureBinder();
  // Decodes, on every core the thread budget gives, the tiles that place()
  // will ask for for the chunks of geometry level `level` (the ones §4
  // assigns; a fallback tile under --partial is still decoded when asked).
  void decodeAhead(uint32_t level);
  // The texture of the chunk at (level, x, y): its tile taken from the cache
  // and its material added to the scene. Called for the chunks in node order,
  // so the images and materials are in that order; none without a texture tree.
  std::optional<ChunkTexture> place(uint32_t level, uint32_t x, uint32_t y);
  // Composes the blended images place() laid out (their texels), on every
  // core the thread budget gives. After the last place().
  void composeBlended();
  bool active() const;
  // The blended sources' problems, found by the constructor.
  const std::vector<Problem>& sourceProblems() const;
  // Every broken tile a chunk wanted, by pieceIndex(toc, frame offset): the
  // level of the tile its chunks show instead, or -1 (untextured).
  const std::map<uint64_t, int>& fallbacks() const;

private:
  struct State;
  std::unique_ptr<State> s_;
};

} // namespace strata::atlas

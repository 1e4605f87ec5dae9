#pragma once
// The load path of an Atlas model (convert, textures, the C ABI) runs the
// checks validate runs (atlas_check.h, atlas_tiles.h) and acts on them: an
// error refuses the file, naming it, unless LoadOptions::partial, under which
// the broken piece is left out and named (Scene::leftOut, TextureSet::leftOut).
#include "atlas/atlas_model.h"
#include "atlas/atlas_tiles.h"
#include "common/problems.h"
#include "strata/formats.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace strata::atlas {

// checkStructure's verdict: throws the first error unless `partial`, else
// returns the geometry chunks to leave out (by pieceIndex(toc, stub)) and adds
// a line for each broken piece to `leftOut`. A whole-file error refuses even
// under `partial`: nothing of the file can be trusted.
std::set<uint64_t> applyStructure(const std::vector<Problem>& problems, bool partial,
                                  const std::string& fileName, std::vector<std::string>& leftOut);

// The verdict on image problems (tiles, then blended sources, as validate
// lists them): an error, or an unsupported tile a chunk needed (in
// `fallbacks`, see TextureBinder), refuses unless `partial`; under it each is
// named in `leftOut` with what its chunks show instead.
void applyImages(const std::vector<Problem>& problems, const std::map<uint64_t, int>* fallbacks,
                 bool partial, const std::string& fileName, std::vector<std::string>& leftOut);

// Every tile of every Tex TOC, as stored (JPEG / PNG decoded, DDS as is),
// named by TileOrigin::imageName: `strata textures`.
TextureSet loadTiles(const File& file, const LoadOptions& options, const std::string& fileName,
                     const TileOrigins& origins);

} // namespace strata::atlas

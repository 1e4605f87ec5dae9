#pragma once
// An OGC 3D Tiles 1.1 tileset from a terrain quadtree scene (Atlas / CHU at
// LoadOptions::kAllLevels): one tile per chunk at every level, refine
// REPLACE, one GLB per chunk (docs/tiles.md): the chunks and their bounds
// (tile_chunks.cpp), the tileset.json (tileset_json.cpp), the files
// (tileset_write.cpp).
#include "geometric_error.h"
#include "gltf_writer.h"
#include "strata/scene.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <functional>
#include <string>
#include <vector>

namespace strata::tiles {

struct Box {
  Vec3 min{INFINITY, INFINITY, INFINITY}, max{-INFINITY, -INFINITY, -INFINITY};
  void add(const Vec3& p);
  void add(const Box& b);
  bool empty() const { return !(min[0] <= max[0]); }
};

// One chunk of the quadtree as the tileset sees it.
struct Chunk {
  uint32_t level = 0, x = 0, y = 0;
  int node = -1;     // the chunk's node in the scene
  Triangles surface; // its solid triangles, Z up
  Box box;           // its stored bounds, its vertices and its children's boxes
  double geometricError = 0;
};

// The chunks of an all-levels terrain scene, by level then x * 2^level + y,
// with boxes and geometric errors computed (every level complete; throws
// strata::Error when the scene is not such a tree).
std::vector<std::vector<Chunk>> terrainChunks(const Scene& all);

// The tileset.json document for those chunks; contentUri(chunk) names each
// chunk's GLB relative to the tileset ("" for a chunk without geometry).
nlohmann::json tilesetJson(const std::vector<std::vector<Chunk>>& chunks,
                           const std::function<std::string(const Chunk&)>& contentUri);

// The one-chunk scene of a node: the node (no children) with its mesh and
// the materials, textures and images that mesh uses.
Scene chunkScene(const Scene& all, int node);

struct TilesetOptions {
  gltf::WriteOptions glb;
  // --compress: each GLB's geometry through EXT_meshopt_compression, its
  // fallback buffer beside it (gltf/compress.h).
  bool compress = false;
  unsigned jobs = 1; // chunks written at once (parallelFor's threads; 0: the budget's)
  std::function<void(size_t, size_t)> progress; // (chunks written, total)
};

// Writes DIR/tileset.json and DIR/tiles/L<level>_<x>_<y>.glb. Everything is
// written into a temporary directory beside DIR and renamed into place: DIR
// ends up complete or as it was. A DIR that exists must be empty or hold an
// earlier tileset (a tileset.json), which is replaced. The scene's meshes
// must be held (Scene::meshSource empty).
void writeTileset(const Scene& all, const std::string& dir, const TilesetOptions& options);

} // namespace strata::tiles

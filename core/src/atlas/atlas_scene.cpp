#include "atlas/atlas_scene.h"

#include "atlas/atlas_check.h"
#include "atlas/atlas_levels.h"
#include "atlas/atlas_load.h"
#include "atlas/atlas_textures.h"
#include "common/quadtree.h"
#include "strata/error.h"
#include "strata/parallel.h"
#include "strata/text.h"

#include <map>

namespace strata::atlas {

const Toc* geometryToc(const File& file) {
  for (const Toc& t : file.tocs)
    if (t.kind == TocKind::Geom) return &t;
  return nullptr;
}

namespace {

Primitive basePrimitive(const GeomChunk& g) {
  Primitive p;
  const size_t n = g.verts.size();
  p.positions.reserve(n);
  p.normals.reserve(n);
  p.uv0.reserve(n);
  MorphTarget morph;
  morph.positions.reserve(n);
  morph.uv0.reserve(n);
  for (const Vertex& v : g.verts) {
    p.positions.push_back(v.point);
    p.normals.push_back(v.normal);
    p.uv0.push_back(v.texCoord);
    morph.positions.push_back(v.pointMorph);
    morph.uv0.push_back(v.texMorph);
  }
  p.morphTargets.push_back(std::move(morph));
  return p;
}

// The mesh of the chunk in `frame` (no primitives when it has no triangles).
Mesh chunkMesh(const GeomChunk& g, const std::string& name, bool skirts) {
  const size_t solid = g.indices.size() - g.skirtSkip;
  Mesh mesh;
  mesh.name = name;
  Primitive base = basePrimitive(g);
  if (skirts && g.skirtSkip) {
    Primitive skirt = base;
    skirt.indices.assign(g.indices.begin() + solid, g.indices.end());
    base.indices.assign(g.indices.begin(), g.indices.begin() + solid);
    if (!base.indices.empty()) mesh.primitives.push_back(std::move(base));
    mesh.primitives.push_back(std::move(skirt));
  } else {
    base.indices.assign(g.indices.begin(), g.indices.begin() + solid);
    if (!base.indices.empty()) mesh.primitives.push_back(std::move(base));
  }
  return mesh;
}

// toScene; with `owned` (the same file, ours to change) each geometry
// frame's vertices and indices are let go as soon as nothing needs them, so
// the model and the scene are never held whole together.
Scene buildScene(const File& file, const LoadOptions& options, const std::string& fileName,
                 const TileOrigins& origins, File* owned) {
  if (options.lod == LoadOptions::kAllLevels)
    return allLevelsScene(file, options, fileName, origins);
  const Toc* toc = geometryToc(file);
  if (!toc) throw Error(fileName, Error::kNoOffset, "the file has no Geom TOC: nothing to convert");
  if (toc->treeDepth == 0 || toc->geomStubs.size() != nodeCount(toc->treeDepth))
    throw Error(fileName, Error::kNoOffset,
                "the Geom TOC has " + std::to_string(toc->geomStubs.size()) +
                    " stubs; a complete quadtree of depth " + std::to_string(toc->treeDepth) +
                    " needs " + std::to_string(nodeCount(toc->treeDepth)));
  const uint32_t level = options.lod < 0 ? toc->treeDepth - 1 : uint32_t(options.lod);
  if (level >= toc->treeDepth)
    throw Error(fileName, Error::kNoOffset,
                "--lod " + std::to_string(options.lod) +
                    " is outside the geometry tree (levels 0.." +
                    std::to_string(toc->treeDepth - 1) + ")");

  Scene scene;
  scene.name = escapeUtf8(fileName);
  std::vector<Problem> problems;
  checkStructure(file, fileName, problems);
  const std::set<uint64_t> leftOut =
      applyStructure(problems, options.partial, fileName, scene.leftOut);
  const size_t tocIndex = size_t(toc - file.tocs.data());
  const uint32_t side = 1u << level;
  const size_t count = size_t(side) * side;
  // The frame of each node of the level (x major, as the nodes are listed),
  // and how many of those nodes show each frame (stubs may share one).
  std::vector<const Frame*> frames(count, nullptr);
  std::map<uint32_t, int> users;
  for (size_t k = 0; k < count; ++k) {
    const uint32_t x = uint32_t(k / side), y = uint32_t(k % side);
    const GeomStub& stub = toc->geomStubs[nodeId(level, x, y)];
    if (!stub.length || leftOut.count(pieceIndex(tocIndex, size_t(nodeId(level, x, y))))) continue;
    frames[k] = file.frameAt(stub.offset);
    if (frames[k]) ++users[stub.offset];
  }
  if (owned)
    for (Frame& f : owned->frames)
      if (f.kind == TocKind::Geom && !users.count(f.offset)) f.geom = GeomChunk();
  // Chunks become meshes on every core the budget has, each frame shown by
  // one node let go as soon as its mesh exists.
  std::vector<Mesh> meshes(count);
  parallelFor(count, [&](size_t k) {
    if (!frames[k] || frames[k]->geom.verts.empty()) return;
    const uint32_t x = uint32_t(k / side), y = uint32_t(k % side);
    meshes[k] = chunkMesh(frames[k]->geom, nodeName(level, x, y), options.skirts);
    if (owned && users.at(frames[k]->offset) == 1)
      owned->frameAt(frames[k]->offset)->geom = GeomChunk();
  });
  if (owned)
    for (auto& [offset, n] : users)
      if (n > 1) owned->frameAt(offset)->geom = GeomChunk();
  TileCache tiles(file, options.swapRedBlue, origins ? origins : atlasTileOrigins(file, fileName));
  TextureBinder textures(file, options, fileName, scene, tiles);
  textures.decodeAhead(level);
  // Tiles and materials are taken in node order; the coordinates they set
  // are then worked out on every core.
  std::vector<std::optional<ChunkTexture>> placed;
  for (size_t k = 0; k < count; ++k) {
    const uint32_t x = uint32_t(k / side), y = uint32_t(k % side);
    Node node;
    node.name = nodeName(level, x, y);
    node.tags = {{"level", level}, {"x", x}, {"y", y}};
    if (!meshes[k].primitives.empty()) {
      placed.push_back(textures.place(level, x, y));
      node.mesh = int(scene.meshes.size());
      scene.meshes.push_back(std::move(meshes[k]));
    }
    scene.roots.push_back(int(scene.nodes.size()));
    scene.nodes.push_back(std::move(node));
    if (options.progress) options.progress(k + 1, count);
  }
  parallelFor(placed.size(), [&](size_t i) {
    if (placed[i]) applyTexture(scene.meshes[i], *placed[i]);
  });
  if (options.textures) {
    textures.composeBlended();
    // Every tile is checked, the ones no chunk shows too: validate decodes
    // them all, and what it calls an error the load refuses.
    tiles.checkAll();
    std::vector<Problem> images = tiles.problems();
    images.insert(images.end(), textures.sourceProblems().begin(), textures.sourceProblems().end());
    applyImages(images, &textures.fallbacks(), options.partial, fileName, scene.leftOut);
  }
  return scene;
}

} // namespace

Scene toScene(const File& file, const LoadOptions& options, const std::string& fileName,
              const TileOrigins& origins) {
  return buildScene(file, options, fileName, origins, nullptr);
}

Scene toScene(File&& file, const LoadOptions& options, const std::string& fileName,
              const TileOrigins& origins) {
  return buildScene(file, options, fileName, origins, &file);
}

} // namespace strata::atlas

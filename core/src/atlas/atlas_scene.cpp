#include "atlas/atlas_scene.h"

#include "atlas/atlas_check.h"
#include "atlas/atlas_levels.h"
#include "atlas/atlas_load.h"
#include "atlas/atlas_textures.h"
#include "common/quadtree.h"
#include "strata/error.h"
#include "strata/text.h"

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

} // namespace

Scene toScene(const File& file, const LoadOptions& options, const std::string& fileName,
              const TileOrigins& origins) {
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
  TileCache tiles(file, options.swapRedBlue, origins ? origins : atlasTileOrigins(file, fileName));
  TextureBinder textures(file, options, fileName, scene, tiles);
  textures.decodeAhead(level);
  const uint32_t side = 1u << level;
  size_t done = 0;
  for (uint32_t x = 0; x < side; ++x)
    for (uint32_t y = 0; y < side; ++y) {
      const GeomStub& stub = toc->geomStubs[nodeId(level, x, y)];
      Node node;
      node.name = nodeName(level, x, y);
      node.tags = {{"level", level}, {"x", x}, {"y", y}};
      const Frame* frame = stub.length ? file.frameAt(stub.offset) : nullptr;
      if (leftOut.count(pieceIndex(tocIndex, size_t(nodeId(level, x, y))))) frame = nullptr;
      if (frame && !frame->geom.verts.empty()) {
        const GeomChunk& g = frame->geom;
        const size_t solid = g.indices.size() - g.skirtSkip;
        Mesh mesh;
        mesh.name = node.name;
        Primitive base = basePrimitive(g);
        if (options.skirts && g.skirtSkip) {
          Primitive skirt = base;
          skirt.indices.assign(g.indices.begin() + solid, g.indices.end());
          base.indices.assign(g.indices.begin(), g.indices.begin() + solid);
          if (!base.indices.empty()) mesh.primitives.push_back(std::move(base));
          mesh.primitives.push_back(std::move(skirt));
        } else {
          base.indices.assign(g.indices.begin(), g.indices.begin() + solid);
          if (!base.indices.empty()) mesh.primitives.push_back(std::move(base));
        }
        if (!mesh.primitives.empty()) {
          textures.bind(mesh, level, x, y);
          node.mesh = int(scene.meshes.size());
          scene.meshes.push_back(std::move(mesh));
        }
      }
      scene.roots.push_back(int(scene.nodes.size()));
      scene.nodes.push_back(std::move(node));
      if (options.progress) options.progress(++done, size_t(side) * side);
    }
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

} // namespace strata::atlas

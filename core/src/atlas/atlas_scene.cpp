#include "atlas/atlas_scene.h"

#include "atlas/atlas_check.h"
#include "atlas/atlas_io.h"
#include "atlas/atlas_levels.h"
#include "atlas/atlas_load.h"
#include "atlas/atlas_textures.h"
#include "common/thread_kept.h"
#include "strata/error.h"
#include "strata/parallel.h"
#include "strata/quadtree.h"
#include "strata/text.h"

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>

namespace strata::atlas {

const Toc* geometryToc(const File& file) {
  for (const Toc& t : file.tocs)
    if (t.kind == TocKind::Geom) return &t;
  return nullptr;
}

namespace {

// `p` as the chunk's vertices, with no indices yet, in the memory its
// arrays already hold.
void setVertices(const GeomChunk& g, Primitive& p) {
  const size_t n = g.verts.size();
  p.positions.resize(n);
  p.normals.resize(n);
  p.uv0.resize(n);
  p.uv1.clear();
  p.colors.clear();
  p.material = -1;
  p.morphTargets.resize(1);
  MorphTarget& morph = p.morphTargets[0];
  morph.positions.resize(n);
  morph.uv0.resize(n);
  for (size_t i = 0; i < n; ++i) {
    const Vertex& v = g.verts[i];
    p.positions[i] = v.point;
    p.normals[i] = v.normal;
    p.uv0[i] = v.texCoord;
    morph.positions[i] = v.pointMorph;
    morph.uv0[i] = v.texMorph;
  }
}

// The mesh of the chunk (no primitives when it has no triangles) into
// `mesh`, whose arrays' memory it reuses: a convert made each of a large
// terrain's meshes twice (outlined, then written), ten arrays a mesh, and
// freeing them while another thread freed the glTF model held both up on
// the allocator's lock.
void chunkMesh(const GeomChunk& g, const std::string& name, bool skirts, Mesh& mesh) {
  const size_t solid = g.indices.size() - g.skirtSkip;
  const bool skirt = skirts && g.skirtSkip;
  mesh.name = name;
  mesh.primitives.resize((solid ? 1 : 0) + (skirt ? 1 : 0));
  if (solid) {
    setVertices(g, mesh.primitives[0]);
    mesh.primitives[0].indices.assign(g.indices.begin(), g.indices.begin() + solid);
  }
  if (skirt) {
    Primitive& p = mesh.primitives.back();
    setVertices(g, p);
    p.indices.assign(g.indices.begin() + solid, g.indices.end());
  }
}

Mesh chunkMesh(const GeomChunk& g, const std::string& name, bool skirts) {
  Mesh mesh;
  chunkMesh(g, name, skirts, mesh);
  return mesh;
}

// The largest frame whose memory a thread keeps for the next mesh it makes,
// so that one large chunk does not hold its memory for as long as the thread
// lives (a 32x32-quad chunk is 90 KB).
constexpr uint32_t kKeptFrameBytes = uint32_t(1) << 20;

// The meshes of a scene made on demand (LoadOptions::meshesOnDemand): each
// chunk's frame read again from the file, made into the mesh chunkMesh
// makes and textured as TextureBinder::place placed it. Reading every frame
// twice costs less than holding the meshes: a 496 MB terrain's were 430 MiB,
// and faulting their pages in a third of its convert.
struct MeshesOnDemand {
  struct Chunk {
    uint32_t offset, length, version;
    std::string name; // the mesh's
    uint32_t stub;    // of TOC `toc`, as errors name it
    size_t toc;
    std::optional<ChunkTexture> texture;
  };
  std::shared_ptr<const FileBytes> bytes;
  std::string fileName;
  bool skirts = false;
  std::vector<Chunk> chunks; // by scene mesh

  void make(size_t i, Mesh& mesh) const {
    const Chunk& c = chunks.at(i);
    // Copied, not read through the mapping: its pages were given back as
    // the frames were read, and mapping them in again would hold them (and
    // a file cut short would raise SIGBUS, where a read fails). The frame's
    // bytes and geometry are each thread's, reused from one mesh to the next
    // (chunkMesh says why), but for a frame too large to keep.
    std::vector<uint8_t>& keptFrame = threadKept<std::vector<uint8_t>, struct KeptFrameSite>();
    GeomChunk& keptGeom = threadKept<GeomChunk, struct KeptGeomSite>();
    std::vector<uint8_t> ownFrame;
    GeomChunk ownGeom;
    const bool kept = c.length <= kKeptFrameBytes;
    std::vector<uint8_t>& frame = kept ? keptFrame : ownFrame;
    GeomChunk& geom = kept ? keptGeom : ownGeom;
    frame.resize(c.length);
    bytes->copy(c.offset, c.length, frame.data());
    readGeomFrame(frame.data(), c.offset, c.length, c.version, fileName,
                  "geometry stub " + std::to_string(c.stub) + " of TOC " + std::to_string(c.toc),
                  geom);
    chunkMesh(geom, c.name, skirts, mesh);
    if (c.texture) applyTexture(mesh, *c.texture);
  }
};

// The Geom TOC the scene shows and its level (`level`), or null with why
// not (`why`): the conditions every load checks before it builds anything.
const Toc* shownToc(const File& file, const LoadOptions& options, uint32_t& level,
                    std::string& why) {
  const Toc* toc = geometryToc(file);
  if (!toc) {
    why = "the file has no Geom TOC: nothing to convert";
    return nullptr;
  }
  if (toc->treeDepth == 0 || toc->geomStubs.size() != nodeCount(toc->treeDepth)) {
    why = "the Geom TOC has " + std::to_string(toc->geomStubs.size()) +
          " stubs; a complete quadtree of depth " + std::to_string(toc->treeDepth) + " needs " +
          std::to_string(nodeCount(toc->treeDepth));
    return nullptr;
  }
  level = options.lod < 0 ? toc->treeDepth - 1 : uint32_t(options.lod);
  if (level >= toc->treeDepth) {
    why = "--lod " + std::to_string(options.lod) + " is outside the geometry tree (levels 0.." +
          std::to_string(toc->treeDepth - 1) + ")";
    return nullptr;
  }
  return toc;
}

// The meshes of the level's nodes (x major), from the model's frames.
std::vector<Mesh> levelMeshes(ModelUse model, const LoadOptions& options, uint32_t level,
                              size_t tocIndex, const std::set<uint64_t>& leftOut) {
  const File& file = model.file();
  File* owned = model.taken();
  const Toc* toc = &file.tocs[tocIndex];
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
  return meshes;
}

// What loadScene makes while the frames are read: as each geometry frame
// comes in, its stubs are checked and the meshes of the chosen level's nodes
// that show it are made, then its geometry is let go. Each frame is gone over
// while it is in the cache, and the model's geometry is never held whole:
// reading every frame, then checking every stub, then making every mesh went
// over the 300 MB of a large terrain's vertices three times from memory, and
// faulted all of them in.
struct Ahead {
  bool on = false;       // the file is one buildScene goes on with (else it throws)
  bool onDemand = false; // outlines, not meshes: buildScene has them made on demand
  const File* file = nullptr;
  uint32_t level = 0, side = 0;
  size_t tocIndex = 0;
  CheckedStubs checked;
  std::vector<Mesh> meshes;          // by node of the level, x major
  std::vector<MeshOutline> outlines; // the same, on demand
  // Sorted by frame offset (at()): the geometry stubs checkStructure checks,
  // and the level's nodes that show each frame. Sorted lists, not maps of
  // lists: a large terrain's 9,557 entries were an allocation each, on one
  // thread before the first frame is read.
  struct StubAt {
    uint32_t offset;
    size_t toc, stub;
  };
  struct NodeAt {
    uint32_t offset;
    size_t node; // x major
  };
  std::vector<StubAt> stubs;
  std::vector<NodeAt> nodes;

  // The entries of `sorted` for the frame at `offset`.
  template <class T> static auto at(const std::vector<T>& sorted, uint32_t offset) {
    const auto from = std::lower_bound(sorted.begin(), sorted.end(), offset,
                                       [](const T& e, uint32_t o) { return e.offset < o; });
    auto to = from;
    while (to != sorted.end() && to->offset == offset) ++to;
    return std::make_pair(from, to);
  }
  template <class T> static void sortByOffset(std::vector<T>& v) {
    std::stable_sort(v.begin(), v.end(),
                     [](const T& a, const T& b) { return a.offset < b.offset; });
  }

  // Nothing when shownToc finds no level: buildScene then says why.
  void plan(const File& f, const LoadOptions& options) {
    file = &f;
    std::string why;
    const Toc* toc = shownToc(f, options, level, why);
    if (!toc) return;
    tocIndex = size_t(toc - f.tocs.data());
    side = 1u << level;
    checked.found.resize(f.tocs.size());
    checked.done.resize(f.tocs.size());
    for (size_t t = 0; t < f.tocs.size(); ++t) {
      const Toc& g = f.tocs[t];
      if (g.kind != TocKind::Geom || g.stubCount() != nodeCount(g.treeDepth)) continue;
      checked.found[t].resize(g.geomStubs.size());
      checked.done[t].assign(g.geomStubs.size(), 0);
      for (size_t i = 0; i < g.geomStubs.size(); ++i)
        if (g.geomStubs[i].length) stubs.push_back({g.geomStubs[i].offset, t, i});
    }
    sortByOffset(stubs);
    meshes.resize(size_t(side) * side);
    if (onDemand) outlines.resize(meshes.size());
    for (size_t k = 0; k < meshes.size(); ++k) {
      const GeomStub& stub = toc->geomStubs[nodeId(level, uint32_t(k / side), uint32_t(k % side))];
      if (stub.length) nodes.push_back({stub.offset, k});
    }
    sortByOffset(nodes);
    on = true;
  }

  void take(Frame& frame, const std::string& fileName, bool skirts) {
    if (!on || frame.kind != TocKind::Geom) return;
    const auto [firstStub, endStubs] = at(stubs, frame.offset);
    if (firstStub == endStubs) return;
    for (auto s = firstStub; s != endStubs; ++s) {
      checked.found[s->toc][s->stub] = checkGeomStub(*file, fileName, s->toc, s->stub, frame);
      checked.done[s->toc][s->stub] = 1;
    }
    // Every node's mesh, a bad chunk's too: buildScene drops the chunks
    // applyStructure leaves out, as it drops their frames.
    const auto [firstNode, endNodes] = at(nodes, frame.offset);
    if (!frame.geom.verts.empty())
      for (auto n = firstNode; n != endNodes; ++n) {
        const size_t k = n->node;
        const std::string name = nodeName(level, uint32_t(k / side), uint32_t(k % side));
        if (onDemand) {
          // Outlined only: each thread makes every mesh in the memory of the
          // one before, but for a chunk too large to keep (MeshesOnDemand).
          Mesh& kept = threadKept<Mesh, struct KeptMeshSite>();
          Mesh own;
          Mesh& outlined = frame.geom.verts.size() * sizeof(Vertex) <= kKeptFrameBytes ? kept : own;
          chunkMesh(frame.geom, name, skirts, outlined);
          outlines[k] = outlineOf(outlined);
        } else {
          meshes[k] = chunkMesh(frame.geom, name, skirts);
        }
      }
    frame.geom = GeomChunk();
  }
};

// toScene; with a model to take from, each geometry frame's vertices and
// indices are let go as soon as nothing needs them, so the model and the
// scene are never held whole together. With `ahead`, the
// checks and meshes (or, ahead->onDemand, their outlines) were made as the
// frames were read from `source` (loadScene).
Scene buildScene(ModelUse model, const LoadOptions& options, const std::string& fileName,
                 const TileOrigins& origins, Ahead* ahead,
                 const std::shared_ptr<const FileBytes>& source = nullptr) {
  const File& file = model.file();
  if (options.lod == LoadOptions::kAllLevels)
    return allLevelsScene(file, options, fileName, origins);
  uint32_t level = 0;
  std::string why;
  const Toc* toc = shownToc(file, options, level, why);
  if (!toc) throw Error(fileName, Error::kNoOffset, why);

  Scene scene;
  scene.name = escapeUtf8(fileName);
  std::vector<Problem> problems;
  if (ahead)
    checkStructure(file, fileName, problems, ahead->checked);
  else
    checkStructure(file, fileName, problems);
  const std::set<uint64_t> leftOut =
      applyStructure(problems, options.partial, fileName, scene.leftOut);
  const size_t tocIndex = size_t(toc - file.tocs.data());
  const uint32_t side = 1u << level;
  const size_t count = size_t(side) * side;
  std::vector<Mesh> meshes;
  std::vector<MeshOutline> outlines; // on demand
  const bool onDemand = ahead && ahead->onDemand;
  if (ahead) {
    if (!ahead->on || ahead->meshes.size() != count ||
        (onDemand && ahead->outlines.size() != count))
      throw std::logic_error("Atlas load: the meshes made ahead are not the level's");
    meshes = std::move(ahead->meshes);
    outlines = std::move(ahead->outlines);
    for (size_t k = 0; k < count; ++k)
      if (leftOut.count(
              pieceIndex(tocIndex, nodeId(level, uint32_t(k / side), uint32_t(k % side))))) {
        meshes[k] = Mesh();
        if (onDemand) outlines[k] = MeshOutline();
      }
  } else {
    meshes = levelMeshes(model, options, level, tocIndex, leftOut);
  }
  TileCache tiles(model, options.swapRedBlue, origins ? origins : atlasTileOrigins(file, fileName));
  TextureBinder textures(file, options, fileName, scene, tiles);
  textures.decodeAhead(level);
  // Tiles and materials are taken in node order; the coordinates they set
  // are then worked out on every core.
  std::vector<std::optional<ChunkTexture>> placed;
  std::shared_ptr<MeshesOnDemand> made;
  if (onDemand) made.reset(new MeshesOnDemand{source, fileName, options.skirts, {}});
  for (size_t k = 0; k < count; ++k) {
    const uint32_t x = uint32_t(k / side), y = uint32_t(k % side);
    Node node;
    node.name = nodeName(level, x, y);
    node.tags = {{"level", level}, {"x", x}, {"y", y}};
    if (onDemand ? !outlines[k].empty() : !meshes[k].primitives.empty()) {
      placed.push_back(textures.place(level, x, y));
      node.mesh = int(scene.meshes.size());
      if (onDemand) {
        const uint32_t id = nodeId(level, x, y);
        const GeomStub& stub = toc->geomStubs[id];
        made->chunks.push_back(
            {stub.offset, stub.length, toc->version, node.name, id, tocIndex, placed.back()});
        if (placed.back()) applyTexture(outlines[k], *placed.back());
        scene.meshSource.outlines.push_back(std::move(outlines[k]));
        scene.meshes.push_back(Mesh{node.name, {}});
      } else {
        scene.meshes.push_back(std::move(meshes[k]));
      }
    }
    scene.roots.push_back(int(scene.nodes.size()));
    scene.nodes.push_back(std::move(node));
    if (options.progress) options.progress(k + 1, count);
  }
  if (onDemand)
    scene.meshSource.make = [made](size_t i, Mesh& mesh) { made->make(i, mesh); };
  else
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

// loadScene; with `source` (the same bytes, kept), meshes on demand.
Scene loadFrom(const FileBytes& bytes, const LoadOptions& options, const std::string& fileName,
               const std::shared_ptr<const FileBytes>& source) {
  if (options.lod == LoadOptions::kAllLevels)
    return toScene(readAtlas(bytes, fileName), options, fileName);
  Ahead ahead;
  ahead.onDemand = source != nullptr;
  ReadHooks hooks;
  hooks.tocs = [&](const File& f) { ahead.plan(f, options); };
  hooks.frame = [&](Frame& f) { ahead.take(f, fileName, options.skirts); };
  File file = readAtlas(bytes, fileName, hooks);
  return buildScene(ModelUse::takingFrom(file), options, fileName, {}, &ahead, source);
}

} // namespace

Scene toScene(const File& file, const LoadOptions& options, const std::string& fileName,
              const TileOrigins& origins) {
  return buildScene(file, options, fileName, origins, nullptr);
}

Scene toScene(File&& file, const LoadOptions& options, const std::string& fileName,
              const TileOrigins& origins) {
  return buildScene(ModelUse::takingFrom(file), options, fileName, origins, nullptr);
}

Scene loadScene(const FileBytes& bytes, const LoadOptions& options, const std::string& fileName) {
  return loadFrom(bytes, options, fileName, nullptr);
}

Scene loadScene(const std::shared_ptr<const FileBytes>& bytes, const LoadOptions& options,
                const std::string& fileName) {
  return loadFrom(*bytes, options, fileName, options.meshesOnDemand ? bytes : nullptr);
}

} // namespace strata::atlas

// CHU (+ TQT) -> Atlas model, exactly as atlas-chu-tqt.md §9b-§9d say.
#include "chu/chu_atlas.h"

#include "atlas/atlas_collision.h"
#include "atlas/atlas_io.h"
#include "strata/error.h"
#include "strata/fileio.h"
#include "strata/quadtree.h"
#include "tqt/tqt_atlas.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>

namespace strata::chu {

ChunkFrame chunkFrame(const Header& h, const Stub& s) {
  ChunkFrame f;
  const int depth = h.treeDepth;
  f.terrainWidth = f.terrainHeight = double(h.leafDimensions) * std::ldexp(1.0, depth - 1);
  f.size = double(h.leafDimensions) * std::ldexp(1.0, (depth - 1) - int(s.level));
  f.originX = f.size * s.x;
  f.originY = f.size * s.y;
  return f;
}

std::array<double, 4> mappedValues(const QVertex& q, const Header& h, const ChunkFrame& f) {
  return {(q.x / kQuantHalfRange * 0.5 + 0.5) * f.size + f.originX,
          (q.y / kQuantHalfRange * 0.5 + 0.5) * f.size + f.originY, double(q.z) * h.verticalScale,
          double(q.morph) * h.verticalScale};
}

atlas::Vertex mapVertex(const QVertex& q, const Header& h, const ChunkFrame& f) {
  const std::array<double, 4> m = mappedValues(q, h, f);
  atlas::Vertex v;
  v.point = {float(m[0]), float(m[1]), float(m[2])};
  // §9b: the spec's texCoord wins over the Torque source's (pos.y, pos.x) / size.
  v.texCoord[0] = float(double(v.point[1]) / f.terrainHeight);
  v.texCoord[1] = float(1.0 - double(v.point[0]) / f.terrainWidth);
  v.pointMorph = {0, 0, float(m[3])};
  v.texMorph = {0, 0};
  v.normal = {0, 0, 1};
  return v;
}

std::vector<size_t> stubsByLabel(const File& file) {
  std::vector<size_t> byLabel(file.stubs.size(), size_t(-1));
  for (size_t i = 0; i < file.stubs.size(); ++i) {
    int32_t l = file.stubs[i].label;
    if (l >= 0 && size_t(l) < byLabel.size()) byLabel[size_t(l)] = i;
  }
  return byLabel;
}

namespace {

struct Bounds {
  bool empty = true;
  atlas::Box3 box;
  void add(const Vec3& p) {
    if (empty) {
      box.min = box.max = p;
      empty = false;
      return;
    }
    for (int k = 0; k < 3; ++k) {
      box.min[k] = std::min(box.min[k], p[k]);
      box.max[k] = std::max(box.max[k], p[k]);
    }
  }
  void add(const Bounds& b) {
    if (b.empty) return;
    add(b.box.min);
    add(b.box.max);
  }
};

// Every node's mapped chunk (§9b "Mapping CHU to Atlas geometry"), indexed by
// Atlas node number; `present` is false for an empty stub.
struct MappedTree {
  std::vector<atlas::GeomChunk> chunks;
  std::vector<Bounds> bounds;
  std::vector<bool> present;
};

// Leaves first, so each parent's bounds take in its four children (§9b).
MappedTree mapChunks(const File& chu, const std::string& chuName, const MapOptions& options) {
  const Header& h = chu.header;
  const uint32_t depth = uint32_t(h.treeDepth);
  const size_t count = size_t(nodeCount(depth));
  const std::vector<size_t> byLabel = stubsByLabel(chu);
  std::map<uint32_t, const Chunk*> chunkAt;
  for (const Chunk& c : chu.chunks) chunkAt[c.offset] = &c;
  MappedTree tree{std::vector<atlas::GeomChunk>(count), std::vector<Bounds>(count),
                  std::vector<bool>(count, false)};
  for (int level = int(depth) - 1; level >= 0; --level) {
    const uint32_t side = 1u << level;
    for (uint32_t x = 0; x < side; ++x)
      for (uint32_t y = 0; y < side; ++y) {
        const size_t node = size_t(nodeId(uint32_t(level), x, y));
        // §9b: Atlas node (level, x, y) uses CHU label nodeID(level, y, x).
        const size_t label = size_t(nodeId(uint32_t(level), y, x));
        const size_t si = byLabel[label];
        if (si == size_t(-1))
          throw Error(chuName, Error::kNoOffset, "no CHU stub has label " + std::to_string(label));
        if (uint32_t(level) + 1 < depth)
          for (uint32_t k = 0; k < 4; ++k)
            tree.bounds[node].add(
                tree.bounds[size_t(nodeId(uint32_t(level) + 1, 2 * x + k / 2, 2 * y + k % 2))]);
        if (options.leaveOut.count(si)) continue;
        const Stub& s = chu.stubs[si];
        const Chunk* c = chunkAt.at(s.chunkOffset); // the reader read one chunk per offset
        const ChunkFrame f = chunkFrame(h, s);
        atlas::GeomChunk& g = tree.chunks[node];
        g.verts.reserve(c->verts.size());
        for (const QVertex& q : c->verts) {
          g.verts.push_back(mapVertex(q, h, f));
          tree.bounds[node].add(g.verts.back().point);
        }
        g.indices = c->indices;
        g.skirtSkip = 0; // §9b: no confirmed CHU equivalent
        tree.present[node] = true;
      }
  }
  return tree;
}

// Frames in Torque's import order: level by level from the leaves up, each
// with its Geom stub. Placeholder offsets (node + 1) are replaced by
// layoutAtlas.
void addGeomFrames(atlas::File& file, atlas::Toc& geom, MappedTree& tree,
                   const MapOptions& options) {
  const uint32_t depth = geom.treeDepth;
  for (int level = int(depth) - 1; level >= 0; --level) {
    const uint32_t side = 1u << level;
    for (uint32_t x = 0; x < side; ++x)
      for (uint32_t y = 0; y < side; ++y) {
        const size_t node = size_t(nodeId(uint32_t(level), x, y));
        if (!tree.present[node]) continue; // an empty stub
        atlas::Frame fr;
        fr.kind = atlas::TocKind::Geom;
        fr.version = atlas::kMaxVersion;
        fr.offset = uint32_t(node + 1);
        fr.geom = std::move(tree.chunks[node]);
        fr.geom.bounds = tree.bounds[node].box; // stored identically in stub and chunk
        fr.geom.colFlag = atlas::kCollisionAbsent;
        // §9b: CHU collision is not field-compatible; like importOldAtlasCHU,
        // regenerate Atlas collision for the leaf chunks, after the bounds.
        if (options.collision && uint32_t(level) + 1 == depth) {
          fr.geom.collision = atlas::generateCollision(fr.geom, fr.geom.bounds);
          fr.geom.colFlag = atlas::kCollisionPresent;
        }
        atlas::GeomStub& st = geom.geomStubs[node];
        st.offset = fr.offset;
        st.length = 1;
        st.generation = 0;
        st.bounds = tree.bounds[node].box;
        st.sentinel = atlas::kStubSentinel;
        file.frames.push_back(std::move(fr));
      }
  }
}

} // namespace

atlas::File toAtlas(const File& chu, const tqt::File* tqt, const std::string& chuName,
                    const MapOptions& options) {
  const uint32_t depth = uint32_t(chu.header.treeDepth);
  const size_t count = size_t(nodeCount(depth));
  if (chu.stubs.size() != count)
    throw Error(chuName, 0x14, "CHU stub count does not match its tree depth");
  MappedTree tree = mapChunks(chu, chuName, options);

  atlas::File file;
  atlas::Toc geom;
  geom.kind = atlas::TocKind::Geom;
  geom.tag = "Geom";
  geom.goalBatchSize = options.goalBatchSize;
  geom.treeDepth = depth;
  geom.version = atlas::kMaxVersion;
  geom.geomStubs.resize(count);
  addGeomFrames(file, geom, tree, options);
  file.tocs.push_back(std::move(geom));
  if (tqt) tqt::addTexToc(file, *tqt, uint32_t(count + 1));
  atlas::layoutAtlas(file);
  return file;
}

std::string findCompanionTqt(const Source& chu) {
  namespace fs = std::filesystem;
  if (!chu.onDisk()) return "";
  fs::path p = pathOf(chu.path);
  fs::path dir = p.parent_path().empty() ? pathOf(".") : p.parent_path();
  const std::string stem = p.stem().string();
  std::vector<std::string> found;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(pathOf(dir), ec)) {
    const fs::path& q = e.path();
    if (lowerExtension(q.string()) == ".tqt" && q.stem().string() == stem && e.is_regular_file(ec))
      found.push_back((p.parent_path() / q.filename()).string());
  }
  if (found.empty()) return "";
  std::sort(found.begin(), found.end());
  return found.front();
}

} // namespace strata::chu

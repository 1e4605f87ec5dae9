// The chunks of a terrain quadtree scene as tiles: their triangles, boxes
// and geometric errors (docs/tiles.md), and each one's scene for its GLB.
#include "tileset.h"

#include "strata/error.h"

#include <algorithm>

namespace strata::tiles {

void Box::add(const Vec3& p) {
  for (int k = 0; k < 3; ++k) {
    min[k] = std::min(min[k], p[k]);
    max[k] = std::max(max[k], p[k]);
  }
}

void Box::add(const Box& b) {
  if (b.empty()) return;
  add(b.min);
  add(b.max);
}

namespace {

bool tagOf(const Node& n, const char* name, int64_t& value) {
  for (const auto& [k, v] : n.tags)
    if (k == name) {
      value = v;
      return true;
    }
  return false;
}

Triangles solidTriangles(const Scene& s, const Node& n) {
  Triangles t;
  if (n.mesh < 0) return t;
  for (const Primitive& p : s.meshes[size_t(n.mesh)].primitives)
    for (size_t i = 0; i + 2 < p.indices.size(); i += 3)
      t.push_back({p.positions[p.indices[i]], p.positions[p.indices[i + 1]],
                   p.positions[p.indices[i + 2]]});
  return t;
}

} // namespace

std::vector<std::vector<Chunk>> terrainChunks(const Scene& all) {
  std::vector<std::vector<Chunk>> levels;
  for (size_t i = 0; i < all.nodes.size(); ++i) {
    const Node& n = all.nodes[i];
    int64_t level, x, y;
    if (!tagOf(n, "level", level) || !tagOf(n, "x", x) || !tagOf(n, "y", y)) continue;
    if (level < 0 || level > 14 || x < 0 || y < 0 || x >= (int64_t(1) << level) ||
        y >= (int64_t(1) << level))
      throw Error(all.name, Error::kNoOffset, "node " + n.name + " is outside the quadtree");
    if (levels.size() <= size_t(level)) levels.resize(size_t(level) + 1);
    auto& row = levels[size_t(level)];
    row.resize(size_t(1) << (2 * level));
    Chunk& c = row[(size_t(x) << level) + size_t(y)];
    c = {uint32_t(level), uint32_t(x), uint32_t(y), int(i), solidTriangles(all, n), {}, 0};
    if (n.bounds.size() == 2) {
      c.box.add(n.bounds[0]);
      c.box.add(n.bounds[1]);
    }
    for (const auto& tri : c.surface)
      for (const Vec3& v : tri) c.box.add(v);
  }
  if (levels.empty()) throw Error(all.name, Error::kNoOffset, "no terrain chunks to tile");
  for (const auto& row : levels)
    for (const Chunk& c : row)
      if (c.node < 0) throw Error(all.name, Error::kNoOffset, "the quadtree is missing chunks");
  // Boxes from the leaves up; errors against the finest level, then made
  // non-increasing toward the leaves (a tile never claims less error than
  // one below it).
  const size_t finest = levels.size() - 1;
  for (size_t level = finest; level-- > 0;)
    for (Chunk& c : levels[level]) {
      Triangles leaves;
      const uint32_t span = 1u << (finest - level);
      for (uint32_t lx = c.x * span; lx < (c.x + 1) * span; ++lx)
        for (uint32_t ly = c.y * span; ly < (c.y + 1) * span; ++ly) {
          const Triangles& t = levels[finest][(size_t(lx) << finest) + ly].surface;
          leaves.insert(leaves.end(), t.begin(), t.end());
        }
      c.geometricError = surfaceDistance(c.surface, leaves);
      for (uint32_t dx = 0; dx < 2; ++dx)
        for (uint32_t dy = 0; dy < 2; ++dy) {
          const Chunk& kid =
              levels[level + 1][(size_t(2 * c.x + dx) << (level + 1)) + 2 * c.y + dy];
          c.box.add(kid.box);
          c.geometricError = std::max(c.geometricError, kid.geometricError);
        }
    }
  // A chunk with no geometry and nothing below it (left out under --partial)
  // still needs a volume: its parent's.
  if (levels[0][0].box.empty())
    throw Error(all.name, Error::kNoOffset, "the terrain has no geometry to tile");
  for (size_t level = 1; level < levels.size(); ++level)
    for (Chunk& c : levels[level])
      if (c.box.empty()) c.box = levels[level - 1][(size_t(c.x / 2) << (level - 1)) + c.y / 2].box;
  return levels;
}

Scene chunkScene(const Scene& all, int node) {
  Scene s;
  Node n = all.nodes[size_t(node)];
  s.name = n.name;
  n.children.clear();
  n.lodAlternates.clear();
  n.screenCoverage.clear();
  if (n.mesh >= 0) {
    Mesh m = all.meshes[size_t(n.mesh)];
    std::vector<int> materialOf(all.materials.size(), -1), textureOf(all.textures.size(), -1),
        imageOf(all.images.size(), -1);
    auto remap = [](std::vector<int>& map, int i, auto add) {
      if (i < 0 || size_t(i) >= map.size()) return -1;
      if (map[size_t(i)] < 0) map[size_t(i)] = add(i);
      return map[size_t(i)];
    };
    for (Primitive& p : m.primitives)
      p.material = remap(materialOf, p.material, [&](int mi) {
        Material mat = all.materials[size_t(mi)];
        mat.baseColorTexture = remap(textureOf, mat.baseColorTexture, [&](int ti) {
          Texture tex = all.textures[size_t(ti)];
          tex.image = remap(imageOf, tex.image, [&](int ii) {
            s.images.push_back(all.images[size_t(ii)]);
            return int(s.images.size() - 1);
          });
          s.textures.push_back(tex);
          return int(s.textures.size() - 1);
        });
        s.materials.push_back(mat);
        return int(s.materials.size() - 1);
      });
    n.mesh = 0;
    s.meshes.push_back(std::move(m));
  }
  s.nodes.push_back(std::move(n));
  s.roots = {0};
  return s;
}

} // namespace strata::tiles

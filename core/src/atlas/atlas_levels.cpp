#include "atlas/atlas_levels.h"

#include "atlas/atlas_io.h"
#include "atlas/atlas_scene.h"
#include "common/scene_merge.h"
#include "strata/error.h"
#include "strata/quadtree.h"

namespace strata::atlas {

static int64_t tag(const Node& n, const std::string& name) {
  for (const auto& [k, v] : n.tags)
    if (k == name) return v;
  return 0;
}

Scene allLevelsScene(const File& file, const LoadOptions& options, const std::string& fileName,
                     const TileOrigins& origins) {
  const Toc* toc = geometryToc(file);
  if (!toc) throw Error(fileName, Error::kNoOffset, "the file has no Geom TOC: nothing to convert");
  Scene all;
  const uint32_t depth = toc->treeDepth;
  std::vector<int> levelRoots;
  for (uint32_t level = 0; level < depth || level == 0; ++level) {
    LoadOptions one = options;
    one.lod = int(level);
    if (options.progress)
      one.progress = [&](size_t done, size_t total) {
        options.progress(level * total + done, size_t(depth) * total);
      };
    Scene s = toScene(file, one, fileName, origins); // throws for a tree it cannot read
    if (level == 0) all.name = s.name;
    for (Node& n : s.nodes) {
      const uint32_t x = uint32_t(tag(n, "x")), y = uint32_t(tag(n, "y"));
      const GeomStub& stub = toc->geomStubs[nodeId(level, x, y)];
      const Frame* frame = stub.length ? file.frameAt(stub.offset) : nullptr;
      if (frame && n.mesh >= 0) {
        const Box3 b = canonicalBounds(*frame);
        n.bounds = {b.min, b.max};
      }
    }
    Node root;
    root.name = "L" + std::to_string(level);
    root.tags = {{"level", level}};
    appendScene(all, std::move(s), &root.children);
    levelRoots.push_back(int(all.nodes.size()));
    all.nodes.push_back(std::move(root));
  }
  all.roots = {levelRoots.back()};
  for (size_t level = 0; level + 1 < levelRoots.size(); ++level)
    all.otherScenes.push_back({"L" + std::to_string(level), {levelRoots[level]}});
  return all;
}

} // namespace strata::atlas

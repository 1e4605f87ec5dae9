#include "rc2/rc2_scene.h"

#include "rc2/rc2_source.h"
#include "strata/error.h"
#include "strata/rc2.h"
#include "strata/text.h"
#include "tfrag/tfrag_scene.h"

namespace strata::rc2 {

namespace {

// Appends the nodes and meshes of a chunk's scene, renamed chunk<i>_..., onto
// `s`; its primitives keep their materials (the one texture table's
// indices) and its own materials are dropped. Returns its roots, shifted.
std::vector<int> appendChunk(Scene& s, Scene&& chunk, size_t index) {
  const std::string prefix = "chunk" + std::to_string(index) + "_";
  const int nodeBase = int(s.nodes.size()), meshBase = int(s.meshes.size());
  for (Node& n : chunk.nodes) {
    n.name = prefix + n.name;
    if (n.mesh >= 0) n.mesh += meshBase;
    for (int& c : n.children) c += nodeBase;
    for (int& a : n.lodAlternates) a += nodeBase;
    n.tags.insert(n.tags.begin(), {"chunk", int64_t(index)});
    s.nodes.push_back(std::move(n));
  }
  for (Mesh& m : chunk.meshes) {
    m.name = prefix + m.name;
    s.meshes.push_back(std::move(m));
  }
  for (std::string& w : chunk.warnings) s.warnings.push_back(prefix + w);
  std::vector<int> roots;
  for (int r : chunk.roots) roots.push_back(r + nodeBase);
  return roots;
}

} // namespace

Scene levelWadScene(const CheckedWad& c, const LoadOptions& options) {
  const int32_t id = c.wad.container.header.id;
  Scene s = tfrag::levelScene(c.core, options);
  std::vector<int> children = s.roots;
  for (size_t k = 0; k < c.chunks.size(); ++k) {
    if (c.chunks[k].tfragIndex.empty()) continue;
    LoadOptions chunkOptions = options;
    chunkOptions.textures = false; // the core's materials serve every chunk
    chunkOptions.progress = nullptr;
    std::vector<int> roots =
        appendChunk(s, tfrag::levelScene(c.chunks[k], chunkOptions), c.wad.chunks[k].index);
    children.insert(children.end(), roots.begin(), roots.end());
  }
  Node root;
  root.name = escapeUtf8(levelTitle(id));
  root.children = children;
  root.tags = {{"level", id}};
  root.textTags = {{"game", "rc2"}};
  s.name = root.name;
  s.roots = {int(s.nodes.size())};
  s.nodes.push_back(std::move(root));
  return s;
}

Scene loadLevelWad(const Source& in, const LoadOptions& options) {
  const std::string& path = in.path;
  if (options.lod > 2)
    throw Unsupported(path, Error::kNoOffset,
                      "LOD " + std::to_string(options.lod) + ": tfrags have LODs 0, 1 and 2");
  const LevelSource src(in);
  CheckedWad c = checkLevelWad(src.data(), src.size(), path);
  tfrag::CheckedLevel all;
  all.readable = c.readable();
  all.findings = c.findings;
  std::vector<std::string> leftOut = tfrag::acceptOrLeaveOut(all, options.partial);
  if (!c.readable()) // acceptOrLeaveOut threw for any level-wide error
    throw Error(path, Error::kNoOffset, "the level cannot be read");
  size_t intact = c.core.tfragIndex.size();
  for (const tfrag::CheckedLevel& k : c.chunks) intact += k.tfragIndex.size();
  tfrag::requireIntact(intact > 0 || leftOut.empty(), leftOut, path);
  Scene s = levelWadScene(c, options);
  s.leftOut = std::move(leftOut);
  return s;
}

} // namespace strata::rc2

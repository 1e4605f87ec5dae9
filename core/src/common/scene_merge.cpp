#include "common/scene_merge.h"

#include <algorithm>
#include <iterator>

namespace strata {

namespace {

template <class T> void moveAll(std::vector<T>& into, std::vector<T>& from) {
  into.insert(into.end(), std::make_move_iterator(from.begin()),
              std::make_move_iterator(from.end()));
}

// Lines already there are not repeated (each level of a file reports the same).
void appendNew(std::vector<std::string>& into, const std::vector<std::string>& from) {
  for (const std::string& line : from)
    if (std::find(into.begin(), into.end(), line) == into.end()) into.push_back(line);
}

int shifted(int index, int by) {
  return index < 0 ? index : index + by;
}

} // namespace

MergeOffsets appendScene(Scene& into, Scene&& from, std::vector<int>* roots) {
  MergeOffsets o{int(into.nodes.size()), int(into.meshes.size()), int(into.materials.size()),
                 int(into.textures.size()), int(into.images.size())};
  for (Node& n : from.nodes) {
    n.mesh = shifted(n.mesh, o.meshes);
    for (int& c : n.children) c += o.nodes;
    for (int& a : n.lodAlternates) a += o.nodes;
  }
  for (Mesh& m : from.meshes)
    for (Primitive& p : m.primitives) p.material = shifted(p.material, o.materials);
  for (Material& m : from.materials) m.baseColorTexture = shifted(m.baseColorTexture, o.textures);
  for (Texture& t : from.textures) t.image = shifted(t.image, o.images);
  if (roots)
    for (int r : from.roots) roots->push_back(r + o.nodes);
  moveAll(into.nodes, from.nodes);
  moveAll(into.meshes, from.meshes);
  moveAll(into.materials, from.materials);
  moveAll(into.textures, from.textures);
  moveAll(into.images, from.images);
  appendNew(into.warnings, from.warnings);
  appendNew(into.leftOut, from.leftOut);
  return o;
}

} // namespace strata

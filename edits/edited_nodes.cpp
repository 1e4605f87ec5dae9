// Edited nodes -> chunk edits (edited_nodes.h).
#include "edited_nodes.h"

#include "strata/error.h"

#include <cctype>

namespace strata::edits {

namespace {

// Reads a decimal number at s[i]; false when there is none or it is too long.
bool number(const std::string& s, size_t& i, uint32_t& out) {
  size_t start = i;
  uint64_t v = 0;
  while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])) && i - start < 9)
    v = v * 10 + uint64_t(s[i++] - '0');
  if (i == start || (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])))) return false;
  out = uint32_t(v);
  return true;
}

} // namespace

bool parseChunkName(const std::string& s, uint32_t& level, uint32_t& x, uint32_t& y) {
  for (size_t p = 0; p < s.size(); ++p) {
    if (s[p] != 'L') continue;
    if (p > 0 && std::isalnum(static_cast<unsigned char>(s[p - 1]))) continue;
    size_t i = p + 1;
    uint32_t l, a, b;
    if (!number(s, i, l) || i >= s.size() || s[i++] != '_') continue;
    if (!number(s, i, a) || i >= s.size() || s[i++] != '_') continue;
    if (!number(s, i, b)) continue;
    level = l, x = a, y = b;
    return true;
  }
  return false;
}

std::vector<AtlasChunkEdit> chunkEdits(const std::vector<EditedNode>& nodes,
                                       const std::string& fileName) {
  std::vector<AtlasChunkEdit> edits;
  for (const EditedNode& node : nodes) {
    AtlasChunkEdit e;
    if (node.tagged)
      e.level = (*node.tagged)[0], e.x = (*node.tagged)[1], e.y = (*node.tagged)[2];
    else if (!parseChunkName(node.name, e.level, e.x, e.y) &&
             !parseChunkName(node.meshName, e.level, e.x, e.y))
      throw Error(fileName, Error::kNoOffset,
                  "node '" + node.name + "' (mesh '" + node.meshName +
                      "') names no chunk: expected L<level>_<x>_<y> in its name (or "
                      "extras.strata {level, x, y}); remove meshes that are not terrain chunks");
    e.source = "node '" + node.name + "'";
    bool normals = true, uv = true;
    for (const Primitive& p : node.primitives) {
      normals = normals && p.normals.size() == p.positions.size();
      uv = uv && (p.uv1.size() == p.positions.size() || p.uv0.size() == p.positions.size());
    }
    for (const Primitive& p : node.primitives) {
      const uint32_t base = uint32_t(e.positions.size());
      e.positions.insert(e.positions.end(), p.positions.begin(), p.positions.end());
      if (normals) e.normals.insert(e.normals.end(), p.normals.begin(), p.normals.end());
      // design.md: TEXCOORD_1 holds the global coordinate when TEXCOORD_0 is a tile's.
      if (uv) {
        const auto& src = p.uv1.size() == p.positions.size() ? p.uv1 : p.uv0;
        e.uv.insert(e.uv.end(), src.begin(), src.end());
      }
      for (uint32_t i : p.indices) e.indices.push_back(i + base);
    }
    edits.push_back(std::move(e));
  }
  return edits;
}

} // namespace strata::edits

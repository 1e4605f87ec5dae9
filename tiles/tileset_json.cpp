// tileset.json (3D Tiles 1.1): the quadtree's tiles, each its box, its
// geometric error and its GLB, refine REPLACE.
#include "tileset.h"

#include <algorithm>
#include <cmath>

namespace strata::tiles {

namespace {

// 3D Tiles box: centre, then the three half-axes (x, y, z). A flat side
// gets a small thickness so the box stays a volume.
nlohmann::json boxJson(const Box& b) {
  double c[3], h[3], largest = 0;
  for (int k = 0; k < 3; ++k) {
    c[k] = (double(b.min[k]) + b.max[k]) / 2;
    h[k] = (double(b.max[k]) - b.min[k]) / 2;
    largest = std::max(largest, h[k]);
  }
  for (double& v : h) v = std::max(v, std::max(largest * 1e-3, 1e-3));
  return {c[0], c[1], c[2], h[0], 0, 0, 0, h[1], 0, 0, 0, h[2]};
}

nlohmann::json tileJson(const std::vector<std::vector<Chunk>>& chunks, uint32_t level, uint32_t x,
                        uint32_t y, const std::function<std::string(const Chunk&)>& contentUri) {
  const Chunk& c = chunks[level][(size_t(x) << level) + y];
  nlohmann::json t;
  t["boundingVolume"] = {{"box", boxJson(c.box)}};
  t["geometricError"] = c.geometricError;
  t["refine"] = "REPLACE";
  const std::string uri = contentUri(c);
  if (!uri.empty()) t["content"] = {{"uri", uri}};
  if (level + 1 < chunks.size()) {
    nlohmann::json kids = nlohmann::json::array();
    for (uint32_t dx = 0; dx < 2; ++dx)
      for (uint32_t dy = 0; dy < 2; ++dy)
        kids.push_back(tileJson(chunks, level + 1, 2 * x + dx, 2 * y + dy, contentUri));
    t["children"] = std::move(kids);
  }
  return t;
}

} // namespace

nlohmann::json tilesetJson(const std::vector<std::vector<Chunk>>& chunks,
                           const std::function<std::string(const Chunk&)>& contentUri) {
  const Box& all = chunks[0][0].box;
  double diagonal = 0;
  if (!all.empty())
    for (int k = 0; k < 3; ++k) diagonal += std::pow(double(all.max[k]) - all.min[k], 2);
  nlohmann::json j;
  j["asset"] = {{"version", "1.1"}, {"generator", "Strata"}};
  // Drawing nothing at all is off by the whole terrain.
  j["geometricError"] = std::max(std::sqrt(diagonal), chunks[0][0].geometricError);
  j["root"] = tileJson(chunks, 0, 0, 0, contentUri);
  return j;
}

} // namespace strata::tiles

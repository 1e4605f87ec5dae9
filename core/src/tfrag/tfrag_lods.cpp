#include "tfrag/tfrag_lods.h"

#include "tfrag/tfrag_scene.h"

#include <cmath>

namespace strata::tfrag {

// M_PI's value: M_PI itself is POSIX, not C++ (MinGW's strict C++17 has none).
constexpr double kPi = 3.14159265358979323846;

static float coverageAt(double distance, double radius) {
  if (!(distance > radius)) return 1.0f; // inside the sphere, or a non-finite L or radius
  const double halfFov = kCoverageFovDegrees * kPi / 360.0;
  const double silhouette = radius / std::sqrt(distance * distance - radius * radius);
  return float(std::min(1.0, silhouette / std::tan(halfFov)));
}

std::vector<float> switchCoverage(float lodDistance, float radius) {
  const double d0 = 6.0 * lodDistance, d1 = 4.0 * lodDistance;
  return {coverageAt(d1 - radius, radius), coverageAt(d0 - radius, radius), 0.0f};
}

Scene allLodsScene(const CheckedLevel& l, const LoadOptions& options) {
  auto at = [&](int lod) {
    LoadOptions one = options;
    one.lod = lod;
    if (options.progress)
      one.progress = [&, lod](size_t done, size_t total) {
        options.progress(size_t(lod) * total + done, 3 * total);
      };
    return levelScene(l, one);
  };
  Scene all = at(0);
  const size_t patches = all.nodes.size();
  for (int lod = 1; lod <= 2; ++lod) {
    // The same materials, textures and images at every LOD: only the
    // geometry is taken from the coarser scenes.
    Scene s = at(lod);
    const int meshBase = int(all.meshes.size());
    for (Node& n : s.nodes) {
      n.name += "_lod" + std::to_string(lod);
      if (n.mesh >= 0) n.mesh += meshBase;
      all.nodes.push_back(std::move(n));
    }
    for (Mesh& m : s.meshes) {
      m.name += "_lod" + std::to_string(lod);
      all.meshes.push_back(std::move(m));
    }
  }
  for (size_t i = 0; i < patches; ++i) {
    Node& n = all.nodes[i];
    n.lodAlternates = {int(patches + i), int(2 * patches + i)};
    const float radius = l.block.tfrags[i].header.bsphere[3] / 1024.0f; // 1024 = 1 world unit
    n.screenCoverage = switchCoverage(l.block.header.lodDistance, radius);
  }
  return all;
}

} // namespace strata::tfrag

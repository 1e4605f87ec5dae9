#pragma once
// --lod all for tfrags: each patch's three LODs in one scene.
#include "strata/formats.h"
#include "strata/scene.h"
#include "tfrag/tfrag_validate.h"

namespace strata::tfrag {

// levelScene at LOD 0, 1 and 2 joined: the LOD 0 nodes are the scene's roots,
// each with its patch's LOD 1 and LOD 2 nodes (named tfrag_<i>_lod1, _lod2)
// as Node::lodAlternates and the screen coverages of switchCoverage.
Scene allLodsScene(const CheckedLevel& l, const LoadOptions& options);

// The screen coverage at which a patch of bounding-sphere radius `radius`
// (world units) leaves each LOD, from tfrag-rc2.md "LOD selection": switch
// distances [D0, D1, D2] = [6L, 4L, 2L]; the sphere is tested, not the
// centre, so LOD 0 holds while the whole sphere is nearer than D1 (camera at
// centre distance d <= D1 - r) and LOD 1 while it is nearer than D0; LOD 2
// is drawn at any distance. The coverage of a sphere seen at centre distance
// d is the fraction of the viewport height its silhouette spans at a
// vertical field of view of kCoverageFovDegrees: tan(asin(r / d)) /
// tan(fov / 2), at most 1 (1 when the camera is inside the sphere).
// Returns {coverage(D1 - r), coverage(D0 - r), 0}.
constexpr double kCoverageFovDegrees = 60.0;
std::vector<float> switchCoverage(float lodDistance, float radius);

} // namespace strata::tfrag

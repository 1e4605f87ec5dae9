#pragma once
#include "atlas/atlas_model.h"
#include "strata/formats.h"
#include "strata/scene.h"

namespace strata::atlas {

// The Atlas adapter (design.md "Atlas to scene"): one node per chunk of the
// chosen geometry level named L<level>_<x>_<y>, skirts left out unless asked
// for, morph offsets as one morph target, normals from the file.
Scene toScene(const File& file, const LoadOptions& options, const std::string& fileName);

// The first geometry TOC, or nullptr.
const Toc* geometryToc(const File& file);

} // namespace strata::atlas

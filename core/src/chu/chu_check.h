#pragma once
// The CHU rules the mapping to Atlas (§9b) needs and the reader does not
// enforce, as problems (common/problems.h) that validate and the load path
// share: an error a convert refuses or, under --partial, leaves the stub's
// node out of. Problem::kind is atlas::kChunkPiece with Problem::index the
// stub's position in the file, or atlas::kWholeFile.
#include "chu/chu_model.h"
#include "common/problems.h"

#include <string>
#include <vector>

namespace strata::chu {

// Errors: leafDimensions not finite and positive, verticalScale not finite
// (the file); per stub a level outside the tree, an index past its chunk's
// vertices, an index count that is not whole triangles (the mapped Atlas
// chunk would be invalid), a vertex whose §9b world position or morph does
// not fit a float (glTF needs finite numbers).
void checkChu(const File& file, const std::string& fileName, std::vector<Problem>& out);

// "stub 3 (label 7)": how messages name a CHU stub.
std::string stubLabel(const File& file, size_t stub);

} // namespace strata::chu

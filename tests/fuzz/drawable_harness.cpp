// .ydr / .ydd / .yft bytes. The name has no extension, so the resource
// version picks .yft or .ydr and the root object .ydr or .ydd
// (ytd::drawableKind): one harness reaches all three walks.
#include "harness.h"
#include "texture_container_stages.h"
#include "ytd/drawable_read.h"

namespace strata::fuzz {

void fuzzDrawable(const uint8_t* data, size_t size) {
  readAndExercise(data, size, ytd::readDrawable, "fuzz-drawable");
}

} // namespace strata::fuzz

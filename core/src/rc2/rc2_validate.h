#pragma once
// `strata validate` of a LEVEL<n>.WAD and of a disc image: every invariant of
// rc2-level-wad.md section 7 on top of the tfrag checks, each at its file's
// byte offset.
#include "strata/formats.h"

#include <string>

namespace strata::rc2 {

ValidationReport validateLevelWad(const Source& in);

// The image's file system (every directory record and extent inside it, no
// loop), then every level in it, each finding prefixed with the level's file.
ValidationReport validateDisc(const std::string& image);

} // namespace strata::rc2

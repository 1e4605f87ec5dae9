#pragma once
// The load path of a CHU (a scene, or the .atlas of strata/chu.h) runs the
// checks validate runs (chu_check.h) and acts on them: an error refuses the
// file, naming it, unless `partial`, under which the broken piece is left out
// and named in `leftOut`.
#include "chu/chu_atlas.h"
#include "chu/chu_model.h"
#include "tqt/tqt_model.h"

#include <memory>
#include <string>
#include <vector>

namespace strata::chu {

// The CHU read and checked: its broken stubs, under `partial`, in
// options.leaveOut and named in `leftOut`; otherwise its first error thrown.
File readChecked(const Source& in, bool partial, MapOptions& options,
                 std::vector<std::string>& leftOut);

// §9d: the companion TQT, read, and its path in `tqtPath` (empty: none). A
// CHU's textures come from it, so one that does not read is an error of the
// CHU's load: thrown, or under `partial` left out and named (the chunks are
// then untextured).
std::unique_ptr<tqt::File> companion(const Source& chu, std::string& tqtPath, bool partial,
                                     std::vector<std::string>& leftOut);

} // namespace strata::chu

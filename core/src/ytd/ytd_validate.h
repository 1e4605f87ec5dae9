#pragma once
// `strata validate` (findings + census summary) for any texture container;
// shared by the .ytd and the drawable handlers.
#include "strata/formats.h"
#include "ytd/ytd_read.h"

#include <functional>
#include <string>

namespace strata::ytd {

// Adds every finding of checkContainer to `report` and fills report.summary
// with the census: dictionaries, textures (and broken ones), textures per
// format, invariant checks and failures, the rules that read real-file quirks,
// hash failures, undecided dimensions, unsupported textures (the CLI adds the
// file counts when it sums them).
void containerValidate(const TextureContainer& c, ValidationReport& report);

// The report of the container `read` yields from `path`: a file that does not
// read is an error finding (a strata::Unsupported one says "unsupported: ") and
// a summary of one unreadable file, so the census counts it.
ValidationReport validateContainerFile(const std::string& path, const char* format,
                                       const std::function<TextureContainer()>& read);

} // namespace strata::ytd

#pragma once
#include "chu/chu_model.h"
#include "chu/tqt_model.h"
#include "strata/formats.h"

#include <string>

namespace strata::chu {

// `strata validate` for a CHU the reader accepted: the rules the mapping needs
// that the reader does not enforce (errors, chu_check.h), and §9e's
// consistency comparisons (warnings, one per kind with a count and the first case).
void validateModel(const File& file, ValidationReport& rep);

} // namespace strata::chu

namespace strata::tqt {

// `strata validate` for a TQT the reader accepted: every tile decoded (one
// that does not is an error naming it and its offset; one in a DDS format
// Strata does not decode a warning), and tileSize versus the DDS dimensions
// (a warning).
void validateModel(const File& file, const std::string& fileName, ValidationReport& rep);

} // namespace strata::tqt

#pragma once
#include "strata/formats.h"
#include "tqt/tqt_model.h"

#include <string>

namespace strata::tqt {

// `strata validate` for a TQT the reader accepted: every tile decoded (one
// that does not is an error naming it and its offset; one in a DDS format
// Strata does not decode a warning), and tileSize versus the DDS dimensions
// (a warning).
void validateModel(const File& file, const std::string& fileName, ValidationReport& rep);

// The report of the TQT at `path`: never throws for bad input.
ValidationReport validateTqtFile(const Source& in);

} // namespace strata::tqt

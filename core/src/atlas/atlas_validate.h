#pragma once
#include "atlas/atlas_io.h"
#include "strata/formats.h"

namespace strata::atlas {

// Adds findings for every rule of the spec a parsed model can still break.
void validateModel(const File& file, uint64_t fileSize, ValidationReport& report);

} // namespace strata::atlas

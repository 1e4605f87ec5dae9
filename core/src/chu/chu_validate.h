#pragma once
#include "chu/chu_model.h"
#include "strata/formats.h"

#include <string>

namespace strata::chu {

// `strata validate` for a CHU the reader accepted: the rules the mapping needs
// that the reader does not enforce (errors, chu_check.h), and §9e's
// consistency comparisons (warnings, one per kind with a count and the first case).
void validateModel(const File& file, ValidationReport& rep);

} // namespace strata::chu

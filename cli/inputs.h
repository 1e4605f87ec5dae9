#pragma once
// Expands the CLI's IN... arguments: files stay as they are; a directory that a
// format handler recognises (a tfrag level) is one input; any other directory
// contributes every recognised file below it, or, holding none, itself as an
// unrecognised input.
#include "strata/formats.h"

#include <string>
#include <vector>

namespace strata::cli {

struct Input {
  std::string path;
  const FormatHandler* handler = nullptr; // nullptr: not recognised
  bool fromDirectory = false;             // found by walking a directory
};

struct ExpandedInputs {
  std::vector<Input> inputs;
  bool batch = false; // several inputs or a directory: output is a directory
};

ExpandedInputs expandInputs(const std::vector<std::string>& args);

} // namespace strata::cli

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
  // What --shard hashes (shard.h): the path below the directory argument it
  // was found in ("a/b.ytd" for DIR/a/b.ytd), or, for an argument that is
  // itself the input, its last component; '/'-separated on every system.
  std::string key;
};

struct ExpandedInputs {
  std::vector<Input> inputs;
  // Files a directory walk found that no handler recognises: not inputs (a
  // game's directories hold other files too), but counted and reported.
  std::vector<Input> ignored;
  bool batch = false; // several inputs or a directory: output is a directory
};

ExpandedInputs expandInputs(const std::vector<std::string>& args);

} // namespace strata::cli

#pragma once
// `strata ytd replace|build|convert` (design.md "The strata command";
// docs/ytd-write.md): texture dictionaries written back.
#include "strata/image.h"

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace strata::cli {

struct YtdArgs {
  // replace
  std::string input;
  std::vector<std::string> pairs; // NAME=IMAGE
  std::string from;               // --from DIR
  uint32_t mips = 0;
  bool add = false;
  bool changedOnly = false;
  // build
  std::vector<std::string> images; // files and directories
  // build, convert
  std::string edition;
  // all
  std::string output;
  std::string format; // replace: "" keeps; build: "auto"
  image::BcQuality quality = image::BcQuality::Default;
};

// The `ytd` command and its three subcommands, filling `args`.
CLI::App* addYtdCommand(CLI::App& app, YtdArgs& args);

// Runs the subcommand `ytd` parsed into; the exit code.
int runYtd(const CLI::App& ytd, const YtdArgs& args);

} // namespace strata::cli

#pragma once
// The skeleton every batch command runs (convert, textures, validate, tiles;
// design.md "The strata command"): its inputs expanded (disc images into
// their levels, --level), the ones it takes, an output per input, --shard, a
// record per input, progress, the inputs on --jobs workers, the summary line,
// --report and the exit code. A command gives its choice of inputs, its work
// on one input and its summary.
#include "batch.h"

#include <functional>
#include <string>
#include <vector>

namespace strata::cli {

// A command's run once its inputs are done, for its summary.
struct CommandRun {
  ExpandedInputs ex;
  std::vector<std::string> outputs; // input i's file or directory ("": no output)
  std::vector<Record> records;
  uint64_t bytes = 0; // of every input
  size_t skipped = 0, failed = 0;
  double seconds = 0;
};

struct Command {
  const char* name;  // the report's command ("convert")
  const char* label; // the progress bar's ("converting")
  const std::vector<std::string>* inputs;
  const BatchArgs* batch;
  bool labelNamesInput = false; // one input: "<label> <its file name>"
  // R&C2 disc images stand for their levels and --level picks them; with
  // `partial` an image keeps the levels it could find (levels.h).
  bool levels = true;
  bool partial = false;
  // OUT: one input's file or directory, a batch's directory of
  // OUT/<stem><batchExtension> (created first with `batchDirectory`).
  // Empty: the command writes nothing (validate).
  std::string output{};
  std::string batchExtension{};
  bool batchDirectory = false;
  // A batch runs --jobs inputs at once; false: one at a time, its lines in
  // input order.
  bool spread = true;
  // Keeps the inputs the command takes; false (error printed): the run fails.
  std::function<bool(ExpandedInputs&)> choose{};
  // The work on one input into `out`, filling its record; throws what stops
  // it (recorded and printed by the driver). `batch`: one of several.
  std::function<void(const Input& in, const std::string& out, bool batch, Progress& bar,
                     Record& rec)>
      one{};
  // After every input, before the summary (convert: a disc whose level failed keeps none).
  std::function<void(std::vector<Record>&)> settle{};
  // The summary on stdout.
  std::function<void(const CommandRun&)> summary{};
};

// The exit code: kExitFailed when an input failed or the report could not
// be written, kExitUsage for a malformed --shard.
int runCommand(const Command& command);

} // namespace strata::cli

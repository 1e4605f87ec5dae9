#include "command.h"
#include "commands.h"
#include "levels.h"

#include "strata/fileio.h"

#include <chrono>
#include <cstdio>

namespace strata::cli {

// The inputs the command works on, each with its output; false with the exit
// code in `code` when there are none to work on.
static bool chooseInputs(const Command& c, CommandRun& run, int& code) {
  run.ex = expandInputs(*c.inputs);
  if (c.levels) {
    expandDiscs(run.ex, c.partial);
    if (!selectLevels(run.ex, c.batch->levels)) return code = kExitFailed, false;
  }
  if (c.choose && !c.choose(run.ex)) return code = kExitFailed, false;
  const ExpandedInputs& ex = run.ex;
  if (!c.output.empty())
    run.outputs = ex.batch ? batchOutputNames(ex.inputs, c.output, c.batchExtension)
                           : std::vector<std::string>(ex.inputs.size(), c.output);
  else
    run.outputs.assign(ex.inputs.size(), "");
  if (!applyShard(*c.batch, run.ex, run.outputs)) return code = kExitUsage, false;
  if (ex.batch && c.batchDirectory && !makeOutputDirectory(c.output))
    return code = kExitFailed, false;
  return true;
}

int runCommand(const Command& c) {
  const auto t0 = std::chrono::steady_clock::now();
  CommandRun run;
  int code = kExitOk;
  if (!chooseInputs(c, run, code)) return code;
  const ExpandedInputs& ex = run.ex;
  std::vector<Record> started;
  for (const Input& in : ex.inputs) {
    started.push_back(startRecord(in));
    run.bytes += started.back().size;
  }
  const bool one = !ex.batch && !ex.inputs.empty();
  Progress bar(one && c.labelNamesInput
                   ? std::string(c.label) + " " + pathOf(ex.inputs.front().path).filename().string()
                   : c.label,
               ex.batch ? ex.inputs.size() : 0, ex.batch ? run.bytes : 0);
  const int jobs = ex.batch && c.spread ? c.batch->jobs : 1;
  run.records = runBatch(ex.inputs, started, jobs, bar, [&](size_t i, Record& r) {
    try {
      c.one(ex.inputs[i], run.outputs[i], ex.batch, bar, r);
    } catch (const std::exception& e) {
      recordFailure(r, e);
      bar.print(stderr, std::string("strata: error: ") + e.what() + "\n");
    }
  });
  if (c.settle) c.settle(run.records);
  run.skipped = countStatus(run.records, Status::Skipped);
  run.failed = countStatus(run.records, Status::Failed);
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  c.summary(run);
  if (!writeRunReport(*c.batch, c.name, jobCount(jobs, run.records.size()), run.seconds, ex,
                      run.records))
    return kExitFailed;
  return run.failed ? kExitFailed : kExitOk;
}

} // namespace strata::cli

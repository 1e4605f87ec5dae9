#pragma once
// What the batch commands share around their per-input work (command.h):
// --shard, --report, --jobs workers that each hold one input at a time (so a
// batch holds at most --jobs inputs in memory), progress, and the records.
#include "inputs.h"
#include "progress.h"
#include "report.h"

#include <functional>
#include <string>
#include <vector>

namespace strata::cli {

struct BatchArgs {
  std::string shard;  // "I/N"; empty: every input
  std::string report; // --report FILE.json; empty: none
  int jobs = 0;       // 0: every core
  bool skipExisting = false;
  std::vector<std::string> levels; // --level ID|NAME: R&C2 levels to pick (levels.h)
};

// A Record for `in` with path, key, format and size filled in.
Record startRecord(const Input& in);

// Files in `paths` that exist, with their sizes.
std::vector<OutputFile> existingOutputs(const std::vector<std::string>& paths);

// Fills `r` from a failure: status, the error with its offset.
void recordFailure(Record& r, const std::exception& e);

// Runs `work` over every input on min(jobs, inputs) threads; each record's
// seconds are measured here and every finished input advances `bar`.
std::vector<Record> runBatch(const std::vector<Input>& inputs, const std::vector<Record>& started,
                             int jobs, Progress& bar,
                             const std::function<void(size_t, Record&)>& work);

// OUT/<stem><ext> for every input of a batch, or OUT/<name><ext> where two
// inputs share a stem. Named before --shard picks its share, so a name never
// depends on the shard.
std::vector<std::string> batchOutputNames(const std::vector<Input>& inputs, const std::string& out,
                                          const std::string& ext);

unsigned jobCount(int jobs, size_t inputs);

// Creates a batch's output directory; false (error printed) when it cannot.
bool makeOutputDirectory(const std::string& dir);

// How many records were skipped and how many failed, for the summary line.
size_t countStatus(const std::vector<Record>& records, Status status);

// Applies --shard to the inputs, the parallel `names` and the files ignored;
// false with a usage error printed when the option is malformed.
bool applyShard(const BatchArgs& args, ExpandedInputs& ex, std::vector<std::string>& names);

// Drops the inputs a directory walk found that `useless` says the command
// cannot use (a TQT for convert: the CHU beside it reads it).
void dropFoundInDirectories(ExpandedInputs& ex, bool (*useless)(const FormatHandler&));

// Writes the --report file when one was asked for; false (error printed) when
// it cannot be written.
bool writeRunReport(const BatchArgs& args, const std::string& command, unsigned jobs,
                    double seconds, const ExpandedInputs& ex, const std::vector<Record>& records);

// ", 3 not recognised" when a walk ignored files, else "".
std::string ignoredNote(const ExpandedInputs& ex);

// "1.2 MiB in, 3.4 MiB out; 0.12 s" for every command's summary line: what this
// run read and wrote (skipped inputs not counted).
std::string summaryTail(const std::vector<Record>& records, double seconds);

} // namespace strata::cli

#pragma once
// --report FILE.json and `strata report merge` (docs/distributed.md): one
// record per input, the census of what the inputs hold and the run's totals.
// Census and totals are always computed from the records, in path order, so
// shard reports merged give the same numbers a single run does.
#include "strata/error.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace strata::cli {

struct Message {
  std::string text;
  uint64_t offset = Error::kNoOffset;
};

struct OutputFile {
  std::string path;
  uint64_t size = 0;
};

enum class Status { Ok, Skipped, Failed };

struct Record {
  std::string path;   // as the command found it
  std::string key;    // Input::key, what --shard hashes
  std::string format; // handler name; empty: not recognised
  uint64_t size = 0;  // bytes in (a directory input: the files directly in it)
  Status status = Status::Ok;
  std::vector<OutputFile> outputs;
  std::vector<Message> errors, warnings, notes;
  std::vector<std::string> leftOut;
  nlohmann::json summary = nlohmann::json::object(); // counts for the census
  double seconds = 0;
};

// One command's run (a shard, or all of it).
struct RunInfo {
  std::string command; // "convert", "validate", "textures", "tiles"
  uint32_t shardIndex = 1, shardCount = 1;
  unsigned jobs = 1;
  double wallSeconds = 0;
  std::vector<std::string> ignored; // files a directory walk did not recognise
};

// Adds the numbers of `from` into `into`, recursively (a census).
void accumulate(nlohmann::json& into, const nlohmann::json& from);

nlohmann::json recordJson(const Record& r);

// The report of one run.
nlohmann::json runReport(const RunInfo& run, const std::vector<Record>& records);

// Writes `report` to `path` through a temporary file (complete or absent).
void writeReport(const std::string& path, const nlohmann::json& report);

// `strata report merge A.json B.json ... -o ALL.json`.
int runReportMerge(const std::vector<std::string>& inputs, const std::string& output);

} // namespace strata::cli

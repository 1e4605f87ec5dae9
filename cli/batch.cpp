#include "batch.h"
#include "shard.h"

#include "strata/fileio.h"
#include "strata/parallel.h"
#include "strata/rc2.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>

namespace strata::cli {

namespace fs = std::filesystem;

static uint64_t inputSize(const std::string& path) {
  std::error_code ec;
  if (fs::is_regular_file(pathOf(path), ec)) return fs::file_size(pathOf(path), ec);
  if (rc2::splitMemberPath(path)) return rc2::memberSize(path); // a level in a disc image
  uint64_t n = 0;
  if (fs::is_directory(pathOf(path), ec)) // a tfrag level: the files directly in it
    for (const auto& e : fs::directory_iterator(pathOf(path), ec))
      if (e.is_regular_file(ec)) n += e.file_size(ec);
  return n;
}

Record startRecord(const Input& in) {
  Record r;
  r.path = in.path;
  r.key = in.key;
  r.format = in.handler ? in.handler->name : "";
  r.size = inputSize(in.path);
  return r;
}

std::vector<OutputFile> existingOutputs(const std::vector<std::string>& paths) {
  std::vector<OutputFile> out;
  for (const std::string& p : paths) {
    std::error_code ec;
    const uint64_t n = fs::file_size(pathOf(p), ec);
    if (!ec) out.push_back({p, n});
  }
  return out;
}

void recordFailure(Record& r, const std::exception& e) {
  r.status = Status::Failed;
  if (const auto* se = dynamic_cast<const Error*>(&e))
    r.errors.push_back({se->detail(), se->offset()});
  else
    r.errors.push_back({e.what(), Error::kNoOffset});
}

std::vector<std::string> batchOutputNames(const std::vector<Input>& inputs, const std::string& out,
                                          const std::string& ext) {
  std::map<std::string, int> stems;
  for (const Input& in : inputs) stems[pathOf(in.path).stem().string()]++;
  std::vector<std::string> names;
  for (const Input& in : inputs) {
    const fs::path p = pathOf(in.path);
    const std::string base =
        stems[p.stem().string()] > 1 ? p.filename().string() : p.stem().string();
    names.push_back((pathOf(out) / pathOf(base + ext)).string());
  }
  return names;
}

bool makeOutputDirectory(const std::string& dir) {
  std::error_code ec;
  fs::create_directories(pathOf(dir), ec);
  if (fs::is_directory(pathOf(dir), ec)) return true;
  std::fprintf(stderr, "strata: error: %s: cannot create the output directory\n", dir.c_str());
  return false;
}

size_t countStatus(const std::vector<Record>& records, Status status) {
  return size_t(std::count_if(records.begin(), records.end(),
                              [&](const Record& r) { return r.status == status; }));
}

unsigned jobCount(int jobs, size_t inputs) {
  const unsigned n = requestedJobs(jobs);
  return unsigned(std::min<size_t>(n, std::max<size_t>(inputs, 1)));
}

std::vector<Record> runBatch(const std::vector<Input>& inputs, const std::vector<Record>& started,
                             int jobs, Progress& bar,
                             const std::function<void(size_t, Record&)>& work) {
  std::vector<Record> records = started;
  // The inputs on threads of the budget (main sets it from --jobs;
  // strata/parallel.h), this one the first; the chunks and images inside
  // each input get what they leave.
  parallelFor(inputs.size(), jobCount(jobs, inputs.size()), [&](size_t i) {
    const auto t0 = std::chrono::steady_clock::now();
    work(i, records[i]);
    records[i].seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    bar.fileDone(records[i].size);
  });
  bar.finish();
  return records;
}

void dropFoundInDirectories(ExpandedInputs& ex, bool (*useless)(const FormatHandler&)) {
  ex.inputs.erase(std::remove_if(ex.inputs.begin(), ex.inputs.end(),
                                 [&](const Input& in) {
                                   return in.fromDirectory && in.handler && useless(*in.handler);
                                 }),
                  ex.inputs.end());
}

std::string ignoredNote(const ExpandedInputs& ex) {
  return ex.ignored.empty() ? "" : ", " + std::to_string(ex.ignored.size()) + " not recognised";
}

bool applyShard(const BatchArgs& args, ExpandedInputs& ex, std::vector<std::string>& names) {
  if (args.shard.empty()) return true;
  std::string why;
  const std::optional<Shard> s = parseShard(args.shard, why);
  if (!s) {
    std::fprintf(stderr, "strata: error: %s\n", why.c_str());
    return false;
  }
  std::vector<Input> in;
  std::vector<std::string> out;
  for (size_t i = 0; i < ex.inputs.size(); ++i)
    if (shardOf(ex.inputs[i].key, s->count) == s->index) {
      in.push_back(ex.inputs[i]);
      out.push_back(names[i]);
    }
  ex.inputs.swap(in);
  names.swap(out);
  keepShard(ex.ignored, *s);
  return true;
}

bool writeRunReport(const BatchArgs& args, const std::string& command, unsigned jobs,
                    double seconds, const ExpandedInputs& ex, const std::vector<Record>& records) {
  if (args.report.empty()) return true;
  RunInfo run;
  run.command = command;
  run.jobs = jobs;
  run.wallSeconds = seconds;
  for (const Input& in : ex.ignored) run.ignored.push_back(in.path);
  if (!args.shard.empty()) {
    std::string why;
    const Shard s = *parseShard(args.shard, why);
    run.shardIndex = s.index;
    run.shardCount = s.count;
  }
  try {
    writeReport(args.report, runReport(run, records));
    return true;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "strata: error: %s\n", e.what());
    return false;
  }
}

std::string summaryTail(const std::vector<Record>& records, double seconds) {
  uint64_t in = 0, out = 0;
  for (const Record& r : records) {
    if (r.status == Status::Skipped) continue; // this run neither read nor wrote it
    in += r.size;
    for (const OutputFile& o : r.outputs) out += o.size;
  }
  char buf[64];
  std::snprintf(buf, sizeof buf, "; %.2f s", seconds);
  return humanBytes(in) + " in, " + humanBytes(out) + " out" + buf;
}

} // namespace strata::cli

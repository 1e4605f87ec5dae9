#include "levels.h"

#include "strata/error.h"
#include "strata/formats.h"
#include "strata/rc2.h"

#include <cstdio>
#include <filesystem>
#include <map>

namespace strata::cli {

namespace fs = std::filesystem;

void expandDiscs(ExpandedInputs& ex, bool partial) {
  std::vector<Input> out;
  for (Input& in : ex.inputs) {
    if (!in.handler || std::string(in.handler->name) != "rc2-disc") {
      out.push_back(std::move(in));
      continue;
    }
    std::vector<rc2::LevelEntry> levels;
    std::vector<std::string> skipped;
    try {
      levels = rc2::discLevels(in.path, partial ? &skipped : nullptr);
    } catch (const std::exception&) {
      out.push_back(std::move(in)); // reading it says what is wrong
      continue;
    }
    for (const std::string& s : skipped)
      std::fprintf(stderr, "strata: warning: %s: left out: %s\n", in.path.c_str(), s.c_str());
    if (levels.empty()) {
      out.push_back(std::move(in));
      continue;
    }
    const FormatHandler* level = nullptr;
    for (const FormatHandler* h : formatHandlers())
      if (std::string(h->name) == "rc2-level") level = h;
    for (const rc2::LevelEntry& e : levels) out.push_back({e.path, level, true, e.file});
    ex.batch = true;
  }
  ex.inputs = std::move(out);
}

bool selectLevels(ExpandedInputs& ex, const std::vector<std::string>& selectors) {
  if (selectors.empty()) return true;
  std::vector<Input> kept;
  std::vector<bool> used(selectors.size(), false);
  for (Input& in : ex.inputs) {
    if (!in.handler || std::string(in.handler->name) != "rc2-level") continue;
    int32_t id = -1;
    try {
      id = rc2::levelIdOf(in.path);
    } catch (const std::exception&) {
      continue;
    }
    bool pick = false;
    for (size_t i = 0; i < selectors.size(); ++i)
      if (rc2::levelMatches(selectors[i], id)) pick = used[i] = true;
    if (pick) kept.push_back(std::move(in));
  }
  for (size_t i = 0; i < selectors.size(); ++i)
    if (!used[i]) {
      std::fprintf(stderr,
                   "strata: error: --level %s: no level of the inputs has that id or name\n",
                   selectors[i].c_str());
      return false;
    }
  ex.inputs = std::move(kept);
  ex.ignored.clear();
  return true;
}

std::string discOf(const std::string& path) {
  std::string image;
  return rc2::splitMemberPath(path, &image) ? image : std::string();
}

void withdrawBrokenDiscs(std::vector<Record>& records, bool partial) {
  if (partial) return;
  std::map<std::string, std::string> broken; // image -> the first level that failed
  for (const Record& r : records)
    if (r.status == Status::Failed && !discOf(r.path).empty())
      broken.emplace(discOf(r.path), r.path);
  for (Record& r : records) {
    auto it = broken.find(discOf(r.path));
    if (it == broken.end() || r.status == Status::Failed || r.status == Status::Skipped) continue;
    for (const OutputFile& o : r.outputs) {
      std::error_code ec;
      fs::remove(o.path, ec);
    }
    r.outputs.clear();
    r.status = Status::Failed;
    const std::string why = "not written: " + it->second +
                            " of the same disc image failed (--partial keeps the intact levels)";
    r.errors.push_back({why, Error::kNoOffset});
    std::fprintf(stderr, "strata: error: %s: %s\n", r.path.c_str(), why.c_str());
  }
}

} // namespace strata::cli

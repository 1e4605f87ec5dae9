// `strata info` and `strata validate`.
#include "batch.h"
#include "commands.h"
#include "info_summary.h"
#include "inputs.h"
#include "levels.h"

#include "strata/error.h"
#include "strata/rc2.h"
#include "strata/text.h"

#include <chrono>
#include <cstdio>
#include <filesystem>

namespace strata::cli {

using nlohmann::json;

static void printHuman(const json& j, int indent) {
  std::string pad(size_t(indent) * 2, ' ');
  for (auto it = j.begin(); it != j.end(); ++it) {
    const json& v = j.is_object() ? it.value() : *it;
    std::string key = j.is_object() ? it.key() + ":" : "-";
    if (v.is_structured() && !v.empty()) {
      std::printf("%s%s\n", pad.c_str(), key.c_str());
      printHuman(v, indent + 1);
    } else {
      std::printf("%s%s %s\n", pad.c_str(), key.c_str(),
                  v.is_string() ? v.get<std::string>().c_str() : v.dump().c_str());
    }
  }
}

int runInfo(const std::string& input, InfoView view, const std::vector<std::string>& levels) {
  try {
    // --level: the levels of a disc image or directory it picks, each described.
    std::vector<std::string> paths{input};
    if (!levels.empty()) {
      paths.clear();
      for (const rc2::LevelEntry& e : rc2::listLevels(input))
        for (const std::string& sel : levels)
          if (rc2::levelMatches(sel, e.id)) {
            paths.push_back(e.path);
            break;
          }
      if (paths.empty()) throw Error(input, Error::kNoOffset, "no level matches --level");
    } else if (!detectFormat(input) && std::filesystem::is_directory(input)) {
      // A directory of LEVEL<n>.WAD files (the disc's G/): each level described.
      try {
        paths.clear();
        for (const rc2::LevelEntry& e : rc2::listLevels(input)) paths.push_back(e.path);
      } catch (const Error&) {
        paths = {input}; // none there: requireFormat says what the directory lacks
      }
    }
    for (const std::string& path : paths) {
      const FormatHandler& h = requireFormat(path);
      json j = h.info(path);
      if (view == InfoView::Json)
        std::printf("%s\n", j.dump(2).c_str());
      else if (view == InfoView::Tree)
        printHuman(j, 0);
      else
        for (const std::string& line : infoSummary(path, j)) std::printf("%s\n", line.c_str());
    }
    return kExitOk;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "strata: error: %s\n", e.what());
    return kExitFailed;
  }
}

int runValidate(const ValidateArgs& args) {
  const auto t0 = std::chrono::steady_clock::now();
  ExpandedInputs ex = expandInputs(args.inputs);
  expandDiscs(ex, false);
  if (!selectLevels(ex, args.batch.levels)) return kExitFailed;
  if (!applyShard(args.batch, ex, nullptr)) return kExitUsage;
  std::vector<Record> started;
  uint64_t bytes = 0;
  for (const Input& in : ex.inputs) {
    started.push_back(startRecord(in));
    bytes += started.back().size;
  }
  size_t bad = 0, warnings = 0;
  json census = json::object(), reports = json::array();
  Progress bar("validating", ex.inputs.size() > 1 ? ex.inputs.size() : 0, bytes);
  // One input at a time: the lines come out in input order.
  std::vector<Record> records = runBatch(ex.inputs, started, 1, bar, [&](size_t i, Record& rec) {
    const Input& in = ex.inputs[i];
    ValidationReport rep;
    rep.file = in.path;
    try {
      // An unrecognised input: requireFormat throws what is wrong with it.
      const FormatHandler& h = in.handler ? *in.handler : requireFormat(in.path);
      rep = h.validate(in.path);
    } catch (const Error& e) {
      rep.error(e.offset(), e.detail());
    } catch (const std::exception& e) {
      // validate never throws for bad input: this is a bug, reported, not a crash.
      rep.error(~uint64_t(0), std::string("internal error while validating: ") + e.what());
    }
    bad += rep.errors() > 0;
    warnings += rep.warnings();
    rec.format = rep.format;
    rec.summary = rep.summary;
    for (const Finding& f : rep.findings)
      (f.severity == Severity::Error     ? rec.errors
       : f.severity == Severity::Warning ? rec.warnings
                                         : rec.notes)
          .push_back({f.message, f.offset});
    if (rep.errors() || (args.strict && rep.warnings())) rec.status = Status::Failed;
    json& bucket = census[rep.format.empty() ? "unknown" : rep.format];
    accumulate(bucket, rep.summary);
    accumulate(bucket, json{{"files", 1}, {"invalidFiles", rep.errors() ? 1 : 0}});
    if (args.json) {
      json fj = {{"file", escapeUtf8(in.path)}, {"format", rep.format}, {"summary", rep.summary}};
      json findings = json::array();
      for (const Finding& f : rep.findings) findings.push_back(findingJson(f));
      fj["findings"] = findings;
      reports.push_back(fj);
      return;
    }
    std::string lines;
    for (const Finding& f : rep.findings) {
      const char* sev = f.severity == Severity::Info ? "note" : severityName(f.severity);
      lines += in.path + ": " + sev + atByte(f.offset) + ": " + f.message + "\n";
    }
    lines += in.path + ": " + (rep.errors() ? "INVALID" : "ok") + " (" +
             std::to_string(rep.errors()) + " errors, " + std::to_string(rep.warnings()) +
             " warnings)\n";
    bar.print(stdout, lines);
  });
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (args.json) {
    // The JSON document is all of stdout: its census and counts are the summary.
    std::printf("%s\n", json({{"files", reports}, {"census", census}}).dump(2).c_str());
  } else {
    std::printf("census:\n");
    printHuman(census, 1);
    std::printf("validated %zu files: %zu invalid, %zu warnings (%s in%s; %.2f s)\n",
                ex.inputs.size(), bad, warnings, humanBytes(bytes).c_str(), ignoredNote(ex).c_str(),
                seconds);
  }
  if (!writeRunReport(args.batch, "validate", 1, seconds, ex, records)) return kExitFailed;
  return bad || (args.strict && warnings) ? kExitFailed : kExitOk;
}

} // namespace strata::cli

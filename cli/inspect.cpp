// `strata info` and `strata validate`.
#include "batch.h"
#include "command.h"
#include "commands.h"
#include "info_summary.h"
#include "inputs.h"

#include "strata/error.h"
#include "strata/rc2.h"
#include "strata/text.h"

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

namespace {

// What validate gathers over its inputs, one at a time, for its summary.
struct ValidateTotals {
  size_t bad = 0, warnings = 0;
  json census = json::object(), reports = json::array();
};

} // namespace

// Validates one input into `rec` and `totals`; its findings on stdout (or,
// with --json, in the document printed at the end).
static void validateOne(const Input& in, const ValidateArgs& args, Progress& bar, Record& rec,
                        ValidateTotals& totals) {
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
  totals.bad += rep.errors() > 0;
  totals.warnings += rep.warnings();
  rec.format = rep.format;
  rec.summary = rep.summary;
  for (const Finding& f : rep.findings)
    (f.severity == Severity::Error     ? rec.errors
     : f.severity == Severity::Warning ? rec.warnings
                                       : rec.notes)
        .push_back({f.message, f.offset});
  if (rep.errors() || (args.strict && rep.warnings())) rec.status = Status::Failed;
  json& bucket = totals.census[rep.format.empty() ? "unknown" : rep.format];
  accumulate(bucket, rep.summary);
  accumulate(bucket, json{{"files", 1}, {"invalidFiles", rep.errors() ? 1 : 0}});
  if (args.json) {
    json fj = {{"file", escapeUtf8(in.path)}, {"format", rep.format}, {"summary", rep.summary}};
    json findings = json::array();
    for (const Finding& f : rep.findings) findings.push_back(findingJson(f));
    fj["findings"] = findings;
    totals.reports.push_back(fj);
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
}

int runValidate(const ValidateArgs& args) {
  ValidateTotals totals;
  Command c{"validate", "validating", &args.inputs, &args.batch};
  c.spread = false; // one input at a time: the lines come out in input order
  c.one = [&](const Input& in, const std::string&, bool, Progress& bar, Record& rec) {
    validateOne(in, args, bar, rec, totals);
  };
  c.summary = [&](const CommandRun& run) {
    if (args.json) {
      // The JSON document is all of stdout: its census and counts are the summary.
      std::printf("%s\n",
                  json({{"files", totals.reports}, {"census", totals.census}}).dump(2).c_str());
      return;
    }
    std::printf("census:\n");
    printHuman(totals.census, 1);
    std::printf("validated %zu files: %zu invalid, %zu warnings (%s in%s; %.2f s)\n",
                run.ex.inputs.size(), totals.bad, totals.warnings, humanBytes(run.bytes).c_str(),
                ignoredNote(run.ex).c_str(), run.seconds);
  };
  return runCommand(c);
}

} // namespace strata::cli

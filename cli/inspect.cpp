// `strata info` and `strata validate`.
#include "commands.h"
#include "inputs.h"

#include "strata/error.h"
#include "strata/text.h"

#include <cstdio>

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

int runInfo(const std::string& input, bool asJson) {
  try {
    const FormatHandler& h = requireFormat(input);
    json j = h.info(input);
    if (asJson)
      std::printf("%s\n", j.dump(2).c_str());
    else
      printHuman(j, 0);
    return kExitOk;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "strata: error: %s\n", e.what());
    return kExitFailed;
  }
}

// Adds the numbers of `from` into `into`, recursively (the census).
static void accumulate(json& into, const json& from) {
  if (!into.is_object()) into = json::object();
  for (auto it = from.begin(); it != from.end(); ++it) {
    if (it->is_number_integer() && (!into.contains(it.key()) || into[it.key()].is_number_integer()))
      into[it.key()] = into.value(it.key(), int64_t(0)) + it->get<int64_t>();
    else if (it->is_number())
      into[it.key()] = into.value(it.key(), 0.0) + it->get<double>();
    else if (it->is_object())
      accumulate(into[it.key()], *it);
  }
}

int runValidate(const std::vector<std::string>& args, bool asJson, bool strict) {
  ExpandedInputs ex = expandInputs(args);
  size_t bad = 0, warnings = 0;
  json census = json::object(), reports = json::array();
  for (const Input& in : ex.inputs) {
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
    json& bucket = census[rep.format.empty() ? "unknown" : rep.format];
    accumulate(bucket, rep.summary);
    accumulate(bucket, json{{"files", 1}, {"invalidFiles", rep.errors() ? 1 : 0}});
    if (asJson) {
      json fj = {{"file", escapeUtf8(in.path)}, {"format", rep.format}, {"summary", rep.summary}};
      json findings = json::array();
      for (const Finding& f : rep.findings) findings.push_back(findingJson(f));
      fj["findings"] = findings;
      reports.push_back(fj);
      continue;
    }
    for (const Finding& f : rep.findings) {
      const char* sev = f.severity == Severity::Info ? "note" : severityName(f.severity);
      std::printf("%s: %s%s: %s\n", in.path.c_str(), sev, atByte(f.offset).c_str(),
                  f.message.c_str());
    }
    std::printf("%s: %s (%zu errors, %zu warnings)\n", in.path.c_str(),
                rep.errors() ? "INVALID" : "ok", rep.errors(), rep.warnings());
  }
  if (asJson) {
    std::printf("%s\n", json({{"files", reports}, {"census", census}}).dump(2).c_str());
  } else {
    std::printf("census:\n");
    printHuman(census, 1);
    std::printf("validated %zu files: %zu invalid, %zu warnings\n", ex.inputs.size(), bad,
                warnings);
  }
  return bad || (strict && warnings) ? kExitFailed : kExitOk;
}

} // namespace strata::cli

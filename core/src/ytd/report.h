#pragma once
// info (JSON) and validate (findings + census summary) for any texture
// container; shared by the .ytd and the drawable handlers.
#include "strata/error.h"
#include "strata/formats.h"
#include "ytd/texture_container.h"

#include <nlohmann/json.hpp>

namespace strata::ytd {

// The structure, with each finding of checkContainer beside the piece it is
// about and the rules each layout was read by (names escaped to text).
nlohmann::json containerInfo(const TextureContainer& c);

// Adds every finding of checkContainer to `report` and fills report.summary
// with the census: dictionaries, textures (and broken ones), textures per
// format, invariant checks and failures, the rules that read real-file quirks,
// hash failures, undecided dimensions, unsupported textures (the CLI adds the
// file counts when it sums them).
void containerValidate(const TextureContainer& c, ValidationReport& report);

// Runs `read` and turns a thrown strata::Error into an error finding (validate
// never throws for bad input).
template <typename Read>
ValidationReport validateWith(const std::string& path, const char* format, Read read) {
  ValidationReport report;
  report.file = path;
  report.format = format;
  try {
    containerValidate(read(), report);
  } catch (const Unsupported& e) {
    report.findings.push_back({Severity::Error, e.offset(), "unsupported: " + e.detail()});
    report.summary = {{"unreadableFiles", 1}};
  } catch (const Error& e) {
    report.findings.push_back({Severity::Error, e.offset(), e.detail()});
    report.summary = {{"unreadableFiles", 1}};
  }
  return report;
}

} // namespace strata::ytd

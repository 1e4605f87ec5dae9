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
// The summary is assigned a named json, not a braced list: inside a template,
// clang 14 never destroys json's by-value operator= argument made from a
// braced list, leaking the old value (LeakSanitizer in the clang sanitizer
// build; tests/fuzz found it).
template <typename Read>
ValidationReport validateWith(const std::string& path, const char* format, Read read) {
  ValidationReport report;
  report.file = path;
  report.format = format;
  const nlohmann::json unreadable = {{"unreadableFiles", 1}};
  try {
    containerValidate(read(), report);
  } catch (const Unsupported& e) {
    report.findings.push_back({Severity::Error, e.offset(), "unsupported: " + e.detail()});
    report.summary = unreadable;
  } catch (const Error& e) {
    report.findings.push_back({Severity::Error, e.offset(), e.detail()});
    report.summary = unreadable;
  }
  return report;
}

} // namespace strata::ytd

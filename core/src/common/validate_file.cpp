#include "common/validate_file.h"

#include "strata/error.h"

namespace strata {

ValidationReport validateFile(const std::string& path, const char* format,
                              const std::function<void(ValidationReport&)>& check,
                              const Unreadable& unreadable) {
  ValidationReport report;
  report.file = path;
  report.format = format;
  try {
    check(report);
  } catch (const Error& e) {
    const bool unsupported = dynamic_cast<const Unsupported*>(&e) != nullptr;
    report.error(e.offset(), (unsupported ? unreadable.unsupportedPrefix : "") + e.detail());
    if (!unreadable.summary.is_null()) report.summary = unreadable.summary;
  }
  return report;
}

} // namespace strata

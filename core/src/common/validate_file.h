#pragma once
// The frame of every handler's `validate`: a report named for the file and its
// format, in which a file that does not read (a thrown strata::Error) is an
// error finding at the offset it names; validate never throws for bad input.
#include "strata/formats.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <string>

namespace strata {

// How a file that does not read shows in its report, beyond its error.
struct Unreadable {
  const char* unsupportedPrefix = ""; // before the detail of a strata::Unsupported
  nlohmann::json summary;             // replaces the report's summary unless null
};

ValidationReport validateFile(const std::string& path, const char* format,
                              const std::function<void(ValidationReport&)>& check,
                              const Unreadable& unreadable = {});

} // namespace strata

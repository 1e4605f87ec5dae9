#include "strata/formats.h"

#include "strata/error.h"
#include "strata/fileio.h"

#include <filesystem>
#include <fstream>

namespace strata {

// Each format folder defines its handler; this table is the only place that
// lists them. Detection runs in this order.
extern const FormatHandler kAtlasHandler;
extern const FormatHandler kYtdHandler;
extern const FormatHandler kDrawableHandler;
extern const FormatHandler kTfragHandler;
extern const FormatHandler kChuHandler;
extern const FormatHandler kTqtHandler;

const std::vector<const FormatHandler*>& formatHandlers() {
  static const std::vector<const FormatHandler*> all = {
      &kAtlasHandler, &kYtdHandler, &kDrawableHandler, &kTfragHandler, &kChuHandler, &kTqtHandler,
  };
  return all;
}

const char* severityName(Severity s) {
  return s == Severity::Error ? "error" : s == Severity::Warning ? "warning" : "info";
}

nlohmann::json findingJson(const Finding& f) {
  nlohmann::json j = {{"severity", severityName(f.severity)}, {"message", f.message}};
  if (f.offset != ~uint64_t(0)) j["offset"] = f.offset;
  return j;
}

size_t ValidationReport::errors() const {
  size_t n = 0;
  for (auto& f : findings) n += f.severity == Severity::Error;
  return n;
}
size_t ValidationReport::warnings() const {
  size_t n = 0;
  for (auto& f : findings) n += f.severity == Severity::Warning;
  return n;
}

const FormatHandler* detectFormat(const std::string& path) {
  std::vector<uint8_t> head;
  std::error_code ec;
  if (!std::filesystem::is_directory(pathOf(path), ec)) {
    std::ifstream in(pathOf(path), std::ios::binary);
    if (!in) return nullptr;
    head.resize(64);
    in.read(reinterpret_cast<char*>(head.data()), std::streamsize(head.size()));
    head.resize(size_t(in.gcount()));
  }
  for (const FormatHandler* h : formatHandlers())
    if (h->detect(path, head)) return h;
  return nullptr;
}

const FormatHandler& requireFormat(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::exists(pathOf(path), ec))
    throw Error(path, Error::kNoOffset, "no such file");
  if (const FormatHandler* h = detectFormat(path)) return *h;
  if (std::filesystem::is_directory(pathOf(path), ec))
    throw Error(path, Error::kNoOffset,
                "holds nothing Strata recognises: not a tfrag level (no core_index.bin or "
                "core_data.bin) and no Atlas, CHU, TQT, YTD or drawable file inside (checked by "
                "magic)");
  throw Error(path, 0,
              "unrecognised input: not an Atlas, CHU, TQT, YTD, drawable or tfrag level (checked "
              "by magic)");
}

} // namespace strata

#include "strata/formats.h"

#include "strata/error.h"
#include "strata/fileio.h"
#include "strata/rc2.h"

#include <algorithm>
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
extern const FormatHandler kRc2LevelHandler;
extern const FormatHandler kRc2DiscHandler;

const std::vector<const FormatHandler*>& formatHandlers() {
  static const std::vector<const FormatHandler*> all = {
      &kAtlasHandler, &kYtdHandler, &kDrawableHandler, &kTfragHandler,
      &kChuHandler,   &kTqtHandler, &kRc2LevelHandler, &kRc2DiscHandler,
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

const FormatHandler* detectFormat(const Source& in) {
  std::vector<uint8_t> head;
  std::error_code ec;
  if (!in.onDisk()) {
    head.assign(in.memory->begin(),
                in.memory->begin() + long(std::min<size_t>(64, in.memory->size())));
  } else if (!std::filesystem::is_directory(pathOf(in.path), ec)) {
    std::ifstream file(pathOf(in.path), std::ios::binary);
    // A level inside a disc image ("RC2.iso::G/LEVEL1.WAD") is no file of its own.
    if (!file)
      return rc2::splitMemberPath(in.path) && kRc2LevelHandler.detect(in, head) ? &kRc2LevelHandler
                                                                                : nullptr;
    head.resize(64);
    file.read(reinterpret_cast<char*>(head.data()), std::streamsize(head.size()));
    head.resize(size_t(file.gcount()));
  }
  for (const FormatHandler* h : formatHandlers())
    if (h->detect(in, head)) return h;
  return nullptr;
}

const FormatHandler& requireFormat(const Source& in) {
  std::error_code ec;
  if (const FormatHandler* h = detectFormat(in)) return *h;
  const std::string& path = in.path;
  if (in.onDisk() && rc2::splitMemberPath(path))
    throw Error(path, Error::kNoOffset,
                "not a Ratchet & Clank 2 level inside its disc image (no such member, or not a "
                "LEVEL<n>.WAD by its structure)");
  if (in.onDisk() && !std::filesystem::exists(pathOf(path), ec))
    throw Error(path, Error::kNoOffset, "no such file");
  // A file whose first word is a level header's size: say why it is not one.
  std::string why;
  if (uint64_t at = 0; in.onDisk() && rc2::explainNotLevel(path, at, why))
    throw Error(path, at, why);
  if (in.onDisk() && std::filesystem::is_directory(pathOf(path), ec))
    throw Error(path, Error::kNoOffset,
                "holds nothing Strata recognises: not a tfrag level (no core_index.bin, "
                "core_data.bin, core_data.wad or data.bin) and no Atlas, CHU, TQT, YTD, drawable "
                "or R&C2 level file inside (checked by magic or structure)");
  throw Error(path, 0,
              "unrecognised input: not an Atlas, CHU, TQT, YTD, drawable, tfrag level, R&C2 "
              "LEVEL<n>.WAD or disc image (checked by magic or structure)");
}

} // namespace strata

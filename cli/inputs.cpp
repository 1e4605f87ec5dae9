#include "inputs.h"

#include <algorithm>
#include <filesystem>

namespace strata::cli {

namespace fs = std::filesystem;

static void walk(const fs::path& dir, std::vector<Input>& out) {
  std::vector<fs::path> entries;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec)) entries.push_back(e.path());
  std::sort(entries.begin(), entries.end());
  for (const fs::path& p : entries) {
    const FormatHandler* h = detectFormat(p.string());
    if (h)
      out.push_back({p.string(), h, true});
    else if (fs::is_directory(p, ec))
      walk(p, out);
  }
}

ExpandedInputs expandInputs(const std::vector<std::string>& args) {
  ExpandedInputs r;
  r.batch = args.size() > 1;
  for (const std::string& a : args) {
    std::error_code ec;
    const FormatHandler* h = detectFormat(a);
    size_t before = r.inputs.size();
    if (!h && fs::is_directory(a, ec)) walk(a, r.inputs);
    if (r.inputs.size() > before) {
      r.batch = true;
    } else {
      // A file, or a directory holding nothing recognised: the input itself,
      // so every command reports it rather than silently doing nothing.
      r.inputs.push_back({a, h, false});
    }
  }
  return r;
}

} // namespace strata::cli

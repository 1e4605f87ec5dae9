#include "inputs.h"
#include "strata/fileio.h"

#include <algorithm>
#include <filesystem>

namespace strata::cli {

namespace fs = std::filesystem;

static void walk(const fs::path& root, const fs::path& dir, ExpandedInputs& out) {
  std::vector<fs::path> entries;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(pathOf(dir), ec)) entries.push_back(e.path());
  std::sort(entries.begin(), entries.end());
  for (const fs::path& p : entries) {
    const FormatHandler* h = detectFormat(p.string());
    const std::string key = p.lexically_relative(root).generic_string();
    if (h)
      out.inputs.push_back({p.string(), h, true, key});
    else if (fs::is_directory(pathOf(p), ec))
      walk(root, p, out);
    else
      out.ignored.push_back({p.string(), nullptr, true, key});
  }
}

ExpandedInputs expandInputs(const std::vector<std::string>& args) {
  ExpandedInputs r;
  r.batch = args.size() > 1;
  for (const std::string& a : args) {
    std::error_code ec;
    const FormatHandler* h = detectFormat(a);
    size_t before = r.inputs.size();
    const size_t ignoredBefore = r.ignored.size();
    if (!h && fs::is_directory(pathOf(a), ec)) walk(pathOf(a), pathOf(a), r);
    if (r.inputs.size() > before) {
      r.batch = true;
    } else {
      // A file, or a directory holding nothing recognised: the input itself,
      // so every command reports it rather than silently doing nothing.
      r.ignored.resize(ignoredBefore);
      fs::path name = pathOf(a).lexically_normal();
      if (!name.has_filename()) name = name.parent_path(); // "dir/"
      r.inputs.push_back({a, h, false, name.filename().generic_string()});
    }
  }
  return r;
}

} // namespace strata::cli

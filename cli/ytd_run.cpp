// Runs `strata ytd replace|build|convert`: the images gathered, the core
// call (strata/ytd_edit.h), the file written through a temporary file, and
// what was done printed one line per texture.
#include "commands.h"
#include "progress.h"
#include "ytd_command.h"

#include "strata/error.h"
#include "strata/fileio.h"
#include "strata/ytd_edit.h"

#include <cstdio>
#include <filesystem>

namespace strata::cli {

namespace {

namespace fs = std::filesystem;

void printTexture(const YtdTextureReport& t) {
  std::printf("  %s %s: %s %ux%u, %u mips (%s)%s%s\n", t.action.c_str(), t.name.c_str(),
              t.format.c_str(), t.width, t.height, t.mips, t.why.c_str(),
              t.source.empty() ? "" : " from ", t.source.c_str());
}

void printReport(const std::string& input, const std::string& output, const YtdReport& r,
                 size_t bytes) {
  for (const std::string& w : r.inputWarnings)
    std::fprintf(stderr, "strata: warning: %s: %s (the input's own, kept)\n", input.c_str(),
                 w.c_str());
  for (const std::string& s : r.skipped)
    std::fprintf(stderr, "strata: note: %s: no texture has its name; not taken\n", s.c_str());
  for (const YtdTextureReport& t : r.textures) printTexture(t);
  for (const std::string& n : r.notes) std::printf("  %s\n", n.c_str());
  std::printf("%s: wrote %s %s (%s, %zu textures written)\n", output.c_str(), r.edition.c_str(),
              r.kind.c_str(), humanBytes(bytes).c_str(), r.textures.size());
}

// -o must not name an input: a failed write must never cost it.
bool isInput(const std::string& output, const std::string& input) {
  std::error_code ec;
  return fs::exists(pathOf(output), ec) && fs::equivalent(pathOf(output), pathOf(input), ec);
}

YtdWriteChoices choicesOf(const YtdArgs& a, Progress& bar) {
  YtdWriteChoices c;
  c.format = a.format;
  c.mips = a.mips;
  c.addNew = a.add;
  c.changedOnly = a.changedOnly;
  c.quality = a.quality;
  c.progress = [&bar](size_t done, size_t total) { bar.update(done, total); };
  return c;
}

std::vector<uint8_t> runReplace(const YtdArgs& a, Progress& bar, YtdReport& report) {
  std::vector<YtdImage> images;
  for (const std::string& p : a.pairs) images.push_back(parseNameImage(p));
  if (!a.from.empty())
    for (YtdImage& img : imagesInDirectory(a.from)) images.push_back(std::move(img));
  bar.phase("encoding textures");
  return replaceYtdTextures(readFile(a.input), a.input, images, choicesOf(a, bar), report);
}

std::vector<uint8_t> runBuild(const YtdArgs& a, Progress& bar, YtdReport& report) {
  std::vector<YtdImage> images;
  std::error_code ec;
  for (const std::string& p : a.images) {
    if (fs::is_directory(pathOf(p), ec)) {
      for (YtdImage& img : imagesInDirectory(p)) {
        img.fromDirectory = false; // build takes every image of the directory
        images.push_back(std::move(img));
      }
      continue;
    }
    YtdImage img;
    img.path = p;
    images.push_back(std::move(img));
  }
  bar.phase("encoding textures");
  return buildYtd(images, parseYtdEdition(a.edition), choicesOf(a, bar), report);
}

std::vector<uint8_t> runConvert(const YtdArgs& a, Progress& bar, YtdReport& report) {
  bar.phase("converting textures");
  return convertYtd(readFile(a.input), a.input, parseYtdEdition(a.edition), choicesOf(a, bar),
                    report);
}

} // namespace

int runYtd(const CLI::App& ytd, const YtdArgs& args) {
  const bool replace = ytd.got_subcommand("replace"), build = ytd.got_subcommand("build");
  std::vector<std::string> inputs = build ? args.images : std::vector<std::string>{args.input};
  for (const std::string& in : inputs)
    if (isInput(args.output, in)) {
      std::fprintf(stderr, "strata: error: -o %s is the input %s; write a new file\n",
                   args.output.c_str(), in.c_str());
      return kExitUsage;
    }
  Progress bar("ytd");
  try {
    YtdReport report;
    const std::vector<uint8_t> out = replace ? runReplace(args, bar, report)
                                     : build ? runBuild(args, bar, report)
                                             : runConvert(args, bar, report);
    bar.phase("writing");
    writeFileAtomic(args.output, out);
    bar.finish();
    printReport(build ? std::string("the images") : args.input, args.output, report, out.size());
    return kExitOk;
  } catch (const std::exception& e) {
    bar.finish();
    std::fprintf(stderr, "strata: error: %s\n", e.what());
    return kExitFailed;
  }
}

} // namespace strata::cli

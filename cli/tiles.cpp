// `strata tiles IN.atlas|IN.chu... -o DIR` (docs/tiles.md): an OGC 3D Tiles
// 1.1 tileset per terrain, batch, progress and --jobs as for convert.
#include "batch.h"
#include "command.h"
#include "commands.h"
#include "inputs.h"
#include "load.h"
#include "options.h"
#include "outputs.h"
#include "progress.h"

#include "strata/error.h"
#include "strata/fileio.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>

namespace strata::cli {

namespace fs = std::filesystem;

// The tileset writer of the output table: its inputs (terrain quadtrees at
// every level), its scene contract, its write.
static const OutputWriter& tilesetWriter() {
  return *outputNamed("3d-tiles");
}

// Every file of the tileset in `dir`, in path order.
static std::vector<OutputFile> tilesetFiles(const std::string& dir) {
  std::vector<OutputFile> files;
  for (const auto& e : fs::recursive_directory_iterator(pathOf(dir)))
    if (e.is_regular_file()) files.push_back({utf8Of(e.path()), e.file_size()});
  std::sort(files.begin(), files.end(),
            [](const OutputFile& a, const OutputFile& b) { return a.path < b.path; });
  return files;
}

// The tileset of one input in `dir`. One input has the threads and the
// progress bar to itself; in a batch each tileset is written by one job.
static void tileOne(const Input& in, const std::string& dir, bool batch, const TilesArgs& args,
                    Progress& bar, Record& rec) {
  if (args.batch.skipExisting && fs::exists(pathOf(dir) / "tileset.json")) {
    // The tileset is renamed into place only once complete.
    rec.status = Status::Skipped;
    rec.outputs = tilesetFiles(dir);
    return;
  }
  const FormatHandler& h = in.handler ? *in.handler : requireFormat(in.path);
  const OutputWriter& writer = tilesetWriter();
  requireInput(writer, h, in.path);
  OutputOptions oo;
  oo.textures = textureMode(args.textures);
  oo.compress = args.compress;
  oo.jobs = batch ? 1 : 0;
  LoadOptions load = loadOptionsFor(writer, args.load, oo);
  if (batch) {
    load.progress = [](size_t, size_t) {}; // the bar counts inputs
  } else {
    load.progress = [&bar](size_t d, size_t t) { bar.update(d, 2 * t); };
    oo.progress = [&bar](size_t d, size_t t) { bar.update(t + d, 2 * t); };
  }
  const Scene all = loadScene(in.path, h, load, bar, rec);
  requireTakes(writer, all);
  writer.write(all, dir, oo);
  rec.outputs = tilesetFiles(dir);
}

int runTiles(const TilesArgs& args) {
  Command c{"tiles", "tiling", &args.inputs, &args.batch};
  c.labelNamesInput = true;
  c.levels = false; // terrains only: no R&C2 level is one
  // Batch: DIR/<stem>/tileset.json per input (DIR/<name>/ where stems clash).
  c.output = args.output;
  c.batchDirectory = true;
  c.choose = [](ExpandedInputs& ex) {
    // In a directory, only the terrains are inputs (a TQT goes with its CHU).
    ex.inputs.erase(std::remove_if(ex.inputs.begin(), ex.inputs.end(),
                                   [](const Input& in) {
                                     return in.fromDirectory &&
                                            !(in.handler &&
                                              takesInput(tilesetWriter(), *in.handler));
                                   }),
                    ex.inputs.end());
    if (!ex.inputs.empty()) return true;
    std::fprintf(stderr, "strata: error: no terrain (.atlas or .chu) found\n");
    return false;
  };
  c.one = [&](const Input& in, const std::string& out, bool batch, Progress& bar, Record& r) {
    tileOne(in, out, batch, args, bar, r);
  };
  c.summary = [&](const CommandRun& run) {
    if (!run.ex.batch) return; // one tileset: its files are the answer
    const std::string skipped =
        run.skipped ? std::to_string(run.skipped) + " skipped, " : std::string();
    std::printf("tiled %zu of %zu inputs into %s (%s%zu failed)\n",
                run.records.size() - run.skipped - run.failed, run.records.size(),
                args.output.c_str(), skipped.c_str(), run.failed);
  };
  return runCommand(c);
}

} // namespace strata::cli

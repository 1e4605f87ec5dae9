// `strata tiles IN.atlas|IN.chu... -o DIR` (docs/tiles.md): an OGC 3D Tiles
// 1.1 tileset per terrain, batch, progress and --jobs as for convert.
#include "batch.h"
#include "commands.h"
#include "inputs.h"
#include "outputs.h"
#include "progress.h"

#include "strata/error.h"
#include "strata/fileio.h"
#include "strata/parallel.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <string_view>
#include <thread>

namespace strata::cli {

namespace fs = std::filesystem;

// The tileset writer of the output table: its inputs (terrain quadtrees at
// every level), its scene contract, its write.
static const OutputWriter& tilesetWriter() {
  return *outputNamed("3d-tiles");
}

static void tileOne(const Input& in, const std::string& dir, const TilesArgs& args, unsigned jobs,
                    Progress* bar) {
  const FormatHandler& h = in.handler ? *in.handler : requireFormat(in.path);
  const OutputWriter& writer = tilesetWriter();
  requireInput(writer, h, in.path);
  OutputOptions oo;
  oo.textures = args.textures == "none" ? gltf::TextureMode::None : gltf::TextureMode::Png;
  oo.compress = args.compress;
  oo.jobs = jobs;
  LoadOptions load = loadOptionsFor(writer, args.load, oo);
  if (bar) load.progress = [bar](size_t d, size_t t) { bar->update(d, 2 * t); };
  Scene all = h.load(in.path, load);
  for (const std::string& w : all.warnings)
    std::fprintf(stderr, "%s: warning: %s\n", in.path.c_str(), w.c_str());
  if (bar)
    printLeftOut(*bar, in.path, all.leftOut);
  else // a batch's workers print whole lines
    for (const std::string& piece : all.leftOut)
      std::fprintf(stderr, "%s: left out: %s\n", in.path.c_str(), piece.c_str());
  if (bar) oo.progress = [bar](size_t d, size_t t) { bar->update(t + d, 2 * t); };
  requireTakes(writer, all);
  writer.write(all, dir, oo);
}

int runTiles(const TilesArgs& args) {
  ExpandedInputs ex = expandInputs(args.inputs);
  // In a directory, only the terrains are inputs (a TQT goes with its CHU).
  ex.inputs.erase(std::remove_if(ex.inputs.begin(), ex.inputs.end(),
                                 [](const Input& in) {
                                   return in.fromDirectory &&
                                          !(in.handler && takesInput(tilesetWriter(), *in.handler));
                                 }),
                  ex.inputs.end());
  if (ex.inputs.empty()) {
    std::fprintf(stderr, "strata: error: no terrain (.atlas or .chu) found\n");
    return kExitFailed;
  }
  const unsigned jobs = requestedJobs(args.jobs);
  if (!ex.batch) {
    const Input& in = ex.inputs.front();
    Progress bar("tiling " + pathOf(in.path).filename().string());
    try {
      tileOne(in, args.output, args, jobs, &bar);
    } catch (const std::exception& e) {
      bar.finish();
      std::fprintf(stderr, "strata: error: %s\n", e.what());
      return kExitFailed;
    }
    bar.finish();
    return kExitOk;
  }

  // Batch: DIR/<stem>/tileset.json per input (DIR/<name>/ where stems clash),
  // inputs in parallel, each tileset written by one job.
  if (!makeOutputDirectory(args.output)) return kExitFailed;
  const std::vector<std::string> dirs = batchOutputNames(ex.inputs, args.output, "");
  std::vector<Record> started;
  uint64_t bytes = 0;
  for (const Input& in : ex.inputs) {
    started.push_back(startRecord(in));
    bytes += started.back().size;
  }
  Progress bar("tiling", ex.inputs.size(), bytes);
  const std::vector<Record> records =
      runBatch(ex.inputs, started, int(jobs), bar, [&](size_t i, Record& r) {
        try {
          tileOne(ex.inputs[i], dirs[i], args, 1, nullptr);
        } catch (const std::exception& e) {
          recordFailure(r, e);
          bar.print(stderr, std::string("strata: error: ") + e.what() + "\n");
        }
      });
  const size_t failed = countStatus(records, Status::Failed);
  std::printf("tiled %zu of %zu inputs into %s (%zu failed)\n", records.size() - failed,
              records.size(), args.output.c_str(), failed);
  return failed ? kExitFailed : kExitOk;
}

} // namespace strata::cli

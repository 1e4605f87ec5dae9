// `strata tiles IN.atlas|IN.chu... -o DIR` (docs/tiles.md): an OGC 3D Tiles
// 1.1 tileset per terrain, batch, progress and --jobs as for convert.
#include "batch.h"
#include "commands.h"
#include "inputs.h"
#include "meshopt_compress.h"
#include "progress.h"
#include "tiles_tileset.h"

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

static bool isTerrain(const FormatHandler* h) {
  return h && (std::string_view(h->name) == "atlas" || std::string_view(h->name) == "chu");
}

static void tileOne(const Input& in, const std::string& dir, const TilesArgs& args, unsigned jobs,
                    Progress* bar) {
  const FormatHandler& h = in.handler ? *in.handler : requireFormat(in.path);
  if (!isTerrain(&h))
    throw Unsupported(in.path, Error::kNoOffset,
                      std::string("a ") + h.name +
                          " file is not a terrain quadtree: tiles takes an .atlas or a .chu");
  LoadOptions load = args.load;
  load.lod = LoadOptions::kAllLevels;
  load.textures = args.textures != "none";
  if (bar) load.progress = [bar](size_t d, size_t t) { bar->update(d, 2 * t); };
  Scene all = h.load(in.path, load);
  for (const std::string& w : all.warnings)
    std::fprintf(stderr, "%s: warning: %s\n", in.path.c_str(), w.c_str());
  if (bar)
    printLeftOut(*bar, in.path, all.leftOut);
  else // a batch's workers print whole lines
    for (const std::string& piece : all.leftOut)
      std::fprintf(stderr, "%s: left out: %s\n", in.path.c_str(), piece.c_str());
  tiles::TilesetOptions to;
  to.glb.textures = args.textures == "none" ? gltf::TextureMode::None : gltf::TextureMode::Png;
  to.jobs = jobs;
  if (args.compress)
    to.transform = [](std::vector<uint8_t>& glb, const std::string& stem) {
      gltf::CompressedGlb c = gltf::compressGlb(glb, stem + ".fallback.bin");
      glb = std::move(c.glb);
      return c.fallback.bytes.empty() ? std::vector<gltf::SideFile>{}
                                      : std::vector<gltf::SideFile>{std::move(c.fallback)};
    };
  if (bar) to.progress = [bar](size_t d, size_t t) { bar->update(t + d, 2 * t); };
  tiles::writeTileset(all, dir, to);
}

int runTiles(const TilesArgs& args) {
  ExpandedInputs ex = expandInputs(args.inputs);
  // In a directory, only the terrains are inputs (a TQT goes with its CHU).
  ex.inputs.erase(
      std::remove_if(ex.inputs.begin(), ex.inputs.end(),
                     [](const Input& in) { return in.fromDirectory && !isTerrain(in.handler); }),
      ex.inputs.end());
  if (ex.inputs.empty()) {
    std::fprintf(stderr, "strata: error: no terrain (.atlas or .chu) found\n");
    return kExitFailed;
  }
  const unsigned cores = coreCount();
  const unsigned jobs = args.jobs > 0 ? unsigned(args.jobs) : cores;
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

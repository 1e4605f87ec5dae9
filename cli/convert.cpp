// `strata convert IN... -o OUT` (design.md "The strata command").
#include "batch.h"
#include "commands.h"
#include "gltf_writer.h"
#include "inputs.h"
#include "levels.h"
#include "meshopt_compress.h"
#include "progress.h"

#include "strata/error.h"
#include "strata/fileio.h"
#include "strata/formats.h"
#include "strata/parallel.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <filesystem>

namespace strata::cli {

namespace fs = std::filesystem;

static gltf::TextureMode textureMode(const std::string& s) {
  if (s == "ktx2") return gltf::TextureMode::Ktx2;
  if (s == "none") return gltf::TextureMode::None;
  return gltf::TextureMode::Png;
}

static std::string lowerExtension(const std::string& path) {
  std::string ext = pathOf(path).extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return char(std::tolower(c)); });
  return ext;
}

// Counts of what the scene holds, for the report's census.
static nlohmann::json sceneSummary(const Scene& scene) {
  size_t triangles = 0;
  for (const MeshOutline& m : scene.meshSource.outlines)
    for (const PrimitiveOutline& p : m) triangles += p.indices / 3;
  for (const Mesh& m : scene.meshes)
    for (const Primitive& p : m.primitives) triangles += p.indices.size() / 3;
  return {{"nodes", scene.nodes.size()},
          {"meshes", scene.meshes.size()},
          {"triangles", triangles},
          {"images", scene.images.size()}};
}

// Converts one input into `out`, filling `rec` (outputs, warnings, pieces left
// out); throws what stops it. Lines for the user go through `bar`.
static void convertOne(const Input& in, const std::string& out, const ConvertArgs& args,
                       LoadOptions load, Progress& bar, Record& rec) {
  // An unrecognised input: requireFormat throws what is wrong with it.
  const FormatHandler& h = in.handler ? *in.handler : requireFormat(in.path);
  if (!h.load) // TQT (§9d)
    throw Unsupported(in.path, Error::kNoOffset,
                      "a " + std::string(h.name) +
                          " file holds only a texture tree: convert the .chu beside it (which "
                          "picks this file up), or write the tiles with `strata textures`");
  if (lowerExtension(out) == ".atlas") {
    // CHU (+ companion TQT) -> v140 Atlas (atlas-chu-tqt.md §9).
    if (!h.toAtlas)
      throw Error(in.path, Error::kNoOffset,
                  std::string("only a CHU converts to .atlas; this is a ") + h.name + " file");
    bar.phase("reading");
    AtlasConversion atlas = h.toAtlas(in.path, load.partial);
    printLeftOut(bar, in.path, atlas.leftOut);
    rec.leftOut = atlas.leftOut;
    bar.phase("writing");
    writeFileAtomic(out, atlas.bytes);
    rec.outputs = existingOutputs({out});
    return;
  }
  LoadOptions opts = load;
  opts.textures = args.textures != "none";
  // PNG textures are stored as the PNG a tile came in where it is kept: its
  // texels are not needed (they were a sixth of a textured convert).
  opts.texels = textureMode(args.textures) != gltf::TextureMode::Png;
  // The glTF writer makes each mesh as it writes it (the compressor needs
  // them all at once): a large terrain's meshes are then never held.
  opts.meshesOnDemand = !args.compress;
  bar.phase("reading");
  // The reader calls back once per piece it has built (chunks, tfrags).
  if (!opts.progress)
    opts.progress = [&](size_t d, size_t t) {
      if (d == 1) bar.phase("building");
      bar.update(d, t);
    };
  Scene scene = h.load(in.path, opts);
  std::string lines;
  for (const std::string& w : scene.warnings) {
    lines += in.path + ": warning: " + w + "\n";
    rec.warnings.push_back({w, Error::kNoOffset});
  }
  if (!lines.empty()) bar.print(stderr, lines);
  printLeftOut(bar, in.path, scene.leftOut);
  rec.leftOut = scene.leftOut;
  rec.summary = sceneSummary(scene);
  gltf::WriteOptions wo;
  wo.textures = textureMode(args.textures);
  if (wo.textures == gltf::TextureMode::Ktx2)
    for (const Image& img : scene.images) noteUastcResize(img, in.path);
  bar.phase(wo.textures == gltf::TextureMode::None || scene.images.empty()
                ? "writing"
                : "encoding " + std::to_string(scene.images.size()) + " textures and writing");
  if (args.compress) { // EXT_meshopt_compression, the plain geometry in a fallback beside it
    if (gltf::writeCompressedGlb(scene, out, wo).kept) {
      const std::string note = "--compress did not make it smaller; written uncompressed";
      bar.print(stderr, out + ": note: " + note + "\n");
      rec.notes.push_back({note, Error::kNoOffset});
    }
    const fs::path fallback =
        pathOf(out).parent_path() / pathOf(pathOf(out).stem().string() + ".fallback.bin");
    rec.outputs = existingOutputs({out, fallback.string()});
    return;
  }
  const std::vector<std::string> beside = gltf::writeGltfFile(scene, out, wo);
  if (!beside.empty()) {
    const std::string note = std::to_string(beside.size()) + " KTX2 images written beside it (" +
                             pathOf(beside.front()).filename().string() +
                             " ...), referenced by URI; the PNG sources stay inside the GLB";
    bar.print(stderr, out + ": note: " + note + "\n");
    rec.notes.push_back({note, Error::kNoOffset});
  }
  std::vector<std::string> written = beside;
  written.insert(written.begin(), out);
  rec.outputs = existingOutputs(written);
}

int runConvert(const ConvertArgs& args) {
  const auto t0 = std::chrono::steady_clock::now();
  ExpandedInputs ex = expandInputs(args.inputs);
  expandDiscs(ex, args.load.partial);
  if (!selectLevels(ex, args.batch.levels)) return kExitFailed;
  // One level picked from an image or a directory, into OUT.glb: a file, not a batch.
  const std::string outExt = lowerExtension(args.output);
  if (!args.batch.levels.empty() && ex.inputs.size() == 1 &&
      (outExt == ".glb" || outExt == ".gltf"))
    ex.batch = false;
  // Files found in a directory that hold no scene (a TQT beside its CHU) are not inputs.
  dropFoundInDirectories(ex, [](const FormatHandler& h) { return !h.load; });
  if (ex.inputs.empty()) {
    std::fprintf(stderr, "strata: error: no convertible input found\n");
    return kExitFailed;
  }
  // One input: OUT is its file. A batch: OUT is a directory of OUT/<stem>.glb.
  std::vector<std::string> outputs = ex.batch
                                         ? batchOutputNames(ex.inputs, args.output, ".glb")
                                         : std::vector<std::string>(ex.inputs.size(), args.output);
  if (!applyShard(args.batch, ex, &outputs)) return kExitUsage;
  if (ex.batch && !makeOutputDirectory(args.output)) return kExitFailed;
  std::vector<Record> started;
  uint64_t bytes = 0;
  for (const Input& in : ex.inputs) {
    started.push_back(startRecord(in));
    bytes += started.back().size;
  }
  Progress bar(ex.batch || ex.inputs.empty()
                   ? "converting"
                   : "converting " + pathOf(ex.inputs.front().path).filename().string(),
               ex.batch ? ex.inputs.size() : 0, ex.batch ? bytes : 0);
  // Off a terminal a batch says one line per input on stdout (on one, the bar does).
  const bool lines = ex.batch && !bar.terminal();
  LoadOptions load = args.load;
  std::vector<Record> records =
      runBatch(ex.inputs, started, ex.batch ? args.batch.jobs : 1, bar, [&](size_t i, Record& r) {
        const std::string& out = outputs[i];
        if (args.batch.skipExisting) {
          // Outputs are renamed into place only once complete: one that is
          // there is whole (beside-written KTX2 files come before the GLB).
          std::vector<OutputFile> have = existingOutputs({out});
          if (!have.empty()) {
            r.status = Status::Skipped;
            r.outputs = have;
            if (lines) bar.print(stdout, r.path + ": skipped, " + out + " exists\n");
            return;
          }
        }
        // In a batch the bar counts inputs: the load's own counts would fight it.
        LoadOptions opts = load;
        if (ex.batch) opts.progress = [](size_t, size_t) {};
        try {
          convertOne(ex.inputs[i], out, args, opts, bar, r);
          if (lines) bar.print(stdout, r.path + ": converted to " + out + "\n");
        } catch (const std::exception& e) {
          recordFailure(r, e);
          bar.print(stderr, std::string("strata: error: ") + e.what() + "\n");
        }
      });
  withdrawBrokenDiscs(records, args.load.partial);
  const size_t skipped = countStatus(records, Status::Skipped);
  const size_t failed = countStatus(records, Status::Failed);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("converted %zu of %zu inputs into %s (%zu skipped, %zu failed%s; %s)\n",
              records.size() - skipped - failed, records.size(), args.output.c_str(), skipped,
              failed, ignoredNote(ex).c_str(), summaryTail(records, seconds).c_str());
  if (!writeRunReport(args.batch, "convert",
                      jobCount(ex.batch ? args.batch.jobs : 1, records.size()), seconds, ex,
                      records))
    return kExitFailed;
  return failed ? kExitFailed : kExitOk;
}

} // namespace strata::cli

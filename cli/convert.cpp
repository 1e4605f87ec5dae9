// `strata convert IN... -o OUT` (design.md "The strata command").
#include "batch.h"
#include "command.h"
#include "commands.h"
#include "inputs.h"
#include "levels.h"
#include "load.h"
#include "options.h"
#include "outputs.h"
#include "progress.h"

#include "strata/error.h"
#include "strata/fileio.h"
#include "strata/formats.h"

#include <cstdio>

namespace strata::cli {

// Converts one input into `out`, filling `rec` (outputs, warnings, pieces left
// out); throws what stops it. Lines for the user go through `bar`. The writer
// comes from the output table (outputs.h), which says what it takes.
static void convertOne(const Input& in, const std::string& out, const ConvertArgs& args,
                       LoadOptions load, Progress& bar, Record& rec) {
  // An unrecognised input: requireFormat throws what is wrong with it.
  const FormatHandler& h = in.handler ? *in.handler : requireFormat(in.path);
  if (!h.load) // TQT (§9d)
    throw Unsupported(in.path, Error::kNoOffset,
                      "a " + std::string(h.name) +
                          " file holds only a texture tree: convert the .chu beside it (which "
                          "picks this file up), or write the tiles with `strata textures`");
  // A path no writer makes is refused once the input is read (as a GLB
  // would be): a broken input's own error is the one the user sees first.
  const OutputWriter* found = findOutput(out, args.compress);
  const OutputWriter& writer = found ? *found : *outputNamed("glb");
  requireInput(writer, h, in.path);
  OutputOptions oo;
  oo.textures = textureMode(args.textures);
  oo.partial = load.partial;
  OutputWritten written;
  if (writer.takes.file) {
    oo.phase = [&bar](const char* what) { bar.phase(what); };
    written = writer.convert(in.path, out, oo);
    printLeftOut(bar, in.path, written.leftOut);
    rec.leftOut = written.leftOut;
  } else {
    const Scene scene = loadScene(in.path, h, loadOptionsFor(writer, load, oo), bar, rec);
    if (oo.textures == gltf::TextureMode::Ktx2)
      for (const Image& img : scene.images) noteUastcResize(img, in.path);
    bar.phase(oo.textures == gltf::TextureMode::None || scene.images.empty()
                  ? "writing"
                  : "encoding " + std::to_string(scene.images.size()) + " textures and writing");
    if (!found) outputFor(out, args.compress); // throws what is wrong with the path
    requireTakes(writer, scene);
    written = writer.write(scene, out, oo);
  }
  for (const std::string& note : written.notes) {
    bar.print(stderr, out + ": note: " + note + "\n");
    rec.notes.push_back({note, Error::kNoOffset});
  }
  rec.outputs = existingOutputs(written.files);
}

// The work on one input of a convert: left alone with --skip-existing when
// its output is there, else converted.
static void convertInput(const Input& in, const std::string& out, bool batch,
                         const ConvertArgs& args, Progress& bar, Record& r) {
  // Off a terminal a batch says one line per input on stdout (on one, the bar does).
  const bool lines = batch && !bar.terminal();
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
  LoadOptions opts = args.load;
  if (batch) opts.progress = [](size_t, size_t) {};
  convertOne(in, out, args, opts, bar, r);
  if (lines) bar.print(stdout, r.path + ": converted to " + out + "\n");
}

int runConvert(const ConvertArgs& args) {
  Command c{"convert", "converting", &args.inputs, &args.batch};
  c.labelNamesInput = true;
  c.partial = args.load.partial;
  // One input: OUT is its file. A batch: OUT is a directory of OUT/<stem>.glb.
  c.output = args.output;
  c.batchExtension = ".glb";
  c.batchDirectory = true;
  c.choose = [&](ExpandedInputs& ex) {
    // One level picked from an image or a directory, into OUT.glb: a file, not a batch.
    const std::string outExt = lowerExtension(args.output);
    if (!args.batch.levels.empty() && ex.inputs.size() == 1 &&
        (outExt == ".glb" || outExt == ".gltf"))
      ex.batch = false;
    // Files found in a directory that hold no scene (a TQT beside its CHU) are not inputs.
    dropFoundInDirectories(ex, [](const FormatHandler& h) { return !h.load; });
    if (!ex.inputs.empty()) return true;
    std::fprintf(stderr, "strata: error: no convertible input found\n");
    return false;
  };
  c.one = [&](const Input& in, const std::string& out, bool batch, Progress& bar, Record& r) {
    convertInput(in, out, batch, args, bar, r);
  };
  c.settle = [&](std::vector<Record>& records) { withdrawBrokenDiscs(records, args.load.partial); };
  c.summary = [&](const CommandRun& run) {
    std::printf("converted %zu of %zu inputs into %s (%zu skipped, %zu failed%s; %s)\n",
                run.records.size() - run.skipped - run.failed, run.records.size(),
                args.output.c_str(), run.skipped, run.failed, ignoredNote(run.ex).c_str(),
                summaryTail(run.records, run.seconds).c_str());
  };
  return runCommand(c);
}

} // namespace strata::cli

// The `strata` command (design.md "The strata command").
#include "commands.h"
#include "console.h"
#include "ytd_command.h"

#include "strata/parallel.h"

#include <CLI/CLI.hpp>

namespace {

using namespace strata::cli;

// --shard, --report and, where a command writes files, --skip-existing and
// --jobs (docs/distributed.md).
void addBatchOptions(CLI::App* cmd, BatchArgs& b, bool writes) {
  cmd->add_option("--level", b.levels,
                  "Ratchet & Clank 2: the level to take from a disc image or a directory, by id "
                  "or name (case-insensitive, e.g. --level oozla); repeatable");
  cmd->add_option("--shard", b.shard,
                  "Work on shard I of N (1 <= I <= N) of the inputs, chosen by a stable hash of "
                  "each input's path below the argument it came from");
  cmd->add_option("--report", b.report,
                  "Write a JSON report: one record per input, the census and the run's totals");
  if (!writes) return;
  cmd->add_flag("--skip-existing", b.skipExisting,
                "Leave an output that is already there alone (outputs are renamed into place "
                "only when complete), so a rerun does only what is missing");
  cmd->add_option("-j,--jobs", b.jobs,
                  "Threads in all: inputs at once (each held in memory while it is worked on), "
                  "and chunks and images inside an input on what they leave (default: all cores)");
}

} // namespace

int main(int argc, char** argv) {
  CLI::App app{"Strata: legacy game terrain and textures to glTF and back"};
  app.require_subcommand(1);
  // CLI11 takes "/x" for an option on Windows by default: a path is not one.
  // (Before the subcommands, which inherit it.)
  app.allow_windows_style_options(false);
  app.set_version_flag("--version", "strata 0.1.0");

  ConvertArgs conv;
  auto* convert =
      app.add_subcommand("convert", "Convert inputs to glTF (.glb or .gltf), or a CHU to .atlas");
  convert->add_option("inputs", conv.inputs, "Input files or directories")->required();
  convert
      ->add_option(
          "-o,--output", conv.output,
          "Output .glb/.gltf (or .atlas for one CHU input), or a directory (several inputs)")
      ->required();
  // "all": every level (strata::LoadOptions::kAllLevels); numbers pass through.
  const CLI::Transformer lodAll(
      std::map<std::string, int>{{"all", strata::LoadOptions::kAllLevels}});
  convert
      ->add_option("--lod", conv.load.lod,
                   "Geometry level (Atlas: default the leaf level; tfrag: 0|1|2), or all")
      ->transform(lodAll);
  convert->add_flag("--skirts", conv.load.skirts,
                    "Atlas: add skirt triangles as a second primitive");
  convert->add_option("--textures", conv.textures, "Texture images in the glTF")
      ->check(CLI::IsMember({"png", "ktx2", "none"}));
  convert->add_flag("--compress", conv.compress,
                    "Geometry through EXT_meshopt_compression (.glb; the plain data in "
                    "<stem>.fallback.bin beside it)");
  convert->add_option("--texture-level", conv.load.textureLevel,
                      "Atlas: texture tree level to use");
  convert->add_flag("--swap-red-blue", conv.load.swapRedBlue,
                    "Atlas: JPEG/PNG tiles were made from BGR data (terrain looks blue-tinted)");
  convert->add_flag("--partial", conv.load.partial,
                    "Write every intact piece of a damaged input and name each piece left out "
                    "(default: refuse the input)");
  addBatchOptions(convert, conv.batch, true);

  TilesArgs tl;
  auto* tiles = app.add_subcommand(
      "tiles", "Write an Atlas or CHU terrain as an OGC 3D Tiles 1.1 tileset (one GLB per chunk)");
  tiles->add_option("inputs", tl.inputs, "Input .atlas/.chu files or directories")->required();
  tiles->add_option("-o,--output", tl.output, "Tileset directory (several inputs: one per input)")
      ->required();
  tiles->add_option("--textures", tl.textures, "Texture images in the GLBs")
      ->check(CLI::IsMember({"png", "none"}));
  tiles->add_flag("--compress", tl.compress,
                  "Geometry through EXT_meshopt_compression (each GLB's plain data in "
                  "<stem>.fallback.bin beside it)");
  tiles->add_flag("--swap-red-blue", tl.load.swapRedBlue,
                  "Atlas: JPEG/PNG tiles were made from BGR data (terrain looks blue-tinted)");
  tiles->add_flag("--partial", tl.load.partial,
                  "Write every intact chunk of a damaged input and name each piece left out");
  tiles->add_option("-j,--jobs", tl.jobs, "Parallel work (default: all cores)");

  std::string infoInput;
  bool infoJson = false, infoVerbose = false;
  auto* info = app.add_subcommand("info", "Summarise a file (--json, --verbose: everything)");
  info->add_option("input", infoInput, "Input file")->required();
  info->add_flag("--json", infoJson, "Everything, as machine-readable JSON");
  info->add_flag("--verbose", infoVerbose, "Everything, as an indented tree");
  std::vector<std::string> infoLevels;
  info->add_option("--level", infoLevels,
                   "Ratchet & Clank 2: describe this level of a disc image or directory (id or "
                   "name); repeatable");

  ValidateArgs val;
  auto* validate = app.add_subcommand(
      "validate", "Check every structural rule of the spec; exit 1 if any fails");
  validate->add_option("inputs", val.inputs, "Input files or directories")->required();
  validate->add_flag("--json", val.json, "Machine-readable JSON");
  validate->add_flag("--strict", val.strict, "Exit 1 on warnings too, not only on errors");
  addBatchOptions(validate, val.batch, false);

  TexturesArgs tex;
  auto* textures = app.add_subcommand("textures", "Write every texture of a file into a directory");
  textures->add_option("inputs", tex.inputs, "Input files or directories")->required();
  textures
      ->add_option("-o,--output", tex.outDir,
                   "Output directory (several inputs: a directory per input inside it)")
      ->required();
  textures->add_option("--format", tex.format, "Image file format")
      ->check(CLI::IsMember({"png", "dds", "ktx2"}));
  textures->add_flag("--uastc", tex.uastc,
                     "With --format ktx2: UASTC blocks (KHR_texture_basisu, zstd, mip chain) "
                     "instead of the source's own format");
  addTextureEncodeOptions(*textures, tex.encode);
  textures->add_flag("--swap-red-blue", tex.load.swapRedBlue,
                     "Atlas: JPEG/PNG tiles were made from BGR data");
  textures->add_flag("--partial", tex.load.partial,
                     "Write every intact texture of a damaged input and name each one left out");

  addBatchOptions(textures, tex.batch, true);

  std::vector<std::string> mergeInputs;
  std::string mergeOutput;
  auto* report = app.add_subcommand("report", "Work on --report files");
  report->require_subcommand(1);
  auto* merge = report->add_subcommand(
      "merge", "Merge shard reports into the report a single run would have written");
  merge->add_option("reports", mergeInputs, "Report files (--report)")->required();
  merge->add_option("-o,--output", mergeOutput, "Merged report to write")->required();

  ExportAtlasArgs exp;
  auto* exportAtlas = app.add_subcommand(
      "export-atlas", "Write an edited glTF/GLB (or OBJ, FBX) back to a v140 .atlas");
  exportAtlas->add_option("edited", exp.edited, "Edited file: .glb, .gltf or any Assimp format")
      ->required();
  exportAtlas->add_option("--base", exp.base, "The .atlas the edit was converted from")->required();
  exportAtlas->add_option("-o,--output", exp.output, "New .atlas to write")->required();
  exportAtlas->add_flag("--rebuild-lods", exp.rebuildLods,
                        "Regenerate the coarser levels above edited chunks from their children");

  YtdArgs ytdArgs;
  auto* ytd = addYtdCommand(app, ytdArgs);

  // File names reach the commands as UTF-8 (console.h).
  std::vector<std::string> args = utf8Arguments(argc, argv);
  std::vector<char*> utf8Argv;
  for (std::string& a : args) utf8Argv.push_back(a.data());
  try {
    app.parse(int(utf8Argv.size()), utf8Argv.data());
  } catch (const CLI::ParseError& e) {
    int code = app.exit(e);
    return code == 0 ? kExitOk : kExitUsage;
  }
  // --jobs is the process's whole thread budget (strata/parallel.h): a
  // batch's workers and the work inside each input share it.
  const int jobs = *convert ? conv.batch.jobs : *textures ? tex.batch.jobs : *tiles ? tl.jobs : 0;
  if (jobs > 0) strata::setThreadBudget(unsigned(jobs));
  // Started now, they are running by the time the input is parsed and its
  // work spread (strata/parallel.h).
  if (*convert || *textures || *tiles || *ytd) strata::startHelperThreads();
  if (*convert) return runConvert(conv);
  if (*info)
    return runInfo(infoInput,
                   infoJson      ? InfoView::Json
                   : infoVerbose ? InfoView::Tree
                                 : InfoView::Summary,
                   infoLevels);
  if (*tiles) return runTiles(tl);
  if (*validate) return runValidate(val);
  if (*merge) return runReportMerge(mergeInputs, mergeOutput);
  if (*textures) return runTextures(tex);
  if (*exportAtlas) return runExportAtlas(exp);
  if (*ytd) return runYtd(*ytd, ytdArgs);
  return kExitUsage;
}

// The `strata` command (design.md "The strata command").
#include "commands.h"
#include "options.h"
#include "ytd_command.h"

#include "strata/parallel.h"
#include "strata/platform.h"

#include <CLI/CLI.hpp>

namespace {

using namespace strata::cli;

// A batch command: its inputs and, where it writes, -o.
CLI::App* addBatchCommand(CLI::App& app, const char* name, const char* about,
                          std::vector<std::string>& inputs, const char* inputsAre,
                          std::string* output = nullptr, const char* outputIs = nullptr) {
  auto* cmd = app.add_subcommand(name, about);
  cmd->add_option("inputs", inputs, inputsAre)->required();
  if (output) cmd->add_option("-o,--output", *output, outputIs)->required();
  return cmd;
}

CLI::App* addConvert(CLI::App& app, ConvertArgs& conv) {
  auto* convert = addBatchCommand(
      app, "convert", "Convert inputs to glTF (.glb or .gltf), or a CHU to .atlas", conv.inputs,
      "Input files or directories", &conv.output,
      "Output .glb/.gltf (or .atlas for one CHU input), or a directory (several inputs)");
  addGltfOptions(convert, conv.textures, conv.compress, true);
  addLoadOptions(convert, kLod | kSkirts | kTextureLevel | kSwapRedBlue | kPartial, conv.load);
  addLevelOption(convert, conv.batch.levels);
  addBatchOptions(convert, conv.batch, true);
  return convert;
}

CLI::App* addTiles(CLI::App& app, TilesArgs& tl) {
  auto* tiles = addBatchCommand(
      app, "tiles",
      "Write an Atlas or CHU terrain as an OGC 3D Tiles 1.1 tileset (one GLB per chunk)", tl.inputs,
      "Input .atlas/.chu files or directories", &tl.output,
      "Tileset directory (several inputs: one per input)");
  addGltfOptions(tiles, tl.textures, tl.compress, false);
  addLoadOptions(tiles, kSwapRedBlue | kPartial, tl.load, "chunk");
  addBatchOptions(tiles, tl.batch, true);
  return tiles;
}

CLI::App* addValidate(CLI::App& app, ValidateArgs& val) {
  auto* validate = addBatchCommand(app, "validate",
                                   "Check every structural rule of the spec; exit 1 if any fails",
                                   val.inputs, "Input files or directories");
  validate->add_flag("--json", val.json, "Machine-readable JSON");
  validate->add_flag("--strict", val.strict, "Exit 1 on warnings too, not only on errors");
  addLevelOption(validate, val.batch.levels);
  addBatchOptions(validate, val.batch, false);
  return validate;
}

CLI::App* addTextures(CLI::App& app, TexturesArgs& tex) {
  auto* textures =
      addBatchCommand(app, "textures", "Write every texture of a file into a directory", tex.inputs,
                      "Input files or directories", &tex.outDir,
                      "Output directory (several inputs: a directory per input inside it)");
  textures->add_option("--format", tex.format, "Image file format")
      ->check(CLI::IsMember({"png", "dds", "ktx2"}));
  textures->add_flag("--uastc", tex.uastc,
                     "With --format ktx2: UASTC blocks (KHR_texture_basisu, zstd, mip chain) "
                     "instead of the source's own format");
  addTextureEncodeOptions(*textures, tex.encode);
  addLoadOptions(textures, kSwapRedBlue | kPartial, tex.load, "texture");
  addLevelOption(textures, tex.batch.levels);
  addBatchOptions(textures, tex.batch, true);
  return textures;
}

struct InfoArgs {
  std::string input;
  bool json = false, verbose = false;
  std::vector<std::string> levels;
};

CLI::App* addInfo(CLI::App& app, InfoArgs& in) {
  auto* info = app.add_subcommand("info", "Summarise a file (--json, --verbose: everything)");
  info->add_option("input", in.input, "Input file")->required();
  info->add_flag("--json", in.json, "Everything, as machine-readable JSON");
  info->add_flag("--verbose", in.verbose, "Everything, as an indented tree");
  addLevelOption(info, in.levels);
  return info;
}

struct MergeArgs {
  std::vector<std::string> inputs;
  std::string output;
};

CLI::App* addReportMerge(CLI::App& app, MergeArgs& m) {
  auto* report = app.add_subcommand("report", "Work on --report files");
  report->require_subcommand(1);
  auto* merge = report->add_subcommand(
      "merge", "Merge shard reports into the report a single run would have written");
  merge->add_option("reports", m.inputs, "Report files (--report)")->required();
  merge->add_option("-o,--output", m.output, "Merged report to write")->required();
  return merge;
}

CLI::App* addExportAtlas(CLI::App& app, ExportAtlasArgs& exp) {
  auto* exportAtlas = app.add_subcommand(
      "export-atlas", "Write an edited glTF/GLB (or OBJ, FBX) back to a v140 .atlas");
  exportAtlas->add_option("edited", exp.edited, "Edited file: .glb, .gltf or any Assimp format")
      ->required();
  exportAtlas->add_option("--base", exp.base, "The .atlas the edit was converted from")->required();
  exportAtlas->add_option("-o,--output", exp.output, "New .atlas to write")->required();
  exportAtlas->add_flag("--rebuild-lods", exp.rebuildLods,
                        "Regenerate the coarser levels above edited chunks from their children");
  return exportAtlas;
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
  TilesArgs tl;
  InfoArgs in;
  ValidateArgs val;
  TexturesArgs tex;
  MergeArgs mergeArgs;
  ExportAtlasArgs exp;
  const CLI::App* convert = addConvert(app, conv);
  const CLI::App* tiles = addTiles(app, tl);
  const CLI::App* info = addInfo(app, in);
  const CLI::App* validate = addValidate(app, val);
  const CLI::App* textures = addTextures(app, tex);
  const CLI::App* merge = addReportMerge(app, mergeArgs);
  const CLI::App* exportAtlas = addExportAtlas(app, exp);

  YtdArgs ytdArgs;
  auto* ytd = addYtdCommand(app, ytdArgs);

  // File names reach the commands as UTF-8 (strata/platform.h).
  std::vector<std::string> args = strata::platform::utf8Arguments(argc, argv);
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
  const int jobs = *convert    ? conv.batch.jobs
                   : *textures ? tex.batch.jobs
                   : *tiles    ? tl.batch.jobs
                               : 0;
  if (jobs > 0) strata::setThreadBudget(unsigned(jobs));
  // Started now, they are running by the time the input is parsed and its
  // work spread (strata/parallel.h).
  if (*convert || *textures || *tiles || *ytd) strata::startHelperThreads();
  if (*convert) return runConvert(conv);
  if (*info)
    return runInfo(in.input,
                   in.json      ? InfoView::Json
                   : in.verbose ? InfoView::Tree
                                : InfoView::Summary,
                   in.levels);
  if (*tiles) return runTiles(tl);
  if (*validate) return runValidate(val);
  if (*merge) return runReportMerge(mergeArgs.inputs, mergeArgs.output);
  if (*textures) return runTextures(tex);
  if (*exportAtlas) return runExportAtlas(exp);
  if (*ytd) return runYtd(*ytd, ytdArgs);
  return kExitUsage;
}

// The arguments of `strata ytd replace|build|convert`.
#include "ytd_command.h"

#include "options.h"

namespace strata::cli {

namespace {

const std::vector<std::string> kFormats = {"auto", "bc1", "bc3", "bc5", "bc7", "rgba8"};
const char* kQualityHelp = "BC encoders' effort for every texture encoded: fast, default or best";

void addReplace(CLI::App* ytd, YtdArgs& a) {
  auto* c = ytd->add_subcommand(
      "replace", "Replace textures of a .ytd (or of the dictionaries a .ydr/.ydd/.yft embeds) "
                 "with images; every other texture keeps its bytes");
  c->add_option("input", a.input, "The .ytd, .ydr, .ydd or .yft to start from")->required();
  c->add_option("images", a.pairs,
                "NAME=IMAGE: the texture NAME from IMAGE (PNG, JPEG, DDS or KTX2)");
  c->add_option("-o,--output", a.output, "The new file (never the input)")->required();
  c->add_option("--from", a.from,
                "Every image in DIR whose stem is a texture's name (the layout `strata "
                "textures` writes)");
  c->add_option("--format", a.format,
                "Store the replaced textures in this format instead of the one each had")
      ->check(CLI::IsMember(kFormats));
  c->add_option("--mips", a.mips,
                "Mip levels of each replaced texture (default: as many as it had; a full chain "
                "stays a full chain)")
      ->check(CLI::Range(1, 17));
  c->add_flag("--add", a.add,
              "Add a texture for each image whose name is not in the dictionary (a .ytd only)");
  c->add_flag("--changed-only", a.changedOnly,
              "Leave a texture as it is (bytes and all) when its image holds its own pixels: "
              "only the images that were edited are encoded");
  addQualityOption(c, a.quality, kQualityHelp);
}

void addBuild(CLI::App* ytd, YtdArgs& a) {
  auto* c = ytd->add_subcommand("build", "Build a new .ytd from images (names from their stems)");
  c->add_option("images", a.images, "Image files (PNG, JPEG, DDS, KTX2) or directories of them")
      ->required();
  c->add_option("-o,--output", a.output, "The new .ytd")->required();
  c->add_option("--edition", a.edition, "legacy (v13) or enhanced (v5)")
      ->required()
      ->check(CLI::IsMember({"legacy", "enhanced"}));
  c->add_option("--format", a.format,
                "auto (default): BC1 opaque, BC3 legacy / BC7 Enhanced with alpha, BC5 for "
                "names ending _n/_normal")
      ->check(CLI::IsMember(kFormats));
  addQualityOption(c, a.quality, kQualityHelp);
}

void addConvert(CLI::App* ytd, YtdArgs& a) {
  auto* c = ytd->add_subcommand("convert", "Write a .ytd in the other edition");
  c->add_option("input", a.input, "The .ytd to convert")->required();
  c->add_option("-o,--output", a.output, "The new .ytd")->required();
  c->add_option("--edition", a.edition, "The edition to write: legacy (v13) or enhanced (v5)")
      ->required()
      ->check(CLI::IsMember({"legacy", "enhanced"}));
  addQualityOption(c, a.quality, kQualityHelp);
}

} // namespace

CLI::App* addYtdCommand(CLI::App& app, YtdArgs& args) {
  auto* ytd = app.add_subcommand(
      "ytd", "Write GTA V texture dictionaries: replace textures, build a new one, convert "
             "between editions");
  ytd->require_subcommand(1);
  addReplace(ytd, args);
  addBuild(ytd, args);
  addConvert(ytd, args);
  return ytd;
}

} // namespace strata::cli

#pragma once
#include "batch.h"

#include "strata/formats.h"
#include "strata/image.h"

#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace strata::cli {

// Exit codes shared by every command.
constexpr int kExitOk = 0;
constexpr int kExitFailed = 1; // an input failed to convert or validate
constexpr int kExitUsage = 2;  // bad arguments

struct ConvertArgs {
  std::vector<std::string> inputs;
  std::string output;
  std::string textures = "png";
  bool compress = false; // EXT_meshopt_compression (.glb only)
  BatchArgs batch;       // --shard, --report, --jobs, --skip-existing
  LoadOptions load;
};
int runConvert(const ConvertArgs& args);

struct TilesArgs {
  std::vector<std::string> inputs;
  std::string output; // the tileset directory (a batch: one per input inside it)
  std::string textures = "png";
  bool compress = false; // EXT_meshopt_compression in every GLB
  BatchArgs batch;       // --shard, --report, --jobs, --skip-existing
  LoadOptions load;
};
int runTiles(const TilesArgs& args);

// Summary: a few lines (info_summary.h); Json: everything, as `info --json`
// has always printed it; Tree: the same as an indented tree (`--verbose`).
enum class InfoView { Summary, Json, Tree };
// `levels`: --level, R&C2 levels of a disc image or directory to describe.
int runInfo(const std::string& input, InfoView view, const std::vector<std::string>& levels = {});
struct ValidateArgs {
  std::vector<std::string> inputs;
  bool json = false;
  bool strict = false; // warnings fail the run too (exit 1), for pipelines that want a clean bill
  BatchArgs batch;     // --shard, --report, --level
};
int runValidate(const ValidateArgs& args);

// `strata textures --encode` (texture_encode.cpp): BC re-encoding options.
struct TextureEncodeArgs {
  std::string family; // "" (keep the source's blocks) or bc1, bc3, bc4, bc5, bc7
  bool mips = false;  // a full chain made from mip 0
  image::BcQuality quality = image::BcQuality::Default;
  bool alphaCoverage = false;
  int alphaCutoff = 128;
  bool noNormalMap = false;
};
void addTextureEncodeOptions(CLI::App& cmd, TextureEncodeArgs& args);
// What is wrong with the options together ("" when nothing is).
std::string checkTextureEncodeArgs(const TextureEncodeArgs& args, const std::string& format,
                                   bool uastc);
// `img` encoded as args.family asks (every layer; mips as --mips says).
Image encodeTexture(const Image& img, const TextureEncodeArgs& args);

struct TexturesArgs {
  std::vector<std::string> inputs;
  std::string outDir;
  std::string format = "png";
  bool uastc = false; // --format ktx2: UASTC blocks (KHR_texture_basisu) instead of the source's
  TextureEncodeArgs encode;
  BatchArgs batch;
  LoadOptions load;
};
int runTextures(const TexturesArgs& args);

// Prints a note on stderr when the UASTC KTX2 writer will resample `img`
// (KHR_texture_basisu needs sides that are multiples of 4).
void noteUastcResize(const Image& img, const std::string& source);

struct ExportAtlasArgs {
  std::string edited;
  std::string base;
  std::string output;
  bool rebuildLods = false;
};
int runExportAtlas(const ExportAtlasArgs& args);

} // namespace strata::cli

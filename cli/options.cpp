#include "options.h"

#include <CLI/CLI.hpp>

namespace strata::cli {

void addBatchOptions(CLI::App* cmd, BatchArgs& batch, bool writes) {
  cmd->add_option("--shard", batch.shard,
                  "Work on shard I of N (1 <= I <= N) of the inputs, chosen by a stable hash of "
                  "each input's path below the argument it came from");
  cmd->add_option("--report", batch.report,
                  "Write a JSON report: one record per input, the census and the run's totals");
  if (!writes) return;
  cmd->add_flag("--skip-existing", batch.skipExisting,
                "Leave an output that is already there alone (outputs are renamed into place "
                "only when complete), so a rerun does only what is missing");
  cmd->add_option("-j,--jobs", batch.jobs,
                  "Threads in all: inputs at once (each held in memory while it is worked on), "
                  "and chunks and images inside an input on what they leave (default: all cores)");
}

void addLoadOptions(CLI::App* cmd, unsigned which, LoadOptions& load, const char* piece) {
  if (which & kLod) {
    // "all": every level (strata::LoadOptions::kAllLevels); numbers pass through.
    const CLI::Transformer all(std::map<std::string, int>{{"all", LoadOptions::kAllLevels}});
    cmd->add_option("--lod", load.lod,
                    "Geometry level (Atlas: default the leaf level; tfrag: 0|1|2), or all")
        ->transform(all);
  }
  if (which & kSkirts)
    cmd->add_flag("--skirts", load.skirts, "Atlas: add skirt triangles as a second primitive");
  if (which & kTextureLevel)
    cmd->add_option("--texture-level", load.textureLevel, "Atlas: texture tree level to use");
  if (which & kSwapRedBlue)
    cmd->add_flag("--swap-red-blue", load.swapRedBlue,
                  "Atlas: JPEG/PNG tiles were made from BGR data (terrain looks blue-tinted)");
  if (which & kPartial)
    cmd->add_flag("--partial", load.partial,
                  std::string("Write every intact ") + piece +
                      " of a damaged input and name each one left out (default: refuse the input)");
}

void addLevelOption(CLI::App* cmd, std::vector<std::string>& levels) {
  cmd->add_option("--level", levels,
                  "Ratchet & Clank 2: the level to take from a disc image or a directory, by id "
                  "or name (case-insensitive, e.g. --level oozla); repeatable");
}

void addGltfOptions(CLI::App* cmd, std::string& textures, bool& compress, bool ktx2) {
  cmd->add_option("--textures", textures, "Texture images in the glTF")
      ->check(ktx2 ? CLI::IsMember({"png", "ktx2", "none"}) : CLI::IsMember({"png", "none"}));
  cmd->add_flag("--compress", compress,
                "Geometry through EXT_meshopt_compression (.glb: each GLB's plain data in "
                "<stem>.fallback.bin beside it)");
}

void addQualityOption(CLI::App* cmd, image::BcQuality& quality, const std::string& help) {
  cmd->add_option_function<std::string>(
         "--quality",
         [&quality](const std::string& v) {
           quality = v == "fast"   ? image::BcQuality::Fast
                     : v == "best" ? image::BcQuality::Best
                                   : image::BcQuality::Default;
         },
         help)
      ->check(CLI::IsMember({"fast", "default", "best"}));
}

gltf::TextureMode textureMode(const std::string& textures) {
  if (textures == "ktx2") return gltf::TextureMode::Ktx2;
  if (textures == "none") return gltf::TextureMode::None;
  return gltf::TextureMode::Png;
}

} // namespace strata::cli

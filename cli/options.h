#pragma once
// The options the commands share, each declared once: the batch options
// (--shard, --report, --skip-existing, --jobs), the load options (--lod,
// --skirts, --texture-level, --swap-red-blue, --partial), --level and the
// glTF options (--textures, --compress).
#include "batch.h"

#include "gltf_writer.h"
#include "strata/formats.h"
#include "strata/image.h"

#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace strata::cli {

// --shard, --report and, where a command writes files, --skip-existing and
// --jobs (docs/distributed.md).
void addBatchOptions(CLI::App* cmd, BatchArgs& batch, bool writes);

// The load options a command takes, as a set of these.
enum LoadOption : unsigned {
  kLod = 1,
  kSkirts = 2,
  kTextureLevel = 4,
  kSwapRedBlue = 8,
  kPartial = 16, // "write every intact <piece>"
};
void addLoadOptions(CLI::App* cmd, unsigned which, LoadOptions& load, const char* piece = "piece");

// --level ID|NAME: R&C2 levels of a disc image or a directory (levels.h).
void addLevelOption(CLI::App* cmd, std::vector<std::string>& levels);

// --textures png|ktx2|none (without ktx2 where `ktx2` is false) and --compress.
void addGltfOptions(CLI::App* cmd, std::string& textures, bool& compress, bool ktx2);
gltf::TextureMode textureMode(const std::string& textures);

// --quality fast|default|best: the BC encoders' effort (docs/bc-encoders.md).
void addQualityOption(CLI::App* cmd, image::BcQuality& quality, const std::string& help);

} // namespace strata::cli

// The .atlas output: a CHU (and the TQT beside it) converted to a v140 Atlas
// (atlas-chu-tqt.md §9), from the file itself rather than a scene.
#include "outputs.h"

#include "strata/chu.h"
#include "strata/error.h"
#include "strata/fileio.h"

namespace strata {

namespace {

OutputWritten convertAtlas(const Source& in, const std::string& path,
                           const OutputOptions& options) {
  if (options.phase) options.phase("reading");
  AtlasConversion atlas = chu::convertToAtlas(in, options.partial);
  if (options.phase) options.phase("writing");
  writeFileAtomic(path, atlas.bytes);
  return {{path}, {}, std::move(atlas.leftOut)};
}

void refuseAtlas(const FormatHandler& format, const std::string& input) {
  throw Error(input, Error::kNoOffset,
              std::string("only a CHU converts to .atlas; this is a ") + format.name + " file");
}

} // namespace

extern const OutputWriter kAtlasOutput;
const OutputWriter kAtlasOutput = {"atlas", {".atlas"},   {{"chu"}, true, false, false, false},
                                   nullptr, convertAtlas, refuseAtlas};

} // namespace strata

// FormatHandler for an extracted Ratchet & Clank 2 level directory
// (tfrag-layout.md "Input that Strata reads").
#include "strata/error.h"
#include "strata/formats.h"
#include "tfrag/tfrag_info.h"
#include "tfrag/tfrag_scene.h"
#include "tfrag/tfrag_validate.h"

namespace strata {

namespace {

// A level is a directory of files: only on disk.
bool detectTfrag(const Source& in, const std::vector<uint8_t>&) {
  return in.onDisk() && tfrag::looksLikeLevel(in.path);
}

const std::string& levelDirectory(const Source& in) {
  if (!in.onDisk())
    throw Unsupported(in.path, Error::kNoOffset,
                      "a tfrag level is a directory of files, which bytes in memory cannot be");
  return in.path;
}

TextureSet texturesTfrag(const Source& in, const LoadOptions& options) {
  return tfrag::levelTextures(tfrag::checkLevel(levelDirectory(in)), options.partial);
}

Scene loadTfrag(const Source& in, const LoadOptions& options) {
  return tfrag::loadScene(levelDirectory(in), options);
}

nlohmann::json infoTfrag(const Source& in) {
  return tfrag::describeLevel(levelDirectory(in));
}

ValidationReport validateTfrag(const Source& in) {
  if (!in.onDisk()) {
    ValidationReport rep;
    rep.file = in.path;
    rep.format = "tfrag";
    rep.error(Error::kNoOffset, "a tfrag level is a directory of files, which bytes in memory "
                                "cannot be");
    return rep;
  }
  return tfrag::validateLevel(in.path);
}

} // namespace

extern const FormatHandler kTfragHandler = {"tfrag",   detectTfrag,   loadTfrag,
                                            infoTfrag, validateTfrag, texturesTfrag};

} // namespace strata

// FormatHandler for an extracted Ratchet & Clank 2 level directory
// (tfrag-layout.md "Input that Strata reads").
#include "strata/error.h"
#include "strata/formats.h"
#include "tfrag/tfrag_info.h"
#include "tfrag/tfrag_scene.h"
#include "tfrag/tfrag_validate.h"

namespace strata {

namespace {

bool detectTfrag(const std::string& path, const std::vector<uint8_t>&) {
  return tfrag::looksLikeLevel(path);
}

TextureSet texturesTfrag(const std::string& path, const LoadOptions& options) {
  tfrag::CheckedLevel l = tfrag::checkLevel(path);
  TextureSet set;
  set.leftOut = tfrag::acceptOrLeaveOut(l, options.partial);
  if (!l.level.hasGsRam)
    throw Error(l.level.gsRamPath, Error::kNoOffset,
                "missing: the palettes and mips 2-3 of every texture live there");
  for (auto& img : l.textures)
    if (img) set.images.push_back(std::move(*img));
  return set;
}

Scene loadTfrag(const std::string& path, const LoadOptions& options) {
  return tfrag::loadScene(path, options);
}

nlohmann::json infoTfrag(const std::string& path) {
  return tfrag::describeLevel(path);
}

ValidationReport validateTfrag(const std::string& path) {
  return tfrag::validateLevel(path);
}

} // namespace

extern const FormatHandler kTfragHandler = {"tfrag",   detectTfrag,   loadTfrag,
                                            infoTfrag, validateTfrag, texturesTfrag};

} // namespace strata

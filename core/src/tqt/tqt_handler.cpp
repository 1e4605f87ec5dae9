// The TQT entry of the format table (core/src/formats.cpp): info, validate and
// textures. No load: a TQT is only a texture tree, converted with the .chu
// beside it (§9d).
#include "strata/fileio.h"
#include "strata/formats.h"
#include "tqt/tqt_info.h"
#include "tqt/tqt_io.h"
#include "tqt/tqt_scene.h"
#include "tqt/tqt_validate.h"

namespace strata {

namespace {

bool detectTqt(const Source&, const std::vector<uint8_t>& head) {
  return head.size() >= 4 && head[0] == 't' && head[1] == 'q' && head[2] == 't' && head[3] == 0;
}

nlohmann::json infoTqt(const Source& in) {
  const auto bytes = in.bytes();
  return tqt::describe(tqt::readTqt(*bytes, in.path), bytes->size(), in.path);
}

} // namespace

extern const FormatHandler kTqtHandler;
const FormatHandler kTqtHandler = {
    "tqt", detectTqt, nullptr, infoTqt, tqt::validateTqtFile, tqt::loadTextures};

} // namespace strata

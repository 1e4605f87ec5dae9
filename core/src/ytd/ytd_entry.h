#pragma once
// What the .ytd and drawable entries of the format table share: both read a
// texture container and differ only in how they detect and read the file.
#include "strata/fileio.h"
#include "strata/formats.h"
#include "strata/text.h"
#include "ytd/ytd_info.h"
#include "ytd/ytd_read.h"
#include "ytd/ytd_scene.h"
#include "ytd/ytd_validate.h"

#include <filesystem>
#include <string>
#include <vector>

namespace strata::ytd {

using ReadContainer = TextureContainer (*)(const std::vector<uint8_t>&, const std::string&);

// The gallery scene, named after the file's stem.
template <ReadContainer read> Scene loadContainer(const Source& in, const LoadOptions& options) {
  Scene s = galleryScene(read(*in.bytes(), in.path), options);
  s.name = escapeUtf8(utf8Of(pathOf(in.path).stem()));
  return s;
}

template <ReadContainer read> nlohmann::json infoOfContainer(const Source& in) {
  return containerInfo(read(*in.bytes(), in.path));
}

template <ReadContainer read>
TextureSet texturesOfContainer(const Source& in, const LoadOptions& options) {
  return containerTextures(read(*in.bytes(), in.path), options);
}

template <ReadContainer read>
ValidationReport validateContainer(const Source& in, const char* format) {
  return validateContainerFile(in.path, format, [&] { return read(*in.bytes(), in.path); });
}

// The format-table entry of a container format read by `read`.
template <ReadContainer read>
constexpr FormatHandler containerHandler(const char* name,
                                         bool (*detect)(const Source&, const std::vector<uint8_t>&),
                                         ValidationReport (*validate)(const Source&)) {
  return {name,
          detect,
          loadContainer<read>,
          infoOfContainer<read>,
          validate,
          texturesOfContainer<read>};
}

} // namespace strata::ytd

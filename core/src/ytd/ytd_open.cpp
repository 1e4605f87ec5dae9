#include "ytd/ytd_open.h"

#include "strata/error.h"
#include "ytd/drawable_read.h"

namespace strata::ytd {

TextureContainer readContainer(const std::vector<uint8_t>& bytes, const std::string& name) {
  const std::optional<uint32_t> version = rsc7Version(bytes);
  if (!version)
    throw Error(name, 0,
                "expected an RSC7 resource (a .ytd, .ydr, .ydd or .yft): the magic RSC7 is "
                "missing");
  if (*version == 5 || *version == 13) return readYtd(bytes, name);
  if (isDrawableVersion(*version)) return readDrawable(bytes, name);
  throw Unsupported(name, 4,
                    "resource version " + std::to_string(*version) +
                        " is neither a texture dictionary (5, 13) nor a drawable (165, 162, "
                        "159, 154, 171)");
}

} // namespace strata::ytd

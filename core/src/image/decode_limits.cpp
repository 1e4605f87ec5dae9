#include "image/decode_limits.h"

#include "strata/error.h"

namespace strata::image {

void checkDeclaredSize(const DeclaredImage& d, const std::string& file, uint64_t offset) {
  const std::string size = std::to_string(d.width) + "x" + std::to_string(d.height);
  if (d.width == 0 || d.height == 0 || d.width > d.maxSide || d.height > d.maxSide)
    throw Error(file, offset,
                d.what + " declares " + size + "; expected each side in 1.." +
                    std::to_string(d.maxSide));
  if (d.leastBytes > d.payloadBytes)
    throw Error(file, offset,
                d.what + " declares " + size + ", which needs at least " +
                    std::to_string(d.leastBytes) + " bytes of compressed data (" + d.rule +
                    "), but the payload holds " + std::to_string(d.payloadBytes));
}

} // namespace strata::image

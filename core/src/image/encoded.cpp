#include "image/encoded.h"

#include "strata/error.h"
#include "strata/image.h"

#include <cstring>

namespace strata::image {

namespace {

bool pngSignature(const std::vector<uint8_t>& bytes) {
  return bytes.size() >= 8 && std::memcmp(bytes.data(), "\x89PNG\r\n\x1a\n", 8) == 0;
}

} // namespace

Image decodeEncoded(const std::vector<uint8_t>& bytes, const std::string& file, bool texels) {
  if (pngSignature(bytes)) return decodePNG(bytes, file, texels);
  if (bytes.size() >= 3 && bytes[0] == 0xFF && bytes[1] == 0xD8 && bytes[2] == 0xFF)
    return decodeJPEG(bytes, file);
  throw Error(file, 0, "expected a JPEG (FF D8 FF) or PNG signature");
}

Image decodeEncoded(std::vector<uint8_t>&& bytes, const std::string& file, bool texels) {
  if (pngSignature(bytes)) return decodePNG(std::move(bytes), file, texels);
  return decodeEncoded(bytes, file, texels);
}

} // namespace strata::image

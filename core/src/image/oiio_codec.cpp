// JPEG/PNG in and PNG out through OpenImageIO (the issue asks for OIIO here;
// BC decoding is ours because OIIO 2.4 lacks most DX10 variants, build-notes.md).
#include "strata/error.h"
#include "strata/image.h"

#include <OpenImageIO/filesystem.h>
#include <OpenImageIO/imagebuf.h>
#include <OpenImageIO/imageio.h>

#include <cstring>

namespace strata::image {

using namespace OIIO;

std::vector<uint8_t> encodePNG(const uint8_t* rgba, uint32_t width, uint32_t height) {
  std::vector<unsigned char> out;
  Filesystem::IOVecOutput vec(out);
  auto writer = ImageOutput::create("out.png");
  if (!writer) throw Error("", Error::kNoOffset, "OpenImageIO has no PNG writer");
  ImageSpec spec(int(width), int(height), 4, TypeDesc::UINT8);
  // Texels are straight (unassociated) alpha: without this OIIO divides
  // colour by alpha on write, destroying the colour of transparent texels.
  spec.attribute("oiio:UnassociatedAlpha", 1);
  // zlib level 3 instead of OIIO's 6: about 3x faster for ~3% larger files on
  // texture-like images (bench/bench_image.cpp prints both).
  spec.attribute("png:compressionLevel", 3);
  // OIIO 2.4 writes to memory only through set_ioproxy (the spec attribute
  // alone makes it open a file named "out.png").
  if (!writer->set_ioproxy(&vec))
    throw Error("", Error::kNoOffset, "OpenImageIO's PNG writer cannot write to memory");
  if (!writer->open("out.png", spec) || !writer->write_image(TypeDesc::UINT8, rgba) ||
      !writer->close())
    throw Error("", Error::kNoOffset, "PNG encoding failed: " + writer->geterror());
  return std::vector<uint8_t>(out.begin(), out.end());
}

Image decodeEncoded(const std::vector<uint8_t>& bytes, const std::string& file) {
  // OIIO picks the decoder from the name, so tell it what the magic says.
  const char* name = nullptr;
  if (bytes.size() >= 8 && std::memcmp(bytes.data(), "\x89PNG\r\n\x1a\n", 8) == 0)
    name = "tile.png";
  else if (bytes.size() >= 3 && bytes[0] == 0xFF && bytes[1] == 0xD8 && bytes[2] == 0xFF)
    name = "tile.jpg";
  else
    throw Error(file, 0, "expected a JPEG (FF D8 FF) or PNG signature");
  Filesystem::IOMemReader mem(const_cast<uint8_t*>(bytes.data()), bytes.size());
  auto in = ImageInput::create(name, false, nullptr, &mem);
  if (!in) throw Error(file, 0, "OpenImageIO has no decoder for this image");
  ImageSpec opened, config;
  // Keep alpha unassociated: OIIO would otherwise premultiply colour by alpha
  // (an opacity map's zero alpha would wipe its RGB weights).
  config.attribute("oiio:UnassociatedAlpha", 1);
  if (!in->set_ioproxy(&mem) || !in->open(name, opened, config))
    throw Error(file, 0, "cannot decode image: " + in->geterror());
  const ImageSpec& spec = in->spec();
  if (spec.width <= 0 || spec.height <= 0 || spec.width > 32768 || spec.height > 32768)
    throw Error(file, 0, "image dimensions out of range");
  Image img;
  img.width = uint32_t(spec.width);
  img.height = uint32_t(spec.height);
  img.dxgiFormat = 28; // R8G8B8A8_UNORM
  img.colorSpace = ColorSpace::SRGB;
  // Row by row: OIIO 2.4's read_image converts through a 64 MB buffer per
  // call, whatever the image size (a cost that made the fuzzers crawl).
  const size_t rowBytes = size_t(spec.width) * spec.nchannels;
  std::vector<uint8_t> px(rowBytes * spec.height);
  for (int y = 0; y < spec.height; ++y)
    if (!in->read_scanline(spec.y + y, 0, TypeDesc::UINT8, px.data() + rowBytes * size_t(y)))
      throw Error(file, 0, "cannot decode image: " + in->geterror());
  img.data.resize(size_t(spec.width) * spec.height * 4);
  const int nc = spec.nchannels;
  for (size_t i = 0, n = size_t(spec.width) * spec.height; i < n; ++i) {
    const uint8_t* s = &px[i * nc];
    uint8_t* d = &img.data[i * 4];
    if (nc >= 3) {
      d[0] = s[0], d[1] = s[1], d[2] = s[2];
      d[3] = nc >= 4 ? s[3] : 255;
    } else {
      d[0] = d[1] = d[2] = s[0];
      d[3] = nc == 2 ? s[1] : 255;
    }
  }
  return img;
}

} // namespace strata::image

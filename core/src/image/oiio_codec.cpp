// PNG out through OpenImageIO (BC decoding is ours because OIIO 2.4 lacks most
// DX10 variants, build-notes.md; PNG and JPEG decoding is libpng's and
// libjpeg's, encoded.h says why).
#include "strata/error.h"
#include "strata/image.h"

#include <OpenImageIO/filesystem.h>
#include <OpenImageIO/imageio.h>

namespace strata::image {

using namespace OIIO;

std::vector<uint8_t> encodePNG(const uint8_t* rgba, uint32_t width, uint32_t height) {
  std::vector<unsigned char> out;
  Filesystem::IOVecOutput vec(out);
  auto writer = ImageOutput::create("out.png");
  if (!writer)
    throw Error("", Error::kNoOffset, "OpenImageIO has no PNG writer: " + OIIO::geterror());
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

} // namespace strata::image

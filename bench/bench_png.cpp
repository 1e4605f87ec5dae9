// PNG write (issue 16 "PNG"): strata's encodePNG (libdeflate, filter and
// level chosen per image) against OpenImageIO's default PNG writer, in memory,
// on three kinds of image:
//   bench   1024^2 bench_image content (smooth gradients with noise)
//   real    the real GTA textures of ../shared/samples (every mip 0 decoded),
//           packed again and again into 2048^2 (synthetic stripes when absent)
//   terrain a 2048^2 blended terrain texture: four procedural materials mixed
//           by height and slope, shaded by a light map
// Both encoders run one image on one thread; each time is the best of a few
// runs. Every PNG is decoded back (libpng) and compared texel for texel.
//   bench_png [--runs N]
#include "bench_png_images.h"
#include "bench_timing.h"

#include "strata/image.h"

#include <OpenImageIO/filesystem.h>
#include <OpenImageIO/imageio.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

using namespace strata;

namespace {

std::vector<uint8_t> oiioPNG(const bench::Rgba& img) {
  std::vector<unsigned char> out;
  OIIO::Filesystem::IOVecOutput vec(out);
  auto writer = OIIO::ImageOutput::create("out.png");
  OIIO::ImageSpec spec(int(img.width), int(img.height), 4, OIIO::TypeDesc::UINT8);
  // Straight alpha as stored (without it OIIO also divides colour by alpha).
  spec.attribute("oiio:UnassociatedAlpha", 1);
  if (!writer || !writer->set_ioproxy(&vec) || !writer->open("out.png", spec) ||
      !writer->write_image(OIIO::TypeDesc::UINT8, img.pixels.data()) || !writer->close()) {
    std::fprintf(stderr, "OIIO PNG write failed: %s\n", OIIO::geterror().c_str());
    std::exit(1);
  }
  return std::vector<uint8_t>(out.begin(), out.end());
}

} // namespace

int main(int argc, char** argv) {
  int runs = 3;
  if (argc == 3 && std::strcmp(argv[1], "--runs") == 0) runs = std::max(1, std::atoi(argv[2]));
  OIIO::attribute("threads", 1);
  std::printf("PNG write, in memory, 1 thread, best of %d\n", runs);
  std::printf("%-8s %-11s %10s %10s %8s %11s %11s %7s  %s\n", "image", "size", "strata ms",
              "OIIO ms", "speedup", "strata B", "OIIO B", "size", "pixels");
  bool allExact = true;
  for (const bench::Rgba& img : bench::pngBenchImages()) {
    std::vector<uint8_t> ours, theirs;
    const double tOurs = bench::bestSeconds(
        runs, [&] { ours = image::encodePNG(img.pixels.data(), img.width, img.height); });
    const double tTheirs = bench::bestSeconds(runs, [&] { theirs = oiioPNG(img); });
    const bool exact = image::decodeEncoded(ours, img.name + ".png").data == img.pixels;
    allExact = allExact && exact;
    std::printf("%-8s %4ux%-6u %10.1f %10.1f %7.1fx %11zu %11zu %6.3fx  %s\n", img.name.c_str(),
                img.width, img.height, tOurs * 1e3, tTheirs * 1e3, tTheirs / tOurs, ours.size(),
                theirs.size(), double(ours.size()) / double(theirs.size()),
                exact ? "identical" : "DIFFER");
  }
  std::printf("speedup = OIIO time / strata time (target >= 15x); size = strata bytes / OIIO "
              "bytes (target <= 1.10x)\n\n");
  return allExact ? 0 : 1;
}

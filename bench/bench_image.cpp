// Image core benchmark: BC decode throughput of our decoders against
// OpenImageIO 2.4 reading the same DDS file and libsquish (BC1-BC3); PNG write
// is bench_png.cpp's. Every
// decoder runs single-threaded (OIIO "threads" = 1); each figure is the best
// of several runs. Throughput counts output pixels as RGBA8 (4 bytes each)
// for every decoder, whatever channel count it produces, so MB/s compare
// times for the same image. OIIO gives BC4 as one channel, BC5 as two and
// BC6H as RGB half (1, 2 and 6 bytes a pixel where strata writes RGBA8 or,
// for BC6H, RGBA32F: 4 and 16): for those a second line times strata's block
// kernels writing OIIO's own layout over the whole image, the same bytes.
#include "bench_timing.h"
#include "image/bc_blocks.h"
#include "strata/fileio.h"
#include "strata/image.h"

#include <OpenImageIO/imageio.h>
#include <squish.h>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

using namespace strata;
using namespace strata::image;

namespace {

constexpr uint32_t kSize = 1024;
constexpr int kRuns = 15; // many: the best of them stays steady on a busy machine

// Random blocks; BC6H / BC7 get their mode field cycled so every mode counts
// equally (random bytes would make BC7 mostly mode 0).
Image randomImage(uint32_t code) {
  Image img;
  img.name = "bench";
  img.dxgiFormat = code;
  img.width = img.height = kSize;
  img.data.resize(mipByteSize(code, kSize, kSize));
  std::mt19937 rng(code);
  for (auto& b : img.data) b = uint8_t(rng());
  if (code == dxgi::BC7)
    for (size_t i = 0; i < img.data.size(); i += 16) {
      unsigned mode = (i / 16) % 8;
      img.data[i] = uint8_t((img.data[i] >> (mode + 1) << (mode + 1)) | (1u << mode));
    }
  if (code == dxgi::BC6H_UF16) {
    static const uint8_t codes[] = {0, 1, 2, 6, 10, 14, 18, 22, 26, 30, 3, 7, 11, 15};
    for (size_t i = 0; i < img.data.size(); i += 16) {
      uint8_t c = codes[(i / 16) % 14];
      img.data[i] = uint8_t(c < 2 ? (img.data[i] & ~3u) | c : (img.data[i] & ~31u) | c);
    }
  }
  return img;
}

double mbps(double seconds) {
  return double(kSize) * kSize * 4 / seconds / 1e6;
}

} // namespace

int main() {
  OIIO::attribute("threads", 1);
  const auto dir = std::filesystem::temp_directory_path() / "strata_bench_image";
  std::filesystem::create_directories(dir);

  struct Row {
    const char* name;
    uint32_t code;
    bool forceDX10;
    int squishFlags; // 0: libsquish has no decoder for it
  };
  const Row rows[] = {
      {"BC1 (DXT1)", dxgi::BC1, false, squish::kDxt1},
      {"BC2 (DXT3)", dxgi::BC2, false, squish::kDxt3},
      {"BC3 (DXT5)", dxgi::BC3, false, squish::kDxt5},
      {"BC4 (ATI1)", dxgi::BC4, false, 0},
      {"BC5 (ATI2)", dxgi::BC5, false, 0},
      {"BC6H UF16", dxgi::BC6H_UF16, true, 0},
      {"BC7", dxgi::BC7, true, 0},
  };
  std::printf("Decode %ux%u, MB/s of RGBA8-equivalent output (best of %d, 1 thread)\n", kSize,
              kSize, kRuns);
  std::printf("%-12s %10s %10s %10s %10s %12s %12s\n", "format", "strata", "kernel", "OIIO",
              "squish", "speedup/OIIO", "speedup/squish");
  for (const Row& r : rows) {
    Image img = randomImage(r.code);
    const std::string path = (dir / (std::string("b") + std::to_string(r.code) + ".dds")).string();
    writeFileAtomic(path, writeDDS(img, {r.forceDX10}));
    const bool hdr = r.code == dxgi::BC6H_UF16;
    size_t sink = 0;
    // Ours, from the same file: read, parse the DDS, decode.
    double ours = bench::bestSeconds(kRuns, [&] {
      Image dds = readDDS(readFile(path), path);
      if (hdr)
        sink += decodeRGBA32F(dds).size();
      else
        sink += decodeRGBA8(dds).size();
    });
    std::vector<uint8_t> buf(size_t(kSize) * kSize * 4 * 2);
    double oiio = bench::bestSeconds(kRuns, [&] {
      auto in = OIIO::ImageInput::open(path);
      if (!in) {
        std::fprintf(stderr, "OIIO cannot open %s: %s\n", path.c_str(), OIIO::geterror().c_str());
        std::exit(1);
      }
      const int nc = in->spec().nchannels;
      in->read_image(0, 0, 0, nc, hdr ? OIIO::TypeDesc::HALF : OIIO::TypeDesc::UINT8, buf.data());
      sink += buf[7];
    });
    // The block kernels alone (bc_blocks.h) into one reused packed block: what
    // the whole-image path above costs beyond them is its own overhead.
    double kernel = bench::bestSeconds(kRuns, [&] {
      alignas(16) uint8_t texels[64 * 4];
      uint16_t half[48];
      const size_t blocks =
          img.data.size() / 16 * (r.code == dxgi::BC1 || r.code == dxgi::BC4 ? 2 : 1);
      const size_t step = img.data.size() / blocks;
      for (size_t b = 0; b < blocks; ++b) {
        const uint8_t* p = img.data.data() + b * step;
        switch (r.code) {
        case dxgi::BC1:
          bc::decodeBC1(p, texels);
          break;
        case dxgi::BC2:
          bc::decodeBC2(p, texels);
          break;
        case dxgi::BC3:
          bc::decodeBC3(p, texels);
          break;
        case dxgi::BC4:
          bc::decodeBC4(p, false, texels);
          break;
        case dxgi::BC5:
          bc::decodeBC5(p, false, texels);
          break;
        case dxgi::BC6H_UF16:
          bc::decodeBC6H(p, false, half);
          texels[0] = uint8_t(half[b % 48]);
          break;
        default:
          bc::decodeBC7(p, texels);
        }
        sink += texels[b % 64];
      }
    });
    double sq = 0;
    if (r.squishFlags)
      sq = bench::bestSeconds(kRuns, [&] {
        squish::DecompressImage(buf.data(), int(kSize), int(kSize), img.data.data(), r.squishFlags);
        sink += buf[11];
      });
    // Strata's kernels into OIIO's layout (R8, RG8, RGB half), row by row.
    double same = 0;
    const char* layout = r.code == dxgi::BC4   ? "R8"
                         : r.code == dxgi::BC5 ? "RG8"
                         : hdr                 ? "RGB16F"
                                               : nullptr;
    if (layout)
      same = bench::bestSeconds(kRuns, [&] {
        const uint8_t* p = img.data.data();
        const size_t bytesPerBlock = r.code == dxgi::BC4 ? 8 : 16;
        for (uint32_t by = 0; by < kSize / 4; ++by)
          for (uint32_t bx = 0; bx < kSize / 4; ++bx, p += bytesPerBlock) {
            const size_t texel = size_t(by) * 4 * kSize + bx * 4;
            if (r.code == dxgi::BC4) {
              bc::decodeBC4Channel(p, false, buf.data() + texel, 1, kSize);
            } else if (r.code == dxgi::BC5) {
              bc::decodeBC4Channel(p, false, buf.data() + 2 * texel, 2, 2 * kSize);
              bc::decodeBC4Channel(p + 8, false, buf.data() + 2 * texel + 1, 2, 2 * kSize);
            } else {
              uint16_t half[48];
              bc::decodeBC6H(p, false, half);
              for (int row = 0; row < 4; ++row)
                std::memcpy(buf.data() + 6 * (texel + size_t(row) * kSize), half + 12 * row, 24);
            }
          }
        sink += buf[13];
      });
    if (sq > 0)
      std::printf("%-12s %10.0f %10.0f %10.0f %10.0f %12.2f %12.2f\n", r.name, mbps(ours),
                  mbps(kernel), mbps(oiio), mbps(sq), oiio / ours, sq / ours);
    else
      std::printf("%-12s %10.0f %10.0f %10.0f %10s %12.2f %12s\n", r.name, mbps(ours), mbps(kernel),
                  mbps(oiio), "-", oiio / ours, "-");
    if (same > 0)
      std::printf("  %-10s %10.0f %10s %10s %10s %12.2f   (strata's kernels, OIIO's layout)\n",
                  layout, mbps(same), "", "", "", oiio / same);
    if (sink == 42) std::puts("");
  }
  std::printf("speedup = other decoder's time / strata's time for the same image. strata writes "
              "RGBA8 (BC6H: RGBA32F); OIIO BC4 as R8, BC5 as RG8, BC6H as RGB half: the indented "
              "lines time strata writing those.\n\n");

  std::filesystem::remove_all(dir);
  return 0;
}

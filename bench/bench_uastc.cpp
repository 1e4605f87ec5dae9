// UASTC encoder benchmark: PSNR and encode time of Strata's encoder
// at qualities 0, 1, 2 against the Basis Universal encoder in the npm package
// ktx2-encoder at UASTC levels 0, 1, 2 (bench/basisu_uastc.mjs), on the same
// images: the PNGs in samples/blended-sources, every texture of samples/*.ytd
// and of ../shared/samples/ytd-legacy/*.ytd. Both sides are decoded to RGBA8
// (ours by our decoder, basisu's by its own transcoder) and compared with the
// source; PSNR is over R, G, B (and A where the image has alpha, in a second
// column). Times are for the base level only, no mips, no zstd. The ETC1
// columns transcode both encoders' files (Strata q1, basisu L0-L2) to ETC1 RGB
// with the basisu transcoder: the quality our ETC1 hints give.
#include "strata/base64.h"
#include "strata/formats.h"
#include "strata/image.h"

#include <nlohmann/json.hpp>

#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <thread>
#include <vector>

using namespace strata;
namespace fs = std::filesystem;

namespace {

struct Sample {
  std::string name;
  uint32_t w, h;
  std::vector<uint8_t> rgba;
  bool alpha = false;
};

double psnr(const std::vector<uint8_t>& a, const std::vector<uint8_t>& b, bool withAlpha) {
  double se = 0;
  size_t n = 0;
  for (size_t i = 0; i < a.size(); ++i) {
    if ((i & 3) == 3 && !withAlpha) continue;
    const double d = double(a[i]) - b[i];
    se += d * d, ++n;
  }
  return se == 0 ? 99.0 : 10 * std::log10(255.0 * 255.0 * n / se);
}

void add(std::vector<Sample>& out, const Image& img, const std::string& name) {
  uint32_t w, h;
  image::uastcBaseSize(img.width, img.height, w, h);
  Sample s{name, w, h, image::decodeRGBA8(img, 0, 0)};
  // Both encoders get the same multiple-of-4 image.
  if (w != img.width || h != img.height)
    s.rgba = image::resizeRGBA8(s.rgba.data(), img.width, img.height, w, h, true);
  for (size_t i = 3; i < s.rgba.size(); i += 4) s.alpha |= s.rgba[i] != 255;
  out.push_back(std::move(s));
}

std::vector<Sample> loadSamples(const fs::path& root) {
  std::vector<Sample> out;
  std::vector<fs::path> files;
  for (const fs::path& dir : {root / "samples/blended-sources", root / "samples",
                              root / "../shared/samples/ytd-legacy"}) {
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(dir, ec)) files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  for (const fs::path& p : files) {
    try {
      if (p.extension() == ".png") {
        std::ifstream in(p, std::ios::binary);
        std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)), {});
        add(out, image::decodeEncoded(bytes, p.string()), p.filename().string());
      } else if (p.extension() == ".ytd") {
        for (const Image& img : requireFormat(p.string()).textures(p.string(), {}).images)
          if (img.width >= 4 && img.height >= 4)
            add(out, img, p.filename().string() + ":" + img.name);
      }
    } catch (const std::exception& e) {
      std::fprintf(stderr, "skipping %s: %s\n", p.string().c_str(), e.what());
    }
  }
  return out;
}

} // namespace

int main(int argc, char** argv) {
  const fs::path root = argc > 1 ? fs::path(argv[1]) : fs::path(STRATA_SOURCE_DIR);
  std::vector<Sample> samples = loadSamples(root);
  const fs::path tmp =
      fs::temp_directory_path() / ("strata_bench_uastc_" + std::to_string(::getpid()));
  fs::create_directories(tmp);
  // Ours: base level, qualities 0..2, all cores and one thread.
  std::map<std::string, std::array<double, 3>> ourMs, ourMs1, ourPsnr, ourPsnrA;
  std::string list;
  for (size_t k = 0; k < samples.size(); ++k) {
    const Sample& s = samples[k];
    for (int q = 0; q < 3; ++q) {
      image::UastcOptions o;
      o.quality = q;
      for (unsigned threads : {0u, 1u}) {
        o.threads = threads;
        const auto t0 = std::chrono::steady_clock::now();
        const std::vector<uint8_t> blocks = image::encodeUastc(s.rgba.data(), s.w, s.h, o);
        const double ms =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0)
                .count();
        (threads ? ourMs1 : ourMs)[s.name][q] = ms;
        const std::vector<uint8_t> back =
            image::decodeUastc(blocks.data(), blocks.size(), s.w, s.h);
        ourPsnr[s.name][q] = psnr(s.rgba, back, false);
        ourPsnrA[s.name][q] = psnr(s.rgba, back, true);
      }
    }
    {
      Image img;
      img.name = s.name;
      img.dxgiFormat = 29; // RGBA8 sRGB
      img.width = s.w, img.height = s.h;
      img.data = s.rgba;
      image::UastcOptions o;
      o.zstd = false, o.mipmaps = false;
      const std::vector<uint8_t> ktx2 = image::writeKTX2Uastc(img, o);
      std::ofstream(tmp / (std::to_string(k) + ".ktx2"), std::ios::binary)
          .write(reinterpret_cast<const char*>(ktx2.data()), std::streamsize(ktx2.size()));
    }
    const fs::path raw = tmp / (std::to_string(k) + ".rgba");
    std::ofstream out(raw, std::ios::binary);
    out.write(reinterpret_cast<const char*>(&s.w), 4);
    out.write(reinterpret_cast<const char*>(&s.h), 4);
    out.write(reinterpret_cast<const char*>(s.rgba.data()), std::streamsize(s.rgba.size()));
    list += " '" + raw.string() + "'";
  }
  // Basis Universal through node.
  std::map<std::string, std::array<double, 3>> buMs, buPsnr, buPsnrA, buEtc1;
  std::map<std::string, double> ourEtc1;
  const std::string tools = (root / "tools/validator").string();
  const std::string cmd =
      "node '" + (root / "bench/basisu_uastc.mjs").string() + "' '" + tools + "'" + list + " 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  bool haveBasisu = false;
  if (p) {
    std::string line;
    for (int c; (c = std::fgetc(p)) != EOF;) {
      if (c != '\n') {
        line += char(c);
        continue;
      }
      if (!line.empty() && line[0] == '{') {
        const nlohmann::json j = nlohmann::json::parse(line);
        const std::string file = j["file"];
        const size_t k = std::stoul(fs::path(file).stem().string());
        const Sample& smp = samples[k];
        const double etc1 = psnr(smp.rgba, strata::base64Decode(j["etc1"]), false);
        if (j["level"] == "strata") {
          ourEtc1[smp.name] = etc1;
          line.clear();
          continue;
        }
        const int level = j["level"];
        const std::vector<uint8_t> rgba = strata::base64Decode(j["rgba"]);
        buEtc1[smp.name][level] = etc1;
        buMs[samples[k].name][level] = j["ms"];
        buPsnr[samples[k].name][level] = psnr(samples[k].rgba, rgba, false);
        buPsnrA[samples[k].name][level] = psnr(samples[k].rgba, rgba, true);
        haveBasisu = true;
      } else if (line.find("rror") != std::string::npos) {
        std::fprintf(stderr, "basisu: %s\n", line.c_str()); // its progress log is dropped
      }
      line.clear();
    }
    pclose(p);
  }
  fs::remove_all(tmp);

  std::printf("UASTC: Strata encoder (q0/q1/q2) vs Basis Universal 2.50 wasm (L0/L1/L2)\n");
  std::printf("RGB PSNR dB (RGBA for images with alpha in [brackets]); ms = encode time,\n"
              "Strata on %u threads (1 thread in parentheses), basisu wasm single-threaded\n\n",
              std::thread::hardware_concurrency());
  std::printf("%-44s %9s | %-20s | %-20s | %-26s | %-20s | %-24s\n", "image", "size",
              "strata PSNR q0/1/2", "basisu PSNR L0/1/2", "strata ms q0/1/2 (1 thr)",
              "basisu ms L0/1/2", "ETC1 strata q1 | bu L0/1/2");
  // Averages over the images that neither side reproduces exactly (PSNR 99
  // stands for lossless and would swamp the mean).
  std::array<double, 3> sumOur{}, sumBu{}, tOur{}, tOur1{}, tBu{};
  std::array<double, 3> sumBuEtc1{};
  double sumOurEtc1 = 0;
  size_t lossy = 0;
  for (const Sample& s : samples) {
    char size[32];
    std::snprintf(size, sizeof size, "%ux%u", s.w, s.h);
    auto& op = s.alpha ? ourPsnrA[s.name] : ourPsnr[s.name];
    auto& bp = s.alpha ? buPsnrA[s.name] : buPsnr[s.name];
    std::printf(
        "%-44.44s %9s | %5.2f %5.2f %5.2f%s | %5.2f %5.2f %5.2f%s | %6.1f %6.1f %6.1f (%6.1f) | "
        "%6.1f %6.1f %6.1f | %5.2f | %5.2f %5.2f %5.2f\n",
        s.name.c_str(), size, op[0], op[1], op[2], s.alpha ? "[A]" : "   ", bp[0], bp[1], bp[2],
        s.alpha ? "[A]" : "   ", ourMs[s.name][0], ourMs[s.name][1], ourMs[s.name][2],
        ourMs1[s.name][1], buMs[s.name][0], buMs[s.name][1], buMs[s.name][2], ourEtc1[s.name],
        buEtc1[s.name][0], buEtc1[s.name][1], buEtc1[s.name][2]);
    const bool exact = *std::min_element(op.begin(), op.end()) >= 99 &&
                       *std::min_element(bp.begin(), bp.end()) >= 99;
    lossy += !exact;
    if (!exact) sumOurEtc1 += ourEtc1[s.name];
    for (int q = 0; q < 3; ++q) {
      if (!exact) sumOur[q] += op[q], sumBu[q] += bp[q], sumBuEtc1[q] += buEtc1[s.name][q];
      tOur[q] += ourMs[s.name][q], tOur1[q] += ourMs1[s.name][q], tBu[q] += buMs[s.name][q];
    }
  }
  const double n = double(std::max<size_t>(lossy, 1));
  std::printf("\n%zu images, %zu not reproduced exactly by both. Their average PSNR: strata q0 "
              "%.2f q1 %.2f q2 %.2f | basisu L0 %.2f L1 %.2f L2 %.2f\n",
              samples.size(), lossy, sumOur[0] / n, sumOur[1] / n, sumOur[2] / n, sumBu[0] / n,
              sumBu[1] / n, sumBu[2] / n);
  std::printf("Their average ETC1 PSNR (transcoded by basisu): strata q1 %.2f | basisu L0 %.2f L1 "
              "%.2f L2 %.2f\n",
              sumOurEtc1 / n, sumBuEtc1[0] / n, sumBuEtc1[1] / n, sumBuEtc1[2] / n);
  std::printf("Total encode ms: strata q0 %.0f q1 %.0f q2 %.0f (1 thread: %.0f %.0f %.0f) | basisu "
              "L0 %.0f L1 %.0f L2 %.0f\n",
              tOur[0], tOur[1], tOur[2], tOur1[0], tOur1[1], tOur1[2], tBu[0], tBu[1], tBu[2]);
  if (!haveBasisu)
    std::printf("basisu: no results (is tools/validator/node_modules/ktx2-encoder installed?)\n");
  return 0;
}

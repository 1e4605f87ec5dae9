// `strata convert IN... -o OUT` (design.md "The strata command").
#include "commands.h"
#include "gltf_writer.h"
#include "inputs.h"
#include "meshopt_compress.h"
#include "progress.h"

#include "strata/chu.h"
#include "strata/error.h"
#include "strata/fileio.h"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <map>
#include <mutex>
#include <thread>

namespace strata::cli {

namespace fs = std::filesystem;

static gltf::TextureMode textureMode(const std::string& s) {
  if (s == "ktx2") return gltf::TextureMode::Ktx2;
  if (s == "none") return gltf::TextureMode::None;
  return gltf::TextureMode::Png;
}

static std::string lowerExtension(const std::string& path) {
  std::string ext = fs::path(path).extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return char(std::tolower(c)); });
  return ext;
}

static void convertOne(const Input& in, const std::string& out, const ConvertArgs& args,
                       const LoadOptions& load) {
  // An unrecognised input: requireFormat throws what is wrong with it.
  const FormatHandler& h = in.handler ? *in.handler : requireFormat(in.path);
  if (!h.load) // TQT (§9d)
    throw Unsupported(in.path, Error::kNoOffset,
                      "a " + std::string(h.name) +
                          " file holds only a texture tree: convert the .chu beside it (which "
                          "picks this file up), or write the tiles with `strata textures`");
  if (lowerExtension(out) == ".atlas") {
    // CHU (+ companion TQT) -> v140 Atlas (atlas-chu-tqt.md §9).
    if (std::string(h.name) != "chu")
      throw Error(in.path, Error::kNoOffset,
                  std::string("only a CHU converts to .atlas; this is a ") + h.name + " file");
    chu::AtlasOutput atlas = chu::convertToAtlas(in.path, load.partial);
    printLeftOut(in.path, atlas.leftOut);
    writeFileAtomic(out, atlas.bytes);
    return;
  }
  LoadOptions opts = load;
  opts.textures = args.textures != "none";
  Scene scene = h.load(in.path, opts);
  for (const std::string& w : scene.warnings)
    std::fprintf(stderr, "%s: warning: %s\n", in.path.c_str(), w.c_str());
  printLeftOut(in.path, scene.leftOut);
  gltf::WriteOptions wo;
  wo.textures = textureMode(args.textures);
  if (wo.textures == gltf::TextureMode::Ktx2)
    for (const Image& img : scene.images) noteUastcResize(img, in.path);
  if (args.compress) { // EXT_meshopt_compression, the plain geometry in a fallback beside it
    if (gltf::writeCompressedGlb(scene, out, wo).kept)
      std::fprintf(stderr, "%s: note: --compress did not make it smaller; written uncompressed\n",
                   out.c_str());
    return;
  }
  const std::vector<std::string> beside = gltf::writeGltfFile(scene, out, wo);
  if (!beside.empty())
    std::fprintf(stderr,
                 "%s: note: %zu KTX2 images written beside it (%s ...), referenced by URI; "
                 "the PNG sources stay inside the GLB\n",
                 out.c_str(), beside.size(), fs::path(beside.front()).filename().c_str());
}

int runConvert(const ConvertArgs& args) {
  ExpandedInputs ex = expandInputs(args.inputs);
  // Files found in a directory that hold no scene (a TQT beside its CHU) are not inputs.
  ex.inputs.erase(std::remove_if(ex.inputs.begin(), ex.inputs.end(),
                                 [](const Input& in) {
                                   return in.fromDirectory && in.handler && !in.handler->load;
                                 }),
                  ex.inputs.end());
  if (ex.inputs.empty()) {
    std::fprintf(stderr, "strata: error: no convertible input found\n");
    return kExitFailed;
  }
  if (!ex.batch) {
    const Input& in = ex.inputs.front();
    Progress bar("converting " + fs::path(in.path).filename().string());
    LoadOptions load = args.load;
    load.progress = [&](size_t d, size_t t) { bar.update(d, t); };
    try {
      convertOne(in, args.output, args, load);
    } catch (const std::exception& e) {
      bar.finish();
      std::fprintf(stderr, "strata: error: %s\n", e.what());
      return kExitFailed;
    }
    bar.finish();
    return kExitOk;
  }

  // Batch: OUT is a directory; every input becomes OUT/<name>.glb.
  std::error_code ec;
  fs::create_directories(args.output, ec);
  if (!fs::is_directory(args.output, ec)) {
    std::fprintf(stderr, "strata: error: %s: cannot create the output directory\n",
                 args.output.c_str());
    return kExitFailed;
  }
  const size_t total = ex.inputs.size();
  std::atomic<size_t> next{0}, done{0}, failed{0};
  Progress bar("converting");
  std::mutex logMutex;
  // OUT/<stem>.glb, or OUT/<name>.glb where two inputs share a stem.
  std::map<std::string, int> stems;
  for (const Input& in : ex.inputs) stems[fs::path(in.path).stem().string()]++;
  std::vector<std::string> outputs;
  for (const Input& in : ex.inputs) {
    fs::path p(in.path);
    std::string base = stems[p.stem().string()] > 1 ? p.filename().string() : p.stem().string();
    outputs.push_back((fs::path(args.output) / (base + ".glb")).string());
  }
  auto worker = [&] {
    for (size_t i; (i = next++) < total;) {
      const Input& in = ex.inputs[i];
      const std::string& out = outputs[i];
      try {
        convertOne(in, out, args, args.load);
      } catch (const std::exception& e) {
        ++failed;
        std::lock_guard<std::mutex> lock(logMutex);
        bar.finish();
        std::fprintf(stderr, "strata: error: %s\n", e.what());
      }
      bar.update(++done, total);
    }
  };
  unsigned jobs =
      args.jobs > 0 ? unsigned(args.jobs) : std::max(1u, std::thread::hardware_concurrency());
  jobs = unsigned(std::min<size_t>(jobs, std::max<size_t>(total, 1)));
  std::vector<std::thread> threads;
  for (unsigned j = 0; j < jobs; ++j) threads.emplace_back(worker);
  for (auto& t : threads) t.join();
  bar.finish();
  std::printf("converted %zu of %zu inputs into %s (%zu failed)\n", total - failed.load(), total,
              args.output.c_str(), failed.load());
  return failed ? kExitFailed : kExitOk;
}

} // namespace strata::cli

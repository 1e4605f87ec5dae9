// `strata textures IN -o DIR --format png|dds|ktx2`.
#include "batch.h"
#include "command.h"
#include "commands.h"
#include "load.h"

#include "strata/error.h"
#include "strata/fileio.h"
#include "strata/image.h"
#include "strata/parallel.h"
#include "strata/text.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <filesystem>
#include <set>

namespace strata::cli {

namespace fs = std::filesystem;

void noteUastcResize(const Image& img, const std::string& source) {
  uint32_t w, h;
  image::uastcBaseSize(img.width, img.height, w, h);
  if (w != img.width || h != img.height)
    std::fprintf(stderr,
                 "%s: note: texture %s resized from %ux%u to %ux%u for UASTC KTX2 "
                 "(KHR_texture_basisu needs multiples of 4)\n",
                 source.c_str(), img.name.c_str(), img.width, img.height, w, h);
}

// Writes every texture of `in` into `dir`, filling `rec`; throws what stops
// it. With `skipExisting`, a texture whose file is there is left alone.
static void writeTextures(const Input& in, const fs::path& dir, const TexturesArgs& args,
                          bool skipExisting, Progress& bar, Record& rec) {
  const FormatHandler& h = in.handler ? *in.handler : requireFormat(in.path);
  if (!h.textures)
    throw Error(in.path, Error::kNoOffset, std::string(h.name) + " files hold no textures");
  const image::ImageFileFormat format = image::parseImageFileFormat(args.format);
  if (args.uastc && format != image::ImageFileFormat::KTX2)
    throw Error(in.path, Error::kNoOffset, "--uastc needs --format ktx2");
  bar.phase("reading");
  TextureSet set = h.textures(in.path, args.load);
  printLeftOut(bar, in.path, set.leftOut);
  rec.leftOut = set.leftOut;
  std::vector<Image>& images = set.images;
  if (images.empty() && !set.leftOut.empty())
    throw Error(in.path, Error::kNoOffset,
                "no intact texture to write (" + std::to_string(set.leftOut.size()) +
                    " pieces left out)");
  rec.summary = {{"textures", images.size()}};
  if (images.empty()) {
    const std::string note =
        "holds no textures (a drawable without an embedded dictionary?): nothing written";
    bar.print(stderr, in.path + " " + note + "\n");
    rec.notes.push_back({note, Error::kNoOffset});
    return;
  }
  // Encode everything first so a failure leaves no partial set behind.
  std::vector<std::pair<std::string, std::vector<uint8_t>>> files;
  std::vector<std::string> kept;
  std::set<std::string> taken; // lower case: names must not collide on any file system
  const std::string ext = std::string(".") + image::imageFileExtension(format);
  bar.phase("encoding textures");
  std::vector<std::string> names(images.size());
  std::vector<bool> skip(images.size(), false);
  for (size_t i = 0; i < images.size(); ++i) {
    std::string name = fileSafeName(images[i].name);
    // Dictionaries of different .ydd entries may reuse a texture name: number the repeats.
    for (int n = 2; !taken.insert(lowerAscii(name + ext)).second; ++n)
      name = fileSafeName(images[i].name) + "_" + std::to_string(n);
    names[i] = name + ext;
    skip[i] = skipExisting && fs::exists(dir / pathOf(names[i]));
  }
  // Every image at once on the cores (the UASTC encoder spreads each image
  // over them itself); the first image that fails is the error either way.
  // BC encoding (--encode) takes seconds an image: progress counts them.
  std::vector<std::vector<uint8_t>> encoded(images.size());
  std::atomic<size_t> done{0};
  if (!args.uastc)
    parallelFor(images.size(), [&](size_t i) {
      if (!skip[i])
        encoded[i] = args.encode.family.empty()
                         ? image::encodeImageFile(images[i], format)
                         : image::encodeImageFile(encodeTexture(images[i], args.encode), format);
      bar.update(++done, images.size());
    });
  for (size_t i = 0; i < images.size(); ++i) {
    const Image& img = images[i];
    if (args.uastc) bar.update(i, images.size());
    if (skip[i]) {
      kept.push_back((dir / pathOf(names[i])).string());
      continue;
    }
    if (args.uastc) {
      // The image's own colour-space tag picks sRGB colour or linear data.
      image::UastcOptions uo;
      uo.srgb = img.colorSpace == ColorSpace::SRGB;
      noteUastcResize(img, in.path);
      encoded[i] = image::writeKTX2Uastc(img, uo);
    }
    files.push_back({names[i], std::move(encoded[i])});
  }
  bar.phase("writing");
  std::error_code ec;
  fs::create_directories(pathOf(dir), ec);
  std::vector<std::string> written;
  for (auto& [name, bytes] : files) {
    written.push_back((dir / pathOf(name)).string());
    writeFileAtomic(written.back(), bytes);
  }
  rec.outputs = existingOutputs(written);
  rec.summary["written"] = files.size();
  if (files.empty()) rec.status = Status::Skipped;
  for (const OutputFile& k : existingOutputs(kept)) rec.outputs.push_back(k);
}

// A batch's input into DIR/<stem>/, built beside it and renamed into place
// once complete; with --skip-existing a directory that is there is left alone.
static void writeTexturesInto(const Input& in, const fs::path& dir, const TexturesArgs& args,
                              Progress& bar, Record& r) {
  if (args.batch.skipExisting && fs::is_directory(pathOf(dir))) {
    r.status = Status::Skipped; // renamed into place only when complete
    for (const auto& e : fs::directory_iterator(pathOf(dir)))
      r.outputs.push_back({e.path().string(), e.file_size()});
    std::sort(r.outputs.begin(), r.outputs.end(),
              [](const OutputFile& a, const OutputFile& b) { return a.path < b.path; });
    return;
  }
  fs::path partial = dir.parent_path() / pathOf("." + dir.filename().string() + ".partial");
  std::error_code ec;
  fs::remove_all(pathOf(partial), ec);
  try {
    // Created first: an input without textures gets its (empty)
    // directory too, so --skip-existing knows it is done.
    fs::create_directories(pathOf(partial));
    writeTextures(in, partial, args, false, bar, r);
    fs::remove_all(pathOf(dir), ec);
    fs::rename(partial, dir);
  } catch (...) {
    fs::remove_all(pathOf(partial), ec);
    throw;
  }
  for (OutputFile& o : r.outputs) o.path = (dir / pathOf(o.path).filename()).string();
}

// The work on one input of `strata textures`; the files it wrote on stdout.
static void texturesOf(const Input& in, const std::string& out, bool batch,
                       const TexturesArgs& args, Progress& bar, Record& r) {
  if (!batch)
    writeTextures(in, pathOf(out), args, args.batch.skipExisting, bar, r);
  else
    writeTexturesInto(in, pathOf(out), args, bar, r);
  if (r.status == Status::Skipped) return;
  // The files written come first in outputs, those left alone after them.
  std::string lines;
  const size_t written = r.summary.value("written", size_t(0));
  for (size_t k = 0; k < written && k < r.outputs.size(); ++k) lines += r.outputs[k].path + "\n";
  bar.print(stdout, lines);
}

int runTextures(const TexturesArgs& args) {
  const std::string misuse = checkTextureEncodeArgs(args.encode, args.format, args.uastc);
  if (!misuse.empty()) {
    std::fprintf(stderr, "strata: error: %s\n", misuse.c_str());
    return kExitUsage;
  }
  Command c{"textures", "textures", &args.inputs, &args.batch};
  c.partial = args.load.partial;
  // One input writes into DIR; a batch writes each input into DIR/<stem>/.
  c.output = args.outDir;
  c.choose = [](ExpandedInputs& ex) {
    // Files found in a directory that hold no textures (a CHU: its TQT does) are not inputs.
    dropFoundInDirectories(ex, [](const FormatHandler& h) { return !h.textures; });
    return true;
  };
  c.one = [&](const Input& in, const std::string& out, bool batch, Progress& bar, Record& r) {
    texturesOf(in, out, batch, args, bar, r);
  };
  c.summary = [&](const CommandRun& run) {
    size_t textures = 0;
    for (const Record& r : run.records) textures += r.summary.value("written", size_t(0));
    // The last line on stdout, after the files written, as for convert and validate.
    std::printf("wrote %zu textures from %zu of %zu inputs to %s (%zu skipped, %zu failed%s; %s)\n",
                textures, run.records.size() - run.skipped - run.failed, run.records.size(),
                args.outDir.c_str(), run.skipped, run.failed, ignoredNote(run.ex).c_str(),
                summaryTail(run.records, run.seconds).c_str());
  };
  return runCommand(c);
}

} // namespace strata::cli

// validate, convert and textures agree on every sample under random
// corruption. Each sample in samples/ (Atlas, CHU + TQT, YTD,
// the tfrag level's three files) gets seeded random corruptions; for each
// corrupted copy:
//   - nothing crashes: every command exits 0 or 1, never by a signal, and no
//     exception other than Strata's own escapes a reader;
//   - validate reports an error => convert and textures exit 1, leaving no output;
//   - validate reports none    => convert exits 0, or refuses with Unsupported,
//     which validate must then also report (a warning or note).
// The verdicts come from the handlers the CLI calls, in process (the same
// load / glTF write / image encode steps); the real CLI then runs over every
// copy in two batches (validate, convert) and, per sample, textures on a few,
// and must agree with them. Results are reported per format.
#include "corruption.h"
#include "gltf_writer.h"
#include "strata/error.h"
#include "strata/formats.h"
#include "strata/image.h"
#include "test_support.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <map>
#include <set>
#include <sstream>

using namespace strata;
using namespace testsupport;

namespace {

enum class Outcome { Ok, Failed, Unsupported, Foreign };

const char* outcomeName(Outcome o) {
  switch (o) {
  case Outcome::Ok:
    return "exit 0";
  case Outcome::Failed:
    return "error (exit 1)";
  case Outcome::Unsupported:
    return "unsupported (exit 1)";
  case Outcome::Foreign:
    return "non-Strata exception";
  }
  return "?";
}

struct Verdict {
  size_t errors = 0, otherFindings = 0;
  Outcome convert = Outcome::Ok, textures = Outcome::Ok;
  std::string convertWhy, texturesWhy;
};

// What `strata validate` counts for one path.
void validateInProcess(const fs::path& p, Verdict& v, std::string& problem) {
  const FormatHandler* h = detectFormat(p.string());
  if (!h) {
    ++v.errors; // "unrecognised input"
    return;
  }
  try {
    ValidationReport r = h->validate(p.string());
    v.errors += r.errors();
    v.otherFindings += r.findings.size() - r.errors();
  } catch (const std::exception& e) {
    problem = "validate threw (it never may): " + std::string(e.what());
  }
}

template <class F> Outcome outcomeOf(F&& f, std::string& why) {
  try {
    f();
    return Outcome::Ok;
  } catch (const Unsupported& e) {
    why = e.what();
    return Outcome::Unsupported;
  } catch (const Error& e) {
    why = e.what();
    return Outcome::Failed;
  } catch (const std::exception& e) {
    why = e.what();
    return Outcome::Foreign;
  }
}

// `strata convert IN -o OUT.glb` in process: load, then write the GLB (PNG textures).
Outcome convertInProcess(const fs::path& p, std::string& why) {
  return outcomeOf(
      [&] {
        const FormatHandler& h = requireFormat(p.string());
        if (!h.load) throw Unsupported(p.string(), Error::kNoOffset, "holds no scene");
        Scene s = h.load(p.string(), LoadOptions{});
        gltf::writeGltf(s, gltf::WriteOptions{});
      },
      why);
}

// `strata textures IN -o DIR` in process: read every texture, encode each as PNG.
Outcome texturesInProcess(const fs::path& p, std::string& why) {
  return outcomeOf(
      [&] {
        const FormatHandler& h = requireFormat(p.string());
        if (!h.textures) throw Error(p.string(), Error::kNoOffset, "holds no textures");
        TextureSet set = h.textures(p.string(), LoadOptions{});
        if (set.images.empty() && !set.leftOut.empty())
          throw Error(p.string(), Error::kNoOffset, "nothing intact");
        for (const Image& img : set.images)
          image::encodeImageFile(img, image::ImageFileFormat::PNG);
      },
      why);
}

// One corrupted copy laid out on disk: what each command is run on, relative
// to the directory holding every copy.
struct Case {
  std::string id; // "<sample>#<n>"
  std::string format;
  std::vector<fs::path> validate; // `strata validate` of each; errors add up
  fs::path convert;               // `strata convert` of this
  fs::path textures;              // `strata textures` of this; empty: none (a CHU)
  Verdict verdict;
};

// A sample and how its copies are laid out.
struct Sample {
  std::string name, format;
  fs::path source; // the file corrupted
  int runs;
  size_t headerBytes = SIZE_MAX;
  // Writes the corrupted bytes (and intact companions) under `dir` as case
  // `stem`; returns the paths to run, relative to `dir`.
  std::function<Case(const fs::path& dir, const std::string& stem, const std::vector<uint8_t>&)>
      layOut;
};

fs::path samplesDir() {
  return sourceDir() / "samples";
}

Case plainFile(const fs::path& dir, const std::string& stem, const std::vector<uint8_t>& bytes,
               const std::string& ext) {
  fs::path f = stem + ext;
  writeBytes(dir / f, bytes);
  Case c;
  c.validate = {f};
  c.convert = c.textures = f;
  return c;
}

std::vector<Sample> samples() {
  std::vector<Sample> out;
  // Fewer copies of the unique and blended Atlas: each decodes, blends and
  // encodes a texture per chunk, 20 times the cost of the others (ASan runs this too).
  for (auto [atlas, runs] : {std::pair{"terrain-v140.atlas", 60},
                             {"terrain-v100.atlas", 60},
                             {"terrain-unique.atlas", 24},
                             {"terrain-blended.atlas", 16}})
    out.push_back({atlas, "atlas", samplesDir() / atlas, runs, 4096,
                   [](const fs::path& d, const std::string& s, const std::vector<uint8_t>& b) {
                     return plainFile(d, s, b, ".atlas");
                   }});
  // A CHU converts with the same-stem TQT beside it (atlas-chu-tqt.md §9d).
  out.push_back({"terrain.chu", "chu", samplesDir() / "terrain.chu", 120, 4096,
                 [](const fs::path& d, const std::string& s, const std::vector<uint8_t>& b) {
                   Case c = plainFile(d, s, b, ".chu");
                   fs::copy_file(samplesDir() / "terrain.tqt", d / (s + ".tqt"));
                   c.validate.push_back(s + ".tqt");
                   c.textures.clear(); // a CHU holds no textures of its own
                   return c;
                 }});
  out.push_back({"terrain.tqt", "tqt", samplesDir() / "terrain.tqt", 120, SIZE_MAX,
                 [](const fs::path& d, const std::string& s, const std::vector<uint8_t>& b) {
                   Case c = plainFile(d, s, b, ".tqt");
                   fs::copy_file(samplesDir() / "terrain.chu", d / (s + ".chu"));
                   c.validate.push_back(s + ".chu");
                   c.convert = s + ".chu"; // the TQT's textures convert with it
                   return c;
                 }});
  for (const char* ytd : {"textures-v13.ytd", "textures-v5.ytd"})
    out.push_back({ytd, "ytd", samplesDir() / ytd, 120, SIZE_MAX,
                   [](const fs::path& d, const std::string& s, const std::vector<uint8_t>& b) {
                     return plainFile(d, s, b, ".ytd");
                   }});
  for (const char* file : {"core_index.bin", "core_data.bin", "gs_ram.bin"})
    out.push_back({std::string("tfrag-level/") + file, "tfrag", samplesDir() / "tfrag-level" / file,
                   120, SIZE_MAX,
                   [file](const fs::path& d, const std::string& s, const std::vector<uint8_t>& b) {
                     fs::copy(samplesDir() / "tfrag-level", d / s);
                     writeBytes(d / s / file, b);
                     Case c;
                     c.validate = {s};
                     c.convert = c.textures = s;
                     return c;
                   }});
  return out;
}

// Counts of one format, for the report.
struct Tally {
  int cases = 0, invalid = 0;
  std::vector<std::string> violations;
};

// The contract for one case, from its in-process verdict; empty when kept.
std::string breach(const Case& c) {
  const Verdict& v = c.verdict;
  std::ostringstream why;
  if (v.convert == Outcome::Foreign)
    why << "convert: a non-Strata exception escaped: " << v.convertWhy << "; ";
  if (v.textures == Outcome::Foreign)
    why << "textures: a non-Strata exception escaped: " << v.texturesWhy << "; ";
  if (v.errors > 0) {
    if (v.convert == Outcome::Ok)
      why << "validate reports " << v.errors << " errors but convert exits 0; ";
    if (!c.textures.empty() && v.textures == Outcome::Ok)
      why << "validate reports " << v.errors << " errors but textures exits 0; ";
  } else {
    if (v.convert == Outcome::Failed)
      why << "validate is clean but convert fails: " << v.convertWhy << "; ";
    if (v.convert == Outcome::Unsupported && v.otherFindings == 0)
      why << "convert says unsupported (" << v.convertWhy << ") but validate reports nothing; ";
  }
  return why.str();
}

// "<path>: ok (0 errors" / "<path>: INVALID (3 errors" in validate's output.
long errorsReported(const std::string& output, const fs::path& p) {
  for (const char* state : {": ok (", ": INVALID ("}) {
    std::string key = "\n" + p.string() + state;
    size_t at = ("\n" + output).find(key);
    if (at != std::string::npos) return std::stol(("\n" + output).substr(at + key.size()));
  }
  return -1;
}

} // namespace

TEST(FormatAgreement, CorruptedSamplesValidateConvertAndTexturesAgree) {
  const auto start = std::chrono::steady_clock::now();
  const fs::path root = tempDir();
  // The blended Atlas finds its source images beside it.
  fs::copy(samplesDir() / "blended-sources", root / "blended-sources");
  std::vector<Case> cases;
  std::map<std::string, Tally> tally; // by format
  uint32_t seed = 14;
  for (const Sample& s : samples()) {
    CorruptionOptions o;
    o.runs = s.runs;
    o.seed = seed++;
    o.headerBytes = s.headerBytes;
    int n = 0;
    corruptAndRead({readBytes(s.source)}, o, [&](const std::vector<uint8_t>& bytes) {
      char stem[64]; // unique across samples: batch outputs are named by stem
      std::snprintf(stem, sizeof stem, "%s-%04zu", s.format.c_str(), cases.size());
      const int number = n++;
      const std::string id = s.name + "#" + std::to_string(number);
      Tally& t = tally[s.format];
      Case c = s.layOut(root, stem, bytes);
      c.id = id;
      c.format = s.format;
      std::string problem;
      for (const fs::path& p : c.validate) validateInProcess(root / p, c.verdict, problem);
      c.verdict.convert = convertInProcess(root / c.convert, c.verdict.convertWhy);
      if (!c.textures.empty())
        c.verdict.textures = texturesInProcess(root / c.textures, c.verdict.texturesWhy);
      ++t.cases;
      t.invalid += c.verdict.errors > 0;
      std::string b = problem + breach(c);
      if (!b.empty()) t.violations.push_back(id + ": " + b);
      cases.push_back(std::move(c));
    });
  }

  // The real CLI over every copy: two batches, each exiting 0 or 1.
  std::vector<std::string> validateArgs = {"validate"}, convertArgs = {"convert"};
  for (const Case& c : cases) {
    for (const fs::path& p : c.validate) validateArgs.push_back(p.string());
    convertArgs.push_back(c.convert.string());
  }
  const fs::path out = "converted";
  convertArgs.insert(convertArgs.end(), {"-o", out.string(), "-j", "2"});
  RunResult v = cli(validateArgs, root);
  ASSERT_TRUE(v.exitCode == 0 || v.exitCode == 1)
      << "validate batch exit " << v.exitCode << " (-1: killed by a signal)\n"
      << v.output;
  RunResult conv = cli(convertArgs, root);
  ASSERT_TRUE(conv.exitCode == 0 || conv.exitCode == 1)
      << "convert batch exit " << conv.exitCode << " (-1: killed by a signal)\n"
      << conv.output;
  std::set<fs::path> expected;
  for (const Case& c : cases) {
    Tally& t = tally[c.format];
    long cliErrors = 0;
    for (const fs::path& p : c.validate) {
      long e = errorsReported(v.output, p);
      cliErrors = e < 0 || cliErrors < 0 ? -1 : cliErrors + e;
    }
    if (cliErrors != long(c.verdict.errors))
      t.violations.push_back(c.id + ": strata validate counts " + std::to_string(cliErrors) +
                             " errors, the handler " + std::to_string(c.verdict.errors));
    const fs::path glb = root / out / (c.convert.stem().string() + ".glb");
    const bool written = fs::exists(glb);
    if (written != (c.verdict.convert == Outcome::Ok))
      t.violations.push_back(c.id + ": strata convert " + (written ? "wrote " : "did not write ") +
                             glb.filename().string() + " but in process it was " +
                             outcomeName(c.verdict.convert));
    if (written) expected.insert(glb);
  }
  for (const auto& e : fs::directory_iterator(root / out))
    EXPECT_TRUE(expected.count(e.path())) << "left behind by a failed convert: " << e.path();

  // strata textures, one process per input: per format, the first copy
  // validate calls invalid and the first it calls clean.
  std::set<std::string> tried;
  for (const Case& c : cases) {
    if (c.textures.empty()) continue;
    const std::string key = c.format + (c.verdict.errors ? "/invalid" : "/clean");
    if (!tried.insert(key).second) continue;
    const fs::path dir = "textures-" + c.convert.stem().string();
    RunResult t = cli({"textures", c.textures.string(), "-o", dir.string()}, root);
    const int want = c.verdict.textures == Outcome::Ok ? 0 : 1;
    if (t.exitCode != want)
      tally[c.format].violations.push_back(c.id + ": strata textures exits " +
                                           std::to_string(t.exitCode) + ", in process " +
                                           outcomeName(c.verdict.textures) + "\n" + t.output);
    if (want == 1 && fs::exists(root / dir))
      tally[c.format].violations.push_back(c.id + ": a failed strata textures left " +
                                           dir.string());
  }

  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("format agreement over %zu corrupted copies in %.1f s:\n", cases.size(), seconds);
  for (const auto& [format, t] : tally) {
    std::printf("  %-6s %4d copies, %4d invalid, %zu violations\n", format.c_str(), t.cases,
                t.invalid, t.violations.size());
    for (const std::string& line : t.violations) ADD_FAILURE() << "[" << format << "] " << line;
  }
}

#pragma once
// The fuzz harnesses (tests/fuzz): one plain function per reader, fed any
// bytes. Each runs the reader and everything built on it the way the CLI
// does, catches Strata's own errors (strata::Error and its subclasses: a clean
// error is the right answer to bad input) and lets everything else escape, so
// libFuzzer (fuzz_main.cpp) sees a crash and the replay test
// (tests/fuzz_regressions_test.cpp) a failure.
#include "strata/error.h"
#include "strata/formats.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace strata::fuzz {

using Harness = void (*)(const uint8_t* data, size_t size);

struct HarnessEntry {
  const char* name; // fuzz_<name>
  Harness run;
  // Its seeds and tests/fuzz/regressions/<inputs>/: a format's, which the
  // harnesses of its stages share (docs/robustness.md, "Rates").
  const char* inputs;
};

// Every harness, in the order ./dev fuzz runs them.
const std::vector<HarnessEntry>& harnesses();

void fuzzAtlas(const uint8_t* data, size_t size);      // .atlas: read, info, validate, write
void fuzzAtlasScene(const uint8_t* data, size_t size); // .atlas: the scene three ways
void fuzzChu(const uint8_t* data, size_t size);        // .chu: read, info, validate, write
void fuzzChuAtlas(const uint8_t* data, size_t size);   // .chu: to Atlas, the scene
void fuzzTqt(const uint8_t* data, size_t size);        // .tqt: read, info, validate, tiles
void fuzzTqtScene(const uint8_t* data, size_t size);   // .tqt: beside a CHU, the scene
void fuzzYtd(const uint8_t* data, size_t size);        // .ytd (RSC7)
void fuzzDrawable(const uint8_t* data, size_t size);   // .ydr / .ydd / .yft
void fuzzTfrag(const uint8_t* data, size_t size);      // each file of a level: info, validate
void fuzzTfragScene(const uint8_t* data, size_t size); // each file of a level: scene, textures
void fuzzVif(const uint8_t* data, size_t size);        // a VIF1 list
void fuzzDds(const uint8_t* data, size_t size);
void fuzzKtx2(const uint8_t* data, size_t size);
void fuzzTile(const uint8_t* data, size_t size);       // a JPEG/PNG Atlas tile
void fuzzGltf(const uint8_t* data, size_t size);       // export-atlas's glTF/GLB reader
void fuzzAssimp(const uint8_t* data, size_t size);     // export-atlas's Assimp reader
void fuzzTop(const uint8_t* data, size_t size);        // detect, info, validate
void fuzzTopConvert(const uint8_t* data, size_t size); // detect, load, GLB, textures
void fuzzWad(const uint8_t* data, size_t size);        // the R&C2 WAD decoder
void fuzzRc2(const uint8_t* data, size_t size);        // a LEVEL<n>.WAD, a disc: info, validate
void fuzzRc2Scene(const uint8_t* data, size_t size);   // a LEVEL<n>.WAD, a disc: scenes, textures
void fuzzYtdWrite(const uint8_t* data, size_t size);   // strata ytd replace, convert
void fuzzYtdBuild(const uint8_t* data, size_t size);   // strata ytd build

// Runs one stage, treating strata::Error as the clean answer it is.
template <class Stage> void cleanErrorsAllowed(Stage&& stage) {
  try {
    stage();
  } catch (const Error&) {
  }
}

// A file that does not read: the one-error report a handler's validate makes.
void dumpReadError(const Error& error);

// Runs a reader. Its strata::Error is reported as validate reports it (so the
// message must be text) and gives nothing: the harness stops there.
template <class Read> auto readOrReport(Read&& read) -> std::optional<decltype(read())> {
  try {
    return read();
  } catch (const Error& e) {
    dumpReadError(e);
    return std::nullopt;
  }
}

// The handler of the format table named `name` ("tfrag", "ytd", ...).
const FormatHandler& handlerNamed(const char* name);

// What the CLI does with a handler's results: `info --json` (the JSON
// dumped), `validate --json` (the report dumped), every texture decoded.
void dumpInfo(const nlohmann::json& info);
void dumpReport(const ValidationReport& report);
void decodeAll(const std::vector<Image>& images);

// `info` and `validate` of a model that read: `info()` gives the JSON,
// `validate(report)` fills a report; each may only fail cleanly.
template <class Info, class Validate> void infoAndValidate(Info&& info, Validate&& validate) {
  cleanErrorsAllowed([&] { dumpInfo(info()); });
  cleanErrorsAllowed([&] {
    ValidationReport report;
    validate(report);
    dumpReport(report);
  });
}

// The fuzzed bytes read as `name` by `read`; when they read, `info(model,
// size)` and `validate(model, size, report)` as infoAndValidate does, then
// `rest(model)`, the format's other stages.
template <class Model, class Info, class Validate, class Rest>
void fuzzModel(const uint8_t* data, size_t size, const std::string& name,
               Model (*read)(const std::vector<uint8_t>&, const std::string&), Info&& info,
               Validate&& validate, Rest&& rest) {
  const std::vector<uint8_t> bytes(data, data + size);
  const auto model = readOrReport([&] { return read(bytes, name); });
  if (!model) return;
  infoAndValidate([&] { return info(*model, bytes.size()); },
                  [&](ValidationReport& report) { validate(*model, bytes.size(), report); });
  rest(*model);
}

// An image that read: every mip and slice decoded, written back as DDS (and,
// with `ktx2`, as KTX2) and read again.
void exerciseImage(const Image& img, bool ktx2);

} // namespace strata::fuzz

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
  const char* name; // tests/fuzz/regressions/<name>/, fuzz_<name>
  Harness run;
};

// Every harness, in the order ./dev fuzz runs them.
const std::vector<HarnessEntry>& harnesses();

void fuzzAtlas(const uint8_t* data, size_t size);    // .atlas: read, info, validate, scene
void fuzzChu(const uint8_t* data, size_t size);      // .chu: read, info, validate, to Atlas
void fuzzTqt(const uint8_t* data, size_t size);      // .tqt: read, tiles, beside a CHU
void fuzzYtd(const uint8_t* data, size_t size);      // .ytd (RSC7)
void fuzzDrawable(const uint8_t* data, size_t size); // .ydr / .ydd / .yft
void fuzzTfrag(const uint8_t* data, size_t size);    // as each file of a level in turn
void fuzzVif(const uint8_t* data, size_t size);      // a VIF1 list
void fuzzDds(const uint8_t* data, size_t size);
void fuzzKtx2(const uint8_t* data, size_t size);
void fuzzTile(const uint8_t* data, size_t size);   // a JPEG/PNG Atlas tile
void fuzzGltf(const uint8_t* data, size_t size);   // export-atlas's glTF/GLB reader
void fuzzAssimp(const uint8_t* data, size_t size); // export-atlas's Assimp reader
void fuzzTop(const uint8_t* data, size_t size);    // detect, load, GLB, info, validate

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

// The handler of the format table named `name` ("tfrag", "tfrag-block", ...).
const FormatHandler& handlerNamed(const char* name);

// What the CLI does with a handler's results: `info --json` (the JSON
// dumped), `validate --json` (the report dumped), every texture decoded.
void dumpInfo(const nlohmann::json& info);
void dumpReport(const ValidationReport& report);
void decodeAll(const std::vector<Image>& images);

} // namespace strata::fuzz

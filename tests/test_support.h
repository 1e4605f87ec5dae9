#pragma once
// Helpers shared by the test suites: temp dirs, running the real CLI, and
// running the Khronos glTF Validator (node, tools/validator).
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace strata {
struct Image;
struct Mesh;
struct Scene;
} // namespace strata

namespace testsupport {

// Every field of two images equal (format, shape, colour space, every byte).
void expectSameImage(const strata::Image& a, const strata::Image& b);

// A 2D image holding `data` as given (not checked against its layout).
strata::Image imageOfBytes(const std::string& name, uint32_t dxgiFormat, uint32_t w, uint32_t h,
                           std::vector<uint8_t> data, uint32_t mips = 1);

// An image of `mips` levels whose bytes repeat `unit` (a texel or a block) to
// the size image::imageByteSize gives its format.
strata::Image solidImage(const std::string& name, uint32_t dxgiFormat, uint32_t w, uint32_t h,
                         uint32_t mips, const std::vector<uint8_t>& unit);

// Adds `mesh` to `s` under a root node of its own, named `node`.
void addMeshNode(strata::Scene& s, strata::Mesh mesh, const std::string& node = "");

namespace fs = std::filesystem;

// A fresh empty directory under the build tree, unique per test.
fs::path tempDir();

struct RunResult {
  int exitCode = -1;
  std::string output; // stdout and stderr together
};

// Runs a shell command line (sh; cmd.exe on Windows), capturing its output.
RunResult run(const std::string& commandLine);

// Runs a program with its arguments, no shell between, capturing stdout and
// stderr together. On Windows (under Wine) it may be a Linux program such as
// node, whose exit code Wine does not pass back (-1 then).
RunResult runProgram(const std::vector<std::string>& argv);

// A path of the build host as the tests' processes see it: itself on POSIX;
// under Wine, "/a/b" becomes "Z:\a\b" (Wine's drive Z: is the host's root).
std::string nativePath(const std::string& path);

// Runs the strata CLI with the given arguments (each quoted), in `cwd` when
// given (relative paths keep a long batch within the shell's argument limit).
RunResult cli(const std::vector<std::string>& args, const fs::path& cwd = {});

// The strata CLI on a pseudo-terminal (util-linux script(1)), for what it
// shows only there: stdout and stderr together, as the terminal got them.
RunResult cliOnTerminal(const std::vector<std::string>& args);

// The strata CLI run directly (no shell, stdin /dev/null) with stdout and
// stderr captured apart, its wall time and its peak resident memory (wait4):
// for tests of what reaches the terminal and of how much a command allocates.
struct MeasuredRun {
  int exitCode = -1;
  std::string out, err;
  long peakKiB = -1;
  double seconds = 0;
};
MeasuredRun cliMeasured(const std::vector<std::string>& args);

// The most threads the strata CLI's process had at once while it ran
// (/proc/PID/task, looked at every 0.2 ms), stdout and stderr thrown away;
// -1 where that cannot be seen (not Linux).
int cliPeakThreads(const std::vector<std::string>& args);

struct ValidatorResult {
  int errors = -1, warnings = -1, infos = -1;
  std::string raw;
};

// Validates a .glb/.gltf with the Khronos glTF Validator. Where node cannot
// run (nodeMissing()), the test is marked skipped (its other checks still
// run) and the counts are 0.
ValidatorResult validateGltf(const fs::path& file);
// Expects the validator to report no error and no warning on `file`.
void expectValid(const fs::path& file);

// "at byte N (0xN)", as Strata's errors and reports place an offset.
std::string byteAt(uint64_t offset);

std::vector<uint8_t> readBytes(const fs::path& file);
// Little-endian stores into a hand-built fixture.
void put16(std::vector<uint8_t>& b, size_t at, uint16_t v);
void put32(std::vector<uint8_t>& b, size_t at, uint32_t v);
bool contains(const std::string& s, const std::string& part);
void writeBytes(const fs::path& file, const std::vector<uint8_t>& bytes);

// Skips the test, saying why, when `why` (what a *Missing() call says) is not
// empty.
#define STRATA_SKIP_IF_MISSING(why)                                                                \
  do {                                                                                             \
    const std::string strataMissing = (why);                                                       \
    if (!strataMissing.empty()) GTEST_SKIP() << strataMissing;                                     \
  } while (0)

// ../shared as CI lays it out beside the checkout, or $STRATA_SHARED_DIR when
// set (a test run can point it elsewhere, or at a missing path to see what a
// fresh clone of the project alone does).
fs::path sharedDir();

// Empty when sharedDir() is there; otherwise why the tests that read it skip.
std::string sharedMissing();

// First line of a test that reads sharedDir(): skips it, saying why, when the
// directory is absent (a fresh clone must pass); CI, which has it, runs it.
#define STRATA_SKIP_WITHOUT_SHARED() STRATA_SKIP_IF_MISSING(::testsupport::sharedMissing())

// Empty where the tests can run node (the validator, the KTX tools);
// otherwise why not: the Windows build under Wine, where a Linux program's
// output cannot be captured.
std::string nodeMissing();

// First line of a test that runs node itself: skips it, saying why, where it cannot.
#define STRATA_SKIP_WITHOUT_NODE() STRATA_SKIP_IF_MISSING(::testsupport::nodeMissing())

// Empty where Assimp can be loaded (OBJ/FBX edits); otherwise why not (on
// Windows, no Assimp DLL is installed here).
std::string assimpMissing();

#define STRATA_SKIP_WITHOUT_ASSIMP() STRATA_SKIP_IF_MISSING(::testsupport::assimpMissing())

// The checkout (samples/, tools/) and the node executable. The build's
// absolute paths reach only test_support.cpp, so every other test file
// compiles the same in any checkout (and ccache shares it).
fs::path sourceDir();
const std::string& nodeExecutable();

// samples/<name> of the checkout (the samples every test may read).
fs::path samplePath(const std::string& name);

} // namespace testsupport

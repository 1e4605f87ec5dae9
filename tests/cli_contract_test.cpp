// CLI rules that span formats (README "The strata command"): a path holding
// nothing Strata recognises is an error for every command (exit 1, saying
// so, nothing written); validate --strict fails on warnings too; notes never
// fail a run.
#include "synth/tfrag_synth.h"
#include "test_support.h"
#include "tfrag/tfrag_level.h"

#include <gtest/gtest.h>

using namespace testsupport;

namespace {

// Runs validate, convert and textures on `in`: each exits 1 naming `in` and
// saying `why`, and leaves nothing at the output paths.
void everyCommandRefuses(const fs::path& in, const std::string& why) {
  const fs::path out = in.parent_path() / (in.filename().string() + "-out");
  RunResult v = cli({"validate", in.string()});
  EXPECT_EQ(v.exitCode, 1) << v.output;
  EXPECT_NE(v.output.find(in.string() + ": error"), std::string::npos) << v.output;
  EXPECT_NE(v.output.find(why), std::string::npos) << v.output;
  EXPECT_EQ(v.output.find("validated 0 files"), std::string::npos) << v.output;
  RunResult j = cli({"validate", "--json", in.string()});
  EXPECT_EQ(j.exitCode, 1) << j.output;
  RunResult c = cli({"convert", in.string(), "-o", out.string() + ".glb"});
  EXPECT_EQ(c.exitCode, 1) << c.output;
  EXPECT_NE(c.output.find(why), std::string::npos) << c.output;
  RunResult t = cli({"textures", in.string(), "-o", out.string()});
  EXPECT_EQ(t.exitCode, 1) << t.output;
  EXPECT_NE(t.output.find(why), std::string::npos) << t.output;
  EXPECT_FALSE(fs::exists(out.string() + ".glb"));
  EXPECT_FALSE(fs::exists(out));
}

} // namespace

TEST(CliContract, EmptyDirectoryIsAnError) {
  fs::path dir = tempDir() / "empty";
  fs::create_directories(dir);
  everyCommandRefuses(dir, "holds nothing Strata recognises");
}

TEST(CliContract, DirectoryOfUnrecognisedFilesIsAnError) {
  fs::path dir = tempDir() / "junk";
  fs::create_directories(dir / "nested");
  writeBytes(dir / "readme.txt", {'h', 'i', '\n'});
  writeBytes(dir / "nested" / "data.atlas", std::vector<uint8_t>(64, 0xAB)); // extension alone
  everyCommandRefuses(dir, "holds nothing Strata recognises");
}

TEST(CliContract, UnrecognisedFileAndMissingPathAreErrors) {
  fs::path dir = tempDir();
  writeBytes(dir / "random.bin", std::vector<uint8_t>(300, 0x5A));
  everyCommandRefuses(dir / "random.bin", "unrecognised input");
  everyCommandRefuses(dir / "missing.ytd", "no such file");
}

TEST(CliContract, BatchWithOneUnrecognisedInputFailsButReportsTheRest) {
  fs::path dir = tempDir();
  fs::create_directories(dir / "empty");
  RunResult v =
      cli({"validate", samplePath("terrain-v140.atlas").string(), (dir / "empty").string()});
  EXPECT_EQ(v.exitCode, 1) << v.output;
  EXPECT_NE(v.output.find("terrain-v140.atlas: ok"), std::string::npos) << v.output;
  EXPECT_NE(v.output.find("validated 2 files: 1 invalid"), std::string::npos) << v.output;
}

TEST(CliContract, StrictFailsOnWarningsButNotOnNotes) {
  fs::path dir = tempDir();
  // A level without gs_ram.bin: one warning (its textures cannot be decoded).
  strata::tfrag::writeLevelDir((dir / "level").string(), strata::tfrag::sampleLevelFiles(), false);
  RunResult plain = cli({"validate", (dir / "level").string()});
  EXPECT_EQ(plain.exitCode, 0) << plain.output;
  EXPECT_NE(plain.output.find("0 invalid, 1 warnings"), std::string::npos) << plain.output;
  RunResult strict = cli({"validate", "--strict", (dir / "level").string()});
  EXPECT_EQ(strict.exitCode, 1) << strict.output;
  RunResult strictJson = cli({"validate", "--strict", "--json", (dir / "level").string()});
  EXPECT_EQ(strictJson.exitCode, 1) << strictJson.output;
  // One warning among clean inputs fails the whole strict run.
  RunResult mixed = cli({"validate", "--strict", samplePath("terrain-v140.atlas").string(),
                         (dir / "level").string()});
  EXPECT_EQ(mixed.exitCode, 1) << mixed.output;
  // textures-v5.ytd carries a note (Severity::Info) and no warning: strict passes.
  RunResult notes = cli({"validate", "--strict", samplePath("textures-v5.ytd").string()});
  EXPECT_EQ(notes.exitCode, 0) << notes.output;
  EXPECT_NE(notes.output.find(": note"), std::string::npos) << notes.output;
  // Every committed sample is clean, strictly.
  RunResult all = cli({"validate", "--strict", (sourceDir() / "samples").string()});
  EXPECT_EQ(all.exitCode, 0) << all.output;
}

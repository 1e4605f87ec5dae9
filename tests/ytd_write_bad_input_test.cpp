// Bad input to `strata ytd`: an image that does not decode, a name in no
// dictionary, two images for one texture, a name whose hash is another's,
// more textures than a dictionary counts, an image too large for a record,
// a drawable texture at another size. Each: exit 1, an error naming the
// image and the reason, and nothing written (no output, no temporary file).
#include "strata/image.h"
#include "test_support.h"
#include "ytd_write_support.h"

#include <gtest/gtest.h>

#include <fstream>
#include <set>

using namespace strata;
using namespace testsupport;
using namespace ytdwrite;

namespace {

fs::path sample(const std::string& name) {
  return sourceDir() / "samples" / name;
}

// Runs `args` (with -o dir/out.ytd appended), which must fail with exit 1 and
// a message holding every one of `says`, leaving `dir` as it was.
void expectRefused(const fs::path& dir, std::vector<std::string> args,
                   const std::vector<std::string>& says) {
  std::set<fs::path> before;
  for (const auto& e : fs::directory_iterator(dir)) before.insert(e.path());
  args.push_back("-o");
  args.push_back((dir / "out.ytd").string());
  const RunResult r = cli(args);
  EXPECT_EQ(r.exitCode, 1) << r.output;
  EXPECT_NE(r.output.find("strata: error: "), std::string::npos) << r.output;
  for (const std::string& s : says) EXPECT_NE(r.output.find(s), std::string::npos) << r.output;
  std::set<fs::path> after;
  for (const auto& e : fs::directory_iterator(dir)) after.insert(e.path());
  EXPECT_EQ(after, before) << "something was written";
}

} // namespace

TEST(YtdWriteBadInput, AnImageThatDoesNotDecode) {
  const fs::path dir = tempDir();
  writeBytes(dir / "junk.png", {0x89, 'P', 'N', 'G', 13, 10, 26, 10, 0, 0, 0, 13, 'I', 'H'});
  writeBytes(dir / "words.png", {'h', 'e', 'l', 'l', 'o'});
  const std::string in = sample("textures-v13.ytd").string();
  expectRefused(dir, {"ytd", "replace", in, "checker_bc1=" + (dir / "junk.png").string()},
                {"junk.png", "PNG"});
  expectRefused(dir, {"ytd", "replace", in, "checker_bc1=" + (dir / "words.png").string()},
                {"words.png", "not an image Strata reads"});
  expectRefused(dir, {"ytd", "build", (dir / "junk.png").string(), "--edition", "legacy"},
                {"junk.png"});
  expectRefused(dir, {"ytd", "replace", in, "checker_bc1=" + (dir / "missing.png").string()},
                {"missing.png"});
}

TEST(YtdWriteBadInput, ANameInNoDictionary) {
  const fs::path dir = tempDir();
  writePng(dir / "a.png", gradient(8, 8, false));
  expectRefused(dir,
                {"ytd", "replace", sample("textures-v13.ytd").string(),
                 "no_such_texture=" + (dir / "a.png").string()},
                {"a.png", "no texture named 'no_such_texture'", "checker_bc1"});
}

TEST(YtdWriteBadInput, TwoImagesForOneTexture) {
  const fs::path dir = tempDir();
  writePng(dir / "a.png", gradient(8, 8, false));
  writePng(dir / "b.png", gradient(8, 8, false, 1));
  expectRefused(dir,
                {"ytd", "replace", sample("textures-v13.ytd").string(),
                 "checker_bc1=" + (dir / "a.png").string(),
                 "CHECKER_BC1=" + (dir / "b.png").string()},
                {"b.png", "a second image for texture 'CHECKER_BC1'", "a.png"});
  // build: two files whose stems are one name in lower case.
  fs::create_directories(dir / "set");
  writePng(dir / "set" / "Sign.png", gradient(8, 8, false));
  writePng(dir / "set" / "sign.PNG", gradient(8, 8, false, 2));
  expectRefused(dir, {"ytd", "build", (dir / "set").string(), "--edition", "enhanced"},
                {"a second image for texture 'sign'"});
}

TEST(YtdWriteBadInput, ANameWhoseHashIsAnothers) {
  const auto [first, second] = hashTwins();
  ASSERT_NE(first, second);
  const fs::path dir = tempDir();
  writePng(dir / (first + ".png"), gradient(8, 8, false));
  writePng(dir / (second + ".png"), gradient(8, 8, false, 1));
  expectRefused(dir,
                {"ytd", "build", (dir / (first + ".png")).string(),
                 (dir / (second + ".png")).string(), "--edition", "legacy"},
                {second + ".png", "hashes to", "'" + first + "'"});
  // A dictionary holding `first`: replacing `second` would be a lookup the
  // game cannot tell apart.
  fs::create_directories(dir / "made");
  const fs::path ytd = dir / "made" / "one.ytd";
  ASSERT_EQ(cli({"ytd", "build", (dir / (first + ".png")).string(), "--edition", "legacy", "-o",
                 ytd.string()})
                .exitCode,
            0);
  expectRefused(dir,
                {"ytd", "replace", ytd.string(), second + "=" + (dir / (second + ".png")).string()},
                {second + ".png", "hashes to", "texture '" + first + "'"});
}

TEST(YtdWriteBadInput, MoreTexturesThanADictionaryCounts) {
  // 65,536 image files, refused before any is read: empty files, which would
  // fail as images, show that none was.
  const fs::path dir = tempDir(), many = dir / "many";
  fs::create_directories(many);
  for (int i = 0; i < 65536; ++i) std::ofstream(many / ("t" + std::to_string(i) + ".png"));
  const RunResult r =
      cli({"ytd", "build", many.string(), "--edition", "legacy", "-o", (dir / "out.ytd").string()});
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.output.find("65536 images"), std::string::npos) << r.output.substr(0, 400);
  EXPECT_NE(r.output.find("at most 65535"), std::string::npos) << r.output.substr(0, 400);
  EXPECT_EQ(r.output.find("not an image"), std::string::npos) << r.output.substr(0, 400);
  EXPECT_FALSE(fs::exists(dir / "out.ytd"));
}

TEST(YtdWriteBadInput, AnImageTooLargeForARecord) {
  const fs::path dir = tempDir();
  // A legacy A8B8G8R8 record stores its row pitch in a u16: 16384 texels of
  // 4 bytes do not fit it.
  writePng(dir / "wide.png", gradient(16384, 1, false));
  expectRefused(
      dir,
      {"ytd", "build", (dir / "wide.png").string(), "--edition", "legacy", "--format", "rgba8"},
      {"wide.png", "stride of 65536 bytes", "u16"});
  // Sides are u16 fields in both editions: a 65536-wide DDS (the widest a
  // DDS Strata reads may be).
  Image wide;
  wide.name = "wide";
  wide.width = 65536;
  wide.height = 1;
  wide.data.assign(size_t(65536) * 4, 128);
  writeBytes(dir / "wider.dds", image::writeDDS(wide));
  expectRefused(dir, {"ytd", "build", (dir / "wider.dds").string(), "--edition", "enhanced"},
                {"wider.dds", "65536x1 is too large for a texture record", "u16"});
}

TEST(YtdWriteBadInput, TheOutputIsNeverTheInput) {
  const fs::path dir = tempDir(), in = dir / "in.ytd";
  fs::copy_file(sample("textures-v13.ytd"), in);
  const RunResult r = cli({"ytd", "replace", in.string(), "-o", in.string()});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.output.find("is the input"), std::string::npos) << r.output;
  EXPECT_EQ(readBytes(in), readBytes(sample("textures-v13.ytd")));
}

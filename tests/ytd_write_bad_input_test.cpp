// Bad input to `strata ytd`: an image that does not decode, a name in no
// dictionary, two images for one texture, a name whose hash is another's,
// more textures than a dictionary counts, an image too large for a record,
// a drawable texture at another size. Each: exit 1, an error naming the
// image and the reason, and nothing written (no output, no temporary file).
#include "strata/error.h"
#include "strata/image.h"
#include "test_support.h"
#include "ytd/ytd_encode.h"
#include "ytd/ytd_target.h"
#include "ytd_write_support.h"

#include <gtest/gtest.h>

#include <zlib.h>

#include <fstream>
#include <set>

using namespace strata;
using namespace testsupport;
using namespace ytdwrite;
namespace dx = strata::image::dxgi;

namespace {

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

void putBE32(std::vector<uint8_t>& out, uint32_t v) {
  for (int s = 24; s >= 0; s -= 8) out.push_back(uint8_t(v >> s));
}

void putChunk(std::vector<uint8_t>& out, const char* type, const std::vector<uint8_t>& data) {
  putBE32(out, uint32_t(data.size()));
  const size_t at = out.size();
  out.insert(out.end(), type, type + 4);
  out.insert(out.end(), data.begin(), data.end());
  putBE32(out, uint32_t(crc32(0, out.data() + at, uInt(out.size() - at))));
}

// A valid PNG (8-bit RGBA, every texel 0) of w x h that is small on disk:
// each row (filter 0 and zeros) deflated once and ended with a full flush,
// which leaves it byte-aligned and referring to nothing before it, so the
// same bytes repeat for every row; a final empty block ends the stream
// (RFC 1951 3.2.3, fixed codes), the Adler-32 combined per row (RFC 1950).
std::vector<uint8_t> blankPng(uint32_t w, uint32_t h) {
  const std::vector<uint8_t> row(size_t(w) * 4 + 1, 0);
  z_stream z{};
  deflateInit2(&z, 9, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY);
  std::vector<uint8_t> once(deflateBound(&z, uLong(row.size())) + 64);
  z.next_in = const_cast<Bytef*>(row.data());
  z.avail_in = uInt(row.size());
  z.next_out = once.data();
  z.avail_out = uInt(once.size());
  deflate(&z, Z_FULL_FLUSH);
  once.resize(once.size() - z.avail_out);
  deflateEnd(&z);
  const uLong rowAdler = adler32(adler32(0, nullptr, 0), row.data(), uInt(row.size()));
  uLong adler = adler32(0, nullptr, 0);
  std::vector<uint8_t> idat = {0x78, 0x01};
  for (uint32_t y = 0; y < h; ++y) {
    idat.insert(idat.end(), once.begin(), once.end());
    adler = adler32_combine(adler, rowAdler, z_off_t(row.size()));
  }
  idat.push_back(0x03); // BFINAL 1, BTYPE 01, end of block
  idat.push_back(0x00);
  putBE32(idat, uint32_t(adler));
  std::vector<uint8_t> png = {0x89, 'P', 'N', 'G', 13, 10, 26, 10};
  std::vector<uint8_t> ihdr;
  putBE32(ihdr, w);
  putBE32(ihdr, h);
  ihdr.insert(ihdr.end(), {8, 6, 0, 0, 0});
  putChunk(png, "IHDR", ihdr);
  putChunk(png, "IDAT", idat);
  putChunk(png, "IEND", {});
  return png;
}

} // namespace

TEST(YtdWriteBadInput, AnImageThatDoesNotDecode) {
  const fs::path dir = tempDir();
  writeBytes(dir / "junk.png", {0x89, 'P', 'N', 'G', 13, 10, 26, 10, 0, 0, 0, 13, 'I', 'H'});
  writeBytes(dir / "words.png", {'h', 'e', 'l', 'l', 'o'});
  const std::string in = samplePath("textures-v13.ytd").string();
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
                {"ytd", "replace", samplePath("textures-v13.ytd").string(),
                 "no_such_texture=" + (dir / "a.png").string()},
                {"a.png", "no texture named 'no_such_texture'", "checker_bc1"});
}

TEST(YtdWriteBadInput, TwoImagesForOneTexture) {
  const fs::path dir = tempDir();
  writePng(dir / "a.png", gradient(8, 8, false));
  writePng(dir / "b.png", gradient(8, 8, false, 1));
  expectRefused(dir,
                {"ytd", "replace", samplePath("textures-v13.ytd").string(),
                 "checker_bc1=" + (dir / "a.png").string(),
                 "CHECKER_BC1=" + (dir / "b.png").string()},
                {"b.png", "a second image for texture 'CHECKER_BC1'", "a.png"});
  // build: two files whose stems are one name in lower case, from two
  // directories, and (where names differ in case: not on Windows) from one.
  fs::create_directories(dir / "one");
  fs::create_directories(dir / "two");
  writePng(dir / "one" / "Sign.png", gradient(8, 8, false));
  writePng(dir / "two" / "sign.PNG", gradient(8, 8, false, 2));
  expectRefused(
      dir,
      {"ytd", "build", (dir / "one").string(), (dir / "two").string(), "--edition", "enhanced"},
      {"sign.PNG", "a second image for texture 'sign'", "Sign.png"});
#ifndef _WIN32
  fs::create_directories(dir / "set");
  writePng(dir / "set" / "Sign.png", gradient(8, 8, false));
  writePng(dir / "set" / "sign.PNG", gradient(8, 8, false, 2));
  expectRefused(dir, {"ytd", "build", (dir / "set").string(), "--edition", "enhanced"},
                {"a second image for texture 'sign'"});
#endif
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
#ifdef _WIN32
  // Creating 65,536 files takes about ten minutes under Wine, most of the CI
  // run's Windows suite; the count check is the same code on every platform.
  GTEST_SKIP() << "65,536 files are too slow to create under Wine; Linux runs this test";
#endif
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

TEST(YtdWriteBadInput, AnImageTooLargeForThePageLimits) {
  // A texture's data is one block of the graphics segment: it must fit the
  // largest page a flags word describes (256 units of 0x200 << 15, 4 GiB),
  // and the resource the 2 GiB Strata writes. The check the writers make
  // before encoding, on sizes no test can hold in memory:
  const auto refusal = [](uint32_t side, uint32_t dxgi) {
    try {
      ytd::checkRecordLimits("big.dds", ytd::Edition::Enhanced, dxgi, side, side,
                             ytd::fullChain(side, side));
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_NE(refusal(40000, dx::RGBA8)
                .find("big.dds: a 40000x40000 R8G8B8A8_UNORM texture with 16 "
                      "mips holds 8533331492 bytes: more than the largest "
                      "page a resource describes (4294967296 bytes"),
            std::string::npos)
      << refusal(40000, dx::RGBA8);
  EXPECT_NE(refusal(24000, dx::RGBA8)
                .find("more than a resource Strata writes (and reads) may "
                      "hold (2147483648 bytes)"),
            std::string::npos)
      << refusal(24000, dx::RGBA8);
  EXPECT_NE(refusal(65535, dx::BC1).find("more than"), std::string::npos);
  // The largest image Strata decodes from PNG, JPEG or KTX2 (16384 a side)
  // fits in any format, full chain and all.
  EXPECT_EQ(refusal(16384, dx::RGBA8), "");
  EXPECT_EQ(refusal(16384, dx::BC7), "");

  // A valid 40000 x 40000 PNG (6 MB on disk, 6.4 GB of pixels): refused by
  // the size its header declares, before anything is decoded.
  const fs::path dir = tempDir();
  writeBytes(dir / "huge.png", blankPng(40000, 40000));
  ASSERT_LT(fs::file_size(dir / "huge.png"), 16u << 20);
  expectRefused(dir, {"ytd", "build", (dir / "huge.png").string(), "--edition", "enhanced"},
                {"huge.png", "40000x40000"});
  expectRefused(dir,
                {"ytd", "replace", samplePath("textures-v13.ytd").string(),
                 "ramp_a8r8g8b8=" + (dir / "huge.png").string()},
                {"huge.png", "40000x40000"});
}

TEST(YtdWriteBadInput, TheOutputIsNeverTheInput) {
  const fs::path dir = tempDir(), in = dir / "in.ytd";
  fs::copy_file(samplePath("textures-v13.ytd"), in);
  const RunResult r = cli({"ytd", "replace", in.string(), "-o", in.string()});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.output.find("is the input"), std::string::npos) << r.output;
  EXPECT_EQ(readBytes(in), readBytes(samplePath("textures-v13.ytd")));
}

// `strata ytd replace` on every sample dictionary and the real legacy files
// of ../shared/samples: a replace naming nothing gives the input back byte
// for byte; export -> replace every texture from the PNGs `strata textures`
// wrote -> the same pixels within the encoders' PSNR floors, a clean
// validate, and every byte outside the textures' data as it was; one texture
// of a real file replaced at another size changes only its record, its data
// and the page layout that has to move; a drawable's texture rewritten in
// place at its size and refused at another.
#include "common/bytes.h"
#include "strata/image.h"
#include "test_support.h"
#include "ytd/ytd_check.h"
#include "ytd/ytd_open.h"
#include "ytd/ytd_pages.h"
#include "ytd/ytd_pixels.h"
#include "ytd_plain_reader.h"
#include "ytd_write_support.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <map>

using namespace strata;
using namespace testsupport;
using namespace ytdwrite;
namespace dx = strata::image::dxgi;

namespace {

fs::path shared(const std::string& rel) {
  return sharedDir() / "samples" / rel;
}

// The PSNR a re-encoded texture keeps against the PNG it was made from (RGB,
// and alpha where the format stores it), as measured on these files with the
// BC encoders at their default quality: re-encoding what a BC texture decodes
// to mostly finds the very same blocks (99: exact), and the rest are listed
// here. The floor is 0.3 dB below each (docs/ytd-write.md).
double floorOf(const std::string& file, const std::string& texture) {
  static const std::map<std::string, double> measured = {
      {"lvc_casinoui/casinoui_lucky_wheel", 78.06},
      {"pshud_circlemap/radarmasksm", 96.94},
      {"cs4_wire/prop_raserwire_bendprop_raserwire_bend_a", 55.75},
      {"cs4_wire/prop_raserwire_bendprop_raserwire_bend_a.alpha", 54.53},
      {"cs4_wire/prop_raserwire_bend_n", 77.64},
  };
  const auto it = measured.find(file + "/" + texture);
  return it == measured.end() ? 99.0 : it->second - 0.3;
}

ytd::TextureContainer readBack(const fs::path& p) {
  return ytd::readContainer(readBytes(p), p.string());
}

// `strata validate --json`: errors and warnings.
std::pair<int, int> validateCounts(const fs::path& p) {
  const RunResult r = cli({"validate", "--json", p.string()});
  const auto j = nlohmann::json::parse(r.output.substr(r.output.find('{')));
  int errors = 0, warnings = 0;
  for (const auto& f : j["files"][0]["findings"]) {
    errors += f["severity"] == "error";
    warnings += f["severity"] == "warning";
  }
  return {errors, warnings};
}

// Every graphics byte a texture's data may occupy, as [start, end).
std::vector<std::pair<uint64_t, uint64_t>> dataRanges(const ytd::TextureContainer& c) {
  std::vector<std::pair<uint64_t, uint64_t>> out;
  for (const ytd::TextureEntry* e : ytd::sortedEntries(c)) {
    const ytd::TextureLayout& L = c.texture(*e).layout;
    const uint64_t at = e->record.dataPtr & 0x0FFFFFFF;
    const uint64_t len = std::max({L.computedBytes, L.legacyFormulaBytes, L.storedBytes});
    out.push_back({at, std::min<uint64_t>(at + len, c.resource.graphics.size())});
  }
  return out;
}

struct RoundTrip {
  std::string name;
  fs::path file;
  bool sharedFile;
};

// gtest names the parameter by this instead of dumping its bytes.
void PrintTo(const RoundTrip& r, std::ostream* os) {
  *os << r.name;
}

class YtdReplaceRoundTrip : public ::testing::TestWithParam<RoundTrip> {};

// `strata ytd replace in -o out texture=png`, `img` written as `png` first.
RunResult replaceOne(const fs::path& in, const fs::path& out, const std::string& texture,
                     const fs::path& png, const Rgba& img) {
  writePng(png, img);
  return cli({"ytd", "replace", in.string(), "-o", out.string(), texture + "=" + png.string()});
}

} // namespace

TEST_P(YtdReplaceRoundTrip, EveryTextureFromItsExportedPng) {
  const RoundTrip& p = GetParam();
  if (p.sharedFile) STRATA_SKIP_WITHOUT_SHARED();
  const fs::path dir = tempDir(), tex = dir / "tex",
                 out = dir / ("out" + p.file.extension().string());
  ASSERT_EQ(cli({"textures", p.file.string(), "-o", tex.string()}).exitCode, 0);
  if (p.name == "textures_v5") {
    // A cube map takes a DDS of its faces: its PNG holds the first face only.
    ASSERT_EQ(cli({"textures", p.file.string(), "-o", (dir / "dds").string(), "--format", "dds"})
                  .exitCode,
              0);
    fs::remove(tex / "sky_cube.png");
    fs::copy_file(dir / "dds" / "sky_cube.dds", tex / "sky_cube.dds");
  }
  const RunResult r =
      cli({"ytd", "replace", p.file.string(), "-o", out.string(), "--from", tex.string()});
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_EQ(validateCounts(out), std::make_pair(0, 0));

  const ytd::TextureContainer before = readBack(p.file), after = readBack(out);
  const auto entries = ytd::sortedEntries(after);
  ASSERT_EQ(entries.size(), ytd::sortedEntries(before).size());
  // Every texture was replaced from its file (a --from that found nothing
  // would leave the file as it was and pass the checks below).
  size_t replaced = 0;
  for (size_t at = r.output.find("  replaced "); at != std::string::npos;
       at = r.output.find("  replaced ", at + 1))
    ++replaced;
  EXPECT_EQ(replaced, entries.size()) << r.output;
  for (const ytd::TextureEntry* e : entries) {
    SCOPED_TRACE(e->record.name);
    const ytd::TextureReading& t = after.texture(*e);
    const Image img = ytd::toImage(e->record, t.layout, t.data);
    if (img.cube) continue; // its blocks were the DDS's, compared below as bytes
    const Rgba png = readPng(tex / (e->record.name + ".png"));
    const std::vector<uint8_t> px = image::decodeRGBA8(img);
    const double got = psnr(px, png.px, 0, 3);
    EXPECT_GE(got, floorOf(p.name, e->record.name)) << image::pixelFormat(img.dxgiFormat)->name;
    RecordProperty(e->record.name, std::to_string(got));
    if (image::pixelFormat(img.dxgiFormat)->bytesPerBlock == 16) {
      const double alpha = psnr(px, png.px, 3, 1);
      EXPECT_GE(alpha, floorOf(p.name, e->record.name + ".alpha")) << "alpha";
      RecordProperty(e->record.name + ".alpha", std::to_string(alpha));
    }
  }
  // Same sizes, formats and mips: every record as it was, the data in place.
  EXPECT_EQ(after.resource.system, before.resource.system);
  EXPECT_EQ(after.resource.systemFlags, before.resource.systemFlags);
  EXPECT_EQ(after.resource.graphicsFlags, before.resource.graphicsFlags);
  ASSERT_EQ(after.resource.graphics.size(), before.resource.graphics.size());
  const auto ranges = dataRanges(before);
  for (const auto& [from, to] : differences(before.resource.graphics, after.resource.graphics)) {
    bool inside = false;
    for (const auto& [a, b] : ranges) inside |= from >= a && to <= b;
    EXPECT_TRUE(inside) << "graphics bytes " << from << ".." << to << " changed outside any data";
  }
}

TEST_P(YtdReplaceRoundTrip, NamingNothingGivesTheInputBack) {
  const RoundTrip& p = GetParam();
  if (p.sharedFile) STRATA_SKIP_WITHOUT_SHARED();
  const fs::path dir = tempDir(), out = dir / "same";
  fs::create_directories(dir / "empty");
  for (const std::vector<std::string>& extra :
       {std::vector<std::string>{}, std::vector<std::string>{"--from", (dir / "empty").string()}}) {
    std::vector<std::string> args = {"ytd", "replace", p.file.string(), "-o", out.string()};
    args.insert(args.end(), extra.begin(), extra.end());
    const RunResult r = cli(args);
    ASSERT_EQ(r.exitCode, 0) << r.output;
    EXPECT_EQ(readBytes(out), readBytes(p.file));
  }
}

INSTANTIATE_TEST_SUITE_P(
    Samples, YtdReplaceRoundTrip,
    ::testing::Values(
        RoundTrip{"textures_v13", samplePath("textures-v13.ytd"), false},
        RoundTrip{"textures_v5", samplePath("textures-v5.ytd"), false},
        RoundTrip{"krz_RageUI", shared("ytd-legacy/krz_RageUI.ytd"), true},
        RoundTrip{"lvc_lvc", shared("ytd-legacy/lvc_lvc.ytd"), true},
        RoundTrip{"lvc_casinoui", shared("ytd-legacy/lvc_casinoui_lucky_wheel.ytd"), true},
        RoundTrip{"pshud_circlemap", shared("ytd-legacy/pshud_circlemap.ytd"), true},
        RoundTrip{"pshud_squaremap", shared("ytd-legacy/pshud_squaremap.ytd"), true},
        RoundTrip{"cs4_wire", shared("drawables-legacy/cs4_10_fnc_wire.ydr"), true},
        RoundTrip{"nspeedo", shared("drawables-legacy/nspeedo_grill_2nb.yft"), true},
        RoundTrip{"sign", shared("drawables-legacy/tr_prop_tr_sign_gf_mr_01a.ydr"), true}),
    [](const ::testing::TestParamInfo<RoundTrip>& info) { return info.param.name; });

TEST(YtdReplace, OneTextureOfARealLegacyFileAtANewSize) {
  STRATA_SKIP_WITHOUT_SHARED();
  // krz_RageUI.ytd: two DXT5 128x128 textures with 6 mips, each in a 32 KiB
  // page of its own. A 256x128 image cannot go where horizontal_grid's data
  // was: the graphics pages are laid out anew.
  const fs::path in = shared("ytd-legacy/krz_RageUI.ytd"), dir = tempDir();
  const Rgba img = gradient(256, 128, true, 3);
  const fs::path out = dir / "out.ytd";
  const RunResult r = replaceOne(in, out, "horizontal_grid", dir / "wide.png", img);
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("graphics pages laid out anew"), std::string::npos) << r.output;
  EXPECT_EQ(validateCounts(out), std::make_pair(0, 0));

  const ytd::TextureContainer before = readBack(in), after = readBack(out);
  const auto &b = before.dictionaries[0].entries, &a = after.dictionaries[0].entries;
  ASSERT_EQ(a.size(), 2u);
  size_t replaced = 0;
  std::vector<std::pair<uint64_t, uint64_t>> allowed; // system ranges that may change
  for (size_t i = 0; i < a.size(); ++i) {
    ASSERT_EQ(a[i].record.address, b[i].record.address);
    const uint64_t rec = a[i].record.address & 0x0FFFFFFF;
    if (a[i].record.name == "horizontal_grid") {
      replaced = i;
      EXPECT_EQ(a[i].record.width, 256);
      EXPECT_EQ(a[i].record.height, 128);
      EXPECT_EQ(a[i].record.d3dFormat, b[i].record.d3dFormat); // DXT5 kept
      EXPECT_EQ(a[i].record.mips, 6);                          // kept: not a full chain
      EXPECT_EQ(a[i].record.usage, b[i].record.usage);
      EXPECT_EQ(a[i].record.stride, 256); // 64 blocks x 16 bytes / 4
      allowed.push_back({rec, rec + 0x90});
      const ytd::TextureReading& t = after.texture(a[i]);
      const auto px = image::decodeRGBA8(ytd::toImage(a[i].record, t.layout, t.data));
      // Measured 39.42 dB RGB; the alpha ramp fits BC3's 8-value palettes.
      EXPECT_GE(psnr(px, img.px, 0, 3), 39.1);
      EXPECT_EQ(psnr(px, img.px, 3, 1), 99.0);
    } else {
      // The untouched texture: its record but the data pointer, its data bytes.
      std::vector<uint8_t> ra = a[i].record.raw, rb = b[i].record.raw;
      std::fill_n(ra.begin() + 0x70, 8, 0);
      std::fill_n(rb.begin() + 0x70, 8, 0);
      EXPECT_EQ(ra, rb);
      EXPECT_EQ(after.texture(a[i]).data, before.texture(b[i]).data);
      allowed.push_back({rec + 0x70, rec + 0x78});
    }
  }
  EXPECT_EQ(a[replaced].record.name, "horizontal_grid");
  // The page info stays where it was (its room holds the slots of the pages
  // there are now): only its two counts (+8, +9) change, the 0xCD filler of
  // its slots stays.
  const uint64_t pi = loadLE<uint64_t>(before.resource.system, 8) & 0x0FFFFFFF;
  EXPECT_EQ(loadLE<uint64_t>(after.resource.system, 8) & 0x0FFFFFFF, pi);
  allowed.push_back({pi + 8, pi + 10});
  EXPECT_EQ(after.resource.system[size_t(pi + 9)],
            ytd::pagesOfFlags(after.resource.graphicsFlags).size());
  ASSERT_EQ(after.resource.system.size(), before.resource.system.size());
  for (const auto& [from, to] : differences(before.resource.system, after.resource.system)) {
    bool ok = false;
    for (const auto& [x, y] : allowed) ok |= from >= x && to <= y;
    EXPECT_TRUE(ok) << "system bytes " << from << ".." << to << " changed";
  }
  EXPECT_NE(after.resource.graphicsFlags, before.resource.graphicsFlags);
}

TEST(YtdReplace, ADrawablesTextureInPlaceAndRefusedAtAnotherSize) {
  STRATA_SKIP_WITHOUT_SHARED();
  // tr_prop_tr_sign_gf_mr_01a.ydr: one A8R8G8B8 256x16 texture (1 mip) whose
  // 16 KiB of data are the whole graphics segment.
  const fs::path in = shared("drawables-legacy/tr_prop_tr_sign_gf_mr_01a.ydr"), dir = tempDir();
  const Rgba img = gradient(256, 16, true, 5);
  const fs::path out = dir / "out.ydr";
  const RunResult r = replaceOne(in, out, "prop_tr_sign_gf_mr_01a_pal", dir / "sign.png", img);
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_EQ(validateCounts(out), std::make_pair(0, 0));
  const ytd::TextureContainer before = readBack(in), after = readBack(out);
  EXPECT_EQ(after.resource.system, before.resource.system);
  const ytd::TextureEntry& e = after.dictionaries[0].entries[0];
  const ytd::TextureReading& t = after.texture(e);
  EXPECT_EQ(image::decodeRGBA8(ytd::toImage(e.record, t.layout, t.data)), img.px); // lossless
  for (const auto& [from, to] : differences(before.resource.graphics, after.resource.graphics))
    EXPECT_LE(to, 16384u) << from;

  const fs::path refused = dir / "refused.ydr";
  const RunResult no = replaceOne(in, refused, "prop_tr_sign_gf_mr_01a_pal", dir / "big.png",
                                  gradient(512, 16, false));
  EXPECT_EQ(no.exitCode, 1);
  EXPECT_NE(no.output.find("big.png"), std::string::npos) << no.output;
  EXPECT_NE(no.output.find("rewritten in place only when size, format and mip count stay"),
            std::string::npos)
      << no.output;
  EXPECT_FALSE(fs::exists(refused));
}

TEST(YtdReplace, ChangedOnlyEncodesTheEditedImagesAlone) {
  // textures-v5.ytd exported (its cube as DDS), one PNG edited: with
  // --changed-only that texture alone is written, every other keeps its
  // record and data; with nothing edited the output is the input.
  const fs::path in = samplePath("textures-v5.ytd"), dir = tempDir(), tex = dir / "tex";
  ASSERT_EQ(cli({"textures", in.string(), "-o", tex.string()}).exitCode, 0);
  ASSERT_EQ(
      cli({"textures", in.string(), "-o", (dir / "dds").string(), "--format", "dds"}).exitCode, 0);
  fs::remove(tex / "sky_cube.png");
  fs::copy_file(dir / "dds" / "sky_cube.dds", tex / "sky_cube.dds");

  const fs::path same = dir / "same.ytd";
  RunResult r = cli({"ytd", "replace", in.string(), "-o", same.string(), "--from", tex.string(),
                     "--changed-only"});
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_EQ(readBytes(same), readBytes(in));
  EXPECT_NE(r.output.find("unchanged checker_bc1"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("unchanged sky_cube"), std::string::npos) << r.output;

  Rgba edited = readPng(tex / "checker_bc1.png");
  for (uint32_t y = 8; y < 16; ++y)
    for (uint32_t x = 8; x < 16; ++x) {
      uint8_t* p = &edited.px[(size_t(y) * edited.width + x) * 4];
      p[0] = 255, p[1] = 0, p[2] = 255;
    }
  writePng(tex / "checker_bc1.png", edited);
  const fs::path out = dir / "out.ytd";
  r = cli({"ytd", "replace", in.string(), "-o", out.string(), "--from", tex.string(),
           "--changed-only"});
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("replaced checker_bc1"), std::string::npos) << r.output;
  EXPECT_EQ(validateCounts(out), std::make_pair(0, 0));
  const ytd::TextureContainer before = readBack(in), after = readBack(out);
  EXPECT_EQ(after.resource.graphicsFlags, before.resource.graphicsFlags);
  size_t kept = 0;
  for (const ytd::TextureEntry* e : ytd::sortedEntries(after)) {
    SCOPED_TRACE(e->record.name);
    const ytd::TextureEntry* b = nullptr;
    for (const ytd::TextureEntry* x : ytd::sortedEntries(before))
      if (x->hash == e->hash) b = x;
    ASSERT_NE(b, nullptr);
    if (e->record.name == "checker_bc1") {
      const ytd::TextureReading& t = after.texture(*e);
      const auto px = image::decodeRGBA8(ytd::toImage(e->record, t.layout, t.data));
      // The checker and the magenta square cover whole 4x4 blocks of two
      // colours: BC1 holds them exactly.
      EXPECT_EQ(psnr(px, edited.px, 0, 3), 99.0);
      EXPECT_NE(t.data, before.texture(*b).data);
      continue;
    }
    EXPECT_EQ(e->record.raw, b->record.raw);
    EXPECT_EQ(after.texture(*e).data, before.texture(*b).data);
    ++kept;
  }
  EXPECT_EQ(kept, 5u);
}

TEST(YtdReplace, ThePageInfoMovesWhenItsSlotsOutgrowItsRoom) {
  // A dictionary `strata ytd build` made of four 8x8 images named a-d: one
  // graphics page, and the page info (16 + 2 x 8 bytes) followed by the
  // hash array. Four 512x512 images need four graphics pages: the info's
  // five slots no longer fit before the array, so it moves after the last
  // object of the page and the root's pointer (+0x08) follows.
  const fs::path dir = tempDir(), small = dir / "small", out = dir / "out.ytd";
  fs::create_directories(small);
  std::vector<std::string> args = {"ytd", "replace", (dir / "in.ytd").string(), "-o", out.string()};
  for (int i = 0; i < 4; ++i) {
    const std::string name(1, char('a' + i));
    writePng(small / (name + ".png"), gradient(8, 8, false, i));
    writePng(dir / (name + "-big.png"), gradient(512, 512, false, 10 * i));
    args.push_back(name + "=" + (dir / (name + "-big.png")).string());
  }
  ASSERT_EQ(
      cli({"ytd", "build", small.string(), "--edition", "legacy", "-o", (dir / "in.ytd").string()})
          .exitCode,
      0);
  const ytd::TextureContainer before = readBack(dir / "in.ytd");
  const std::vector<uint8_t>& bs = before.resource.system;
  const uint64_t oldAt = loadLE<uint64_t>(bs, 8) & 0x0FFFFFFF;
  ASSERT_EQ(bs[size_t(oldAt + 9)], 1u); // one graphics page
  // The precondition: the hash array (root +0x20) right after the info.
  ASSERT_EQ(loadLE<uint64_t>(bs, 0x20) & 0x0FFFFFFF, oldAt + 16 + 2 * 8);

  const RunResult r = cli(args);
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("graphics pages laid out anew (1 -> 4 pages)"), std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("page info moved"), std::string::npos) << r.output;
  EXPECT_EQ(validateCounts(out), std::make_pair(0, 0));
  const strata::fuzz::PlainDictionary plain = strata::fuzz::readPlainYtd(readBytes(out));
  EXPECT_TRUE(plain.violations.empty()) << plain.violations.front();

  const ytd::TextureContainer after = readBack(out);
  const std::vector<uint8_t>& as = after.resource.system;
  const uint64_t newAt = loadLE<uint64_t>(as, 8) & 0x0FFFFFFF;
  EXPECT_NE(newAt, oldAt);
  EXPECT_EQ(as[size_t(newAt + 8)], 1u); // system pages
  EXPECT_EQ(as[size_t(newAt + 9)], 4u); // graphics pages
  EXPECT_EQ(ytd::pagesOfFlags(after.resource.graphicsFlags).size(), 4u);
  EXPECT_TRUE(ytd::insideOnePage(ytd::pagesOfFlags(after.resource.systemFlags), newAt, 16 + 5 * 8));
  // The old place is zeroed; everything outside the two infos, the root's
  // pointer and the records' data pointers (+0x70) and replaced fields as it was.
  for (uint64_t i = oldAt; i < oldAt + 32; ++i) EXPECT_EQ(as[size_t(i)], 0u) << i;
  for (const ytd::TextureEntry* e : ytd::sortedEntries(after)) {
    EXPECT_EQ(e->record.width, 512);
    const ytd::TextureReading& t = after.texture(*e);
    EXPECT_GE(psnr(image::decodeRGBA8(ytd::toImage(e->record, t.layout, t.data)),
                   gradient(512, 512, false, 10 * (e->record.name[0] - 'a')).px),
              36.0);
  }
}

// Texture dictionaries embedded in drawables (.ydr, .ydd, .yft): the real
// public legacy files in ../shared/samples/drawables-legacy/ (read in place),
// hand-built Enhanced (v159 / v171) resources written field by field from
// ydr-embedded.md §2 and ytd-enhanced.md, and bad pointer paths.
#include "strata/error.h"
#include "strata/formats.h"
#include "strata/image.h"
#include "test_support.h"
#include "ytd/drawable_read.h"
#include "ytd/ytd_pixels.h"
#include "ytd_fixture.h"

#include <gtest/gtest.h>

using namespace strata;
using namespace strata::ytd;
using testsupport::contains;
using ytdfixture::Segment;

namespace {

std::string sample(const std::string& name) {
  return (testsupport::sharedDir() / "samples" / "drawables-legacy" / name).string();
}

TextureContainer readSample(const std::string& name) {
  auto path = sample(name);
  return readDrawable(testsupport::readBytes(path), path);
}

// ---- hand-built Enhanced resources ----

// A Gen9 dictionary at system `txd` with two textures (ytd-enhanced.md
// tables): gen9_normal BC5 (0x53) 8x8 and gen9_diffuse BC7 sRGB (0x63) 4x4,
// hashes 0x88EB6297 < 0x9D60F77D. Records at txd+0x100 and txd+0x180.
void putGen9Dictionary(Segment& sys, Segment& gfx, size_t txd) {
  ytdfixture::putDictionary(sys, txd, 0x50000000 + txd + 0x40, 0x50000000 + txd + 0x50, 2);
  sys.u32(txd + 0x40, 0x88EB6297); // joaat("gen9_normal")
  sys.u32(txd + 0x44, 0x9D60F77D); // joaat("gen9_diffuse")
  struct T {
    const char* name;
    uint8_t sga;
    uint16_t side;
    uint32_t blocks;
    size_t data;
  } ts[] = {{"gen9_normal", 0x53, 8, 4, 0x0}, {"gen9_diffuse", 0x63, 4, 1, 0x100}};
  for (size_t i = 0; i < 2; ++i) {
    const size_t rec = txd + 0x100 + i * 0x80, name = txd + 0x200 + i * 0x20;
    sys.u64(txd + 0x50 + 8 * i, 0x50000000 + rec);
    sys.u32(rec + 0x08, ts[i].blocks); // block count
    sys.u32(rec + 0x0C, 16);           // block size
    sys.u32(rec + 0x10, 0x00260208);   // flags
    sys.u16(rec + 0x18, ts[i].side);   // width
    sys.u16(rec + 0x1A, ts[i].side);   // height
    sys.u16(rec + 0x1C, 1);            // depth
    sys.u8(rec + 0x1E, 1);             // dimension: 2D
    sys.u8(rec + 0x1F, ts[i].sga);     // format
    sys.u8(rec + 0x20, 255);           // tile mode: auto
    sys.u8(rec + 0x22, 1);             // mips
    sys.u64(rec + 0x28, 0x50000000 + name);
    sys.u64(rec + 0x30, 0x50000000 + rec + 0x58); // view
    sys.u16(rec + 0x58 + 0x10, 0x41);             // view dimension: 2D
    sys.u64(rec + 0x38, 0x60000000 + ts[i].data);
    sys.str(name, ts[i].name);
  }
  // BC5: red endpoints 255/0, green 0/0, indices 0 -> (255, 0, 0).
  for (size_t b = 0; b < 4; ++b) gfx.u8(0x0 + 16 * b, 255);
  // BC7 mode 6, R0 = A0 = 127, P0 = 1, indices 0 -> (255, 1, 1, 255).
  std::vector<uint8_t> bc7(16, 0);
  auto set = [&](unsigned first, unsigned count, uint32_t v) {
    for (unsigned i = 0; i < count; ++i)
      if (v >> i & 1) bc7[(first + i) / 8] |= uint8_t(1u << ((first + i) % 8));
  };
  set(6, 1, 1), set(7, 7, 127), set(49, 7, 127), set(63, 1, 1);
  gfx.bytes(0x100, bc7);
}

// v159 .ydr: drawable at system +0 -> +0x10 shader group at 0x100 -> +0x08
// dictionary at 0x400. 0x9F: system nibble 9, graphics nibble F.
std::vector<uint8_t> enhancedYdr(uint64_t shaderGroup = 0x50000100, uint64_t txd = 0x50000400) {
  Segment sys(8192), gfx(8192);
  sys.u64(0x10, shaderGroup);
  sys.u64(0x100 + 0x08, txd);
  putGen9Dictionary(sys, gfx, 0x400);
  return ytdfixture::rsc7(159, 0x90020000, 0xF0020000, sys.b, gfx.b);
}

std::string write(const std::string& name, const std::vector<uint8_t>& bytes) {
  auto path = testsupport::tempDir() / name;
  testsupport::writeBytes(path, bytes);
  return path.string();
}

std::string errorOf(const std::vector<uint8_t>& bytes, const std::string& name) {
  try {
    readDrawable(bytes, name);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

} // namespace

TEST(DrawableLegacySamples, SignTintPalette) {
  STRATA_SKIP_WITHOUT_SHARED();
  auto c = readSample("tr_prop_tr_sign_gf_mr_01a.ydr");
  EXPECT_EQ(c.kind, "ydr");
  EXPECT_EQ(c.edition, Edition::Legacy);
  EXPECT_EQ(c.resource.version, 165u);
  EXPECT_EQ(c.resource.system.size(), 8192u);
  EXPECT_EQ(c.resource.graphics.size(), 16384u);
  ASSERT_EQ(c.dictionaries.size(), 1u);
  const auto& d = c.dictionaries[0];
  EXPECT_EQ(d.address, 0x50000C10u);
  EXPECT_TRUE(contains(c.reading(d).via, "0x500008A0")); // the shader group
  ASSERT_EQ(d.entries.size(), 1u);
  const auto& e = d.entries[0];
  EXPECT_EQ(e.hash, 0x5AA1F880u);
  EXPECT_EQ(e.pointer, 0x50000810u);
  EXPECT_EQ(e.record.name, "prop_tr_sign_gf_mr_01a_pal");
  EXPECT_EQ(e.record.d3dFormat, 21u);       // A8R8G8B8
  EXPECT_EQ(c.texture(e).layout.dxgi, 87u); // B8G8R8A8_UNORM
  EXPECT_EQ(e.record.width, 256);
  EXPECT_EQ(e.record.height, 16);
  EXPECT_EQ(e.record.stride, 1024);
  EXPECT_EQ(e.record.mips, 1);
  EXPECT_EQ(e.record.usage & 0x1F, 25u); // tint palette
  EXPECT_EQ(e.record.dataPtr, 0x60000000u);
  ASSERT_EQ(c.texture(e).data.size(), 16384u);

  // Texels straight from the inflated file (graphics +0, B G R A) against the
  // decoder's RGBA.
  auto bytes = testsupport::readBytes(sample("tr_prop_tr_sign_gf_mr_01a.ydr"));
  auto plain = ytdfixture::inflateRaw(bytes.data() + 16, bytes.size() - 16, 8192 + 16384);
  auto px = image::decodeRGBA8(toImage(e.record, c.texture(e).layout, c.texture(e).data));
  ASSERT_EQ(px.size(), 256u * 16 * 4);
  for (size_t i = 0; i < 256 * 16; i += 97) {
    const uint8_t* s = plain.data() + 8192 + 4 * i;
    EXPECT_EQ(px[4 * i + 0], s[2]);
    EXPECT_EQ(px[4 * i + 1], s[1]);
    EXPECT_EQ(px[4 * i + 2], s[0]);
    EXPECT_EQ(px[4 * i + 3], s[3]);
  }
}

TEST(DrawableLegacySamples, FenceWireTwoTextures) {
  STRATA_SKIP_WITHOUT_SHARED();
  auto c = readSample("cs4_10_fnc_wire.ydr");
  ASSERT_EQ(c.dictionaries.size(), 1u);
  const auto& en = c.dictionaries[0].entries;
  ASSERT_EQ(en.size(), 2u);
  // The first name really is the doubled one: its hash matches it.
  EXPECT_EQ(en[0].record.name, "prop_raserwire_bendprop_raserwire_bend_a");
  EXPECT_EQ(en[0].hash, 0x37BF58FEu);
  EXPECT_EQ(c.texture(en[0]).layout.dxgi, 77u); // DXT5
  EXPECT_EQ(en[1].record.name, "prop_raserwire_bend_n");
  EXPECT_EQ(en[1].hash, 0xA4DC0745u);
  EXPECT_EQ(c.texture(en[1]).layout.dxgi, 71u); // DXT1
  for (auto& e : en) {
    EXPECT_EQ(e.record.width, 128);
    EXPECT_EQ(e.record.height, 128);
    EXPECT_EQ(e.record.mips, 6);
    EXPECT_TRUE(c.texture(e).findings.empty());
  }
}

TEST(DrawableLegacySamples, PosterHasNoEmbeddedTextures) {
  STRATA_SKIP_WITHOUT_SHARED();
  auto path = sample("v_61_lng_poster2.ydr");
  auto c = readSample("v_61_lng_poster2.ydr");
  EXPECT_TRUE(c.dictionaries.empty());
  EXPECT_EQ(c.resource.graphics.size(), 0u);
  const FormatHandler& h = requireFormat(path);
  EXPECT_STREQ(h.name, "drawable");
  EXPECT_TRUE(h.textures(path, {}).images.empty());
  Scene s = h.load(path, {});
  EXPECT_TRUE(s.nodes.empty());
  ASSERT_EQ(s.warnings.size(), 1u);
  EXPECT_EQ(s.warnings[0], "no embedded textures");
  ValidationReport r = h.validate(path);
  EXPECT_EQ(r.errors(), 0u);
  EXPECT_EQ(r.summary["textures"], 0);
  EXPECT_EQ(h.info(path)["note"], "no embedded textures");
}

TEST(DrawableLegacySamples, ThirdPartyFragmentWithTagWords) {
  STRATA_SKIP_WITHOUT_SHARED();
  auto c = readSample("nspeedo_grill_2nb.yft");
  EXPECT_EQ(c.kind, "yft");
  EXPECT_EQ(c.resource.version, 162u);
  EXPECT_EQ(c.resource.trailingBytes, 4u); // the tool leaves 4 bytes after the stream
  ASSERT_EQ(c.dictionaries.size(), 1u);
  const auto& d = c.dictionaries[0];
  EXPECT_EQ(d.address, 0x50001BE0u);
  EXPECT_EQ(d.raw[0], 'E'); // "EMBT" where a VFT would be
  EXPECT_TRUE(contains(c.reading(d).via, "0x50001E00"));
  ASSERT_EQ(d.entries.size(), 2u);
  EXPECT_EQ(d.entries[0].record.name, "vehicle_generic_mesh2");
  EXPECT_EQ(d.entries[0].hash, 0x7B757355u);
  EXPECT_EQ(d.entries[1].record.name, "vehicle_generic_mesh2_normal");
  EXPECT_EQ(d.entries[1].hash, 0xC62518B8u);
  for (auto& e : d.entries) {
    EXPECT_EQ(c.texture(e).layout.dxgi, 71u);
    EXPECT_EQ(e.record.width, 64);
    EXPECT_EQ(e.record.mips, 7);
    // The full chain (2744 bytes) is present: the tool wrote whole tiny mips.
    EXPECT_EQ(c.texture(e).layout.legacyFormulaBytes, 2730u);
    ASSERT_EQ(c.texture(e).data.size(), 2744u);
  }
  // Mip 5 (2x2) of the first texture as stored at graphics +2728.
  const auto& data = c.texture(d.entries[0]).data;
  EXPECT_EQ(std::vector<uint8_t>(data.begin() + 2728, data.begin() + 2736),
            (std::vector<uint8_t>{0x08, 0x42, 0x08, 0x42, 0, 0, 0, 0}));
  auto path = sample("nspeedo_grill_2nb.yft");
  ValidationReport r = requireFormat(path).validate(path);
  EXPECT_EQ(r.errors(), 0u);
  EXPECT_EQ(r.warnings(), 0u);
  // The trailing bytes are never read: a note.
  bool noted = false;
  for (auto& f : r.findings)
    noted |= f.severity == Severity::Info &&
             contains(f.message, "4 bytes follow the end of the deflate");
  EXPECT_TRUE(noted);
  EXPECT_EQ(r.summary["textures"], 2);
}

TEST(DrawableEnhanced, V159DrawableWithGen9Dictionary) {
  auto path = write("gen9.ydr", enhancedYdr());
  const FormatHandler& h = requireFormat(path);
  EXPECT_STREQ(h.name, "drawable");
  auto c = readDrawable(testsupport::readBytes(path), path);
  EXPECT_EQ(c.edition, Edition::Enhanced);
  ASSERT_EQ(c.dictionaries.size(), 1u);
  const auto& d = c.dictionaries[0];
  EXPECT_EQ(d.address, 0x50000400u);
  ASSERT_EQ(d.entries.size(), 2u);
  EXPECT_EQ(d.entries[0].record.name, "gen9_normal");
  EXPECT_EQ(c.texture(d.entries[0]).layout.dxgi, 83u);
  EXPECT_TRUE(c.texture(d.entries[0]).layout.censusOk);
  EXPECT_EQ(d.entries[1].record.name, "gen9_diffuse");
  EXPECT_EQ(c.texture(d.entries[1]).layout.dxgi, 99u);
  auto images = h.textures(path, {}).images;
  ASSERT_EQ(images.size(), 2u);
  auto n = image::decodeRGBA8(images[0]);
  EXPECT_EQ(std::vector<uint8_t>(n.begin(), n.begin() + 4), (std::vector<uint8_t>{255, 0, 0, 255}));
  auto dif = image::decodeRGBA8(images[1]);
  EXPECT_EQ(std::vector<uint8_t>(dif.begin(), dif.begin() + 4),
            (std::vector<uint8_t>{255, 1, 1, 255}));
  EXPECT_EQ(images[1].colorSpace, ColorSpace::SRGB);
  ValidationReport r = h.validate(path);
  EXPECT_EQ(r.errors(), 0u);
  EXPECT_EQ(r.summary["invariantChecked"], 2);
  EXPECT_EQ(r.summary["invariantFailures"], 0);
}

// pgDictionary root (ydr-embedded.md §2) at system offset 0: +0x10 u64 0,
// +0x18 u64 1, +0x20 hashes (at 0x40), +0x30 drawable pointers (at 0x60),
// +0x38 count.
static void putYddRoot(Segment& sys, const std::vector<uint64_t>& drawables) {
  sys.u64(0x18, 1);
  ytdfixture::putDictionary(sys, 0, 0x50000040, 0x50000060, uint16_t(drawables.size()));
  for (size_t i = 0; i < drawables.size(); ++i) sys.u64(0x60 + 8 * i, drawables[i]);
}

TEST(DrawableEnhanced, YddEntriesShareAndSkipNulls) {
  // Three entries: two drawables sharing one shader group, and a null entry.
  Segment sys(8192), gfx(8192);
  putYddRoot(sys, {0x50000100, 0, 0x50000200});
  sys.u64(0x100 + 0x10, 0x50000300); // drawable 1 -> shader group
  sys.u64(0x200 + 0x10, 0x50000300); // drawable 2 -> the same shader group
  sys.u64(0x300 + 0x08, 0x50000400); // shader group -> dictionary
  putGen9Dictionary(sys, gfx, 0x400);
  auto bytes = ytdfixture::rsc7(159, 0x90020000, 0xF0020000, sys.b, gfx.b);
  auto c = readDrawable(bytes, "dict.ydd");
  EXPECT_EQ(c.kind, "ydd");
  ASSERT_EQ(c.dictionaries.size(), 1u);
  EXPECT_TRUE(contains(c.readings[0].via, "drawable dictionary entry[0]"));
  // Without the extension the root object tells .ydd from .ydr.
  EXPECT_EQ(readDrawable(bytes, "dict.bin").kind, "ydd");
}

TEST(DrawableEnhanced, YddEntriesReusingTextureNamesExportDistinctFiles) {
  // Two drawables, each with its own shader group and dictionary (at 0x400 and
  // 0x800), both holding gen9_normal and gen9_diffuse: `strata textures` must
  // keep all four, numbering the repeats rather than overwriting.
  Segment sys(8192), gfx(8192);
  putYddRoot(sys, {0x50000100, 0x50000200});
  sys.u64(0x100 + 0x10, 0x50000300); // drawable 1 -> shader group 1
  sys.u64(0x200 + 0x10, 0x50000380); // drawable 2 -> shader group 2
  sys.u64(0x300 + 0x08, 0x50000400); // shader group 1 -> dictionary 1
  sys.u64(0x380 + 0x08, 0x50000800); // shader group 2 -> dictionary 2
  putGen9Dictionary(sys, gfx, 0x400);
  putGen9Dictionary(sys, gfx, 0x800);
  const std::string in =
      write("two.ydd", ytdfixture::rsc7(159, 0x90020000, 0xF0020000, sys.b, gfx.b));
  ASSERT_EQ(readDrawable(testsupport::readBytes(in), in).dictionaries.size(), 2u);
  const auto out = std::filesystem::path(in).parent_path() / "tex";
  auto r = testsupport::cli({"textures", in, "-o", out.string(), "--format", "png"});
  ASSERT_EQ(r.exitCode, 0) << r.output;
  for (const char* f :
       {"gen9_normal.png", "gen9_diffuse.png", "gen9_normal_2.png", "gen9_diffuse_2.png"})
    EXPECT_TRUE(std::filesystem::exists(out / f)) << f << "\n" << r.output;
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(out), {}), 4);
}

TEST(DrawableEnhanced, DrawableWithoutDictionarySaysSoAndWritesNothing) {
  STRATA_SKIP_WITHOUT_SHARED();
  const std::string in = sample("v_61_lng_poster2.ydr");
  const auto out = testsupport::tempDir() / "none";
  auto r = testsupport::cli({"textures", in, "-o", out.string()});
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("holds no textures"), std::string::npos) << r.output;
  EXPECT_FALSE(std::filesystem::exists(out));
}

TEST(DrawableEnhanced, V171FragmentDeduplicatesDictionaries) {
  // FragType (§2): +0x30 main drawable, +0x38 drawable array (count +0x48),
  // +0xF8 cloth drawable. The array holds a drawable with a null shader group
  // and the main drawable again; the cloth drawable has its own shader group
  // pointing at the same dictionary.
  Segment sys(8192), gfx(8192);
  sys.u64(0x30, 0x50000200);
  sys.u64(0x38, 0x50000180);
  sys.u32(0x48, 2);
  sys.u64(0xF8, 0x50000280);
  sys.u64(0x180, 0x50000300); // array[0]: shader group 0
  sys.u64(0x188, 0x50000200); // array[1]: the main drawable again
  sys.u64(0x200 + 0x10, 0x50000340);
  sys.u64(0x280 + 0x10, 0x50000360);
  sys.u64(0x340 + 0x08, 0x50000400);
  sys.u64(0x360 + 0x08, 0x50000400);
  putGen9Dictionary(sys, gfx, 0x400);
  auto c = readDrawable(ytdfixture::rsc7(171, 0xA0020000, 0xB0020000, sys.b, gfx.b), "frag.yft");
  EXPECT_EQ(c.kind, "yft");
  EXPECT_EQ(c.edition, Edition::Enhanced);
  ASSERT_EQ(c.dictionaries.size(), 1u);
  EXPECT_EQ(c.dictionaries[0].entries.size(), 2u);
}

TEST(DrawableBadInput, PointerLoops) {
  // Shader group pointer back at the drawable itself.
  std::string e = errorOf(enhancedYdr(0x50000000), "loop.ydr");
  EXPECT_TRUE(contains(e, "pointer loop")) << e;
  // Dictionary pointer back at the shader group.
  e = errorOf(enhancedYdr(0x50000100, 0x50000100), "loop.ydr");
  EXPECT_TRUE(contains(e, "pointer loop")) << e;
  // Dictionary pointer into the drawable.
  e = errorOf(enhancedYdr(0x50000100, 0x50000008), "loop.ydr");
  EXPECT_TRUE(contains(e, "pointer loop")) << e;
  // A fragment whose main drawable lies inside the FragType root (+0xC0 is
  // within the 0x100 bytes read of it).
  Segment sys(8192), gfx(8192);
  sys.u64(0x30, 0x500000C0);
  e = errorOf(ytdfixture::rsc7(171, 0xA0020000, 0xB0020000, sys.b, gfx.b), "loop.yft");
  EXPECT_TRUE(contains(e, "pointer loop")) << e;
  EXPECT_TRUE(contains(e, "resource root")) << e;
}

TEST(DrawableBadInput, PointersOutsideSegmentsAndCounts) {
  std::string e = errorOf(enhancedYdr(0x50002000), "out.ydr");
  EXPECT_TRUE(contains(e, "shader group pointer")) << e;
  EXPECT_TRUE(contains(e, "system segment holds 8192")) << e;
  e = errorOf(enhancedYdr(0x50000100, 0x60001FF0), "out.ydr");
  EXPECT_TRUE(contains(e, "texture dictionary pointer")) << e;

  Segment sys(8192), gfx(8192);
  sys.u64(0x38, 0x50000180);
  sys.u32(0x48, 0xFFFFFFFF); // array count past the end
  e = errorOf(ytdfixture::rsc7(171, 0xA0020000, 0xB0020000, sys.b, gfx.b), "count.yft");
  EXPECT_TRUE(contains(e, "4294967295 x u64")) << e;
}

TEST(DrawableBadInput, VersionAndExtensionDisagree) {
  auto bytes = enhancedYdr();
  std::string e = errorOf(bytes, "wrong.yft");
  EXPECT_TRUE(contains(e, "not a .yft version")) << e;
  auto path = write("wrong.yft", bytes);
  ValidationReport r = requireFormat(path).validate(path);
  EXPECT_EQ(r.errors(), 1u);
}

TEST(DrawableBadInput, BrokenPiecesAreNamedAndPartialKeepsTheRest) {
  // A .ydd with two entries and dictionaries (at 0x400 and 0x800). The second
  // dictionary's hash array pointer (+0x20) leaves the system segment; in the
  // first, gen9_diffuse's data pointer (record +0x38, ytd-enhanced.md) points
  // 8 bytes before the graphics end, short of its 16-byte BC7 block.
  Segment sys(8192), gfx(8192);
  putYddRoot(sys, {0x50000100, 0x50000200});
  sys.u64(0x100 + 0x10, 0x50000300);
  sys.u64(0x200 + 0x10, 0x50000380);
  sys.u64(0x300 + 0x08, 0x50000400);
  sys.u64(0x380 + 0x08, 0x50000800);
  putGen9Dictionary(sys, gfx, 0x400);
  putGen9Dictionary(sys, gfx, 0x800);
  sys.u64(0x800 + 0x20, 0x50001FFE);
  sys.u64(0x400 + 0x180 + 0x38, 0x60001FF8);
  const std::string in =
      write("broken.ydd", ytdfixture::rsc7(159, 0x90020000, 0xF0020000, sys.b, gfx.b));

  ValidationReport r = requireFormat(in).validate(in);
  ASSERT_EQ(r.errors(), 2u);
  EXPECT_EQ(r.summary["brokenTextures"], 1);
  const Finding* data = nullptr;
  const Finding* dict = nullptr;
  for (const Finding& f : r.findings) {
    if (contains(f.message, "pixel data of texture 'gen9_diffuse'")) data = &f;
    if (contains(f.message, "name hash array")) dict = &f;
  }
  ASSERT_NE(data, nullptr);
  EXPECT_EQ(data->offset, 0x400u + 0x180 + 0x38);
  EXPECT_TRUE(contains(data->message, "(dictionary at 0x50000400 (system +0x400))"))
      << data->message;
  ASSERT_NE(dict, nullptr);
  EXPECT_EQ(dict->offset, 0x800u + 0x20);

  const auto dir = std::filesystem::path(in).parent_path();
  auto refused = testsupport::cli({"convert", in, "-o", (dir / "x.glb").string()});
  EXPECT_EQ(refused.exitCode, 1);
  EXPECT_FALSE(std::filesystem::exists(dir / "x.glb"));
  auto p = testsupport::cli({"convert", in, "-o", (dir / "x.glb").string(), "--partial"});
  ASSERT_EQ(p.exitCode, 0) << p.output;
  EXPECT_TRUE(
      contains(p.output, "left out: dictionary at 0x50000800 (system +0x800): name hash array"))
      << p.output;
  EXPECT_TRUE(contains(p.output, "left out: pixel data of texture 'gen9_diffuse'")) << p.output;
  LoadOptions partial;
  partial.partial = true;
  TextureSet set = requireFormat(in).textures(in, partial);
  ASSERT_EQ(set.images.size(), 1u);
  EXPECT_EQ(set.images[0].name, "gen9_normal");
  EXPECT_EQ(set.leftOut.size(), 2u);
}

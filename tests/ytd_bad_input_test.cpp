// Bad .ytd input: every case is a clear strata::Error (file, offset, what was
// expected), never a crash, hang or unbounded allocation.
#include "strata/error.h"
#include "strata/formats.h"
#include "test_support.h"
#include "ytd/ytd_check.h"
#include "ytd/ytd_read.h"
#include "ytd/ytd_write.h"
#include "ytd_fixture.h"

#include <gtest/gtest.h>

#include <random>

using namespace strata;
using namespace strata::ytd;
using testsupport::contains;
using ytdfixture::Segment;

namespace {

// Runs the reader and the load path's check (what convert and textures
// refuse with) and returns the error text (empty when neither threw).
std::string errorOf(const std::vector<uint8_t>& bytes, uint64_t* offset = nullptr) {
  try {
    intactTextures(readYtd(bytes, "bad.ytd"), false);
  } catch (const Error& e) {
    EXPECT_EQ(e.file(), "bad.ytd");
    if (offset) *offset = e.offset();
    return e.what();
  }
  return "";
}

// A legacy dictionary with one texture, as segments (system 8192 bytes,
// graphics 8192), laid out by hand from ytd-layout.md.
struct Legacy {
  Segment sys{8192}, gfx{8192};
  Legacy() {
    sys.u64(0x20, 0x50000100); // hashes
    sys.u16(0x28, 1);
    sys.u16(0x2A, 1);
    sys.u64(0x30, 0x50000200); // texture pointers
    sys.u16(0x38, 1);
    sys.u16(0x3A, 1);
    sys.u32(0x100, 0x1DD0C3C4); // joaat("horizontal_grid")
    sys.u64(0x200, 0x50000300);
    const size_t t = 0x300; // legacy record (0x90 bytes)
    sys.u64(t + 0x28, 0x50000400);
    sys.u16(t + 0x50, 8);          // width
    sys.u16(t + 0x52, 8);          // height
    sys.u16(t + 0x54, 1);          // depth
    sys.u16(t + 0x56, 4);          // stride: 2 blocks x 8 / 4
    sys.u32(t + 0x58, 0x31545844); // "DXT1"
    sys.u8(t + 0x5D, 1);           // mips
    sys.u64(t + 0x70, 0x60000000); // data
    sys.str(0x400, "horizontal_grid");
  }
  std::vector<uint8_t> file(uint32_t sysFlags = 0x00020000, uint32_t gfxFlags = 0xD0020000) {
    return ytdfixture::rsc7(13, sysFlags, gfxFlags, sys.b, gfx.b);
  }
};

} // namespace

TEST(YtdBadInput, TheFixtureItselfIsValid) {
  Legacy l;
  auto c = readYtd(l.file(), "ok.ytd");
  ASSERT_EQ(c.dictionaries[0].entries.size(), 1u);
  EXPECT_EQ(c.dictionaries[0].entries[0].record.name, "horizontal_grid");
  EXPECT_EQ(c.texture(c.dictionaries[0].entries[0]).data.size(), 32u);
}

TEST(YtdBadInput, TruncatedHeaderAndWrongMagic) {
  Legacy l;
  auto f = l.file();
  uint64_t off = 0;
  std::string t = errorOf({f.begin(), f.begin() + 10}, &off);
  EXPECT_TRUE(contains(t, "system page flags")) << t;
  EXPECT_EQ(off, 8u);
  auto bad = f;
  bad[3] = '8';
  EXPECT_TRUE(contains(errorOf(bad, &off), "RSC7 magic"));
  EXPECT_EQ(off, 0u);
}

TEST(YtdBadInput, VersionNibblesMustMatch) {
  Legacy l;
  std::string e = errorOf(l.file(0x00020000, 0xC0020000)); // 12, not 13
  EXPECT_TRUE(contains(e, "version nibbles")) << e;
  e = errorOf(l.file(0x10020000, 0xD0020000));
  EXPECT_TRUE(contains(e, "version nibbles")) << e;
}

TEST(YtdBadInput, TruncatedDeflateStream) {
  Legacy l;
  auto f = l.file();
  f.resize(f.size() / 2);
  std::string e = errorOf(f);
  EXPECT_TRUE(contains(e, "deflate") || contains(e, "size mismatch")) << e;
}

TEST(YtdBadInput, DecompressedSizeMismatch) {
  Legacy l;
  // Flags promise 16384 system bytes; the stream holds 8192 + 8192, so the
  // graphics segment would come up short.
  std::string e = errorOf(l.file(0x00040000, 0xD0020000));
  EXPECT_TRUE(contains(e, "decompressed size mismatch")) << e;
  // Flags promise less than the stream holds.
  e = errorOf(l.file(0x00020000, 0xD0000000));
  EXPECT_TRUE(contains(e, "decompressed size mismatch")) << e;
}

TEST(YtdBadInput, DeflateBombIsRefusedBeforeAllocating) {
  // Flags declare 0x200 << 15 x 127 x 16 bytes (about 2 TiB of graphics) for a
  // few hundred compressed bytes.
  Legacy l;
  std::string e = errorOf(l.file(0x00020000, 0xD0000000 | 0x7F << 17 | 15));
  EXPECT_TRUE(contains(e, "cannot inflate")) << e;
  // 64 KiB of zeros (about 70 compressed bytes) under flags that claim
  // 0x200 << 15 x 16 = 256 MiB of system pages: more than 1032:1.
  std::vector<uint8_t> zeros(1 << 16, 0);
  auto f = ytdfixture::rsc7(13, 0x00020000 | 15, 0xD0000000, zeros, {});
  e = errorOf(f);
  EXPECT_TRUE(contains(e, "cannot inflate")) << e;
}

TEST(YtdBadInput, PointersOutsideTheirSegment) {
  {
    Legacy l;
    l.sys.u64(0x20, 0x50001FFE); // 1 hash = 4 bytes, 2 left
    uint64_t off = 0;
    std::string e = errorOf(l.file(), &off);
    EXPECT_TRUE(contains(e, "name hash array")) << e;
    EXPECT_TRUE(contains(e, "system segment holds 8192")) << e;
    EXPECT_EQ(off, 0x20u);
  }
  {
    Legacy l;
    l.sys.u64(0x200, 0x60001FA0); // record of 0x90 bytes past the graphics end
    std::string e = errorOf(l.file());
    EXPECT_TRUE(contains(e, "legacy texture record")) << e;
  }
  {
    Legacy l;
    l.sys.u64(0x300 + 0x70, 0x60001FF0); // 32 bytes of data, 16 left
    uint64_t off = 0;
    std::string e = errorOf(l.file(), &off);
    EXPECT_TRUE(contains(e, "pixel data of texture 'horizontal_grid'")) << e;
    EXPECT_EQ(off, 0x300u + 0x70);
  }
  {
    Legacy l;
    l.sys.u64(0x300 + 0x28, 0x70000400); // neither system nor graphics
    std::string e = errorOf(l.file());
    EXPECT_TRUE(contains(e, "expected a system (0x5xxxxxxx) or graphics (0x6xxxxxxx) pointer"))
        << e;
  }
}

TEST(YtdBadInput, CountsPastTheEnd) {
  Legacy l;
  l.sys.u16(0x28, 0xFFFF);
  l.sys.u16(0x38, 0xFFFF);
  std::string e = errorOf(l.file());
  EXPECT_TRUE(contains(e, "65535 x u32")) << e;
}

TEST(YtdBadInput, UnterminatedNameAndSelfPointer) {
  {
    Legacy l;
    std::fill(l.sys.b.begin() + 0x400, l.sys.b.end(), 'a');
    std::string e = errorOf(l.file());
    EXPECT_TRUE(contains(e, "NUL-terminated")) << e;
  }
  {
    Legacy l;
    l.sys.u64(0x200, 0x50000000); // the texture is the dictionary itself
    std::string e = errorOf(l.file());
    EXPECT_TRUE(contains(e, "points back into its own dictionary")) << e;
  }
}

TEST(YtdBadInput, ValidateNeverThrows) {
  auto dir = testsupport::tempDir();
  auto path = (dir / "bad.ytd").string();
  Legacy l;
  l.sys.u64(0x20, 0x50001FFE);
  testsupport::writeBytes(path, l.file());
  const FormatHandler* h = detectFormat(path);
  ASSERT_NE(h, nullptr);
  ValidationReport r = h->validate(path);
  ASSERT_EQ(r.errors(), 1u);
  EXPECT_EQ(r.findings[0].offset, 0x20u);
  EXPECT_EQ(r.summary["unreadableFiles"], 1);
  EXPECT_THROW(h->textures(path, {}), Error);
  EXPECT_THROW(h->load(path, {}), Error);
}

TEST(YtdBadInput, RandomCorruptionNeverCrashes) {
  // Mutations of a written dictionary's segments (re-compressed, so they get
  // past the deflate layer): every outcome is success or a strata::Error.
  const auto good = writeYtd(std::vector<Image>{[] {
                               Image i;
                               i.name = "fuzz";
                               i.dxgiFormat = 71;
                               i.width = i.height = 16;
                               i.mipLevels = 5;
                               i.data.assign(128 + 32 + 8 + 8 + 8, 0x55);
                               return i;
                             }()},
                             Edition::Enhanced);
  const size_t sysSize = 8192;
  auto plain = ytdfixture::inflateRaw(good.data() + 16, good.size() - 16, 8192 + 8192);
  std::mt19937 rng(1234);
  int errors = 0;
  for (int round = 0; round < 400; ++round) {
    auto p = plain;
    const int edits = 1 + int(rng() % 4);
    for (int k = 0; k < edits; ++k) p[rng() % 0x300] = uint8_t(rng()); // root, arrays, record
    std::vector<uint8_t> sys(p.begin(), p.begin() + sysSize), gfx(p.begin() + sysSize, p.end());
    auto f = ytdfixture::rsc7(5, 0x00020000, 0x50020000, sys, gfx);
    try {
      auto c = readYtd(f, "fuzz.ytd");
      (void)c;
    } catch (const Error&) {
      ++errors;
    }
  }
  EXPECT_GT(errors, 0);
}

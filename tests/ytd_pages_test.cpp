// The RSC7 page layout of the writers (ytd_pages.h): every block inside one
// page, the root first, the flags' size equal to the segment, the page counts
// inside their fields, and the limits refused with a message; checked
// against the size(flags) formula of ytd-layout.md written out here.
#include "strata/error.h"
#include "ytd/ytd_pages.h"
#include "ytd/ytd_rsc7.h"

#include <gtest/gtest.h>

#include <random>

using namespace strata;
using namespace strata::ytd;

namespace {

// ytd-layout.md size(flags), as the spec writes it.
uint64_t specSize(uint32_t f) {
  return (uint64_t(0x200) << (f & 0xF)) *
         (((f >> 4) & 1) * 256 + ((f >> 5) & 3) * 128 + ((f >> 7) & 0xF) * 64 +
          ((f >> 11) & 0x3F) * 32 + ((f >> 17) & 0x7F) * 16 + ((f >> 24) & 1) * 8 +
          ((f >> 25) & 1) * 4 + ((f >> 26) & 1) * 2 + ((f >> 27) & 1));
}

void expectSound(const std::vector<uint64_t>& sizes, const PageLayout& L, bool rootFirst) {
  const uint32_t flags = L.flags(0xD);
  EXPECT_EQ(flags >> 28, 0xDu);
  EXPECT_EQ(specSize(flags), L.bytes);
  const std::vector<uint64_t> pages = pagesOfFlags(flags);
  EXPECT_EQ(pages.size(), L.pageCount());
  for (size_t i = 1; i < pages.size(); ++i) EXPECT_GE(pages[i - 1], pages[i]) << "largest first";
  ASSERT_EQ(L.offsets.size(), sizes.size());
  if (rootFirst && !sizes.empty()) {
    EXPECT_EQ(L.offsets[0], 0u);
  }
  for (size_t i = 0; i < sizes.size(); ++i) {
    EXPECT_TRUE(insideOnePage(pages, L.offsets[i], sizes[i])) << "block " << i;
    EXPECT_EQ(L.offsets[i] % 16, 0u);
    for (size_t j = 0; j < i; ++j)
      EXPECT_TRUE(L.offsets[i] + sizes[i] <= L.offsets[j] ||
                  L.offsets[j] + sizes[j] <= L.offsets[i])
          << "blocks " << j << " and " << i << " overlap";
  }
}

} // namespace

TEST(YtdPages, FlagsOfThePublicLegacyFiles) {
  // krz_RageUI.ytd: system 0x00020000 (one 8 KiB page), graphics 0xD0040002
  // (two 32 KiB pages); lvc.ytd graphics 0xD0060004 (three of 128 KiB);
  // casinoui graphics 0xD0000080 (one 64-unit page of 32 KiB).
  EXPECT_EQ(pagesOfFlags(0x00020000), std::vector<uint64_t>{8192});
  EXPECT_EQ(pagesOfFlags(0xD0040002), (std::vector<uint64_t>{32768, 32768}));
  EXPECT_EQ(pagesOfFlags(0xD0060004), (std::vector<uint64_t>(3, 131072)));
  EXPECT_EQ(pagesOfFlags(0xD0000080), std::vector<uint64_t>{32768});
  for (uint32_t f : {0x00020000u, 0xD0040002u, 0xD0060004u, 0xD0000080u, 0xA0020080u})
    EXPECT_EQ(specSize(f), [&] {
      uint64_t t = 0;
      for (uint64_t p : pagesOfFlags(f)) t += p;
      return t;
    }());
}

TEST(YtdPages, TexturesOfThePublicFilesGetAPageEach) {
  // lvc.ytd's three 87,360-byte DXT5 chains: one 128 KiB page each, as the
  // file has them.
  const std::vector<uint64_t> sizes(3, 87360);
  const PageLayout L = layoutPages(sizes, false, "graphics");
  expectSound(sizes, L, false);
  EXPECT_EQ(L.bytes, 3u * 131072);
}

TEST(YtdPages, SmallBlocksShareAPageAndTheRootComesFirst) {
  const std::vector<uint64_t> sizes = {0x40, 8, 16, 0x90, 0x90, 12, 13, 40};
  const PageLayout L = layoutPages(sizes, true, "system");
  expectSound(sizes, L, true);
  EXPECT_EQ(L.pageCount(), 1u);
  EXPECT_EQ(L.bytes, 8192u);
}

TEST(YtdPages, RandomBlockSetsLayOutSoundly) {
  std::mt19937 rng(44);
  for (int round = 0; round < 200; ++round) {
    std::vector<uint64_t> sizes(1 + rng() % 60);
    for (uint64_t& s : sizes) s = rng() % 4 == 0 ? rng() % 600000 : rng() % 3000;
    const bool root = rng() % 2;
    expectSound(sizes, layoutPages(sizes, root, "random"), root);
  }
}

TEST(YtdPages, ManyBlocksGrowThePageUnit) {
  // 400 blocks of 8 KiB do not fit 127 + 63 + 15 + 3 + 1 pages of the
  // smallest unit one a page: the unit doubles until they do.
  const std::vector<uint64_t> sizes(400, 8192);
  const PageLayout L = layoutPages(sizes, false, "graphics");
  expectSound(sizes, L, false);
  EXPECT_GT(L.shift, 0u);
}

TEST(YtdPages, ABlockLargerThanTheLargestPageIsRefused) {
  // 256 units of 0x200 << 15 = 4 GiB is the largest page a flags word holds.
  const uint64_t largest = uint64_t(0x200) << 15 << 8;
  EXPECT_NO_THROW(layoutPages({largest}, false, "graphics"));
  try {
    layoutPages({largest + 1}, false, "graphics");
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("larger than the largest page"), std::string::npos)
        << e.what();
  }
}

TEST(YtdPages, ResourcesBeyondWhatStrataReadsAreNotWritten) {
  // Flags describing 4 GiB of graphics: refused before anything is allocated.
  const uint32_t gfx = 0xD0000010 | 0xF; // one page of 256 units at shift 15
  try {
    writeResource(13, 0x00020000, gfx, std::vector<uint8_t>(16), std::vector<uint8_t>(16));
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("at most"), std::string::npos) << e.what();
  }
}

TEST(YtdPages, PageInfoCountsEveryPage) {
  std::vector<uint8_t> sys(64, 0xCD);
  writePageInfo(sys, 16, 1, 3);
  EXPECT_EQ(sys[16 + 8], 1);
  EXPECT_EQ(sys[16 + 9], 3);
  for (size_t i = 16; i < 16 + pageInfoSize(4); ++i)
    if (i != 24 && i != 25) {
      EXPECT_EQ(sys[i], 0) << i;
    }
  EXPECT_EQ(sys[15], 0xCD);
  EXPECT_EQ(pageInfoSize(4), 48u);
}

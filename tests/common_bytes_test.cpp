// fitsWithin (common/bytes.h): the one range check for offsets and counts
// read from files, which must hold where `offset + n > size` wraps.
#include "common/bytes.h"

#include <gtest/gtest.h>

#include <cstdint>

using strata::fitsWithin;

TEST(CheckedRange, AWrappedSumNeverFits) {
  // tfrag textures_base -256, widened to uint64, plus a 32x32 mip: the sum
  // wraps to 768, inside a 10048-byte core_data, and the naive check passed.
  const uint64_t src = uint64_t(int64_t(-256));
  ASSERT_EQ(src + 1024, 768u);
  EXPECT_FALSE(fitsWithin(src, 1024, 10048));
  EXPECT_FALSE(fitsWithin(0, UINT64_MAX, 10048));
  EXPECT_FALSE(fitsWithin(UINT64_MAX, 1, UINT64_MAX));
}

TEST(CheckedRange, EdgesOfTheBuffer) {
  EXPECT_TRUE(fitsWithin(10048 - 1024, 1024, 10048));
  EXPECT_FALSE(fitsWithin(10048 - 1023, 1024, 10048));
  EXPECT_TRUE(fitsWithin(10048, 0, 10048)); // an empty range at the end
  EXPECT_FALSE(fitsWithin(10049, 0, 10048));
  EXPECT_TRUE(fitsWithin(0, 0, 0));
}

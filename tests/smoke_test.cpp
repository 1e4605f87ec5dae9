#include "common/bytes.h"

#include <gtest/gtest.h>

TEST(ByteReader, TruncatedReadNamesFileAndOffset) {
  std::vector<uint8_t> b = {1, 2, 3};
  strata::ByteReader r(b, "x.bin");
  EXPECT_EQ(r.u16("a"), 0x0201);
  try {
    r.u32("the count");
    FAIL();
  } catch (const strata::Error& e) {
    EXPECT_EQ(e.offset(), 2u);
    EXPECT_NE(std::string(e.what()).find("x.bin"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("the count"), std::string::npos);
  }
}

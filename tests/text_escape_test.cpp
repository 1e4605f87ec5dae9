// strata/text.h: the one way bytes from files become UTF-8 text. Expected texts are written from
// the rule in the header (RFC 3629's well-formed sequences kept, every other byte and every '%' as
// %XX), and the test reads them back with its own decoder to show the mapping is reversible and so
// never maps two names to one.
#include "strata/text.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <set>

using strata::escapeUtf8;
using strata::isUtf8;

namespace {

// %XX -> byte XX; everything else as it is.
std::string unescape(const std::string& s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size()) {
      out += char(std::stoi(s.substr(i + 1, 2), nullptr, 16));
      i += 2;
    } else {
      out += s[i];
    }
  }
  return out;
}

} // namespace

TEST(TextEscape, ValidUtf8WithoutPercentIsUnchanged) {
  for (const std::string s :
       {"", "horizontal_grid", "pack:/penetrator_zgr.dds", "caf\xC3\xA9", "\xE2\x82\xAC",
        "\xF0\x9F\x98\x80", "\xEF\xBF\xBF", "\xF4\x8F\xBF\xBF"}) {
    EXPECT_TRUE(isUtf8(s)) << s;
    EXPECT_EQ(escapeUtf8(s), s);
  }
}

TEST(TextEscape, InvalidBytesAndPercentBecomeHex) {
  EXPECT_EQ(escapeUtf8("caf\xE9"), "caf%E9");                // Latin-1 e-acute
  EXPECT_EQ(escapeUtf8("100%"), "100%25");                   // the escape character itself
  EXPECT_EQ(escapeUtf8("caf%E9"), "caf%25E9");               // a name that looks escaped
  EXPECT_EQ(escapeUtf8("\xC0\xAF"), "%C0%AF");               // overlong '/'
  EXPECT_EQ(escapeUtf8("\xE0\x80\xAF"), "%E0%80%AF");        // overlong, 3 bytes
  EXPECT_EQ(escapeUtf8("\xED\xA0\x80"), "%ED%A0%80");        // a UTF-16 surrogate
  EXPECT_EQ(escapeUtf8("\xF4\x90\x80\x80"), "%F4%90%80%80"); // above U+10FFFF
  EXPECT_EQ(escapeUtf8("\xF5\x80"), "%F5%80");
  EXPECT_EQ(escapeUtf8("\xFF"), "%FF");
  EXPECT_EQ(escapeUtf8("a\xC3"), "a%C3");               // a sequence cut at the end
  EXPECT_EQ(escapeUtf8("\xC3\xC3\xA9"), "%C3\xC3\xA9"); // a lead byte, then a whole sequence
  EXPECT_EQ(escapeUtf8("\x80z"), "%80z");               // a lone continuation byte
  EXPECT_FALSE(isUtf8("caf\xE9"));
  EXPECT_FALSE(isUtf8("\xED\xA0\x80"));
}

TEST(TextEscape, ResultIsUtf8ReversibleAndCollisionFree) {
  // Every byte alone and in pairs, plus names that look like escapes.
  std::vector<std::string> inputs = {"%", "%%", "%25", "%E9", "caf%E9", "caf\xE9", "%2525"};
  for (int a = 0; a < 256; ++a) {
    inputs.push_back(std::string(1, char(a)));
    for (int b : {0x41, 0x80, 0xA9, 0xBF, 0xC3, 0xE9, 0xFF}) inputs.push_back({char(a), char(b)});
  }
  std::set<std::string> texts;
  for (const std::string& in : inputs) {
    const std::string t = escapeUtf8(in);
    ASSERT_TRUE(isUtf8(t)) << t;
    EXPECT_EQ(unescape(t), in) << t;
    // nlohmann::json dumps it without type_error.316.
    EXPECT_NO_THROW((void)nlohmann::json(t).dump());
    texts.insert(t);
  }
  std::set<std::string> distinct(inputs.begin(), inputs.end());
  EXPECT_EQ(texts.size(), distinct.size());
}

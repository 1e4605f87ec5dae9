// WAD compression (rc2-level-wad.md section 3): the spec's three worked
// vectors byte for byte, a hand-built stream for every packet kind, every
// malformed case an error naming the stream and the packet's offset, and the
// encoder's rules checked on what it writes (round trips, no two literal runs
// in a row, block markers before a 0x2000 boundary).
#include "strata/error.h"
#include "wad/wad_codec.h"

#include <gtest/gtest.h>

#include <random>

using namespace strata;

namespace {

// A stream: the 16-byte header ("WAD", total size at 3, the tag) and `body`.
std::vector<uint8_t> stream(const std::vector<uint8_t>& body) {
  std::vector<uint8_t> s = {'W', 'A', 'D', 0, 0, 0, 0, 'c', 'o', 'r', 'e', 'd', 'a', 't', 'a'};
  s.push_back(0);
  s.insert(s.end(), body.begin(), body.end());
  const uint32_t n = uint32_t(s.size());
  for (int b = 0; b < 4; ++b) s[3 + size_t(b)] = uint8_t(n >> (8 * b));
  return s;
}

std::string decode(const std::vector<uint8_t>& s, int64_t expected = -1) {
  const wad::StreamRef r{s.data(), s.size(), "LEVEL1.WAD", 0x1000, "core_data"};
  const std::vector<uint8_t> out = wad::decompress(r, expected);
  return std::string(out.begin(), out.end());
}

// The error a malformed stream gives: its message, and its file offset.
Error decodeError(const std::vector<uint8_t>& s, int64_t expected = -1) {
  try {
    decode(s, expected);
  } catch (const Error& e) {
    return e;
  }
  ADD_FAILURE() << "the stream decoded";
  return Error("", 0, "");
}

} // namespace

TEST(WadCodec, WorkedVectorsOfTheSpec) {
  // "the header for the first is 57 41 44 17 00 00 00 + 9 tag bytes"
  const std::vector<uint8_t> first = stream({0x01, 'A', 'B', 'C', 'D', 0xEC, 0x00});
  ASSERT_EQ(first.size(), 0x17u);
  EXPECT_EQ(std::vector<uint8_t>(first.begin(), first.begin() + 7),
            (std::vector<uint8_t>{0x57, 0x41, 0x44, 0x17, 0, 0, 0}));
  EXPECT_EQ(decode(first), "ABCDABCDABCD");
  EXPECT_EQ(decode(stream({0x11, 0x03, 0x00, 'X', 'Y', 'Z'})), "XYZ");
  EXPECT_EQ(decode(stream({0x11, 0x02, 0x00, 'a', 'b', 0x23, 0x00, 0x00})), "abbbbbb");
}

TEST(WadCodec, EveryPacketKind) {
  // Short match 0x40-0xFF: length (f >> 5) + 1, distance H*8 + ((f >> 2) & 7) + 1,
  // trailing f & 3. 0x65 = length 4, distance 0*8 + 1 + 1 = 2, one trailing literal.
  EXPECT_EQ(decode(stream({0x01, 'a', 'b', 'c', 'd', 0x65, 0x00, 'Z'})), "abcdcdcdZ");
  // Distance from H: 0x40 H=1 -> distance 9, length 3.
  EXPECT_EQ(decode(stream({0x06, '0', '1', '2', '3', '4', '5', '6', '7', '8', 0x40, 0x01})),
            "012345678012");
  // Medium 0x20-0x3F: length (f & 0x1F) + 2, distance D1*64 + (D0 >> 2) + 1, trailing D0 & 3.
  // 0x23 = length 5; D0 = 0x0E: distance 3 + 1 = 4, two trailing literals.
  EXPECT_EQ(decode(stream({0x01, 'w', 'x', 'y', 'z', 0x23, 0x0E, 0x00, '!', '?'})), "wxyzwxyzw!?");
  // Big: 0x20 then x, length x + 33; distance 1 repeats the last byte 40 times.
  EXPECT_EQ(decode(stream({0x11, 0x01, 0x00, 'q', 0x20, 7, 0x00, 0x00})), std::string(41, 'q'));
  // Far 0x10-0x1F: L = f & 7, length L + 2, distance raw + 0x4000 (16385..).
  std::vector<uint8_t> body = {0x00, 0xFF}; // a run of 273 literals
  std::string want;
  for (int i = 0; i < 273; ++i) {
    body.push_back(uint8_t('A' + i % 26));
    want += char('A' + i % 26);
  }
  // 16,384 more bytes: 62 big matches of 264 at distance 273 (16,368) + one of 16.
  for (int k = 0; k < 62; ++k) body.insert(body.end(), {0x20, 264 - 33, (272 & 63) << 2, 272 >> 6});
  body.insert(body.end(), {0x20 | (16 - 2), (272 & 63) << 2, 272 >> 6});
  for (int i = 0; i < 16384; ++i) want += want[want.size() - 273];
  // Far, length 4 (L = 2) at distance 0x4000 + 5 = 16389, D0 = 5 << 2: raw 5.
  body.insert(body.end(), {0x12, 5 << 2, 0x00});
  for (int i = 0; i < 4; ++i) want += want[want.size() - 16389];
  // Long far: 0x10 then x, L = x + 7; x = 3: length 12, raw 1 -> distance 16385; 3 trailing.
  body.insert(body.end(), {0x10, 3, (1 << 2) | 3, 0x00, 'x', 'y', 'z'});
  for (int i = 0; i < 12; ++i) want += want[want.size() - 16385];
  want += "xyz";
  EXPECT_EQ(decode(stream(body)), want);
}

TEST(WadCodec, LiteralRunsDummiesAndOverlaps) {
  // A literal run of 273 (0x00 0xFF), the longest.
  std::vector<uint8_t> body = {0x00, 0xFF};
  std::string want;
  for (int i = 0; i < 273; ++i) {
    body.push_back(uint8_t(i));
    want += char(i);
  }
  EXPECT_EQ(decode(stream(body)), want);
  // 4 and 18: flags 1 and 15.
  EXPECT_EQ(decode(stream({0x01, 'a', 'b', 'c', 'd'})), "abcd");
  std::vector<uint8_t> eighteen = {0x0F};
  for (int i = 0; i < 18; ++i) eighteen.push_back(uint8_t('a' + i));
  EXPECT_EQ(decode(stream(eighteen)), "abcdefghijklmnopqr");
  // Dummies with 1, 2 and 3 trailing literals, and one with none.
  EXPECT_EQ(decode(stream({0x11, 0x01, 0x00, 'a'})), "a");
  EXPECT_EQ(decode(stream({0x11, 0x02, 0x00, 'a', 'b'})), "ab");
  EXPECT_EQ(decode(stream({0x11, 0x03, 0x00, 'a', 'b', 'c', 0x11, 0x00, 0x00})), "abc");
  // Overlap: distance 3 below length 8 repeats the three bytes.
  EXPECT_EQ(decode(stream({0x11, 0x03, 0x00, 'x', 'y', 'z', 0xE8, 0x00})), "xyzxyzxyzxy");
  // Two literal runs with a dummy between them are fine; a stream may end with a run.
  EXPECT_EQ(decode(stream({0x01, 'a', 'b', 'c', 'd', 0x11, 0, 0, 0x01, 'e', 'f', 'g', 'h'})),
            "abcdefgh");
}

TEST(WadCodec, BlockMarkerSkipsToTheNext0x2000Boundary) {
  // `12 00 00` (raw 0, L != 1) skips input to the next multiple of 0x2000 from
  // the stream start (offset 0x10); the filler (0xEE) is never decoded.
  std::vector<uint8_t> body = {0x01, 'a', 'b', 'c', 'd', 0x12, 0x00, 0x00};
  body.resize(0x2000, 0xEE);
  body.insert(body.end(), {0x11, 0x02, 0x00, 'e', 'f'});
  EXPECT_EQ(decode(stream(body)), "abcdef");
  // A marker whose boundary lies past the stored end is an error at the marker.
  std::vector<uint8_t> cut = {0x01, 'a', 'b', 'c', 'd', 0x12, 0x00, 0x00, 0xEE};
  const Error e = decodeError(stream(cut));
  EXPECT_EQ(e.offset(), 0x1000u + 0x15);
  EXPECT_NE(e.detail().find("block marker"), std::string::npos) << e.what();
}

TEST(WadCodec, MalformedStreamsAreErrorsAtThePacket) {
  // A distance larger than the output so far: the packet at stream byte 0x15.
  Error e = decodeError(stream({0x01, 'A', 'B', 'C', 'D', 0xEC, 0x09}));
  EXPECT_EQ(e.file(), "LEVEL1.WAD");
  EXPECT_EQ(e.offset(), 0x1000u + 0x15);
  EXPECT_NE(e.detail().find("core_data: WAD packet at byte 0x15"), std::string::npos) << e.what();
  EXPECT_NE(e.detail().find("distance 76"), std::string::npos) << e.what();
  // A packet cut by the stored end: a medium match missing its second distance byte.
  e = decodeError(stream({0x01, 'A', 'B', 'C', 'D', 0x23, 0x0E}));
  EXPECT_EQ(e.offset(), 0x1000u + 0x15);
  EXPECT_NE(e.detail().find("cut by the stream's stored end"), std::string::npos) << e.what();
  // A literal run running past the stored end.
  e = decodeError(stream({0x05, 'A', 'B'}));
  EXPECT_EQ(e.offset(), 0x1000u + 0x10);
  EXPECT_NE(e.detail().find("expected 8 literal bytes"), std::string::npos) << e.what();
  // Trailing literals cut.
  e = decodeError(stream({0x11, 0x03, 0x00, 'a'}));
  EXPECT_NE(e.detail().find("trailing literal bytes"), std::string::npos) << e.what();
  // Two literal runs in a row.
  e = decodeError(stream({0x01, 'a', 'b', 'c', 'd', 0x01, 'e', 'f', 'g', 'h'}));
  EXPECT_EQ(e.offset(), 0x1000u + 0x15);
  EXPECT_NE(e.detail().find("follows the literal run at byte 0x10"), std::string::npos) << e.what();
  // A stored size past the buffer, and one below the header.
  std::vector<uint8_t> s = stream({0x11, 0x01, 0x00, 'a'});
  s[3] = 0x40;
  e = decodeError(s);
  EXPECT_EQ(e.offset(), 0x1000u + 3);
  EXPECT_NE(e.detail().find("stores a total size of 64 bytes but only 20"), std::string::npos)
      << e.what();
  s[3] = 0x08;
  e = decodeError(s);
  EXPECT_NE(e.detail().find("expected at least its own 16"), std::string::npos) << e.what();
  // No magic.
  s = stream({0x11, 0x01, 0x00, 'a'});
  s[0] = 'X';
  e = decodeError(s);
  EXPECT_EQ(e.offset(), 0x1000u);
  EXPECT_NE(e.detail().find("starting with \"WAD\""), std::string::npos) << e.what();
}

TEST(WadCodec, OutputIsBoundedByTheDeclaredSize) {
  const std::vector<uint8_t> s = stream({0x01, 'A', 'B', 'C', 'D', 0xEC, 0x00}); // 12 bytes
  EXPECT_EQ(decode(s, 12), "ABCDABCDABCD");
  // Declared 10: the match that would pass it is the error, at its packet.
  Error e = decodeError(s, 10);
  EXPECT_EQ(e.offset(), 0x1000u + 0x15);
  EXPECT_NE(e.detail().find("past 10 bytes, the decompressed size the level declares"),
            std::string::npos)
      << e.what();
  // Declared 20: the stream ends short, an error at its stored end.
  e = decodeError(s, 20);
  EXPECT_EQ(e.offset(), 0x1000u + 0x17);
  EXPECT_NE(e.detail().find("decodes to 12 bytes at its stored end; the level declares 20"),
            std::string::npos)
      << e.what();
  // A size no stream of 7 packet bytes can reach (66 x 7) is refused before
  // anything is allocated; so is one past the hard cap.
  e = decodeError(s, 66 * 7 + 1);
  EXPECT_NE(e.detail().find("decodes to at most 462"), std::string::npos) << e.what();
  e = decodeError(s, int64_t(wad::kHardCap) + 1);
  EXPECT_NE(e.detail().find("Strata's limit"), std::string::npos) << e.what();
  // Undeclared output is capped too.
  const wad::StreamRef r{s.data(), s.size(), "f", 0, "chunk 1 tfrags"};
  EXPECT_THROW(wad::decompress(r, -1, 8), Error);
}

namespace {

// Walks the packets of a stream the encoder wrote and checks section 3's
// rules on them: no two literal runs in a row, literal runs of 4..273,
// no packet crossing 0x1FFD of its block, markers written as 12 00 00 + EE.
void expectEncoderRules(const std::vector<uint8_t>& s) {
  size_t pos = 16;
  bool afterRun = false;
  while (pos < s.size()) {
    const size_t at = pos;
    const uint8_t f = s[pos++];
    size_t trail = 0;
    if (f < 0x10) {
      ASSERT_FALSE(afterRun) << "two literal runs in a row at " << at;
      const size_t n = f ? f + 3 : s[pos++] + 18;
      EXPECT_GE(n, 4u);
      pos += n;
      afterRun = true;
    } else {
      afterRun = false;
      if (f >= 0x40) {
        pos += 1;
        trail = f & 3;
      } else {
        if ((f & (f >= 0x20 ? 0x1F : 7)) == 0) ++pos;
        const uint8_t d0 = s[pos], d1 = s[pos + 1];
        pos += 2;
        trail = d0 & 3;
        if (f < 0x20) {
          EXPECT_EQ(f & 8, 0) << "far-match bit 3 set at " << at;
        }
        if (f == 0x12 && d0 == 0 && d1 == 0) { // block marker
          while ((pos - 16) % 0x2000) ASSERT_EQ(s[pos++], 0xEE);
          continue;
        }
      }
      pos += trail;
    }
    // Rule 4: every packet but a marker ends by 0x1FFD of its block.
    EXPECT_LE((at - 16) % 0x2000 + (pos - at), 0x1FFDu) << "packet at " << at;
  }
  EXPECT_EQ(pos, s.size());
}

} // namespace

TEST(WadCodec, EncoderRoundTripsAndFollowsTheRules) {
  std::mt19937 rng(40);
  for (int kind = 0; kind < 6; ++kind) {
    std::vector<uint8_t> data(size_t(20000 + 9000 * kind));
    for (size_t i = 0; i < data.size(); ++i) switch (kind) {
      case 0:
        data[i] = uint8_t(rng());
        break; // literals only
      case 1:
        data[i] = 0;
        break; // one long run
      case 2:
        data[i] = uint8_t(i % 3 == 0 ? rng() : 'a');
        break; // 1-2 byte literals
      case 3:
        data[i] = i >= 20000 ? data[i - 20000] : uint8_t(rng());
        break; // far matches
      case 4:
        data[i] = uint8_t((i / 300) % 2 ? rng() : i % 7);
        break; // runs over 273
      default:
        data[i] = uint8_t(rng() % 4 ? data[i ? i - 1 : 0] : rng());
        break;
      }
    const std::vector<uint8_t> s = wad::compress(data, "test");
    EXPECT_EQ(std::string(s.begin() + 7, s.begin() + 11), "test");
    const wad::StreamRef r{s.data(), s.size(), "f", 0, "x"};
    EXPECT_EQ(wad::storedSize(r), s.size());
    EXPECT_EQ(wad::decompress(r, int64_t(data.size())), data) << "kind " << kind;
    std::vector<uint8_t> into(data.size());
    EXPECT_EQ(wad::decompressInto(r, into.data(), into.size()), data.size());
    EXPECT_EQ(into, data);
    expectEncoderRules(s);
  }
  // The far window: a repeat 20,000 bytes back is found, as a far match.
  std::vector<uint8_t> far(40000);
  for (size_t i = 0; i < far.size(); ++i) far[i] = i < 20000 ? uint8_t(rng()) : far[i - 20000];
  EXPECT_LT(wad::compress(far).size(), 21000u);
  // Empty input: a header alone.
  EXPECT_EQ(wad::compress(std::vector<uint8_t>()).size(), 16u);
}

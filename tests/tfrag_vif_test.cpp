// VIF1 walking on hand-built packets (tfrag-rc2.md "The VIF1 code word";
// EE User's Manual VIF command reference for the code word layout).
#include "byte_builder.h"
#include "strata/error.h"
#include "tfrag/tfrag_vif.h"

#include <gtest/gtest.h>

using namespace strata;
using namespace strata::tfrag;

namespace {

// Code word: IMMEDIATE bits 0-15, NUM 16-23, CMD 24-30, interrupt bit 31.
uint32_t code(uint8_t cmd, uint8_t num, uint16_t imm) {
  return uint32_t(cmd) << 24 | num << 16 | imm;
}

std::vector<VifPacket> walk(const Bytes& b) {
  return walkVifList(b.b.data(), b.size(), "list", 1000);
}

} // namespace

TEST(TfragVif, ElementSizeComesFromTheCommandByte) {
  // UNPACK command 0b011m_vvll: vn = components - 1, vl = 32/16/8/5-bit.
  struct Row {
    uint8_t cmd;
    uint32_t bytes;
  } rows[] = {
      {0x60, 4},  {0x61, 2}, {0x62, 1}, {0x63, 0}, // S_32 S_16 S_8 (S_5 undefined)
      {0x64, 8},  {0x65, 4}, {0x66, 2}, {0x67, 0}, // V2
      {0x68, 12}, {0x69, 6}, {0x6A, 3}, {0x6B, 0}, // V3 (0x69 = V3_16 positions)
      {0x6C, 16}, {0x6D, 8}, {0x6E, 4}, {0x6F, 2}, // V4 (V4_5 is 16-bit)
      {0x7C, 16}, {0x79, 6},                       // the mask bit changes nothing
  };
  for (auto& r : rows) EXPECT_EQ(unpackElementSize(r.cmd), r.bytes) << std::hex << int(r.cmd);
}

TEST(TfragVif, SeventyFiveV3_16ElementsPadTo452) {
  // 75 x 6 = 450 payload bytes, padded to 452: the next code word (STCYCL
  // 0x01000404) sits at payload + 452. Reading 2-byte padding would find
  // 0x04040000 (ITOP) at payload + 450 instead.
  Bytes b;
  b.u32(code(0x69, 75, 0x0010)); // UNPACK V3_16, num 75, addr 16, signed
  for (int i = 0; i < 75; ++i) b.s16(int16_t(i)).s16(int16_t(-i)).s16(int16_t(100 + i));
  b.u16(0);                // padding to 4 bytes
  b.u32(0x01000404);       // STCYCL cl=4 wl=4
  b.u32(code(0x05, 0, 0)); // STMOD 0
  ASSERT_EQ(b.size(), 4u + 452 + 8);
  auto p = walk(b);
  ASSERT_EQ(p.size(), 3u);
  EXPECT_TRUE(p[0].isUnpack);
  EXPECT_EQ(p[0].vn, 2);
  EXPECT_EQ(p[0].vl, 1);
  EXPECT_EQ(p[0].elements, 75u);
  EXPECT_EQ(p[0].payloadOffset, 4u);
  EXPECT_EQ(p[0].payloadSize, 450u);
  EXPECT_EQ(p[0].size, 456u);
  EXPECT_EQ(p[0].addr, 16);
  EXPECT_FALSE(p[0].usn);
  EXPECT_EQ(p[1].offset, 4u + 452);
  EXPECT_EQ(p[1].cmd, kVifStcycl);
  EXPECT_EQ(p[1].word, 0x01000404u);
  EXPECT_EQ(p[2].cmd, kVifStmod);
  for (auto& q : p) EXPECT_NE(q.cmd, kVifItop);
}

TEST(TfragVif, EveryNonUnpackPayloadLength) {
  // Each command followed by a MARK (0x07) whose offset proves the length.
  struct Case {
    uint32_t word;
    size_t payload;
  } cases[] = {
      {code(0x30, 0, 0), 16},              // STROW: 4 words
      {code(0x31, 0, 0), 16},              // STCOL: 4 words
      {code(0x20, 0, 0), 4},               // STMASK: 1 word
      {code(0x4A, 3, 0), 24},              // MPG: num x 8
      {code(0x4A, 0, 0), 2048},            // MPG: num 0 = 256
      {code(0x50, 0, 2), 32},              // DIRECT: imm x 16
      {code(0x51, 0, 1), 16},              // DIRECTHL: imm x 16
      {code(0x00, 0, 0), 0},               // NOP
      {code(0x01, 0, 0x0404), 0},          // STCYCL
      {code(0x02, 0, 5), 0},               // OFFSET
      {code(0x03, 0, 5), 0},               // BASE
      {code(0x04, 0, 5), 0},               // ITOP
      {code(0x05, 0, 1), 0},               // STMOD
      {code(0x06, 0, 0), 0},               // MSKPATH3
      {code(0x07, 0, 0), 0},               // MARK
      {code(0x10, 0, 0), 0},               // FLUSHE
      {code(0x11, 0, 0), 0},               // FLUSH
      {code(0x13, 0, 0), 0},               // FLUSHA
      {code(0x14, 0, 0), 0},               // MSCAL
      {code(0x15, 0, 0), 0},               // MSCALF
      {code(0x17, 0, 0), 0},               // MSCNT
      {0x80000000u | code(0x14, 0, 0), 0}, // interrupt bit set
  };
  for (auto& c : cases) {
    Bytes b;
    b.u32(c.word);
    for (size_t i = 0; i < c.payload; ++i) b.u8(uint8_t(0xEE)); // garbage, never walked
    b.u32(code(0x07, 0, 0x1234));
    auto p = walk(b);
    ASSERT_EQ(p.size(), 2u) << std::hex << c.word;
    EXPECT_EQ(p[0].payloadSize, c.payload) << std::hex << c.word;
    EXPECT_EQ(p[1].offset, 4 + c.payload) << std::hex << c.word;
    EXPECT_EQ(p[1].cmd, kVifMark);
    EXPECT_EQ(p[1].imm, 0x1234);
  }
}

TEST(TfragVif, UnpackImmediateAndStateRegisters) {
  Bytes b;
  b.u32(code(0x30, 0, 0)).u32(0x45000000).u32(0x45000000).u32(7).u32(40); // STROW
  b.u32(code(0x05, 0, 1));                                                // STMOD offset
  b.u32(0x01000102);                                                      // STCYCL cl=2 wl=1
  b.u32(code(0x6E, 2, 0xC123)); // UNPACK V4_8, 2 elements, addr 0x123, usn, flg
  b.u32(0x04030201).u32(0x08070605);
  b.u32(code(0x62, 3, 0)).u8(1).u8(2).u8(3).u8(0); // S_8 x 3: 3 bytes + 1 pad
  auto p = walk(b);
  ASSERT_EQ(p.size(), 5u);
  const VifPacket& u = p[3];
  EXPECT_EQ(u.addr, 0x123);
  EXPECT_TRUE(u.usn);
  EXPECT_TRUE(u.flg);
  EXPECT_EQ(u.elements, 2u);
  EXPECT_EQ(u.state.mode, 1);
  EXPECT_EQ(u.state.cl, 2);
  EXPECT_EQ(u.state.wl, 1);
  EXPECT_TRUE(u.state.rowLoaded);
  EXPECT_EQ(u.state.row[0], 0x45000000u);
  EXPECT_EQ(u.state.row[3], 40u);
  EXPECT_EQ(p[4].payloadSize, 3u);
  EXPECT_EQ(p[4].size, 8u);
}

TEST(TfragVif, FillingWriteReadsFewerElementsThanNum) {
  // CL = 1, WL = 2: of every 2 quadwords written only 1 reads data, so NUM 4
  // consumes CL * (4 / WL) + min(4 % WL, CL) = 2 elements.
  Bytes b;
  b.u32(code(0x01, 0, 0x0201)); // STCYCL cl=1 wl=2
  b.u32(code(0x6C, 4, 0));      // UNPACK V4_32 num 4
  b.zeros(32);
  b.u32(code(0x00, 0, 0));
  auto p = walk(b);
  ASSERT_EQ(p.size(), 3u);
  EXPECT_EQ(p[1].elements, 2u);
  EXPECT_EQ(p[2].offset, 4u + 4 + 32);
}

TEST(TfragVif, NumZeroMeans256) {
  Bytes b;
  b.u32(code(0x6E, 0, 0)); // V4_8 x 256
  b.zeros(1024);
  auto p = walk(b);
  ASSERT_EQ(p.size(), 1u);
  EXPECT_EQ(p[0].elements, 256u);
}

TEST(TfragVif, UnknownCommandIsADesyncErrorWithOffset) {
  Bytes b;
  b.u32(code(0x00, 0, 0)).u32(code(0x05, 0, 0)).u32(code(0x08, 0, 0)); // 0x08 is not a VIF1 command
  try {
    walk(b);
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.offset(), 1000u + 8);
    EXPECT_NE(std::string(e.what()).find("desynchronised"), std::string::npos) << e.what();
  }
}

TEST(TfragVif, UndefinedUnpackFormatIsAnError) {
  Bytes b;
  b.u32(code(0x6B, 1, 0)).u32(0); // V3_5 does not exist
  EXPECT_THROW(walk(b), Error);
}

TEST(TfragVif, PayloadPastTheEndIsAnError) {
  Bytes b;
  b.u32(code(0x69, 10, 0)); // needs 60 bytes
  b.zeros(20);
  try {
    walk(b);
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.offset(), 1000u);
    EXPECT_NE(std::string(e.what()).find("60 payload bytes"), std::string::npos) << e.what();
  }
  Bytes s;
  s.u32(code(0x30, 0, 0)).zeros(12); // STROW missing a word
  EXPECT_THROW(walk(s), Error);
  Bytes t;
  t.u32(code(0x00, 0, 0)).u16(0); // a stray half word
  EXPECT_THROW(walk(t), Error);
}

TEST(TfragVif, WriterEncodesCodeWordsAndPadding) {
  VifWriter w;
  w.strow({1, 2, 3, 4});
  w.stmod(1);
  w.stcycl(2, 1);
  w.unpack(2, kVl16, false, 0x2A, {1, 0, 2, 0, 3, 0}); // one V3_16
  w.unpack(3, kVl8, true, 0x10, {9, 8, 7, 6});
  Bytes e;
  e.u32(0x30000000).u32(1).u32(2).u32(3).u32(4);
  e.u32(0x05000001);
  e.u32(0x01000102);
  e.u32(0x6901002A).u16(1).u16(2).u16(3).u16(0);
  e.u32(0x6E014010).u8(9).u8(8).u8(7).u8(6);
  EXPECT_EQ(w.buf, e.b);
}

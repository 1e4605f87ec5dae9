#include "tfrag/tfrag_vif.h"

#include "common/bytes.h"

#include <algorithm>
#include <cstdio>

namespace strata::tfrag {

uint32_t unpackElementSize(uint8_t cmd) {
  uint32_t vn = (cmd >> 2) & 3, vl = cmd & 3;
  if (vl == kVl5 && vn != 3) return 0; // only V4_5 exists
  return ((32u >> vl) * (vn + 1)) / 8; // tfrag-rc2.md "The VIF1 code word"
}

std::string vifCommandName(uint8_t cmd) {
  cmd &= 0x7F;
  if ((cmd & 0x60) == 0x60) {
    static const char* vls[] = {"32", "16", "8", "5"};
    return "UNPACK V" + std::to_string(((cmd >> 2) & 3) + 1) + "_" + vls[cmd & 3];
  }
  switch (cmd) {
  case kVifNop:
    return "NOP";
  case kVifStcycl:
    return "STCYCL";
  case kVifOffset:
    return "OFFSET";
  case kVifBase:
    return "BASE";
  case kVifItop:
    return "ITOP";
  case kVifStmod:
    return "STMOD";
  case kVifMskpath3:
    return "MSKPATH3";
  case kVifMark:
    return "MARK";
  case kVifFlushe:
    return "FLUSHE";
  case kVifFlush:
    return "FLUSH";
  case kVifFlusha:
    return "FLUSHA";
  case kVifMscal:
    return "MSCAL";
  case kVifMscalf:
    return "MSCALF";
  case kVifMscnt:
    return "MSCNT";
  case kVifStmask:
    return "STMASK";
  case kVifStrow:
    return "STROW";
  case kVifStcol:
    return "STCOL";
  case kVifMpg:
    return "MPG";
  case kVifDirect:
    return "DIRECT";
  case kVifDirecthl:
    return "DIRECTHL";
  }
  char b[16];
  std::snprintf(b, sizeof b, "0x%02X?", cmd);
  return b;
}

// Bytes that follow a non-UNPACK code word (tfrag-rc2.md: STROW/STCOL 16,
// STMASK 4, MPG num*8, DIRECT/DIRECTHL imm*16, every other command none), or
// -1 when the command does not exist in VIF1. NUM = 0 means 256 and
// IMMEDIATE = 0 means 65536 (EE User's Manual, VIF command reference).
static int64_t inlinePayload(uint8_t cmd, uint8_t num, uint16_t imm) {
  switch (cmd) {
  case kVifNop:
  case kVifStcycl:
  case kVifOffset:
  case kVifBase:
  case kVifItop:
  case kVifStmod:
  case kVifMskpath3:
  case kVifMark:
  case kVifFlushe:
  case kVifFlush:
  case kVifFlusha:
  case kVifMscal:
  case kVifMscalf:
  case kVifMscnt:
    return 0;
  case kVifStmask:
    return 4;
  case kVifStrow:
  case kVifStcol:
    return 16;
  case kVifMpg:
    return int64_t(num ? num : 256) * 8;
  case kVifDirect:
  case kVifDirecthl:
    return int64_t(imm ? imm : 65536) * 16;
  }
  return -1;
}

// Elements an UNPACK reads: NUM counts quadwords written to VU memory, which
// equals the elements read unless the cycle fills (WL > CL), where only CL of
// every WL writes consume data.
static uint32_t unpackElements(uint8_t num, const VifState& st) {
  uint32_t n = num ? num : 256;
  if (st.wl <= st.cl || st.cl == 0) return n;
  return st.cl * (n / st.wl) + std::min<uint32_t>(n % st.wl, st.cl);
}

std::vector<VifPacket> walkVifList(const uint8_t* data, size_t size, const std::string& file,
                                   uint64_t base) {
  ByteReader r(data, size, file, size_t(base));
  std::vector<VifPacket> out;
  VifState st;
  while (r.remaining() > 0) {
    VifPacket p;
    p.offset = uint32_t(r.tell());
    if (r.remaining() < 4)
      r.fail("expected a 4-byte VIF code word but only " + std::to_string(r.remaining()) +
             " bytes of the list remain: the walk has desynchronised");
    p.word = r.u32("VIF code word");
    p.imm = uint16_t(p.word);
    p.num = uint8_t(p.word >> 16);
    p.cmd = uint8_t(p.word >> 24) & 0x7F;
    p.interrupt = (p.word >> 31) != 0;
    p.payloadOffset = uint32_t(r.tell());
    uint64_t padded;
    if ((p.cmd & 0x60) == 0x60) {
      p.isUnpack = true;
      p.vn = (p.cmd >> 2) & 3;
      p.vl = p.cmd & 3;
      p.masked = (p.cmd & 0x10) != 0;
      p.addr = p.imm & 0x3FF;
      p.usn = (p.imm & 0x4000) != 0;
      p.flg = (p.imm & 0x8000) != 0;
      uint32_t es = unpackElementSize(p.cmd);
      if (es == 0)
        r.failAt(p.offset, "VIF code word " + hex32(p.word) + " is " + vifCommandName(p.cmd) +
                               ", a format VIF1 does not define: the walk has desynchronised");
      p.elements = unpackElements(p.num, st);
      p.payloadSize = p.elements * es;
      padded = (uint64_t(p.payloadSize) + 3) & ~uint64_t(3); // payloads pad to 4 bytes
      p.state = st;
    } else {
      int64_t n = inlinePayload(p.cmd, p.num, p.imm);
      if (n < 0)
        r.failAt(p.offset, "VIF code word " + hex32(p.word) + " holds unknown command " +
                               vifCommandName(p.cmd) + ": the walk has desynchronised");
      p.payloadSize = uint32_t(n);
      padded = uint64_t(n);
      p.state = st;
    }
    if (padded > r.remaining())
      r.failAt(p.offset, vifCommandName(p.cmd) + " (code word " + hex32(p.word) + ") carries " +
                             std::to_string(padded) + " payload bytes but only " +
                             std::to_string(r.remaining()) + " remain in the list");
    const uint8_t* pl = data + r.tell();
    auto word = [&](int i) { return loadLE<uint32_t>(pl + 4 * i); };
    switch (p.cmd) {
    case kVifStcycl:
      st.cl = uint8_t(p.imm);
      st.wl = uint8_t(p.imm >> 8);
      break;
    case kVifStmod:
      st.mode = p.imm & 3;
      break;
    case kVifStrow:
      for (int i = 0; i < 4; ++i) st.row[i] = word(i);
      st.rowLoaded = true;
      break;
    case kVifStcol:
      for (int i = 0; i < 4; ++i) st.col[i] = word(i);
      break;
    case kVifStmask:
      st.mask = word(0);
      break;
    default:
      break;
    }
    r.skip(padded, "VIF payload");
    p.size = uint32_t(r.tell() - p.offset);
    out.push_back(p);
  }
  return out;
}

std::vector<const VifPacket*> vifUnpacks(const std::vector<VifPacket>& packets) {
  std::vector<const VifPacket*> u;
  for (auto& p : packets)
    if (p.isUnpack) u.push_back(&p);
  return u;
}

void VifWriter::u32(uint32_t v) {
  for (int i = 0; i < 4; ++i) buf.push_back(uint8_t(v >> (8 * i)));
}

void VifWriter::code(uint8_t cmd, uint8_t num, uint16_t imm) {
  u32(uint32_t(cmd) << 24 | uint32_t(num) << 16 | imm);
}

void VifWriter::strow(const std::array<uint32_t, 4>& row) {
  code(kVifStrow, 0, 0);
  for (uint32_t v : row) u32(v);
}

void VifWriter::stcol(const std::array<uint32_t, 4>& col) {
  code(kVifStcol, 0, 0);
  for (uint32_t v : col) u32(v);
}

void VifWriter::stmask(uint32_t mask) {
  code(kVifStmask, 0, 0);
  u32(mask);
}

void VifWriter::unpack(uint8_t vn, uint8_t vl, bool usn, uint16_t addr,
                       const std::vector<uint8_t>& payload) {
  uint8_t cmd = uint8_t(kVifUnpack | (vn & 3) << 2 | (vl & 3));
  uint32_t es = unpackElementSize(cmd);
  size_t n = es ? payload.size() / es : 0;
  if (es == 0 || payload.size() % es != 0 || n == 0 || n > 256)
    throw Error("", Error::kNoOffset,
                "cannot encode " + vifCommandName(cmd) + " of " + std::to_string(payload.size()) +
                    " bytes: needs 1..256 whole elements");
  // Unpack addresses are 10 bits; usn is bit 14 (tfrag-layout.md "VIF sequences").
  code(cmd, uint8_t(n == 256 ? 0 : n), uint16_t((addr & 0x3FF) | (usn ? 0x4000 : 0)));
  buf.insert(buf.end(), payload.begin(), payload.end());
  while (buf.size() % 4) buf.push_back(0);
}

void VifWriter::pad(size_t align) {
  while (buf.size() % align) buf.push_back(0);
}

} // namespace strata::tfrag

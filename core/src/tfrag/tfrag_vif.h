#pragma once
// VIF1 command stream: decoding a list into packets, and encoding one.
// tfrag-rc2.md "The VIF1 code word" and tfrag-layout.md "VIF sequences".
//
// A code word is 32 bits: immediate (bits 0-15), NUM (16-23), CMD (24-30),
// interrupt (31). UNPACK is CMD 0x60..0x7F; its vector format sits in the
// command byte (vn = bits 2-3, vl = bits 0-1), not in the immediate.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace strata::tfrag {

enum VifCmd : uint8_t {
  kVifNop = 0x00,
  kVifStcycl = 0x01,
  kVifOffset = 0x02,
  kVifBase = 0x03,
  kVifItop = 0x04,
  kVifStmod = 0x05,
  kVifMskpath3 = 0x06,
  kVifMark = 0x07,
  kVifFlushe = 0x10,
  kVifFlush = 0x11,
  kVifFlusha = 0x13,
  kVifMscal = 0x14,
  kVifMscalf = 0x15,
  kVifMscnt = 0x17,
  kVifStmask = 0x20,
  kVifStrow = 0x30,
  kVifStcol = 0x31,
  kVifMpg = 0x4A,
  kVifDirect = 0x50,
  kVifDirecthl = 0x51,
  kVifUnpack = 0x60, // 0x60..0x7F: 0b011m vvll
};

// vl: 0 = 32-bit, 1 = 16-bit, 2 = 8-bit, 3 = 5:5:5:1 (only with vn = 3).
enum VifVl : uint8_t { kVl32 = 0, kVl16 = 1, kVl8 = 2, kVl5 = 3 };

// Bytes per UNPACK element for a command byte: ((32 >> vl) * (vn + 1)) / 8;
// 0 for the combinations the VIF does not define (V1_5, V2_5, V3_5).
uint32_t unpackElementSize(uint8_t cmd);

// Short name of a command byte, "UNPACK V3_16", "STROW", "0x2B?".
std::string vifCommandName(uint8_t cmd);

// The decoder's state registers that shape an UNPACK: CYCLE (CL, WL), MODE and
// the ROW registers STROW loads. Power-on values: CL = WL = 0 behave as 1:1.
struct VifState {
  uint8_t cl = 0, wl = 0;
  uint8_t mode = 0; // STMOD: 0 normal, 1 offset (add ROW), 2 difference
  std::array<uint32_t, 4> row{};
  bool rowLoaded = false; // a STROW ran earlier in this list
  std::array<uint32_t, 4> col{};
  uint32_t mask = 0;
};

struct VifPacket {
  uint32_t offset = 0; // of the code word, relative to the start of the list
  uint32_t word = 0;
  uint8_t cmd = 0; // without the interrupt bit
  uint8_t num = 0;
  uint16_t imm = 0;
  bool interrupt = false;
  uint32_t payloadOffset = 0; // relative to the list start; payloadSize bytes
  uint32_t payloadSize = 0;   // unpadded
  uint32_t size = 0;          // whole packet: code word + padded payload

  // UNPACK only.
  bool isUnpack = false;
  uint8_t vn = 0, vl = 0;
  bool usn = false;    // unsigned (immediate bit 14)
  bool flg = false;    // address relative to TOPS (immediate bit 15)
  bool masked = false; // command bit 4
  uint16_t addr = 0;   // immediate bits 0-9, quadwords
  uint32_t elements = 0;
  VifState state; // the registers in effect when this packet ran
};

// Walks a whole VIF1 list. `base` is the list's absolute offset in `file` (for
// messages). Any unknown command or payload past the end throws strata::Error
// naming the byte offset: a desynchronised walk is an error, never plausible
// garbage.
std::vector<VifPacket> walkVifList(const uint8_t* data, size_t size, const std::string& file,
                                   uint64_t base);

// Only the UNPACK packets of a walk, in order.
std::vector<const VifPacket*> vifUnpacks(const std::vector<VifPacket>& packets);

// Encoder for VIF1 lists (the tfrag writer and hand-built test packets).
class VifWriter {
public:
  std::vector<uint8_t> buf;

  void code(uint8_t cmd, uint8_t num, uint16_t imm);
  void stcycl(uint8_t cl, uint8_t wl) { code(kVifStcycl, 0, uint16_t(cl | wl << 8)); }
  void stmod(uint8_t mode) { code(kVifStmod, 0, mode); }
  void strow(const std::array<uint32_t, 4>& row);
  void stcol(const std::array<uint32_t, 4>& col);
  void stmask(uint32_t mask);
  // UNPACK of `elements` elements whose bytes are `payload` (elements x the
  // element size); the payload is zero-padded to 4 bytes.
  void unpack(uint8_t vn, uint8_t vl, bool usn, uint16_t addr, const std::vector<uint8_t>& payload);
  // Zero words (NOPs) up to a multiple of `align` bytes.
  void pad(size_t align);
  void u32(uint32_t v);
};

} // namespace strata::tfrag

#pragma once
// A tfrags block and a level directory built by hand, field by field, from
// the tables of tfrag-layout.md (never with the writer under test). One tfrag:
//
//   positions (raw s16, origin STROW (-2048, 4096, 512)):
//     common  c0 (0,0,0) c1 (1024,0,0) c2 (0,1024,0) c3 (1024,1024,100)
//     LOD 0+1 m  (512,512,-200)
//     LOD 0   e0 (512,0,0) e1 (512,1024,50)
//   vertex infos (global index: name):
//     0 c0, 1 c1, 2 c2, 3 c3, 4 c3' (extra common, negative UVs),
//     5 m, 6 e0, 7 e1, 8 e0' (extra LOD 0)
//   VU memory map (quadwords): header 0, ad-gifs 9, positions 19 (stride 2),
//     vertex info common 33 / LOD 0+1 38 / LOD 0 39, parents LOD 0+1 42,
//     second indices LOD 0+1 43 (empty: aliases the LOD 0 parents at 43),
//     LOD 0 second indices 44, indices 45, strips 48.
#include "byte_builder.h"
#include "test_support.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace tfragfix {

// List offsets inside the tfrag data, as computed by hand below.
constexpr uint16_t kShared = 48, kLod1 = 384, kLod01 = 448, kLod0 = 560, kRgba = 720;
constexpr uint16_t kTexOfs = 96, kLight = 752, kMsphere = 832, kCube = 848;
constexpr uint32_t kTfragData = 0x80; // table 0x40 + data 0x40

inline uint32_t code(uint8_t cmd, uint8_t num, uint16_t imm) {
  return uint32_t(cmd) << 24 | uint32_t(num) << 16 | imm;
}

inline void strow(Bytes& b, uint32_t x, uint32_t y, uint32_t z, uint32_t w) {
  b.u32(0x30000000).u32(x).u32(y).u32(z).u32(w);
}

// The VU header (tfrag-layout.md "VU header", 20 u16).
inline std::vector<uint16_t> vuHeader() {
  return {4, 1, 1, 0, 2, 1, 19, 33, 37, 38, 39, 39, 41, 45, 42, 43, 43, 44, 48, 9};
}

struct Info {
  int16_t s, t, parent, vertex;
};
inline std::vector<Info> infos() {
  return {{0, 0, 0, 0},       {4096, 0, 0, 2},      {0, 4096, 0, 4},
          {4096, 4096, 0, 6}, {-4096, -8192, 0, 6}, {2048, 2048, 0, 8},
          {2048, 0, 2, 10},   {2048, 4096, 8, 12},  {-2, 6, 2, 10}};
}

// The tfrag's data (starts 16-aligned), built list by list in writer order.
inline Bytes tfragData() {
  Bytes b;
  auto info = [&](const Info& i) { b.s16(i.s).s16(i.t).s16(i.parent).s16(i.vertex); };
  auto strip = [&](int x, int y, int z) {
    b.u8(uint8_t(int8_t(x))).u8(uint8_t(int8_t(y))).u8(uint8_t(int8_t(z))).u8(0);
  };
  auto origin = [&] { strow(b, uint32_t(-2048), 4096, 512, 0); };
  auto idxRow = [&] { strow(b, 33, 33, 33, 33); };
  const auto I = infos();
  // LOD 2: STROW, STMOD 1, V4_8 unsigned indices, STMOD 0, V4_8 signed strips.
  idxRow();
  b.u32(code(0x05, 0, 1));
  b.u32(code(0x6E, 1, 0x4000 | 45)).u8(0).u8(1).u8(2).u8(3);
  b.u32(code(0x05, 0, 0));
  b.u32(code(0x6E, 2, 48));
  strip(-124, 0, 0); // 4 vertices, biased, loads ad-gif 0
  strip(0, 0, 0);
  // common (shared_ofs 48)
  b.u32(code(0x6D, 5, 0x4000 | 0));
  for (uint16_t v : vuHeader()) b.u16(v);
  b.u32(code(0x6C, 10, 9)); // ad-gifs: tex_ofs = 96
  for (int g = 0; g < 2; ++g) {
    b.s32(g).s32(0).u8(0x06).zeros(7);            // TEX0_1: texture table index
    b.s32(-137 & 0xFFF).s32(4).u8(0x14).zeros(7); // TEX1_1: K = -137/16, MMIN 4
    b.s32(g).s32(0).u8(0x08).zeros(7);            // CLAMP_1: s clamps on ad-gif 1
    b.s32(0).s32(0).u8(0x34).zeros(7);            // MIPTBP1_1
    b.s32(0).s32(0).u8(0x36).zeros(7);            // MIPTBP2_1
  }
  strow(b, 0x45000000, 0x45000000, 0, 19);
  b.u32(code(0x05, 0, 1));
  b.u32(code(0x6D, 5, 33));
  for (int i = 0; i < 5; ++i) info(I[size_t(i)]);
  origin();
  b.u32(0x01000102); // STCYCL cl=2 wl=1
  b.u32(code(0x69, 4, 19));
  b.s16(0).s16(0).s16(0).s16(1024).s16(0).s16(0).s16(0).s16(1024).s16(0).s16(1024).s16(1024).s16(
      100);
  b.u32(0x01000404);
  b.u32(code(0x05, 0, 0));
  // LOD 1 (lod_1_ofs 384): strips, STROW, STMOD 1, indices.
  b.u32(code(0x6E, 5, 48));
  strip(-125, 0, 0);   // c0 c1 m, loads ad-gif 0
  strip(3, 0, 0);      // plain run c1 c3 m
  strip(-125, -1, -1); // kick, no load: c3 c2 m
  strip(-125, -1, 5);  // kick, then load ad-gif 1: c2 c0 m
  strip(0, 0, 0);
  idxRow();
  b.u32(code(0x05, 0, 1));
  b.u32(code(0x6E, 3, 0x4000 | 45));
  for (uint8_t v : {0, 1, 5, 1, 3, 5, 3, 2, 5, 2, 0, 5}) b.u8(v);
  // LOD 0+1 (lod_0_ofs 448): STROW, STMOD 1, parents, STROW, vertex info, STROW origin, STCYCL,
  // positions.
  idxRow();
  b.u32(code(0x05, 0, 1));
  b.u32(code(0x6E, 1, 0x4000 | 42)).u8(0).u8(0).u8(0).u8(0); // m's first parent: c0
  strow(b, 0x45000000, 0x45000000, 19, 19);
  b.u32(code(0x6D, 1, 38));
  info(I[5]);
  origin();
  b.u32(0x01000102);
  b.u32(code(0x69, 1, 27)).s16(512).s16(512).s16(-200).u16(0);
  b.zeros(12); // pad to 560
  // LOD 0 (560): positions, STMOD 0, STCYCL 4/4, strips, STROW, STMOD 1,
  // indices, parents, second indices, STROW, vertex info, STMOD 0.
  b.u32(code(0x69, 2, 29)).s16(512).s16(0).s16(0).s16(512).s16(1024).s16(50);
  b.u32(code(0x05, 0, 0));
  b.u32(0x01000404);
  b.u32(code(0x6E, 3, 48));
  strip(-123, 0, 0); // c0 e0 m c1 c3 with ad-gif 0
  strip(-123, 0, 5); // c3' e1 m c2 c0 with ad-gif 1
  strip(0, 0, 0);
  idxRow();
  b.u32(code(0x05, 0, 1));
  b.u32(code(0x6E, 3, 0x4000 | 45));
  for (uint8_t v : {0, 6, 5, 1, 3, 4, 7, 5, 2, 0, 0, 0}) b.u8(v);
  b.u32(code(0x6E, 1, 0x4000 | 43)).u8(1).u8(5).u8(0).u8(0); // e0 -> c1, e1 -> m
  b.u32(code(0x6E, 1, 0x4000 | 44)).u8(1).u8(0).u8(0).u8(0); // e0' -> c1
  strow(b, 0x45000000, 0x45000000, 19, 19);
  b.u32(code(0x6D, 3, 39));
  for (int i = 6; i < 9; ++i) info(I[size_t(i)]);
  b.u32(code(0x05, 0, 0));
  b.zeros(12); // pad to 720
  // RGBA at 720: rgba_size 2 -> 8 colours.
  for (uint32_t c : {0x80004080u, 0x40108020u, 0x7F0000FFu, 0x00800000u, 0x80404040u, 0x90808080u,
                     0x04030201u, 0u})
    b.u32(c);
  // Light block at 752: origin quadword, 7 records (unk, intensity, az, el, s16 colour, s16 pad).
  b.s32(-2048).s32(4096).s32(512).s32(0);
  for (auto [az, el] : std::vector<std::pair<int, int>>{
           {0, 64}, {64, 0}, {0, 0}, {-128, 0}, {32, 32}, {0, -64}, {0, 64}})
    b.u8(0).u8(100).u8(uint8_t(int8_t(az))).u8(uint8_t(int8_t(el))).s16(0x1234).s16(0);
  b.zeros(8);                                          // pad to 832
  b.f32(-1536).f32(4608).f32(512).f32(1024);           // msphere
  for (int i = 0; i < 32; ++i) b.s16(int16_t(10 * i)); // cube at 848
  return b;
}

// The 0x40-byte tfrag header (tfrag-layout.md "TfragHeader 0x40 bytes").
inline Bytes tfragHeader(uint8_t vertCount = 7, uint8_t triCount = 6, int32_t data = 0x40) {
  Bytes h;
  h.f32(-1536).f32(4608).f32(512).f32(1024); // bsphere
  h.s32(data);                               // data, relative to the table
  h.u16(0).u16(kShared).u16(kLod1).u16(kLod01).u16(kTexOfs).u16(kRgba);
  h.u8(21).u8(24).u8(32).u8(17); // common_size, lod_2_size, lod_1_size, lod_0_size
  h.u8(4).u8(5).u8(7).u8(0);     // rgba counts, base_only
  h.u8(2).u8(2).u8(0).u8(0);     // texture_count, rgba_size, rgba_verts_loc, occl_index_stash
  h.u8(1).u8(0);                 // msphere_count, flags
  h.u16(kMsphere).u16(kLight).u16(kMsphere);
  h.u8(0xFF).u8(0).u16(0xFFFF);
  h.u16(kCube).u16(7);
  h.u8(vertCount).u8(triCount).u16(0x200);
  return h;
}

// The tfrags block: 16-byte header, zeros to 0x40, the table, the data.
inline std::vector<uint8_t> block(uint8_t vertCount = 7, uint8_t triCount = 6) {
  Bytes b;
  b.s32(0x40).s32(1).f32(32.0f).u32(0xDEADBEEF);
  b.zeros(0x30);
  b.raw(tfragHeader(vertCount, triCount).b);
  b.raw(tfragData().b);
  return b.b;
}

// Two copies of the tfrag, each with its own data: 16-byte header, zeros to
// 0x40, two headers (data 0x80 and 0x80 + 912, relative to the table), the
// two copies of the 912 data bytes.
constexpr uint32_t kTfragDataBytes = 912; // cube at 848 + 64, 16-aligned
inline std::vector<uint8_t> twoTfragBlock() {
  Bytes b;
  b.s32(0x40).s32(2).f32(32.0f).u32(0xDEADBEEF);
  b.zeros(0x30);
  b.raw(tfragHeader(7, 6, 0x80).b);
  b.raw(tfragHeader(7, 6, 0x80 + kTfragDataBytes).b);
  b.raw(tfragData().b);
  b.raw(tfragData().b);
  return b.b;
}

// Level directory files (tfrag-layout.md "Input that Strata reads"): the
// block at core_data 0x100, textures_base 0x600 (or, for a longer block, the
// first 0x100 boundary after it), two textures.
struct LevelBytes {
  std::vector<uint8_t> coreIndex, coreData, gsRam;
};

inline LevelBytes level(const std::vector<uint8_t>& blk = block()) {
  LevelBytes l;
  const uint32_t blockEnd = 0x100 + uint32_t(blk.size());
  const uint32_t base = std::max<uint32_t>(0x600, (blockEnd + 0xFF) & ~0xFFu);
  Bytes d;
  d.b.assign(0x100, 0xCC);
  d.raw(blk);
  d.b.resize(base, 0);
  // texture 0 (8x8, 4 mips): mip 0 then mip 1 at data_offset 0
  std::vector<uint8_t> mip0(64, 0);
  const uint8_t first[] = {8, 16, 24, 7, 72, 240, 1, 2, 3, 4};
  for (size_t i = 0; i < sizeof first; ++i) mip0[i] = first[i];
  d.raw(mip0);
  d.raw(std::vector<uint8_t>(16, 16)); // mip 1
  d.zeros(16);                         // up to data_offset 0x60
  d.raw(std::vector<uint8_t>(16, 9));  // texture 1 at data_offset 0x60: 4x4
  l.coreData = d.b;

  Bytes g;
  g.zeros(0xA00);
  g.b[0] = 240;                                            // texture 0 mip 3 at block 0
  for (int i = 0; i < 4; ++i) g.b[0x100 + size_t(i)] = 24; // mip 2 at block 1
  for (int p = 0; p < 256; ++p) {                          // palette 0 at block 2, as stored
    uint8_t a = p == 1 ? 0x40 : p == 3 ? 0xA0 : p == 4 ? 0x00 : 0x80;
    size_t at = 0x200 + 4 * size_t(p);
    g.b[at] = uint8_t(p), g.b[at + 1] = 0x11, g.b[at + 2] = 0x22, g.b[at + 3] = a;
  }
  for (int p = 0; p < 256; ++p) { // palette of texture 1 at block 6: blue
    size_t at = 0x600 + 4 * size_t(p);
    g.b[at + 2] = 0xFF, g.b[at + 3] = 0x80;
  }
  l.gsRam = g.b;

  Bytes x;
  x.zeros(0x90);
  x.patch32(0x08, 0x100);           // tfrags
  x.patch32(0x0c, blockEnd);        // occlusion: 0x510 after the one-tfrag block of 0x410 bytes
  x.patch32(0x10, base);            // sky
  x.patch32(0x14, blockEnd + 0x70); // collision
  x.patch32(0x30, 2);               // texture table count
  x.patch32(0x34, 0xA0);            // texture table offset
  x.patch32(0x60, base);            // textures_base
  x.patch32(0x88, 0x300);
  x.patch32(0x8c, uint32_t(l.coreData.size()));
  x.zeros(0x10);
  x.s32(0).s16(8).s16(8).s16(4).s16(2).s16(1).s16(0);      // texture 0
  x.s32(0x60).s16(4).s16(4).s16(1).s16(6).s16(-1).s16(-1); // texture 1
  l.coreIndex = x.b;
  return l;
}

// Writes the level's files into `dir` (gs_ram.bin only with `gsRam`).
inline std::filesystem::path writeLevel(const std::filesystem::path& dir, const LevelBytes& l,
                                        bool gsRam = true) {
  std::filesystem::create_directories(dir);
  testsupport::writeBytes(dir / "core_index.bin", l.coreIndex);
  testsupport::writeBytes(dir / "core_data.bin", l.coreData);
  if (gsRam) testsupport::writeBytes(dir / "gs_ram.bin", l.gsRam);
  return dir;
}

} // namespace tfragfix

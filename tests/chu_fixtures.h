#pragma once
// Hand-built CHU and TQT bytes, written field by field from the tables of
// atlas-chu-tqt.md §9b and §9c with tests/byte_builder.h (never with the
// writers under test). Shared by the CHU fixture, mapping and bad-input tests.
#include "byte_builder.h"

#include <cstdint>
#include <vector>

namespace chufix {

// Where things landed in the CHU fixture.
struct ChuLayout {
  size_t stubAt[5] = {};    // byte offset of each stub, physical order
  uint32_t chunkAt[4] = {}; // root, label 1, label 2, label 3 (label 4 shares label 3's)
  size_t label2FlagAt = 0;  // colDataFlag of label 2's chunk
  size_t rootIndexCountAt = 0;
  size_t rootFooterAt = 0;
  size_t label2MarkAt = 0;
  size_t end = 0; // end of the last chunk (before trailing junk)
};

// A depth-2 CHU: leafDimensions 10 (terrain 20 x 20), verticalScale 0.25,
// colTreeDepth 2. Stubs stored in label order 0, 3, 1, 4, 2 (physically
// unordered, §9b); labels 3 and 4 share one chunk (§9e); chunks stored in the
// order label 3, root, label 2, label 1 with 3 junk bytes before the first and
// (when `trailingJunk`) 2 after the last. Per §9b, label L of a level-1 stub
// is nodeID(1, y, x) of the stub's own (x, y):
//   label 1: x 0 y 0    label 2: x 1 y 0    label 3: x 0 y 1    label 4: x 1 y 1
inline std::vector<uint8_t> chuBytes(ChuLayout* layout = nullptr, bool trailingJunk = true) {
  ChuLayout L;
  Bytes b;
  // §9b header, 28 bytes.
  b.u32(0x33554843); // "CHU3"
  b.s16(400);        // version
  b.s16(2);          // treeDepth
  b.f32(0.5f);       // baseMaxError
  b.f32(0.25f);      // verticalScale
  b.f32(10.0f);      // leafDimensions
  b.u32(5);          // chunkCount = nodeCount(2)
  b.u32(2);          // colTreeDepth
  // §9b stubs, 37 bytes each: sentinel, label, 4 neighbors, level, x, y, min, max, chunkOffset.
  struct S {
    int32_t label, n[4];
    uint8_t level;
    int16_t x, y, min, max;
  };
  const S stubs[5] = {
      {0, {-1, -1, -1, -1}, 0, 0, 0, -4, 12}, // root: z 8, 12, -4, 0
      {3, {4, 1, -1, -1}, 1, 0, 1, -8, 0},    // shares its chunk with label 4
      {1, {2, -1, -1, 3}, 1, 0, 0, 0, 8},     {4, {-1, 2, 3, -1}, 1, 1, 1, -8, 0},
      {2, {-1, -1, 1, 4}, 1, 1, 0, -40, 40},
  };
  for (int i = 0; i < 5; ++i) {
    L.stubAt[i] = b.size();
    const S& s = stubs[i];
    b.u32(0xDEADBEEF).s32(s.label);
    for (int32_t n : s.n) b.s32(n);
    b.u8(s.level).s16(s.x).s16(s.y).s16(s.min).s16(s.max).u32(0); // chunkOffset patched below
  }
  b.u8(0xAA).u8(0xAA).u8(0xAA); // junk before the first chunk

  // §9b chunk: sentinel, vertCount, x/y/z/morph per vertex, indexCount,
  // indices, triCount, colDataFlag, [collision], footer 0xB1E2E3F4.
  // Label 3 (and 4): three vertices, one triangle, no collision.
  L.chunkAt[3] = uint32_t(b.size());
  b.u32(0xBEEF1234).u16(3);
  b.s16(-16384).s16(-16384).s16(-8).s16(0);
  b.s16(16384).s16(-16384).s16(0).s16(0);
  b.s16(16384).s16(16384).s16(0).s16(0);
  b.s32(3).u16(0).u16(1).u16(2).u32(1).u8(0).u32(0xB1E2E3F4);

  // Root: four corners, two triangles, no collision.
  L.chunkAt[0] = uint32_t(b.size());
  b.u32(0xBEEF1234).u16(4);
  b.s16(-16384).s16(-16384).s16(8).s16(4);
  b.s16(16384).s16(-16384).s16(12).s16(0);
  b.s16(16384).s16(16384).s16(-4).s16(-8);
  b.s16(-16384).s16(16384).s16(0).s16(2);
  L.rootIndexCountAt = b.size();
  b.s32(6).u16(0).u16(1).u16(2).u16(0).u16(2).u16(3).u32(2).u8(0);
  L.rootFooterAt = b.size();
  b.u32(0xB1E2E3F4);

  // Label 2: quantized values outside +-16384 (kept, §9b), with a collision block.
  L.chunkAt[2] = uint32_t(b.size());
  b.u32(0xBEEF1234).u16(3);
  b.s16(0).s16(0).s16(40).s16(0);
  b.s16(24576).s16(-32768).s16(0).s16(0);
  b.s16(16384).s16(16384).s16(-40).s16(0);
  b.s32(3).u16(0).u16(1).u16(2).u32(1);
  L.label2FlagAt = b.size();
  b.u8(1);
  // Collision block: nodeCount(2) = 5 {min, max} pairs, the mark, colGridCount
  // = 2^(2*(2-1)) = 4 offsets, bufferSize, buffer.
  for (int i = 0; i < 5; ++i) b.s16(int16_t(-40 + i)).s16(int16_t(40 - i));
  L.label2MarkAt = b.size();
  b.u32(0xB33FD34D);
  b.u16(0).u16(2).u16(3).u16(4);
  b.u32(5).u16(0).u16(0xFFFF).u16(0xFFFF).u16(0xFFFF).u16(0xFFFF);
  b.u32(0xB1E2E3F4);

  // Label 1.
  L.chunkAt[1] = uint32_t(b.size());
  b.u32(0xBEEF1234).u16(3);
  b.s16(-16384).s16(-16384).s16(0).s16(0);
  b.s16(16384).s16(-16384).s16(4).s16(0);
  b.s16(0).s16(16384).s16(8).s16(0);
  b.s32(3).u16(0).u16(1).u16(2).u32(1).u8(0).u32(0xB1E2E3F4);
  L.end = b.size();
  if (trailingJunk) b.u8(0x55).u8(0x66);

  // chunkOffset is the last field of each stub (relative offset 0x21).
  const uint32_t chunkOf[5] = {L.chunkAt[0], L.chunkAt[3], L.chunkAt[1], L.chunkAt[3],
                               L.chunkAt[2]};
  for (int i = 0; i < 5; ++i) b.patch32(L.stubAt[i] + 0x21, chunkOf[i]);
  if (layout) *layout = L;
  return b.b;
}

// A 4x4 RGBA8 DDS with one colour, written from the DDS_HEADER layout
// (magic, dwSize 124, flags, height, width, pitch, depth, mips, reserved[11],
// DDS_PIXELFORMAT {32, DDPF_RGB|DDPF_ALPHAPIXELS, 0, 32 bits, RGBA masks},
// caps DDSCAPS_TEXTURE, caps2..reserved2 0), then 16 pixels.
inline std::vector<uint8_t> solidDds(uint8_t r, uint8_t g, uint8_t b, uint32_t size = 4) {
  Bytes d;
  d.str("DDS ").u32(124).u32(0x100F).u32(size).u32(size).u32(size * 4).u32(0).u32(1).zeros(44);
  d.u32(32).u32(0x41).u32(0).u32(32).u32(0xFF).u32(0xFF00).u32(0xFF0000).u32(0xFF000000);
  d.u32(0x1000).zeros(16);
  for (uint32_t i = 0; i < size * size; ++i) d.u8(r).u8(g).u8(b).u8(255);
  return d.b;
}

struct TqtLayout {
  uint32_t tileAt[4] = {}; // tiles A, B, C, D as stored
  size_t tableAt = 16;
  size_t end = 0;
};

// A depth-2 TQT, tileSize 4. Table entry e holds logical node
// (level, x, y) with nodeID(level, y, x) == e (§9c transpose):
//   entry 0 -> root                 tile A (red 10)
//   entry 1 -> logical (1, 0, 0)    tile B (red 20)
//   entry 2 -> logical (1, 1, 0)    tile C (red 30)
//   entry 3 -> logical (1, 0, 1)    tile D (red 40)
//   entry 4 -> logical (1, 1, 1)    tile B again (a shared tile, §9e)
// Tiles stored in the order D, A, C, B with 5 junk bytes between D and A
// (and 3 trailing when `trailingJunk`).
inline std::vector<uint8_t> tqtBytes(TqtLayout* layout = nullptr, bool trailingJunk = true) {
  TqtLayout L;
  Bytes b;
  b.u8('t').u8('q').u8('t').u8(0);      // fourCC tqt\0
  b.u32(2);                             // version
  b.u32(2);                             // treeDepth
  b.u32(4);                             // tileSize
  for (int i = 0; i < 5; ++i) b.u32(0); // offsets, patched below
  auto tile = [&](uint8_t red) {
    std::vector<uint8_t> dds = solidDds(red, uint8_t(red + 1), uint8_t(red + 2));
    b.u32(uint32_t(dds.size())).raw(dds); // chunkSize, then the DDS bytes
  };
  L.tileAt[3] = uint32_t(b.size());
  tile(40);
  b.zeros(5);
  L.tileAt[0] = uint32_t(b.size());
  tile(10);
  L.tileAt[2] = uint32_t(b.size());
  tile(30);
  L.tileAt[1] = uint32_t(b.size());
  tile(20);
  L.end = b.size();
  if (trailingJunk) b.u8(1).u8(2).u8(3);
  const uint32_t entries[5] = {L.tileAt[0], L.tileAt[1], L.tileAt[2], L.tileAt[3], L.tileAt[1]};
  for (int i = 0; i < 5; ++i) b.patch32(16 + 4 * size_t(i), entries[i]);
  if (layout) *layout = L;
  return b.b;
}

} // namespace chufix

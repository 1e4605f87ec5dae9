#pragma once
// A hand-built Atlas file, written field by field from atlas-chu-tqt.md with
// the test byte builder (never the writer under test).
#include "byte_builder.h"

#include <cstdint>
#include <vector>

// One geometry chunk of `version` with three vertices whose every float is
// distinct (vertex v, field k = 100v + k), written in §3's order for that
// version, in a one-TOC depth-1 file.
inline std::vector<uint8_t> oneChunkFile(uint32_t version, bool collision) {
  Bytes body;
  body.u32(0x1234); // previousChunk
  if (version >= 120)
    for (float v : {-1.f, -2.f, -3.f, 301.f, 302.f, 303.f}) body.f32(v); // mBounds
  body.u32(6).u32(3); // mIndexCount, mSkirtSkipCount
  for (uint16_t i : {0, 1, 2, 2, 1, 0}) body.u16(i);
  body.u32(3); // mVertCount
  for (int v = 0; v < 3; ++v) {
    auto f = [&](int k) { body.f32(float(100 * v + k)); };
    f(0), f(1), f(2); // point
    f(3), f(4);       // texCoord
    if (version < 130) {
      f(5), f(6), f(7); // pointMorphOffset
      f(8), f(9);       // texMorphOffset
    } else {
      f(8), f(9);       // texMorphOffset
      f(5), f(6), f(7); // pointMorphOffset
    }
    if (version >= 140) f(10), f(11), f(12); // normal
  }
  if (version >= 101 && version < 120)
    for (float v : {-1.f, -2.f, -3.f, 301.f, 302.f, 303.f}) body.f32(v); // mBounds after verts
  if (version >= 120) {
    if (collision) {
      body.u8(0xDF).u32(2);                                                // colFlag, mColTreeDepth
      for (int n = 0; n < 5; ++n) body.f32(float(n)).f32(float(n) + 0.5f); // 5 nodes {min,max}
      body.u32(4); // mColOffsetCount = 4 bins
      for (uint16_t o : {0, 2, 3, 4}) body.u16(o);
      body.u32(6); // mColIndexCount
      for (uint16_t i : {0, 0xFFFF, 0xFFFF, 0xFFFF, 3, 0xFFFF}) body.u16(i);
    } else {
      body.u8(0x0F);
    }
    body.u32(0xCEFEDEEF);
  }
  Bytes b;
  b.u32(0x534C5441).u8(1).u8(4).str("Geom").u32(1500).u32(1).u32(1).u32(version);
  const size_t stubAt = b.size();
  b.u32(0).u32(0).u32(3);
  if (version < 101)
    b.f32(1.5f).f32(2.5f);
  else {
    for (float v : {-1.f, -2.f, -3.f, 301.f, 302.f, 303.f}) b.f32(v);
    b.u8(0xD0);
  }
  const uint32_t chunkAt = uint32_t(b.size());
  b.u32(0x50535441).u32(uint32_t(body.size())).u32(0x68636761).raw(body.b).u32(0x74636761);
  b.patch32(stubAt, chunkAt);
  b.patch32(stubAt + 4, uint32_t(body.size() + 16));
  return b.b;
}

// Where oneChunkFile puts things: the stub's bounds or pos.x (§1a, after a
// 26-byte Geom TOC header and the stub's offset, length, generation), and the
// chunk frame (§2) its stub points at.
constexpr size_t kOneChunkStubFields = 4 + 1 + 1 + 4 + 4 + 12 + 12;
inline size_t oneChunkFrame(const std::vector<uint8_t>& file) {
  return size_t(file[26]) | size_t(file[27]) << 8 | size_t(file[28]) << 16 | size_t(file[29]) << 24;
}

#pragma once
// File model of a Ratchet & Clank 2 tfrags block (tfrag-layout.md): the block
// header, the 0x40-byte tfrag headers and every list each tfrag's VIF data
// carries, decoded but not interpreted. Unknown fields are kept.
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace strata::tfrag {

// tfrag-layout.md "Tfrags block header: 16 bytes".
struct BlockHeader {
  int32_t tableOffset = 0x40;
  int32_t tfragCount = 0;
  float lodDistance = 32.0f; // L: switch distances D0 = 6L, D1 = 4L, D2 = 2L
  uint32_t unknown0c = 0;
  std::vector<uint8_t> gap; // bytes 0x10 .. tableOffset, kept as found
};

// tfrag-layout.md "TfragHeader 0x40 bytes"; every *_ofs is relative to the
// tfrag's data start (table_offset + data).
struct TfragHeader {
  std::array<float, 4> bsphere{}; // raw units, 1024 = 1 world unit
  int32_t data = 0;
  uint16_t lod2Ofs = 0, sharedOfs = 0, lod1Ofs = 0, lod0Ofs = 0, texOfs = 0, rgbaOfs = 0;
  uint8_t commonSize = 0, lod2Size = 0, lod1Size = 0, lod0Size = 0; // quadwords
  uint8_t lod2RgbaCount = 0, lod1RgbaCount = 0, lod0RgbaCount = 0, baseOnly = 0;
  uint8_t textureCount = 0, rgbaSize = 0, rgbaVertsLoc = 0, occlIndexStash = 0;
  uint8_t msphereCount = 0, flags = 0;
  uint16_t msphereOfs = 0, lightOfs = 0, lightEndOfs = 0;
  uint8_t dirLightsOne = 0xFF, dirLightsUpd = 0;
  uint16_t pointLights = 0xFFFF, cubeOfs = 0, occlIndex = 0;
  uint8_t vertCount = 0, triCount = 0;
  uint16_t mipDist = 0;
};

// Every field of the 0x40-byte header in stored order, with its
// tfrag-layout.md name: the one list the reader and the writer walk
// (`f(field, name)`; common/bytes.h ReadField, WriteField).
template <class Header, class F> void forEachField(Header& h, F&& f) {
  for (auto& v : h.bsphere) f(v, "tfrag bsphere");
  f(h.data, "tfrag data offset");
  f(h.lod2Ofs, "lod_2_ofs");
  f(h.sharedOfs, "shared_ofs");
  f(h.lod1Ofs, "lod_1_ofs");
  f(h.lod0Ofs, "lod_0_ofs");
  f(h.texOfs, "tex_ofs");
  f(h.rgbaOfs, "rgba_ofs");
  f(h.commonSize, "common_size");
  f(h.lod2Size, "lod_2_size");
  f(h.lod1Size, "lod_1_size");
  f(h.lod0Size, "lod_0_size");
  f(h.lod2RgbaCount, "lod_2_rgba_count");
  f(h.lod1RgbaCount, "lod_1_rgba_count");
  f(h.lod0RgbaCount, "lod_0_rgba_count");
  f(h.baseOnly, "base_only");
  f(h.textureCount, "texture_count");
  f(h.rgbaSize, "rgba_size");
  f(h.rgbaVertsLoc, "rgba_verts_loc");
  f(h.occlIndexStash, "occl_index_stash");
  f(h.msphereCount, "msphere_count");
  f(h.flags, "flags");
  f(h.msphereOfs, "msphere_ofs");
  f(h.lightOfs, "light_ofs");
  f(h.lightEndOfs, "light_end_ofs");
  f(h.dirLightsOne, "dir_lights_one");
  f(h.dirLightsUpd, "dir_lights_upd");
  f(h.pointLights, "point_lights");
  f(h.cubeOfs, "cube_ofs");
  f(h.occlIndex, "occl_index");
  f(h.vertCount, "vert_count");
  f(h.triCount, "tri_count");
  f(h.mipDist, "mip_dist");
}

// The VU header: 20 u16 unpacked to VU address 0 (tfrag-layout.md "VU header").
struct VuHeader {
  std::array<uint16_t, 20> v{};
  // Per tier (0 common, 1 LOD 0+1, 2 LOD 0): positions and extra vertex infos.
  uint16_t positionsCount(int tier) const { return v[size_t(2 * tier)]; }
  uint16_t extraInfoCount(int tier) const { return v[size_t(2 * tier + 1)]; }
  uint16_t vertexInfoCount(int tier) const {
    return uint16_t(positionsCount(tier) + extraInfoCount(tier));
  }
  // v[8], v[10] and v[12] address the extra vertex infos of each tier: kept
  // in `v`, not cross-checked (the extra infos follow their tier's own).
  uint16_t positionsCommonAddr() const { return v[6]; }
  uint16_t vertexInfoCommonAddr() const { return v[7]; }
  uint16_t vertexInfoLod01Addr() const { return v[9]; }
  uint16_t vertexInfoLod0Addr() const { return v[11]; }
  uint16_t indicesAddr() const { return v[13]; }
  uint16_t parentLod01Addr() const { return v[14]; }
  uint16_t unk2Lod01Addr() const { return v[15]; }
  uint16_t parentLod0Addr() const { return v[16]; }
  uint16_t unk2Lod0Addr() const { return v[17]; }
  uint16_t stripsAddr() const { return v[18]; }
  uint16_t adGifsAddr() const { return v[19]; }
};

struct Position {
  int16_t x = 0, y = 0, z = 0; // V3_16; world = (origin + s16) / 1024
};

// VertexInfo s16 s, t, parent, vertex. `vertex / 2` is the position index
// (positions sit at a stride of 2 quadwords in VU memory).
struct VertexInfo {
  int16_t s = 0, t = 0, parent = 0, vertex = 0;
};

// Strip record: s8 count_and_flag, s8 end_of_packet, s8 ad_gif_offset, s8 pad.
struct Strip {
  int8_t countAndFlag = 0, endOfPacket = 0, adGifOffset = 0, pad = 0;
};

// One A+D quadword: s32 data_lo, s32 data_hi, u8 addr, 7 bytes kept.
struct AdReg {
  int32_t dataLo = 0, dataHi = 0;
  uint8_t addr = 0;
  std::array<uint8_t, 7> rest{};
};

// GS register addresses of the five ad-gif quadwords, in order
// (tfrag-layout.md "Records"): TEX0_1, TEX1_1, CLAMP_1, MIPTBP1_1, MIPTBP2_1.
constexpr std::array<uint8_t, 5> kAdGifRegs = {0x06, 0x14, 0x08, 0x34, 0x36};

struct AdGif {
  std::array<AdReg, 5> regs{};
  // On disc the fields are packed (tfrag-rc2.md "Texture bindings").
  int32_t textureIndex() const { return regs[0].dataLo; }
  // TEX1 K: signed 12-bit in 1/16 units.
  int32_t lodK() const { return int32_t(int16_t(uint16_t(regs[1].dataLo << 4))) >> 4; }
  int32_t mmin() const { return regs[1].dataHi; }
  int32_t wrapS() const { return regs[2].dataLo; } // 0 repeat, 1 clamp
  int32_t wrapT() const { return regs[2].dataHi; }
};

struct Rgba {
  uint8_t r = 0, g = 0, b = 0, a = 0;
};

// Light record: s8 unk, s8 intensity, s8 azimuth, s8 elevation, s16 color, s16 pad.
struct Light {
  int8_t unk = 0, intensity = 0, azimuth = 0, elevation = 0;
  int16_t color = 0, pad = 0;
};

struct Vec4f {
  float x = 0, y = 0, z = 0, w = 0;
};

// Three tiers of vertex data: 0 common (all LODs), 1 LOD 0+1, 2 LOD 0 only.
enum Tier { kCommon = 0, kLod01 = 1, kLod0Only = 2 };

// Where a decoded array came from: its absolute payload offset in the file
// (for messages) and the UNPACK that carried it (for validation).
struct ArrayAt {
  bool present = false;
  uint64_t offset = 0;
  uint16_t addr = 0;
  bool usn = false;
};

struct ArrayOffsets {
  std::array<ArrayAt, 3> strips{}, indices{};       // by LOD
  std::array<ArrayAt, 3> vertexInfo{}, positions{}; // by tier
  std::array<ArrayAt, 2> parents{}, unk2{};         // LOD 0+1, LOD 0
  ArrayAt vuHeader, adGifs;
  uint64_t data = 0, rgba = 0, lights = 0; // absolute offsets
};

struct Tfrag {
  TfragHeader header;
  VuHeader vu;
  std::array<int32_t, 4> origin{}; // STROW before the common positions (w kept)
  bool originFromStrow = true;     // false: taken from the quadword at light_ofs
  std::vector<AdGif> adGifs;
  std::array<std::vector<VertexInfo>, 3> vertexInfo; // by tier
  std::array<std::vector<Position>, 3> positions;    // by tier
  std::array<std::vector<Strip>, 3> strips;          // by LOD (0, 1, 2)
  std::array<std::vector<uint8_t>, 3> indices;       // by LOD, into common||lod01||lod0 infos
  // First parents of the LOD vertex infos, and the second index array of each
  // LOD tier (tfrag-rc2.md "Parent indices"). [0] LOD 0+1, [1] LOD 0.
  std::array<std::vector<uint8_t>, 2> parents, unk2;
  std::vector<Rgba> rgba;               // rgba_size * 4
  std::array<int32_t, 4> lightOrigin{}; // quadword at light_ofs
  std::vector<Light> lights;            // vert_count records
  std::vector<uint8_t> lightTail;       // bytes after them up to msphere_ofs
  std::vector<Vec4f> mspheres;
  std::array<int16_t, 32> cube{};
  ArrayOffsets at; // where each array was read (reader only)

  size_t positionCount() const {
    return positions[0].size() + positions[1].size() + positions[2].size();
  }
  // Vertex infos an LOD draws from: LOD 2 common; LOD 1 + LOD 0+1; LOD 0 all.
  size_t vertexInfoCount(int lod) const {
    size_t n = vertexInfo[0].size();
    if (lod <= 1) n += vertexInfo[1].size();
    if (lod == 0) n += vertexInfo[2].size();
    return n;
  }
  const VertexInfo& info(size_t i) const {
    if (i < vertexInfo[0].size()) return vertexInfo[0][i];
    i -= vertexInfo[0].size();
    if (i < vertexInfo[1].size()) return vertexInfo[1][i];
    return vertexInfo[2][i - vertexInfo[1].size()];
  }
  const Position& position(size_t i) const {
    if (i < positions[0].size()) return positions[0][i];
    i -= positions[0].size();
    if (i < positions[1].size()) return positions[1][i];
    return positions[2][i - positions[1].size()];
  }
};

struct TfragsBlock {
  BlockHeader header;
  std::vector<Tfrag> tfrags;
};

} // namespace strata::tfrag

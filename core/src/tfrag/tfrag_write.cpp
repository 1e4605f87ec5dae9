#include "tfrag/tfrag_write.h"

#include "common/bytes.h"
#include "strata/error.h"
#include "tfrag/tfrag_strips.h"
#include "tfrag/tfrag_vif.h"

#include <algorithm>
#include <cstring>

namespace strata::tfrag {

static uint16_t quads(size_t bytes) {
  return uint16_t((bytes + 15) / 16);
}

void assignVuLayout(Tfrag& t) {
  auto& v = t.vu.v;
  for (int tier = 0; tier < 3; ++tier) {
    size_t np = t.positions[size_t(tier)].size(), ni = t.vertexInfo[size_t(tier)].size();
    if (ni < np)
      throw Error("", Error::kNoOffset,
                  "tier " + std::to_string(tier) + " has " + std::to_string(np) +
                      " positions but only " + std::to_string(ni) +
                      " vertex infos; every position needs one");
    v[size_t(2 * tier)] = uint16_t(np);
    v[size_t(2 * tier + 1)] = uint16_t(ni - np);
  }
  uint16_t a = 5 + 4; // VU header, then a 4-quadword matrix
  v[19] = a;          // ad-gifs
  a = uint16_t(a + 5 * t.adGifs.size());
  v[6] = a; // positions (common, then LOD 0+1, then LOD 0), 2 quadwords each
  a = uint16_t(a + 2 * t.positionCount());
  v[7] = a;                                   // common vertex info
  v[8] = uint16_t(a + t.positions[0].size()); // its extra entries
  a = uint16_t(a + t.vertexInfo[0].size());
  v[9] = a;
  v[10] = uint16_t(a + t.positions[1].size());
  a = uint16_t(a + t.vertexInfo[1].size());
  v[11] = a;
  v[12] = uint16_t(a + t.positions[2].size());
  a = uint16_t(a + t.vertexInfo[2].size());
  v[14] = a;
  a = uint16_t(a + quads(t.parents[0].size() * 4));
  v[15] = a;
  a = uint16_t(a + quads(t.unk2[0].size() * 4));
  v[16] = a;
  a = uint16_t(a + quads(t.parents[1].size() * 4));
  v[17] = a;
  a = uint16_t(a + quads(t.unk2[1].size() * 4));
  v[13] = a; // indices: one V4_8 element (4 indices) per quadword
  size_t maxIdx = std::max({t.indices[0].size(), t.indices[1].size(), t.indices[2].size()});
  a = uint16_t(a + (maxIdx + 3) / 4);
  v[18] = a; // strips
}

namespace {

[[noreturn]] void tooBig(size_t index, const std::string& what) {
  throw Error("", Error::kNoOffset, "tfrag " + std::to_string(index) + ": " + what);
}

template <typename T> T fit(size_t index, uint64_t v, const char* field) {
  if (v > uint64_t(T(~T(0))))
    tooBig(index, std::string(field) + " " + std::to_string(v) + " does not fit its field");
  return T(v);
}

std::vector<uint8_t> padded4(const std::vector<uint8_t>& v) {
  std::vector<uint8_t> out = v;
  while (out.size() % 4) out.push_back(0);
  return out;
}

std::vector<uint8_t> stripBytes(const std::vector<Strip>& s) {
  std::vector<uint8_t> out;
  for (auto& r : s) {
    out.push_back(uint8_t(r.countAndFlag));
    out.push_back(uint8_t(r.endOfPacket));
    out.push_back(uint8_t(r.adGifOffset));
    out.push_back(uint8_t(r.pad));
  }
  return out;
}

std::vector<uint8_t> infoBytes(const std::vector<VertexInfo>& v) {
  ByteWriter w;
  for (auto& i : v) {
    w.s16(i.s);
    w.s16(i.t);
    w.s16(i.parent);
    w.s16(i.vertex);
  }
  return w.buf;
}

std::vector<uint8_t> positionBytes(const std::vector<Position>& v) {
  ByteWriter w;
  for (auto& p : v) {
    w.s16(p.x);
    w.s16(p.y);
    w.s16(p.z);
  }
  return w.buf;
}

uint16_t addrOr(const ArrayAt& a, uint16_t derived) {
  return a.present ? a.addr : derived;
}

// The STROW rows and position addresses the lists unpack with
// (tfrag-layout.md "Lists").
struct Rows {
  std::array<uint32_t, 4> indices, single, twin, origin;
  uint16_t positionsCommon = 0, vertexInfoCommon = 0, positionsLod01 = 0, positionsLod0 = 0;
};

Rows rowsOf(const Tfrag& t) {
  const uint16_t pc = t.vu.positionsCommonAddr(), vic = t.vu.vertexInfoCommonAddr();
  Rows r;
  r.indices = {vic, vic, vic, vic};
  r.single = {0x45000000, 0x45000000, 0, pc}; // 2048.0f bias for s, t
  r.twin = {0x45000000, 0x45000000, pc, pc};
  for (int i = 0; i < 4; ++i) r.origin[size_t(i)] = uint32_t(t.origin[size_t(i)]);
  r.positionsCommon = pc;
  r.vertexInfoCommon = vic;
  r.positionsLod01 = uint16_t(pc + 2 * t.positions[0].size());
  r.positionsLod0 = uint16_t(r.positionsLod01 + 2 * t.positions[1].size());
  return r;
}

// Where each list starts in the tfrag's data, and where the last one ends.
struct ListOffsets {
  size_t shared = 0, lod1 = 0, lod01 = 0, lod0 = 0, end = 0;
};

void writeLod2List(VifWriter& w, const Tfrag& t, const Rows& rows) {
  const auto& at = t.at;
  w.strow(rows.indices);
  w.stmod(1);
  w.unpack(3, kVl8, true, addrOr(at.indices[2], t.vu.indicesAddr()), padded4(t.indices[2]));
  w.stmod(0);
  w.unpack(3, kVl8, false, addrOr(at.strips[2], t.vu.stripsAddr()), stripBytes(t.strips[2]));
  w.pad(16);
}

// The common list: VU header, ad-gifs (tex_ofs points at their payload),
// common vertex infos and positions.
void writeCommonList(VifWriter& w, const Tfrag& t, const Rows& rows, size_t ti, TfragHeader& h) {
  const auto& at = t.at;
  ByteWriter hv;
  for (uint16_t x : t.vu.v) hv.u16(x);
  w.unpack(3, kVl16, true, addrOr(at.vuHeader, 0), hv.buf);
  h.texOfs = fit<uint16_t>(ti, w.buf.size() + 4, "tex_ofs");
  ByteWriter g;
  for (auto& ad : t.adGifs)
    for (auto& reg : ad.regs) {
      g.s32(reg.dataLo);
      g.s32(reg.dataHi);
      g.u8(reg.addr);
      g.bytes(reg.rest.data(), reg.rest.size());
    }
  if (g.buf.empty()) tooBig(ti, "a tfrag needs at least one ad-gif");
  w.unpack(3, kVl32, false, addrOr(at.adGifs, t.vu.adGifsAddr()), g.buf);
  w.strow(rows.single);
  w.stmod(1);
  w.unpack(3, kVl16, false, addrOr(at.vertexInfo[0], rows.vertexInfoCommon),
           infoBytes(t.vertexInfo[0]));
  w.strow(rows.origin);
  w.stcycl(2, 1); // write every other quadword: positions have a stride of 2
  w.unpack(2, kVl16, false, addrOr(at.positions[0], rows.positionsCommon),
           positionBytes(t.positions[0]));
  w.stcycl(4, 4);
  w.stmod(0);
  w.pad(16);
}

void writeLod1List(VifWriter& w, const Tfrag& t, const Rows& rows) {
  const auto& at = t.at;
  w.unpack(3, kVl8, false, addrOr(at.strips[1], t.vu.stripsAddr()), stripBytes(t.strips[1]));
  w.strow(rows.indices);
  w.stmod(1);
  w.unpack(3, kVl8, true, addrOr(at.indices[1], t.vu.indicesAddr()), padded4(t.indices[1]));
  w.pad(16);
}

void writeLod01List(VifWriter& w, const Tfrag& t, const Rows& rows) {
  const auto& at = t.at;
  if (!t.parents[0].empty() || !t.unk2[0].empty()) w.strow(rows.indices);
  if (!t.parents[0].empty() || !t.unk2[0].empty() || !t.vertexInfo[1].empty() ||
      !t.positions[1].empty() || !t.positions[2].empty())
    w.stmod(1);
  if (!t.parents[0].empty())
    w.unpack(3, kVl8, true, addrOr(at.parents[0], t.vu.parentLod01Addr()), padded4(t.parents[0]));
  if (!t.unk2[0].empty())
    w.unpack(3, kVl8, true, addrOr(at.unk2[0], t.vu.unk2Lod01Addr()), padded4(t.unk2[0]));
  if (!t.vertexInfo[1].empty()) {
    w.strow(rows.twin);
    w.unpack(3, kVl16, false, addrOr(at.vertexInfo[1], t.vu.vertexInfoLod01Addr()),
             infoBytes(t.vertexInfo[1]));
  }
  w.strow(rows.origin);
  w.stcycl(2, 1);
  if (!t.positions[1].empty())
    w.unpack(2, kVl16, false, addrOr(at.positions[1], rows.positionsLod01),
             positionBytes(t.positions[1]));
  w.pad(16);
}

void writeLod0List(VifWriter& w, const Tfrag& t, const Rows& rows) {
  const auto& at = t.at;
  if (!t.positions[2].empty())
    w.unpack(2, kVl16, false, addrOr(at.positions[2], rows.positionsLod0),
             positionBytes(t.positions[2]));
  w.stmod(0);
  w.stcycl(4, 4);
  w.unpack(3, kVl8, false, addrOr(at.strips[0], t.vu.stripsAddr()), stripBytes(t.strips[0]));
  w.strow(rows.indices);
  w.stmod(1);
  w.unpack(3, kVl8, true, addrOr(at.indices[0], t.vu.indicesAddr()), padded4(t.indices[0]));
  if (!t.parents[1].empty())
    w.unpack(3, kVl8, true, addrOr(at.parents[1], t.vu.parentLod0Addr()), padded4(t.parents[1]));
  if (!t.unk2[1].empty())
    w.unpack(3, kVl8, true, addrOr(at.unk2[1], t.vu.unk2Lod0Addr()), padded4(t.unk2[1]));
  if (!t.vertexInfo[2].empty()) {
    w.strow(rows.twin);
    w.unpack(3, kVl16, false, addrOr(at.vertexInfo[2], t.vu.vertexInfoLod0Addr()),
             infoBytes(t.vertexInfo[2]));
  }
  w.stmod(0);
  w.pad(16);
}

// The five VIF lists in the game's order (LOD 2, common, LOD 1, LOD 0+1,
// LOD 0), with the header fields that locate them.
std::vector<uint8_t> vifLists(const Tfrag& t, size_t ti, TfragHeader& h) {
  const Rows rows = rowsOf(t);
  VifWriter w;
  ListOffsets o;
  h.lod2Ofs = 0;
  writeLod2List(w, t, rows);
  o.shared = w.buf.size();
  writeCommonList(w, t, rows, ti, h);
  o.lod1 = w.buf.size();
  writeLod1List(w, t, rows);
  o.lod01 = w.buf.size();
  writeLod01List(w, t, rows);
  o.lod0 = w.buf.size();
  writeLod0List(w, t, rows);
  o.end = w.buf.size();

  h.sharedOfs = fit<uint16_t>(ti, o.shared, "shared_ofs");
  h.lod1Ofs = fit<uint16_t>(ti, o.lod1, "lod_1_ofs");
  h.lod0Ofs = fit<uint16_t>(ti, o.lod01, "lod_0_ofs");
  // DMA sizes in quadwords (tfrag-layout.md): LOD 2 sends LOD 2 + common,
  // LOD 1 sends common + LOD 1 + LOD 0+1, LOD 0 adds LOD 0+1 + LOD 0.
  h.commonSize = fit<uint8_t>(ti, (o.lod1 - o.shared) / 16, "common_size");
  h.lod2Size = fit<uint8_t>(ti, o.lod1 / 16, "lod_2_size");
  h.lod1Size = fit<uint8_t>(ti, (o.lod0 - o.shared) / 16, "lod_1_size");
  h.lod0Size = fit<uint8_t>(ti, (o.end - o.lod01) / 16, "lod_0_size");
  h.textureCount = fit<uint8_t>(ti, t.adGifs.size(), "texture_count");
  h.vertCount = fit<uint8_t>(ti, t.positionCount(), "vert_count");
  h.triCount = fit<uint8_t>(ti, triangleCount(decodeStrips(t.strips[0], t.adGifs.size(), "", 0)),
                            "tri_count");
  return w.buf;
}

// RGBA, lights, mspheres and cube after the lists, each at a 16-byte aligned
// offset its header field names.
void writeRecords(ByteWriter& d, const Tfrag& t, size_t ti, TfragHeader& h) {
  h.rgbaOfs = fit<uint16_t>(ti, d.tell(), "rgba_ofs");
  h.rgbaSize = fit<uint8_t>(ti, (t.rgba.size() + 3) / 4, "rgba_size");
  for (auto& c : t.rgba) {
    d.u8(c.r);
    d.u8(c.g);
    d.u8(c.b);
    d.u8(c.a);
  }
  while (d.tell() < h.rgbaOfs + size_t(h.rgbaSize) * 16) d.u8(0);
  while (d.tell() % 16) d.u8(0);
  h.lightOfs = fit<uint16_t>(ti, d.tell(), "light_ofs");
  for (int32_t v : t.lightOrigin) d.s32(v);
  if (t.lights.size() != t.positionCount())
    tooBig(ti, std::to_string(t.lights.size()) + " light records for " +
                   std::to_string(t.positionCount()) + " positions; expected one each");
  for (auto& l : t.lights) {
    d.u8(uint8_t(l.unk));
    d.u8(uint8_t(l.intensity));
    d.u8(uint8_t(l.azimuth));
    d.u8(uint8_t(l.elevation));
    d.s16(l.color);
    d.s16(l.pad);
  }
  d.bytes(t.lightTail);
  while (d.tell() % 16) d.u8(0);
  h.msphereOfs = fit<uint16_t>(ti, d.tell(), "msphere_ofs");
  h.lightEndOfs = h.msphereOfs; // GC: light_end_ofs = msphere_ofs
  h.msphereCount = fit<uint8_t>(ti, t.mspheres.size(), "msphere_count");
  for (auto& m : t.mspheres) {
    d.f32(m.x);
    d.f32(m.y);
    d.f32(m.z);
    d.f32(m.w);
  }
  while (d.tell() % 16) d.u8(0);
  h.cubeOfs = fit<uint16_t>(ti, d.tell(), "cube_ofs");
  for (int16_t v : t.cube) d.s16(v);
}

// tfrag-layout.md "TfragHeader 0x40 bytes".
std::vector<uint8_t> headerBytes(const TfragHeader& h) {
  ByteWriter hw;
  forEachField(h, WriteField{hw});
  return hw.buf;
}

} // namespace

std::vector<uint8_t> writeTfragsBlock(const TfragsBlock& block) {
  const BlockHeader& bh = block.header;
  if (bh.tableOffset < 16 || size_t(bh.tableOffset) != 16 + bh.gap.size())
    throw Error("", Error::kNoOffset,
                "tfrags table_offset " + std::to_string(bh.tableOffset) +
                    " does not match the 16-byte header and its " + std::to_string(bh.gap.size()) +
                    " following bytes");
  ByteWriter out;
  out.s32(bh.tableOffset);
  out.s32(int32_t(block.tfrags.size()));
  out.f32(bh.lodDistance);
  out.u32(bh.unknown0c);
  out.bytes(bh.gap);
  const size_t tableAt = out.tell();
  out.zeros(0x40 * block.tfrags.size());
  for (size_t ti = 0; ti < block.tfrags.size(); ++ti) {
    const Tfrag& t = block.tfrags[ti];
    TfragHeader h = t.header;
    while (out.tell() % 16) out.u8(0);
    h.data = fit<int32_t>(ti, out.tell() - tableAt, "data offset");
    ByteWriter d;
    d.bytes(vifLists(t, ti, h));
    writeRecords(d, t, ti, h);
    out.bytes(d.buf);
    std::memcpy(out.buf.data() + tableAt + 0x40 * ti, headerBytes(h).data(), 0x40);
  }
  while (out.tell() % 16) out.u8(0);
  return out.buf;
}

} // namespace strata::tfrag

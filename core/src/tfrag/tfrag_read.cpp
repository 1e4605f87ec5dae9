#include "tfrag/tfrag_read.h"

#include "common/bytes.h"
#include "tfrag/strips.h"
#include "tfrag/vif.h"

#include <cstring>

namespace strata::tfrag {

static TfragHeader readTfragHeader(ByteReader& r) {
  TfragHeader h;
  for (float& f : h.bsphere) f = r.f32("tfrag bsphere");
  h.data = r.s32("tfrag data offset");
  h.lod2Ofs = r.u16("lod_2_ofs");
  h.sharedOfs = r.u16("shared_ofs");
  h.lod1Ofs = r.u16("lod_1_ofs");
  h.lod0Ofs = r.u16("lod_0_ofs");
  h.texOfs = r.u16("tex_ofs");
  h.rgbaOfs = r.u16("rgba_ofs");
  h.commonSize = r.u8("common_size");
  h.lod2Size = r.u8("lod_2_size");
  h.lod1Size = r.u8("lod_1_size");
  h.lod0Size = r.u8("lod_0_size");
  h.lod2RgbaCount = r.u8("lod_2_rgba_count");
  h.lod1RgbaCount = r.u8("lod_1_rgba_count");
  h.lod0RgbaCount = r.u8("lod_0_rgba_count");
  h.baseOnly = r.u8("base_only");
  h.textureCount = r.u8("texture_count");
  h.rgbaSize = r.u8("rgba_size");
  h.rgbaVertsLoc = r.u8("rgba_verts_loc");
  h.occlIndexStash = r.u8("occl_index_stash");
  h.msphereCount = r.u8("msphere_count");
  h.flags = r.u8("flags");
  h.msphereOfs = r.u16("msphere_ofs");
  h.lightOfs = r.u16("light_ofs");
  h.lightEndOfs = r.u16("light_end_ofs");
  h.dirLightsOne = r.u8("dir_lights_one");
  h.dirLightsUpd = r.u8("dir_lights_upd");
  h.pointLights = r.u16("point_lights");
  h.cubeOfs = r.u16("cube_ofs");
  h.occlIndex = r.u16("occl_index");
  h.vertCount = r.u8("vert_count");
  h.triCount = r.u8("tri_count");
  h.mipDist = r.u16("mip_dist");
  return h;
}

TfragsBlock readBlockHeaders(const uint8_t* data, size_t size, const std::string& file,
                             uint64_t base) {
  ByteReader r(data, size, file, size_t(base));
  TfragsBlock b;
  b.header.tableOffset = r.s32("tfrags table_offset");
  b.header.tfragCount = r.s32("tfrag_count");
  b.header.lodDistance = r.f32("LOD base distance");
  b.header.unknown0c = r.u32("tfrags header word 0x0c");
  if (b.header.tableOffset < 16 || uint64_t(b.header.tableOffset) > size)
    r.failAt(0, "tfrags table_offset " + std::to_string(b.header.tableOffset) +
                    " should lie between 16 and the block size " + std::to_string(size) +
                    " (it is 0x40 in every level)");
  if (b.header.tfragCount < 0) r.failAt(4, "tfrag_count is negative");
  b.header.gap = r.bytes(size_t(b.header.tableOffset) - 16, "bytes before the tfrag table");
  r.count(uint64_t(b.header.tfragCount), 0x40, "tfrag headers (0x40 bytes each)");
  b.tfrags.resize(size_t(b.header.tfragCount));
  for (auto& t : b.tfrags) t.header = readTfragHeader(r);
  return b;
}

namespace {

// One tfrag's decoding context: the data block and where it lies.
struct Ctx {
  const uint8_t* data;
  size_t size;
  const std::string& file;
  uint64_t base; // absolute offset of the block
  size_t start;  // tfrag data start, relative to the block

  uint64_t abs(size_t rel) const { return base + start + rel; }
  [[noreturn]] void fail(size_t rel, const std::string& what) const {
    throw Error(file, abs(rel), what);
  }
};

struct List {
  const char* name;
  size_t begin, end; // relative to the tfrag data start
  std::vector<VifPacket> packets;
  std::vector<const VifPacket*> unpacks;
  size_t next = 0; // next unpack to classify
};

List walk(const Ctx& c, const char* name, size_t begin, size_t end) {
  if (end < begin)
    c.fail(begin, std::string("the ") + name + " list would end at " + std::to_string(end) +
                      ", before it starts at " + std::to_string(begin));
  if (!fitsWithin(c.start, end, c.size))
    c.fail(begin, std::string("the ") + name + " list [" + std::to_string(begin) + ", " +
                      std::to_string(end) + ") runs past the end of the tfrags block");
  List l{name, begin, end, {}, {}, 0};
  try {
    l.packets = walkVifList(c.data + c.start + begin, end - begin, c.file, c.abs(begin));
  } catch (const Error& e) {
    throw Error(e.file(), e.offset(), std::string("the ") + name + " list: " + e.detail());
  }
  l.unpacks = vifUnpacks(l.packets);
  return l;
}

// The next UNPACK of `l`, which the order says must be (vn, vl) holding `what`.
const VifPacket& take(const Ctx& c, List& l, uint8_t vn, uint8_t vl, const char* what) {
  std::string want = vifCommandName(uint8_t(0x60 | vn << 2 | vl));
  if (l.next >= l.unpacks.size())
    c.fail(l.end, std::string("the ") + l.name + " list ends after " +
                      std::to_string(l.unpacks.size()) + " UNPACKs; expected another, " + want +
                      " holding " + what);
  const VifPacket& p = *l.unpacks[l.next];
  if (p.vn != vn || p.vl != vl)
    c.fail(l.begin + p.offset, std::string("UNPACK ") + std::to_string(l.next) + " of the " +
                                   l.name + " list is " + vifCommandName(p.cmd) + "; expected " +
                                   want + " holding " + what);
  ++l.next;
  return p;
}

void done(const Ctx& c, const List& l) {
  if (l.next != l.unpacks.size()) {
    const VifPacket& p = *l.unpacks[l.next];
    c.fail(l.begin + p.offset, std::string("unexpected ") + vifCommandName(p.cmd) + " in the " +
                                   l.name + " list: it holds " + std::to_string(l.unpacks.size()) +
                                   " UNPACKs, expected " + std::to_string(l.next));
  }
}

const uint8_t* payload(const Ctx& c, const List& l, const VifPacket& p) {
  return c.data + c.start + l.begin + p.payloadOffset;
}

ArrayAt at(const Ctx& c, const List& l, const VifPacket& p) {
  return ArrayAt{true, c.abs(l.begin + p.payloadOffset), p.addr, p.usn};
}

int16_t s16(const uint8_t* p) {
  return int16_t(uint16_t(p[0] | p[1] << 8));
}
int32_t s32(const uint8_t* p) {
  return int32_t(uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 |
                 uint32_t(p[3]) << 24);
}

std::vector<uint8_t> bytesOf(const Ctx& c, const List& l, const VifPacket& p) {
  const uint8_t* b = payload(c, l, p);
  return std::vector<uint8_t>(b, b + p.payloadSize);
}

std::vector<Strip> stripsOf(const Ctx& c, const List& l, const VifPacket& p) {
  const uint8_t* b = payload(c, l, p);
  std::vector<Strip> s(p.elements);
  for (size_t i = 0; i < s.size(); ++i)
    s[i] =
        Strip{int8_t(b[4 * i]), int8_t(b[4 * i + 1]), int8_t(b[4 * i + 2]), int8_t(b[4 * i + 3])};
  return s;
}

std::vector<VertexInfo> infosOf(const Ctx& c, const List& l, const VifPacket& p) {
  const uint8_t* b = payload(c, l, p);
  std::vector<VertexInfo> v(p.elements);
  for (size_t i = 0; i < v.size(); ++i)
    v[i] = VertexInfo{s16(b + 8 * i), s16(b + 8 * i + 2), s16(b + 8 * i + 4), s16(b + 8 * i + 6)};
  return v;
}

std::vector<Position> positionsOf(const Ctx& c, const List& l, const VifPacket& p) {
  const uint8_t* b = payload(c, l, p);
  std::vector<Position> v(p.elements);
  for (size_t i = 0; i < v.size(); ++i)
    v[i] = Position{s16(b + 6 * i), s16(b + 6 * i + 2), s16(b + 6 * i + 4)};
  return v;
}

// Takes the next packet of `l` (its vn/vl checked), decodes it into `out` and
// records where it was in `where`; returns the packet.
template <class T, class Decode>
const VifPacket& takeArray(const Ctx& c, List& l, uint8_t vn, uint8_t vl, const char* what,
                           Decode decode, T& out, ArrayAt& where) {
  const VifPacket& p = take(c, l, vn, vl, what);
  out = decode(c, l, p);
  where = at(c, l, p);
  return p;
}

} // namespace

// decodeTfrag without naming the tfrag in its errors (decodeTfrag does).
static Tfrag decodeLists(const uint8_t* data, size_t size, const std::string& file, uint64_t base,
                         const TfragsBlock& block, size_t index) {
  Tfrag t;
  t.header = block.tfrags.at(index).header;
  const TfragHeader& h = t.header;
  int64_t start = int64_t(block.header.tableOffset) + h.data;
  if (h.data < 0 || uint64_t(start) >= size)
    throw Error(file, base + uint64_t(block.header.tableOffset) + 0x40 * index + 0x10,
                "data offset " + std::to_string(h.data) +
                    " (relative to the table) lies outside the tfrags block of " +
                    std::to_string(size) + " bytes");
  Ctx c{data, size, file, base, size_t(start)};
  t.at.data = c.abs(0);

  // tfrag-layout.md "Lists": five ranges in transfer order.
  size_t lod0Begin = size_t(h.sharedOfs) + size_t(h.lod1Size) * 16;
  List lod2 = walk(c, "LOD 2", h.lod2Ofs, h.sharedOfs);
  List common = walk(c, "common", h.sharedOfs, h.lod1Ofs);
  List lod1 = walk(c, "LOD 1", h.lod1Ofs, h.lod0Ofs);
  List lod01 = walk(c, "LOD 0+1", h.lod0Ofs, lod0Begin);
  List lod0 = walk(c, "LOD 0", lod0Begin, h.rgbaOfs);

  // Common: VU header (5 x V4_16 unsigned to addr 0), ad-gifs, vertex info, positions.
  const VifPacket& vuP = take(c, common, 3, kVl16, "the VU header");
  if (vuP.elements != 5)
    c.fail(common.begin + vuP.offset, "the VU header UNPACK holds " + std::to_string(vuP.elements) +
                                          " vectors; expected 5 (20 u16)");
  for (size_t i = 0; i < 20; ++i) t.vu.v[i] = uint16_t(s16(payload(c, common, vuP) + 2 * i));
  t.at.vuHeader = at(c, common, vuP);
  const VifPacket& adP = take(c, common, 3, kVl32, "the ad-gifs");
  if (adP.elements % 5 != 0)
    c.fail(common.begin + adP.offset, "the ad-gif UNPACK holds " + std::to_string(adP.elements) +
                                          " quadwords; expected a multiple of 5");
  {
    const uint8_t* b = payload(c, common, adP);
    t.adGifs.resize(adP.elements / 5);
    for (size_t g = 0; g < t.adGifs.size(); ++g)
      for (size_t k = 0; k < 5; ++k) {
        const uint8_t* q = b + 80 * g + 16 * k;
        AdReg& reg = t.adGifs[g].regs[k];
        reg.dataLo = s32(q);
        reg.dataHi = s32(q + 4);
        reg.addr = q[8];
        std::memcpy(reg.rest.data(), q + 9, 7);
      }
    t.at.adGifs = at(c, common, adP);
  }
  takeArray(c, common, 3, kVl16, "the common vertex info", infosOf, t.vertexInfo[kCommon],
            t.at.vertexInfo[kCommon]);
  const VifPacket& cpP = takeArray(c, common, 2, kVl16, "the common positions", positionsOf,
                                   t.positions[kCommon], t.at.positions[kCommon]);
  done(c, common);

  // The light block opens with the origin quadword; the positions' STROW row
  // wins when one was loaded (tfrag-rc2.md "Texture bindings, colours and lights").
  if (size_t(h.lightOfs) + 16 > size - c.start)
    c.fail(h.lightOfs, "light_ofs " + std::to_string(h.lightOfs) +
                           " leaves no room for the 16-byte origin before the end of the block");
  for (int i = 0; i < 4; ++i) t.lightOrigin[size_t(i)] = s32(data + c.start + h.lightOfs + 4 * i);
  t.originFromStrow = cpP.state.rowLoaded;
  if (t.originFromStrow)
    for (int i = 0; i < 4; ++i) t.origin[size_t(i)] = int32_t(cpP.state.row[size_t(i)]);
  else
    t.origin = t.lightOrigin;

  const VuHeader& vu = t.vu;
  // LOD 2: indices, then strips.
  takeArray(c, lod2, 3, kVl8, "the LOD 2 indices", bytesOf, t.indices[2], t.at.indices[2]);
  takeArray(c, lod2, 3, kVl8, "the LOD 2 strips", stripsOf, t.strips[2], t.at.strips[2]);
  done(c, lod2);

  // LOD 1: strips, then indices.
  takeArray(c, lod1, 3, kVl8, "the LOD 1 strips", stripsOf, t.strips[1], t.at.strips[1]);
  takeArray(c, lod1, 3, kVl8, "the LOD 1 indices", bytesOf, t.indices[1], t.at.indices[1]);
  done(c, lod1);

  // LOD 0+1 and LOD 0 carry optional arrays. Which are present is read from
  // the VU header's tier counts, because the parent arrays share a format (V4_8)
  // and their VU addresses alias when a tier is empty (tfrag-rc2.md "Parent
  // indices"): order and format classify, counts say what the order holds.
  // LOD 0+1: [parents] [unk2] [vertex info] [positions].
  {
    if (vu.positionsCount(1) > 0)
      takeArray(c, lod01, 3, kVl8, "the LOD 0+1 parent indices", bytesOf, t.parents[0],
                t.at.parents[0]);
    if (vu.extraInfoCount(1) > 0)
      takeArray(c, lod01, 3, kVl8, "the LOD 0+1 second index array", bytesOf, t.unk2[0],
                t.at.unk2[0]);
    if (vu.vertexInfoCount(1) > 0)
      takeArray(c, lod01, 3, kVl16, "the LOD 0+1 vertex info", infosOf, t.vertexInfo[1],
                t.at.vertexInfo[1]);
    if (vu.positionsCount(1) > 0)
      takeArray(c, lod01, 2, kVl16, "the LOD 0+1 positions", positionsOf, t.positions[1],
                t.at.positions[1]);
    done(c, lod01);
  }
  // LOD 0: [positions] strips indices [parents] [unk2] [vertex info].
  {
    if (vu.positionsCount(2) > 0)
      takeArray(c, lod0, 2, kVl16, "the LOD 0 positions", positionsOf, t.positions[2],
                t.at.positions[2]);
    takeArray(c, lod0, 3, kVl8, "the LOD 0 strips", stripsOf, t.strips[0], t.at.strips[0]);
    takeArray(c, lod0, 3, kVl8, "the LOD 0 indices", bytesOf, t.indices[0], t.at.indices[0]);
    if (vu.positionsCount(2) > 0)
      takeArray(c, lod0, 3, kVl8, "the LOD 0 parent indices", bytesOf, t.parents[1],
                t.at.parents[1]);
    if (vu.extraInfoCount(2) > 0)
      takeArray(c, lod0, 3, kVl8, "the LOD 0 second index array", bytesOf, t.unk2[1], t.at.unk2[1]);
    if (vu.vertexInfoCount(2) > 0)
      takeArray(c, lod0, 3, kVl16, "the LOD 0 vertex info", infosOf, t.vertexInfo[2],
                t.at.vertexInfo[2]);
    done(c, lod0);
  }

  // Counts the decode must reproduce (tfrag-rc2.md "Verification"): any
  // disagreement means the walk desynchronised; reject the whole tfrag.
  static const char* tierName[] = {"common", "LOD 0+1", "LOD 0"};
  // Where a tier's mismatch is reported: its array if one was found, else the list.
  const size_t tierList[] = {h.sharedOfs, h.lod0Ofs, lod0Begin};
  auto tierAt = [&](const ArrayAt& a, int tier) {
    return a.present ? size_t(a.offset - c.abs(0)) : tierList[tier];
  };
  for (int tier = 0; tier < 3; ++tier) {
    size_t np = t.positions[size_t(tier)].size(), ni = t.vertexInfo[size_t(tier)].size();
    if (np != vu.positionsCount(tier))
      c.fail(tierAt(t.at.positions[size_t(tier)], tier),
             std::string("decoded ") + std::to_string(np) + " " + tierName[tier] +
                 " positions but the VU header says " + std::to_string(vu.positionsCount(tier)) +
                 ": the walk desynchronised");
    if (ni != vu.vertexInfoCount(tier))
      c.fail(tierAt(t.at.vertexInfo[size_t(tier)], tier),
             std::string("decoded ") + std::to_string(ni) + " " + tierName[tier] +
                 " vertex infos but the VU header says " + std::to_string(vu.positionsCount(tier)) +
                 " + " + std::to_string(vu.extraInfoCount(tier)) + ": the walk desynchronised");
  }
  for (int k = 0; k < 2; ++k) {
    int tier = k + 1;
    if (t.parents[size_t(k)].size() < vu.positionsCount(tier))
      c.fail(h.lod0Ofs, std::string("the ") + tierName[tier] + " parent array holds " +
                            std::to_string(t.parents[size_t(k)].size()) +
                            " indices, fewer than its " + std::to_string(vu.positionsCount(tier)) +
                            " positions");
    if (t.unk2[size_t(k)].size() < vu.extraInfoCount(tier))
      c.fail(h.lod0Ofs, std::string("the ") + tierName[tier] + " second index array holds " +
                            std::to_string(t.unk2[size_t(k)].size()) + " indices, fewer than its " +
                            std::to_string(vu.extraInfoCount(tier)) + " extra vertex infos");
  }
  if (t.positionCount() != h.vertCount)
    c.fail(0, "decoded " + std::to_string(t.positionCount()) +
                  " positions but the header's vert_count is " + std::to_string(h.vertCount) +
                  ": the walk desynchronised");
  if (t.adGifs.size() != h.textureCount)
    c.fail(h.texOfs, "decoded " + std::to_string(t.adGifs.size()) +
                         " ad-gifs but the header's texture_count is " +
                         std::to_string(h.textureCount));
  uint32_t tris =
      triangleCount(decodeStrips(t.strips[0], t.adGifs.size(), file, t.at.strips[0].offset));
  if (tris != h.triCount)
    c.fail(0, "the LOD 0 strips make " + std::to_string(tris) +
                  " triangles but the header's tri_count is " + std::to_string(h.triCount) +
                  ": the walk desynchronised");

  // Arrays at fixed offsets after the lists.
  ByteReader r(data + c.start, size - c.start, file, size_t(c.abs(0)));
  r.seek(h.rgbaOfs, "rgba_ofs");
  r.count(uint64_t(h.rgbaSize) * 4, 4, "RGBA colours (rgba_size x 4)");
  t.at.rgba = c.abs(h.rgbaOfs);
  t.rgba.resize(size_t(h.rgbaSize) * 4);
  for (auto& col : t.rgba) {
    col.r = r.u8("RGBA");
    col.g = r.u8("RGBA");
    col.b = r.u8("RGBA");
    col.a = r.u8("RGBA");
  }
  r.seek(size_t(h.lightOfs) + 16, "light records");
  t.at.lights = c.abs(size_t(h.lightOfs) + 16);
  r.count(h.vertCount, 8, "light records (vert_count x 8 bytes)");
  t.lights.resize(h.vertCount);
  for (auto& l : t.lights) {
    l.unk = int8_t(r.u8("light"));
    l.intensity = int8_t(r.u8("light"));
    l.azimuth = int8_t(r.u8("light"));
    l.elevation = int8_t(r.u8("light"));
    l.color = r.s16("light colour");
    l.pad = r.s16("light pad");
  }
  if (h.msphereOfs < r.tell())
    c.fail(h.msphereOfs, "msphere_ofs " + std::to_string(h.msphereOfs) +
                             " lies inside the light records, which end at " +
                             std::to_string(r.tell()));
  t.lightTail = r.bytes(h.msphereOfs - r.tell(), "bytes after the light records");
  r.seek(h.msphereOfs, "msphere_ofs");
  r.count(h.msphereCount, 16, "mspheres");
  t.mspheres.resize(h.msphereCount);
  for (auto& m : t.mspheres) {
    m.x = r.f32("msphere");
    m.y = r.f32("msphere");
    m.z = r.f32("msphere");
    m.w = r.f32("msphere");
  }
  r.seek(h.cubeOfs, "cube_ofs");
  for (auto& v : t.cube) v = r.s16("cube");
  return t;
}

Tfrag decodeTfrag(const uint8_t* data, size_t size, const std::string& file, uint64_t base,
                  const TfragsBlock& block, size_t index) {
  try {
    return decodeLists(data, size, file, base, block, index);
  } catch (const Error& e) {
    throw Error(e.file(), e.offset(), "tfrag " + std::to_string(index) + ": " + e.detail());
  }
}

TfragsBlock readTfragsBlock(const uint8_t* data, size_t size, const std::string& file,
                            uint64_t base) {
  TfragsBlock b = readBlockHeaders(data, size, file, base);
  for (size_t i = 0; i < b.tfrags.size(); ++i)
    b.tfrags[i] = decodeTfrag(data, size, file, base, b, i);
  return b;
}

} // namespace strata::tfrag

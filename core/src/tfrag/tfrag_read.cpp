#include "tfrag/tfrag_read.h"

#include "common/bytes.h"
#include "tfrag/tfrag_strips.h"
#include "tfrag/tfrag_vif.h"

#include <cstring>

namespace strata::tfrag {

static TfragHeader readTfragHeader(ByteReader& r) {
  TfragHeader h;
  forEachField(h, ReadField{r});
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
    v[i] = VertexInfo{loadLE<int16_t>(b + 8 * i), loadLE<int16_t>(b + 8 * i + 2),
                      loadLE<int16_t>(b + 8 * i + 4), loadLE<int16_t>(b + 8 * i + 6)};
  return v;
}

std::vector<Position> positionsOf(const Ctx& c, const List& l, const VifPacket& p) {
  const uint8_t* b = payload(c, l, p);
  std::vector<Position> v(p.elements);
  for (size_t i = 0; i < v.size(); ++i)
    v[i] = Position{loadLE<int16_t>(b + 6 * i), loadLE<int16_t>(b + 6 * i + 2),
                    loadLE<int16_t>(b + 6 * i + 4)};
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

// The common list: VU header (5 x V4_16 unsigned to addr 0), ad-gifs, vertex
// info, positions. Returns the positions' packet (its STROW row is the origin).
const VifPacket& decodeCommon(const Ctx& c, List& common, Tfrag& t) {
  const VifPacket& vuP = take(c, common, 3, kVl16, "the VU header");
  if (vuP.elements != 5)
    c.fail(common.begin + vuP.offset, "the VU header UNPACK holds " + std::to_string(vuP.elements) +
                                          " vectors; expected 5 (20 u16)");
  for (size_t i = 0; i < 20; ++i)
    t.vu.v[i] = uint16_t(loadLE<int16_t>(payload(c, common, vuP) + 2 * i));
  t.at.vuHeader = at(c, common, vuP);
  const VifPacket& adP = take(c, common, 3, kVl32, "the ad-gifs");
  if (adP.elements % 5 != 0)
    c.fail(common.begin + adP.offset, "the ad-gif UNPACK holds " + std::to_string(adP.elements) +
                                          " quadwords; expected a multiple of 5");
  const uint8_t* b = payload(c, common, adP);
  t.adGifs.resize(adP.elements / 5);
  for (size_t g = 0; g < t.adGifs.size(); ++g)
    for (size_t k = 0; k < 5; ++k) {
      const uint8_t* q = b + 80 * g + 16 * k;
      AdReg& reg = t.adGifs[g].regs[k];
      reg.dataLo = loadLE<int32_t>(q);
      reg.dataHi = loadLE<int32_t>(q + 4);
      reg.addr = q[8];
      std::memcpy(reg.rest.data(), q + 9, 7);
    }
  t.at.adGifs = at(c, common, adP);
  takeArray(c, common, 3, kVl16, "the common vertex info", infosOf, t.vertexInfo[kCommon],
            t.at.vertexInfo[kCommon]);
  const VifPacket& cpP = takeArray(c, common, 2, kVl16, "the common positions", positionsOf,
                                   t.positions[kCommon], t.at.positions[kCommon]);
  done(c, common);
  return cpP;
}

// The light block opens with the origin quadword; the positions' STROW row
// wins when one was loaded (tfrag-rc2.md "Texture bindings, colours and lights").
void readOrigin(const Ctx& c, const VifPacket& positions, Tfrag& t) {
  const TfragHeader& h = t.header;
  if (size_t(h.lightOfs) + 16 > c.size - c.start)
    c.fail(h.lightOfs, "light_ofs " + std::to_string(h.lightOfs) +
                           " leaves no room for the 16-byte origin before the end of the block");
  for (int i = 0; i < 4; ++i)
    t.lightOrigin[size_t(i)] = loadLE<int32_t>(c.data + c.start + h.lightOfs + 4 * i);
  t.originFromStrow = positions.state.rowLoaded;
  if (t.originFromStrow)
    for (int i = 0; i < 4; ++i) t.origin[size_t(i)] = int32_t(positions.state.row[size_t(i)]);
  else
    t.origin = t.lightOrigin;
}

// LOD 2: indices, then strips.
void decodeLod2(const Ctx& c, List& lod2, Tfrag& t) {
  takeArray(c, lod2, 3, kVl8, "the LOD 2 indices", bytesOf, t.indices[2], t.at.indices[2]);
  takeArray(c, lod2, 3, kVl8, "the LOD 2 strips", stripsOf, t.strips[2], t.at.strips[2]);
  done(c, lod2);
}

// LOD 1: strips, then indices.
void decodeLod1(const Ctx& c, List& lod1, Tfrag& t) {
  takeArray(c, lod1, 3, kVl8, "the LOD 1 strips", stripsOf, t.strips[1], t.at.strips[1]);
  takeArray(c, lod1, 3, kVl8, "the LOD 1 indices", bytesOf, t.indices[1], t.at.indices[1]);
  done(c, lod1);
}

// LOD 0+1 and LOD 0 carry optional arrays. Which are present is read from the
// VU header's tier counts, because the parent arrays share a format (V4_8) and
// their VU addresses alias when a tier is empty (tfrag-rc2.md "Parent
// indices"): order and format classify, counts say what the order holds.
// LOD 0+1: [parents] [unk2] [vertex info] [positions].
void decodeLod01(const Ctx& c, List& lod01, Tfrag& t) {
  const VuHeader& vu = t.vu;
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
void decodeLod0(const Ctx& c, List& lod0, Tfrag& t) {
  const VuHeader& vu = t.vu;
  if (vu.positionsCount(2) > 0)
    takeArray(c, lod0, 2, kVl16, "the LOD 0 positions", positionsOf, t.positions[2],
              t.at.positions[2]);
  takeArray(c, lod0, 3, kVl8, "the LOD 0 strips", stripsOf, t.strips[0], t.at.strips[0]);
  takeArray(c, lod0, 3, kVl8, "the LOD 0 indices", bytesOf, t.indices[0], t.at.indices[0]);
  if (vu.positionsCount(2) > 0)
    takeArray(c, lod0, 3, kVl8, "the LOD 0 parent indices", bytesOf, t.parents[1], t.at.parents[1]);
  if (vu.extraInfoCount(2) > 0)
    takeArray(c, lod0, 3, kVl8, "the LOD 0 second index array", bytesOf, t.unk2[1], t.at.unk2[1]);
  if (vu.vertexInfoCount(2) > 0)
    takeArray(c, lod0, 3, kVl16, "the LOD 0 vertex info", infosOf, t.vertexInfo[2],
              t.at.vertexInfo[2]);
  done(c, lod0);
}

// Counts the decode must reproduce (tfrag-rc2.md "Verification"): any
// disagreement means the walk desynchronised; reject the whole tfrag.
// `lod0Begin` is where the LOD 0 list starts.
void checkCounts(const Ctx& c, const Tfrag& t, size_t lod0Begin) {
  const TfragHeader& h = t.header;
  const VuHeader& vu = t.vu;
  static const char* tierName[] = {"common", "LOD 0+1", "LOD 0"};
  // Where a tier's mismatch is reported: its array if one was found, else the list.
  const size_t tierList[] = {h.sharedOfs, h.lod0Ofs, lod0Begin};
  auto tierAt = [&](const ArrayAt& a, int tier) {
    return a.present ? size_t(a.offset - c.abs(0)) : tierList[tier];
  };
  auto desync = [&](const ArrayAt& a, int tier, size_t decoded, const char* what,
                    const std::string& says) {
    c.fail(tierAt(a, tier), "decoded " + std::to_string(decoded) + " " + tierName[tier] + " " +
                                what + " but the VU header says " + says +
                                ": the walk desynchronised");
  };
  for (int tier = 0; tier < 3; ++tier) {
    size_t np = t.positions[size_t(tier)].size(), ni = t.vertexInfo[size_t(tier)].size();
    if (np != vu.positionsCount(tier))
      desync(t.at.positions[size_t(tier)], tier, np, "positions",
             std::to_string(vu.positionsCount(tier)));
    if (ni != vu.vertexInfoCount(tier))
      desync(t.at.vertexInfo[size_t(tier)], tier, ni, "vertex infos",
             std::to_string(vu.positionsCount(tier)) + " + " +
                 std::to_string(vu.extraInfoCount(tier)));
  }
  // An index array shorter than the entries it serves.
  auto tooFew = [&](int tier, const char* array, size_t held, size_t needed, const char* of) {
    if (held < needed)
      c.fail(h.lod0Ofs, std::string("the ") + tierName[tier] + " " + array + " holds " +
                            std::to_string(held) + " indices, fewer than its " +
                            std::to_string(needed) + " " + of);
  };
  for (int k = 0; k < 2; ++k) {
    const int tier = k + 1;
    tooFew(tier, "parent array", t.parents[size_t(k)].size(), vu.positionsCount(tier), "positions");
    tooFew(tier, "second index array", t.unk2[size_t(k)].size(), vu.extraInfoCount(tier),
           "extra vertex infos");
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
      triangleCount(decodeStrips(t.strips[0], t.adGifs.size(), c.file, t.at.strips[0].offset));
  if (tris != h.triCount)
    c.fail(0, "the LOD 0 strips make " + std::to_string(tris) +
                  " triangles but the header's tri_count is " + std::to_string(h.triCount) +
                  ": the walk desynchronised");
}

// The records at fixed offsets after the lists: RGBA, lights, mspheres, cube.
void readRecords(const Ctx& c, Tfrag& t) {
  const TfragHeader& h = t.header;
  ByteReader r(c.data + c.start, c.size - c.start, c.file, size_t(c.abs(0)));
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
  const size_t lod0Begin = size_t(h.sharedOfs) + size_t(h.lod1Size) * 16;
  List lod2 = walk(c, "LOD 2", h.lod2Ofs, h.sharedOfs);
  List common = walk(c, "common", h.sharedOfs, h.lod1Ofs);
  List lod1 = walk(c, "LOD 1", h.lod1Ofs, h.lod0Ofs);
  List lod01 = walk(c, "LOD 0+1", h.lod0Ofs, lod0Begin);
  List lod0 = walk(c, "LOD 0", lod0Begin, h.rgbaOfs);

  readOrigin(c, decodeCommon(c, common, t), t);
  decodeLod2(c, lod2, t);
  decodeLod1(c, lod1, t);
  decodeLod01(c, lod01, t);
  decodeLod0(c, lod0, t);
  checkCounts(c, t, lod0Begin);
  readRecords(c, t);
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

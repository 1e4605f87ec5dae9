#include "tfrag/tfrag_validate.h"

#include "strata/error.h"
#include "strata/fileio.h"
#include "tfrag/tfrag_read.h"
#include "tfrag/tfrag_strips.h"
#include "tfrag/tfrag_vertex.h"

#include <filesystem>

namespace strata::tfrag {

namespace {

// Collects the findings of one piece, in one file.
struct Sink {
  std::vector<LevelFinding>& out;
  std::string piece, file;
  void error(uint64_t offset, std::string msg) const {
    out.push_back({Severity::Error, piece, file, offset, std::move(msg)});
  }
  void warning(uint64_t offset, std::string msg) const {
    out.push_back({Severity::Warning, piece, file, offset, std::move(msg)});
  }
  void add(const Error& e) const {
    out.push_back({Severity::Error, piece, e.file(), e.offset(), e.detail()});
  }
};

void checkTfrag(const Sink& rep, const Level& lv, const Tfrag& t, size_t ti,
                nlohmann::json& census) {
  const TfragHeader& h = t.header;
  std::string who = "tfrag " + std::to_string(ti) + ": ";

  // Header sizes and offsets (tfrag-layout.md "Lists" and the writer order).
  size_t lod0Begin = size_t(h.sharedOfs) + size_t(h.lod1Size) * 16;
  if (h.lod2Ofs != 0)
    rep.warning(t.at.data,
                who + "lod_2_ofs is " + std::to_string(h.lod2Ofs) + ", always 0 in the game");
  if (size_t(h.commonSize) * 16 != size_t(h.lod1Ofs - h.sharedOfs))
    rep.error(t.at.data,
              who + "common_size " + std::to_string(h.commonSize) +
                  " quadwords does not span the common list [shared_ofs, lod_1_ofs) of " +
                  std::to_string(h.lod1Ofs - h.sharedOfs) + " bytes");
  if (size_t(h.lod2Size) * 16 != size_t(h.lod1Ofs - h.lod2Ofs))
    rep.error(t.at.data, who + "lod_2_size " + std::to_string(h.lod2Size) +
                             " quadwords does not span the LOD 2 and common lists");
  if (lod0Begin < h.lod0Ofs)
    rep.error(t.at.data, who + "lod_1_size puts the LOD 0 list before lod_0_ofs");
  if (size_t(h.lod0Size) * 16 != size_t(h.rgbaOfs) - h.lod0Ofs)
    rep.error(t.at.data,
              who + "lod_0_size " + std::to_string(h.lod0Size) +
                  " quadwords does not span the LOD 0+1 and LOD 0 lists [lod_0_ofs, rgba_ofs)");
  if (h.texOfs != t.at.adGifs.offset - t.at.data)
    rep.error(t.at.data, who + "tex_ofs " + std::to_string(h.texOfs) +
                             " is not the ad-gif payload offset " +
                             std::to_string(t.at.adGifs.offset - t.at.data));
  if (h.lightEndOfs != h.msphereOfs)
    rep.warning(t.at.data, who + "light_end_ofs " + std::to_string(h.lightEndOfs) +
                               " differs from msphere_ofs " + std::to_string(h.msphereOfs));
  if (size_t(h.rgbaSize) * 4 < t.positionCount())
    rep.error(t.at.rgba, who + "rgba_size x 4 = " + std::to_string(h.rgbaSize * 4) +
                             " colours for " + std::to_string(t.positionCount()) + " positions");
  if (t.originFromStrow) {
    for (int i = 0; i < 3; ++i)
      if (t.origin[size_t(i)] != t.lightOrigin[size_t(i)]) {
        rep.warning(t.at.lights - 16, who + "the origin quadword at light_ofs differs from the "
                                            "STROW origin of the positions");
        break;
      }
  } else {
    rep.warning(t.at.positions[0].offset, who + "no STROW supplied the origin; the quadword at "
                                                "light_ofs was used");
  }

  // Unpack destinations against the VU header (addresses may alias, so this
  // is a cross-check, never the classifier).
  const VuHeader& vu = t.vu;
  auto addr = [&](const ArrayAt& a, uint16_t want, const char* what) {
    if (a.present && a.addr != want)
      rep.warning(a.offset, who + what + " unpacks to VU address " + std::to_string(a.addr) +
                                ", the VU header says " + std::to_string(want));
  };
  addr(t.at.adGifs, vu.adGifsAddr(), "the ad-gif array");
  addr(t.at.positions[0], vu.positionsCommonAddr(), "the common positions");
  addr(t.at.vertexInfo[0], vu.vertexInfoCommonAddr(), "the common vertex info");
  addr(t.at.vertexInfo[1], vu.vertexInfoLod01Addr(), "the LOD 0+1 vertex info");
  addr(t.at.vertexInfo[2], vu.vertexInfoLod0Addr(), "the LOD 0 vertex info");
  addr(t.at.parents[0], vu.parentLod01Addr(), "the LOD 0+1 parent array");
  addr(t.at.unk2[0], vu.unk2Lod01Addr(), "the LOD 0+1 second index array");
  addr(t.at.parents[1], vu.parentLod0Addr(), "the LOD 0 parent array");
  addr(t.at.unk2[1], vu.unk2Lod0Addr(), "the LOD 0 second index array");
  for (int lod = 0; lod < 3; ++lod) {
    addr(t.at.indices[size_t(lod)], vu.indicesAddr(), "an index array");
    addr(t.at.strips[size_t(lod)], vu.stripsAddr(), "a strip array");
  }

  // Ad-gifs: register order, texture index, wrap modes.
  for (size_t g = 0; g < t.adGifs.size(); ++g) {
    const AdGif& ad = t.adGifs[g];
    uint64_t at = t.at.adGifs.offset + 80 * g;
    for (size_t k = 0; k < 5; ++k)
      if (ad.regs[k].addr != kAdGifRegs[k])
        rep.error(at + 16 * k + 8, who + "ad-gif " + std::to_string(g) + " quadword " +
                                       std::to_string(k) + " addresses GS register " +
                                       std::to_string(ad.regs[k].addr) + ", expected " +
                                       std::to_string(kAdGifRegs[k]));
    size_t limit = lv.bareBlock ? kBareBlockTextures : lv.textures.size();
    if (ad.textureIndex() < 0 || size_t(ad.textureIndex()) >= limit)
      rep.error(at, who + "ad-gif " + std::to_string(g) + " binds texture " +
                        std::to_string(ad.textureIndex()) +
                        (lv.bareBlock ? " but a bare block's texture indices stop at "
                                      : " but the texture table holds ") +
                        std::to_string(limit));
    for (int32_t w : {ad.wrapS(), ad.wrapT()})
      if (w != 0 && w != 1)
        rep.error(at + 32, who + "ad-gif " + std::to_string(g) + " wrap mode " + std::to_string(w) +
                               ", expected 0 (repeat) or 1 (clamp)");
  }

  // Vertex infos: positions, and every LOD entry's parent.
  size_t total = t.vertexInfoCount(0);
  uint64_t resolved = 0;
  for (size_t g = 0; g < total; ++g) {
    const VertexInfo& v = t.info(g);
    int tier = tierOf(t, g);
    uint64_t at =
        t.at.vertexInfo[size_t(tier)].offset + 8 * (g - (tier >= 1 ? t.vertexInfo[0].size() : 0) -
                                                    (tier == 2 ? t.vertexInfo[1].size() : 0));
    if (positionIndex(t, v) < 0)
      rep.error(at + 6, who + "vertex info " + std::to_string(g) + " addresses position field " +
                            std::to_string(v.vertex) + ", expected an even value below " +
                            std::to_string(2 * t.positionCount()));
    if (tier == 0) continue;
    int p = firstParent(t, g);
    if (p < 0 || size_t(p) >= parentLimit(t, tier)) {
      rep.error(at, who + "LOD vertex info " + std::to_string(g) + " has first parent " +
                        std::to_string(p) + ", expected a vertex info below " +
                        std::to_string(parentLimit(t, tier)));
      continue;
    }
    if (v.parent < 0 || v.parent % 2 != 0 || size_t(v.parent / 2) >= t.positionCount()) {
      rep.error(at + 4, who + "LOD vertex info " + std::to_string(g) + " parent field " +
                            std::to_string(v.parent) + " addresses no position of the tfrag");
      continue;
    }
    ++resolved;
  }

  // Triangles of every LOD: indices in range, ad-gifs in range.
  std::array<uint64_t, 3> lodTris{};
  for (int lod = 0; lod < 3; ++lod) {
    try {
      lodTris[size_t(lod)] = lodTriangles(t, lod, lv.coreDataPath).triangles.size();
    } catch (const Error& e) {
      rep.error(e.offset(), who + e.detail());
    }
  }
  census["vertices"] = census.value("vertices", uint64_t(0)) + t.positionCount();
  census["vertexInfos"] = census.value("vertexInfos", uint64_t(0)) + total;
  census["lodEntriesResolved"] = census.value("lodEntriesResolved", uint64_t(0)) + resolved;
  census["adGifs"] = census.value("adGifs", uint64_t(0)) + t.adGifs.size();
  for (int lod = 0; lod < 3; ++lod) {
    std::string k = "trianglesLod" + std::to_string(lod);
    census[k] = census.value(k, uint64_t(0)) + lodTris[size_t(lod)];
  }
}

// Textures: sizes, mips, and (with GS RAM) every texel and palette in range.
void checkTextures(CheckedLevel& c) {
  const Level& lv = c.level;
  const LevelCoreHeader& h = lv.header;
  c.textures.resize(lv.textures.size());
  if (lv.textures.empty()) return;
  if (h.texturesBase < 0 || uint64_t(h.texturesBase) > lv.coreData.size()) {
    Sink{c.findings, "every texture", lv.coreIndexPath}.error(
        0x60, "every texture (" + std::to_string(lv.textures.size()) + "): textures_base " +
                  std::to_string(h.texturesBase) + " lies outside core_data.bin (" +
                  std::to_string(lv.coreData.size()) + " bytes)");
    return;
  }
  for (size_t i = 0; i < lv.textures.size(); ++i) {
    const TextureEntry& e = lv.textures[i];
    Sink rep{c.findings, "texture " + std::to_string(i), lv.coreIndexPath};
    uint64_t at = uint64_t(h.textureOffset) + 16 * i;
    if (e.width != e.height)
      rep.warning(at + 4, "texture " + std::to_string(i) + " is " + std::to_string(e.width) + "x" +
                              std::to_string(e.height) + "; tfrag textures are square");
    if (!lv.hasGsRam) continue;
    try {
      c.textures[i] = decodeTexture(e, i, lv.coreData, uint64_t(h.texturesBase), lv.gsRam,
                                    lv.coreDataPath, lv.gsRamPath);
    } catch (const Error& err) {
      // A size or count fault has no byte of its own: the table entry is where it is.
      if (err.offset() == Error::kNoOffset)
        rep.error(at, err.detail());
      else
        rep.add(err);
    }
  }
}

bool hasError(const std::vector<LevelFinding>& f, size_t from) {
  for (size_t i = from; i < f.size(); ++i)
    if (f[i].severity == Severity::Error) return true;
  return false;
}

} // namespace

CheckedLevel checkLevel(const std::string& path, bool bareBlock) {
  return checkReadLevel([&] { return bareBlock ? readBareBlock(path) : readLevel(path); });
}

CheckedLevel checkReadLevel(const std::function<Level()>& read) {
  Level lv;
  try {
    lv = read();
  } catch (const Error& e) {
    CheckedLevel c;
    Sink{c.findings, "", ""}.add(e);
    return c;
  }
  std::vector<LevelFinding> dir;
  const LevelCoreHeader& h = lv.header;
  if (!lv.bareBlock && h.decompressedSize != lv.coreData.size())
    Sink{dir, "", lv.coreIndexPath}.warning(
        0x8c, "the header says core_data decompresses to " + std::to_string(h.decompressedSize) +
                  " bytes; core_data.bin holds " + std::to_string(lv.coreData.size()));
  if (!lv.hasGsRam && !lv.bareBlock)
    Sink{dir, "", lv.gsRamPath}.warning(
        Error::kNoOffset, "missing: the " + std::to_string(lv.textures.size()) +
                              " textures' palettes and mips 2-3 live there, so they cannot be "
                              "decoded (the mesh converts untextured)");
  CheckedLevel c = checkLevelData(std::move(lv));
  c.findings.insert(c.findings.begin(), dir.begin(), dir.end());
  return c;
}

CheckedLevel checkLevelData(Level level, bool textures) {
  CheckedLevel c;
  c.level = std::move(level);
  Sink levelWide{c.findings, "", ""};
  const Level& lv = c.level;
  const LevelCoreHeader& h = lv.header;
  const Sink data{c.findings, "", lv.coreDataPath};

  const uint8_t* block = lv.coreData.data() + h.tfragsOffset;
  try {
    c.block =
        readBlockHeaders(block, size_t(lv.tfragsSize), lv.coreDataPath, uint64_t(h.tfragsOffset));
  } catch (const Error& e) {
    levelWide.add(e);
    return c;
  }
  c.readable = true;
  if (c.block.header.tableOffset != 0x40)
    data.warning(uint64_t(h.tfragsOffset), "table_offset is " +
                                               std::to_string(c.block.header.tableOffset) +
                                               ", 0x40 in every level");
  // Only the LOD switch distances derive from it; the geometry reads the same.
  if (!(c.block.header.lodDistance > 0))
    data.warning(uint64_t(h.tfragsOffset) + 8, "the LOD base distance is not positive");

  std::vector<Tfrag> intact;
  for (size_t i = 0; i < c.block.tfrags.size(); ++i) {
    const Sink rep{c.findings, "tfrag " + std::to_string(i), lv.coreDataPath};
    size_t before = c.findings.size();
    try {
      Tfrag t = decodeTfrag(block, size_t(lv.tfragsSize), lv.coreDataPath, uint64_t(h.tfragsOffset),
                            c.block, i);
      checkTfrag(rep, lv, t, i, c.census);
      if (!hasError(c.findings, before)) {
        intact.push_back(std::move(t));
        c.tfragIndex.push_back(i);
      }
    } catch (const Error& e) {
      rep.add(e);
    }
  }
  c.census["tfrags"] = c.block.tfrags.size();
  c.census["tfragsDecoded"] = intact.size();
  c.census["textures"] = lv.textures.size();
  c.block.tfrags = std::move(intact);
  if (textures) checkTextures(c);
  return c;
}

std::vector<std::string> acceptOrLeaveOut(const CheckedLevel& c, bool partial) {
  std::vector<std::string> leftOut;
  std::string lastPiece;
  for (const LevelFinding& f : c.findings) {
    if (f.severity != Severity::Error) continue;
    if (!partial || !c.readable || f.piece.empty()) throw Error(f.file, f.offset, f.message);
    if (f.piece == lastPiece) continue; // one line per piece: its first error
    lastPiece = f.piece;
    leftOut.push_back(f.message + " (" + pathOf(f.file).filename().string() + atByte(f.offset) +
                      ")");
  }
  return leftOut;
}

ValidationReport validateLevel(const std::string& path, bool bareBlock) {
  ValidationReport rep = levelReport(checkLevel(path, bareBlock), path);
  rep.format = bareBlock ? "tfrag-block" : "tfrag";
  return rep;
}

void requireIntact(bool intact, const std::vector<std::string>& leftOut, const std::string& path) {
  if (!intact)
    throw Error(path, Error::kNoOffset,
                "every tfrag is broken: nothing intact to convert (" + leftOut.front() + ")");
}

ValidationReport levelReport(const CheckedLevel& c, const std::string& path) {
  ValidationReport rep;
  rep.file = path;
  rep.format = c.level.bareBlock ? "tfrag-block" : "tfrag";
  for (const LevelFinding& f : c.findings) {
    // The report is the directory's: each finding names the file its offset is in.
    std::string where = f.file.empty() || f.file == path
                            ? std::string()
                            : pathOf(f.file).filename().string() + ": ";
    rep.findings.push_back({f.severity, f.offset, where + f.message});
  }
  rep.summary = c.census;
  return rep;
}

} // namespace strata::tfrag

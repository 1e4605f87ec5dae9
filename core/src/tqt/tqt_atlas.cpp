#include "tqt/tqt_atlas.h"

#include "atlas/atlas_io.h"
#include "common/bytes.h"
#include "strata/error.h"
#include "strata/image.h"
#include "strata/quadtree.h"

#include <map>

namespace strata::tqt {

TileDds describeTileDds(const Tile& tile, const std::string& fileName) {
  TileDds out;
  const auto& d = tile.dds;
  auto u32At = [&](size_t at) { return at + 4 <= d.size() ? loadLE<uint32_t>(d, at) : 0u; };
  out.height = u32At(12); // DDS_HEADER.dwHeight
  out.width = u32At(16);  // DDS_HEADER.dwWidth
  try {
    out.format = image::pixelFormat(image::readDDS(d, fileName).dxgiFormat)->name;
  } catch (const Unsupported& e) {
    out.format = "unsupported (" + e.detail() + ")";
  } catch (const Error& e) {
    out.format = "broken (" + e.detail() + ")";
  }
  return out;
}

void addTexToc(atlas::File& file, const File& tqt, uint32_t firstPlaceholder) {
  atlas::Toc tex;
  tex.kind = atlas::TocKind::Tex;
  tex.tag = "Tex";
  tex.treeDepth = tqt.header.treeDepth;
  tex.version = atlas::kMaxVersion;
  const size_t count = size_t(nodeCount(tex.treeDepth));
  tex.texStubs.resize(count);
  std::map<uint32_t, uint32_t> placed; // TQT offset -> placeholder of its frame
  for (size_t i = 0; i < count; ++i) {
    const NodePos p = nodePos(i);
    const uint32_t off = tqt.offsetOf(p.level, p.x, p.y);
    auto it = placed.find(off);
    const uint32_t placeholder =
        it != placed.end() ? it->second : firstPlaceholder + uint32_t(placed.size());
    if (it == placed.end()) {
      const Tile* tile = tqt.tileAt(off); // the reader read one tile per offset
      placed[off] = placeholder;
      atlas::Frame fr;
      fr.kind = atlas::TocKind::Tex;
      fr.version = atlas::kMaxVersion;
      fr.offset = placeholder;
      fr.tex.format = 2; // §4 / §9c: DDS
      fr.tex.data = tile->dds;
      file.frames.push_back(std::move(fr));
    }
    tex.texStubs[i] = {placeholder, 1, 0};
  }
  file.tocs.push_back(std::move(tex));
}

atlas::TileOrigins tileOrigins(const File& tqt, const std::string& tqtPath) {
  return [&tqt, tqtPath](size_t, size_t stub) {
    const NodePos p = nodePos(stub);
    const std::string pos = nodeName(p);
    atlas::TileOrigin o;
    o.file = tqtPath;
    o.payload = uint64_t(tqt.offsetOf(p.level, p.x, p.y)) + 4; // after the U32 chunkSize
    o.name = "TQT tile " + pos + " (table entry " + std::to_string(nodeId(p.level, p.y, p.x)) + ")";
    o.imageName = pos;
    return o;
  };
}

atlas::File asAtlas(const File& tqt) {
  atlas::File f;
  addTexToc(f, tqt, 1);
  atlas::layoutAtlas(f);
  return f;
}

} // namespace strata::tqt

// TQT writer: the exact inverse of tqt_read.cpp (§9c).
#include "chu/tqt_io.h"
#include "common/bytes.h"
#include "strata/error.h"

#include <algorithm>
#include <map>

namespace strata::tqt {

std::vector<uint8_t> writeTqt(const File& file) {
  ByteWriter w;
  w.u32(kMagic);
  w.u32(file.header.version);
  w.u32(file.header.treeDepth);
  w.u32(file.header.tileSize);
  if (file.offsets.size() != nodeCount(file.header.treeDepth))
    throw Error("", Error::kNoOffset,
                "TQT offset table has " + std::to_string(file.offsets.size()) +
                    " entries; a tree of depth " + std::to_string(file.header.treeDepth) +
                    " needs " + std::to_string(nodeCount(file.header.treeDepth)));
  for (uint32_t o : file.offsets) w.u32(o);

  struct Piece {
    uint32_t offset;
    const Tile* tile;
    const Gap* gap;
  };
  std::vector<Piece> pieces;
  for (const Tile& t : file.tiles) pieces.push_back({t.offset, &t, nullptr});
  for (const Gap& g : file.gaps) pieces.push_back({g.offset, nullptr, &g});
  std::stable_sort(pieces.begin(), pieces.end(),
                   [](const Piece& a, const Piece& b) { return a.offset < b.offset; });
  std::map<uint32_t, bool> tileAt;
  for (const Piece& p : pieces) {
    if (p.offset < w.tell())
      throw Error("", p.offset,
                  "TQT tile overlaps the data before it (ends at " + std::to_string(w.tell()) +
                      ")");
    w.zeros(p.offset - w.tell());
    if (p.tile) {
      w.u32(uint32_t(p.tile->dds.size()));
      w.bytes(p.tile->dds);
      tileAt[p.offset] = true;
    } else {
      w.bytes(p.gap->bytes);
    }
  }
  for (size_t i = 0; i < file.offsets.size(); ++i)
    if (!tileAt.count(file.offsets[i]))
      throw Error("", file.offsets[i],
                  "TQT table entry " + std::to_string(i) +
                      " names no tile; call layoutTqt after editing");
  return std::move(w.buf);
}

void layoutTqt(File& file) {
  std::map<uint32_t, uint32_t> moved;
  uint32_t cursor = kHeaderSize + 4 * uint32_t(file.offsets.size());
  for (Tile& t : file.tiles) {
    moved[t.offset] = cursor;
    t.offset = cursor;
    cursor += 4 + uint32_t(t.dds.size());
  }
  file.gaps.clear();
  for (uint32_t& o : file.offsets) {
    auto it = moved.find(o);
    if (it == moved.end()) throw Error("", o, "TQT table entry names no tile to lay out");
    o = it->second;
  }
}

} // namespace strata::tqt

// TQT writer: the exact inverse of tqt_read.cpp (§9c).
#include "common/bytes.h"
#include "strata/error.h"
#include "tqt/tqt_io.h"

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

  const std::map<uint32_t, uint32_t> tileAt =
      writeAtOffsets(w, file.tiles, file.gaps, "TQT tile", [](ByteWriter& out, const Tile& t) {
        out.u32(uint32_t(t.dds.size()));
        out.bytes(t.dds);
      });
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

// TQT reader (atlas-chu-tqt.md §9c), enforcing the structural rules of §9e.
#include "common/bytes.h"
#include "strata/quadtree.h"
#include "tqt/tqt_io.h"

#include <algorithm>
#include <map>

namespace strata::tqt {

const Tile* File::tileAt(uint32_t offset) const {
  for (const Tile& t : tiles)
    if (t.offset == offset) return &t;
  return nullptr;
}

namespace {

Tile readTile(const std::vector<uint8_t>& bytes, const std::string& fileName, uint32_t offset) {
  ByteReader r(bytes, fileName);
  r.seek(offset, "TQT tile");
  Tile t;
  t.offset = offset;
  uint32_t size = r.u32("TQT tile chunkSize");
  // §9c: the tile is [offset, offset + 4 + chunkSize); it must lie in the file.
  // (§9e's rule that it holds a complete DDS stream is checked per tile by
  // decoding it, tqt_atlas.h, so one broken tile does not hide the others.)
  t.dds = r.bytes(r.count(size, 1, "TQT tile DDS bytes"), "TQT tile DDS bytes");
  return t;
}

} // namespace

File readTqt(const std::vector<uint8_t>& bytes, const std::string& fileName) {
  ByteReader r(bytes, fileName);
  File file;
  r.expectU32(kMagic, "TQT magic tqt\\0");
  file.header.version = r.u32("TQT version");
  size_t at = r.tell();
  file.header.treeDepth = r.u32("TQT treeDepth");
  if (file.header.treeDepth < 1 || file.header.treeDepth > kMaxTreeDepth)
    r.failAt(at, "TQT treeDepth " + std::to_string(file.header.treeDepth) + " out of range 1.." +
                     std::to_string(kMaxTreeDepth));
  file.header.tileSize = r.u32("TQT tileSize");
  uint64_t n = r.count(nodeCount(file.header.treeDepth), 4, "TQT tile offsets");
  file.offsets.resize(size_t(n));
  for (uint32_t& o : file.offsets) o = r.u32("TQT tile offset");
  const uint32_t tableEnd = uint32_t(r.tell());

  std::map<uint32_t, size_t> byOffset;
  for (size_t i = 0; i < file.offsets.size(); ++i) {
    const uint32_t off = file.offsets[i];
    NodePos p = nodePos(i); // stored position; the logical node is (level, p.y, p.x)
    std::string who = "TQT tile of table entry " + std::to_string(i) + " (node " +
                      nodeName(p.level, p.y, p.x) + ")";
    if (off < tableEnd)
      throw Error(fileName, kHeaderSize + 4 * i,
                  who + " starts at " + std::to_string(off) +
                      ", inside the header and offset table (which end at " +
                      std::to_string(tableEnd) + ")");
    if (off >= bytes.size())
      throw Error(fileName, kHeaderSize + 4 * i,
                  who + " starts at " + std::to_string(off) + ", past the end of the file (" +
                      std::to_string(bytes.size()) + " bytes)");
    if (byOffset.count(off)) continue; // a shared tile (§9e)
    byOffset[off] = file.tiles.size();
    file.tiles.push_back(readTile(bytes, fileName, off));
  }

  // §9e: distinct tile ranges must not overlap; keep the bytes between them.
  file.gaps = sortAndKeepGaps(
      file.tiles, bytes, tableEnd, [](const Tile& t) { return uint64_t(4) + t.dds.size(); },
      [&](const Tile& t, uint64_t end) {
        throw Error(fileName, t.offset,
                    "TQT tile at " + std::to_string(t.offset) +
                        " partially overlaps the previous tile, which ends at " +
                        std::to_string(end));
      });
  return file;
}

} // namespace strata::tqt

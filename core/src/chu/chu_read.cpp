// CHU3 v400 reader (atlas-chu-tqt.md §9b), enforcing the structural rules of §9e.
#include "chu/chu_io.h"
#include "common/bytes.h"
#include "strata/quadtree.h"

#include <algorithm>
#include <map>

namespace strata::chu {

const Chunk* File::chunkAt(uint32_t offset) const {
  for (const Chunk& c : chunks)
    if (c.offset == offset) return &c;
  return nullptr;
}

const Stub* File::stubByLabel(int64_t label) const {
  for (const Stub& s : stubs)
    if (s.label == label) return &s;
  return nullptr;
}

namespace {

Header readHeader(ByteReader& r) {
  Header h;
  r.expectU32(kMagic, "CHU magic CHU3");
  size_t at = r.tell();
  h.version = r.s16("CHU version");
  if (h.version != kVersion)
    throw Unsupported(r.file(), r.fileOffset(at),
                      "CHU version " + std::to_string(h.version) + "; only version 400 is known");
  at = r.tell();
  h.treeDepth = r.s16("CHU treeDepth");
  if (h.treeDepth < 1 || uint32_t(h.treeDepth) > kMaxTreeDepth)
    r.failAt(at, "CHU treeDepth " + std::to_string(h.treeDepth) + " out of range 1.." +
                     std::to_string(kMaxTreeDepth));
  h.baseMaxError = r.f32("CHU baseMaxError");
  h.verticalScale = r.f32("CHU verticalScale");
  h.leafDimensions = r.f32("CHU leafDimensions");
  at = r.tell();
  h.chunkCount = r.u32("CHU chunkCount");
  // §9e: labels must be unique and cover the declared tree, which takes
  // exactly nodeCount(treeDepth) stubs.
  const uint64_t expected = nodeCount(uint32_t(h.treeDepth));
  if (h.chunkCount != expected)
    r.failAt(at, "CHU chunkCount " + std::to_string(h.chunkCount) + ", but a tree of depth " +
                     std::to_string(h.treeDepth) + " has " + std::to_string(expected) + " nodes");
  h.colTreeDepth = r.u32("CHU colTreeDepth");
  return h;
}

Stub readStub(ByteReader& r) {
  Stub s;
  r.expectU32(kStubSentinel, "CHU stub sentinel");
  forEachField(s, ReadField{r});
  return s;
}

Chunk readChunk(const std::vector<uint8_t>& bytes, const std::string& fileName, uint32_t offset,
                uint32_t colTreeDepth, const std::string& who) {
  ByteReader r(bytes, fileName);
  r.seek(offset, "CHU chunk");
  Chunk c;
  c.offset = offset;
  size_t at = r.tell();
  uint32_t sentinel = r.u32("CHU chunk sentinel");
  if (sentinel != kChunkSentinel)
    r.failAt(at, "expected CHU chunk sentinel " + hex32(kChunkSentinel) + " for " + who +
                     ", found " + hex32(sentinel));
  uint16_t vertCount = r.u16("CHU chunk vertCount");
  r.count(vertCount, 8, "CHU vertices");
  c.verts.resize(vertCount);
  for (QVertex& v : c.verts) {
    v.x = r.s16("vertex x");
    v.y = r.s16("vertex y");
    v.z = r.s16("vertex z");
    v.morph = r.s16("vertex morph");
  }
  at = r.tell();
  int32_t indexCount = r.s32("CHU chunk indexCount");
  if (indexCount < 0)
    r.failAt(at, "CHU indexCount " + std::to_string(indexCount) + " of " + who +
                     " is negative; it must be non-negative");
  r.count(uint64_t(indexCount), 2, "CHU indices");
  c.indices.resize(size_t(indexCount));
  for (uint16_t& i : c.indices) i = r.u16("index");
  c.triCount = r.u32("CHU chunk triCount");
  at = r.tell();
  c.colDataFlag = r.u8("CHU colDataFlag");
  if (c.colDataFlag > 1)
    r.failAt(at, "CHU colDataFlag " + std::to_string(c.colDataFlag) + " of " + who +
                     "; it must be 0 or 1");
  if (c.colDataFlag == 1) {
    // §9b: the collision dimensions derive from the header's colTreeDepth,
    // which must be nonzero for them to be defined.
    if (colTreeDepth == 0 || colTreeDepth > kMaxTreeDepth)
      r.failAt(at, who + " has collision data but the header colTreeDepth is " +
                       std::to_string(colTreeDepth) + " (expected 1.." +
                       std::to_string(kMaxTreeDepth) + ")");
    uint64_t nodes = r.count(nodeCount(colTreeDepth), 4, "CHU collision tree nodes");
    c.collision.treeNodes.resize(size_t(nodes));
    for (auto& n : c.collision.treeNodes) {
      n[0] = r.s16("collision node min");
      n[1] = r.s16("collision node max");
    }
    r.expectU32(kCollisionMark, "CHU collision mark");
    uint64_t grid = r.count(collisionGridCount(colTreeDepth), 2, "CHU collision grid offsets");
    c.collision.offsets.resize(size_t(grid));
    for (uint16_t& o : c.collision.offsets) o = r.u16("collision grid offset");
    uint32_t bufferSize = r.u32("CHU collision bufferSize");
    r.count(bufferSize, 2, "CHU collision index buffer");
    c.collision.buffer.resize(bufferSize);
    for (uint16_t& b : c.collision.buffer) b = r.u16("collision index");
  }
  r.expectU32(kChunkFooter, "CHU chunk footer");
  return c;
}

} // namespace

File readChu(const std::vector<uint8_t>& bytes, const std::string& fileName) {
  ByteReader r(bytes, fileName);
  File file;
  file.header = readHeader(r);
  r.count(file.header.chunkCount, kStubSize, "CHU stubs");
  file.stubs.resize(file.header.chunkCount);
  std::vector<size_t> labelAt(file.stubs.size(), 0);
  std::vector<bool> seen(file.stubs.size(), false);
  for (size_t i = 0; i < file.stubs.size(); ++i) {
    size_t at = r.tell();
    file.stubs[i] = readStub(r);
    const int32_t label = file.stubs[i].label;
    // §9e: labels unique and covering the complete tree; with exactly
    // nodeCount stubs that means every label in 0..count-1 exactly once.
    if (label < 0 || uint64_t(label) >= file.stubs.size())
      r.failAt(at + 4, "CHU stub " + std::to_string(i) + " has label " + std::to_string(label) +
                           " outside the tree (0.." + std::to_string(file.stubs.size() - 1) + ")");
    if (seen[size_t(label)])
      r.failAt(at + 4, "CHU stub " + std::to_string(i) + " repeats label " + std::to_string(label) +
                           " (first at byte " + std::to_string(labelAt[size_t(label)]) +
                           "); labels must be unique");
    seen[size_t(label)] = true;
    labelAt[size_t(label)] = at + 4;
  }
  const uint32_t tableEnd = uint32_t(r.tell());

  // Several stubs may share a chunk (§9e); each distinct offset is read once.
  std::map<uint32_t, size_t> byOffset;
  for (size_t i = 0; i < file.stubs.size(); ++i) {
    const Stub& s = file.stubs[i];
    std::string who =
        "the chunk of CHU stub " + std::to_string(i) + " (label " + std::to_string(s.label) + ")";
    if (s.chunkOffset < tableEnd)
      throw Error(fileName, kHeaderSize + i * kStubSize + 33,
                  who + " starts at " + std::to_string(s.chunkOffset) +
                      ", inside the header and stub table (which end at " +
                      std::to_string(tableEnd) + ")");
    if (s.chunkOffset >= bytes.size())
      throw Error(fileName, kHeaderSize + i * kStubSize + 33,
                  who + " starts at " + std::to_string(s.chunkOffset) +
                      ", past the end of the file (" + std::to_string(bytes.size()) + " bytes)");
    if (byOffset.count(s.chunkOffset)) continue;
    byOffset[s.chunkOffset] = file.chunks.size();
    file.chunks.push_back(readChunk(bytes, fileName, s.chunkOffset, file.header.colTreeDepth, who));
  }

  // Physical order, no overlaps; what lies between chunks is kept as gaps.
  const uint32_t colTreeDepth = file.header.colTreeDepth;
  file.gaps = sortAndKeepGaps(
      file.chunks, bytes, tableEnd, [&](const Chunk& c) { return chunkSize(c, colTreeDepth); },
      [&](const Chunk& c, uint64_t end) {
        throw Error(fileName, c.offset,
                    "CHU chunk overlaps the previous chunk, which ends at " + std::to_string(end));
      });
  return file;
}

} // namespace strata::chu

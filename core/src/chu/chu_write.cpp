// CHU3 v400 writer: the exact inverse of chu_read.cpp (§9b).
#include "chu/chu_io.h"
#include "common/bytes.h"
#include "strata/error.h"
#include "strata/quadtree.h"

#include <algorithm>
#include <map>

namespace strata::chu {

namespace {

void writeChunk(ByteWriter& w, const Chunk& c) {
  w.u32(kChunkSentinel);
  w.u16(uint16_t(c.verts.size()));
  for (const QVertex& v : c.verts) w.s16(v.x), w.s16(v.y), w.s16(v.z), w.s16(v.morph);
  w.s32(int32_t(c.indices.size()));
  for (uint16_t i : c.indices) w.u16(i);
  w.u32(c.triCount);
  w.u8(c.colDataFlag);
  if (c.colDataFlag == 1) {
    for (const auto& n : c.collision.treeNodes) w.s16(n[0]), w.s16(n[1]);
    w.u32(kCollisionMark);
    for (uint16_t o : c.collision.offsets) w.u16(o);
    w.u32(uint32_t(c.collision.buffer.size()));
    for (uint16_t b : c.collision.buffer) w.u16(b);
  }
  w.u32(kChunkFooter);
}

void checkChunk(const Chunk& c, uint32_t colTreeDepth) {
  if (c.verts.size() > 0xFFFF)
    throw Error("", c.offset,
                "CHU chunk has " + std::to_string(c.verts.size()) + " vertices; at most 65535");
  if (c.colDataFlag > 1) throw Error("", c.offset, "CHU colDataFlag must be 0 or 1");
  if (c.colDataFlag == 1 && (colTreeDepth == 0 || colTreeDepth > kMaxTreeDepth ||
                             c.collision.treeNodes.size() != nodeCount(colTreeDepth) ||
                             c.collision.offsets.size() != collisionGridCount(colTreeDepth)))
    throw Error("", c.offset,
                "CHU collision block does not match colTreeDepth " + std::to_string(colTreeDepth));
}

} // namespace

uint32_t chunkSize(const Chunk& c, uint32_t colTreeDepth) {
  (void)colTreeDepth; // the collision arrays already hold their derived sizes
  uint64_t n = 4 + 2 + 8 * uint64_t(c.verts.size()) + 4 + 2 * uint64_t(c.indices.size()) + 4 + 1;
  if (c.colDataFlag == 1)
    n += 4 * uint64_t(c.collision.treeNodes.size()) + 4 + 2 * uint64_t(c.collision.offsets.size()) +
         4 + 2 * uint64_t(c.collision.buffer.size());
  return uint32_t(n + 4);
}

std::vector<uint8_t> writeChu(const File& file) {
  const Header& h = file.header;
  ByteWriter w;
  w.u32(kMagic);
  w.s16(h.version);
  w.s16(h.treeDepth);
  w.f32(h.baseMaxError);
  w.f32(h.verticalScale);
  w.f32(h.leafDimensions);
  w.u32(uint32_t(file.stubs.size()));
  w.u32(h.colTreeDepth);
  for (const Stub& s : file.stubs) {
    w.u32(kStubSentinel);
    forEachField(s, WriteField{w});
  }

  const std::map<uint32_t, uint32_t> chunkAt =
      writeAtOffsets(w, file.chunks, file.gaps, "CHU chunk", [&](ByteWriter& out, const Chunk& c) {
        checkChunk(c, h.colTreeDepth);
        writeChunk(out, c);
      });
  for (size_t i = 0; i < file.stubs.size(); ++i)
    if (!chunkAt.count(file.stubs[i].chunkOffset))
      throw Error("", file.stubs[i].chunkOffset,
                  "CHU stub " + std::to_string(i) +
                      " names no chunk at its chunkOffset; call layoutChu after editing");
  return std::move(w.buf);
}

void layoutChu(File& file) {
  file.header.chunkCount = uint32_t(file.stubs.size());
  std::map<uint32_t, uint32_t> moved; // old offset -> new offset
  uint32_t cursor = kHeaderSize + kStubSize * uint32_t(file.stubs.size());
  for (Chunk& c : file.chunks) {
    moved[c.offset] = cursor;
    c.offset = cursor;
    cursor += chunkSize(c, file.header.colTreeDepth);
  }
  file.gaps.clear();
  for (Stub& s : file.stubs) {
    auto it = moved.find(s.chunkOffset);
    if (it == moved.end())
      throw Error("", s.chunkOffset,
                  "CHU stub label " + std::to_string(s.label) + " names no chunk to lay out");
    s.chunkOffset = it->second;
  }
}

} // namespace strata::chu

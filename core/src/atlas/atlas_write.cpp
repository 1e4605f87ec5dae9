// Atlas writer: the exact inverse of atlas_read.cpp, layout by layout (§1-§5).
#include "atlas/atlas_io.h"
#include "common/bytes.h"

#include <algorithm>
#include <map>

namespace strata::atlas {

namespace {

void writeBox(ByteWriter& w, const Box3& b) {
  for (float v : b.min) w.f32(v);
  for (float v : b.max) w.f32(v);
}

void writeToc(ByteWriter& w, const Toc& t) {
  w.u8(uint8_t(t.tag.size()));
  w.bytes(t.tag.data(), t.tag.size());
  if (t.kind == TocKind::Geom) w.u32(t.goalBatchSize);
  w.u32(t.treeDepth);
  w.u32(uint32_t(t.stubCount()));
  w.u32(t.version);
  for (const GeomStub& s : t.geomStubs) {
    w.u32(s.offset), w.u32(s.length), w.u32(s.generation);
    if (t.version < kVersionBounds) {
      w.f32(s.posX), w.f32(s.posY);
    } else {
      writeBox(w, s.bounds);
      w.u8(s.sentinel);
    }
  }
  for (const TexStub& s : t.texStubs) w.u32(s.offset), w.u32(s.length), w.u32(s.generation);
  for (const ConfigStub& s : t.configStubs) {
    w.u32(s.offset), w.u32(s.length), w.u32(s.generation);
    w.bytes(s.name.data(), 8);
  }
}

void writeGeomBody(ByteWriter& w, uint32_t version, const GeomChunk& g) {
  w.u32(g.previousChunk);
  if (version >= kVersionCollision) writeBox(w, g.bounds);
  w.u32(uint32_t(g.indices.size()));
  w.u32(g.skirtSkip);
  for (uint16_t i : g.indices) w.u16(i);
  w.u32(uint32_t(g.verts.size()));
  for (const Vertex& v : g.verts) {
    for (float f : v.point) w.f32(f);
    for (float f : v.texCoord) w.f32(f);
    if (version < kVersionMorphSwap) {
      for (float f : v.pointMorph) w.f32(f);
      for (float f : v.texMorph) w.f32(f);
    } else {
      for (float f : v.texMorph) w.f32(f);
      for (float f : v.pointMorph) w.f32(f);
    }
    if (version >= kVersionNormals)
      for (float f : v.normal) w.f32(f);
  }
  if (version >= kVersionBounds && version < kVersionCollision) writeBox(w, g.bounds);
  if (version >= kVersionCollision) {
    w.u8(g.colFlag);
    if (g.colFlag == kCollisionPresent) {
      const Collision& c = g.collision;
      w.u32(c.treeDepth);
      for (auto& n : c.tree) w.f32(n[0]), w.f32(n[1]);
      w.u32(uint32_t(c.offsets.size()));
      for (uint16_t o : c.offsets) w.u16(o);
      w.u32(uint32_t(c.indices.size()));
      for (uint16_t i : c.indices) w.u16(i);
    }
    w.u32(kGeomFooter);
  }
}

void writeFrame(ByteWriter& w, const Frame& f) {
  ByteWriter body;
  uint32_t head = 0, tail = 0;
  switch (f.kind) {
  case TocKind::Geom:
    writeGeomBody(body, f.version, f.geom);
    head = kGeomHead, tail = kGeomTail;
    break;
  case TocKind::Tex:
    body.u8(f.tex.format);
    body.bytes(f.tex.data);
    head = kTexHead, tail = kTexTail;
    break;
  case TocKind::Config:
    body.u32(f.config.previousChunk);
    body.u32(uint32_t(f.config.entries.size()));
    for (const ConfigEntry& e : f.config.entries) {
      body.u32(uint32_t(e.key.size()));
      body.bytes(e.key.data(), e.key.size());
      body.u32(uint32_t(e.value.size()));
      body.bytes(e.value.data(), e.value.size());
    }
    head = kConfigHead, tail = kConfigTail;
    break;
  }
  w.u32(kFrameMarker);
  w.u32(uint32_t(body.buf.size()));
  w.u32(head);
  w.bytes(body.buf);
  w.u32(tail);
}

} // namespace

uint32_t tocPrefixSize(const File& file) {
  ByteWriter w;
  w.u32(kMagic);
  w.u8(uint8_t(file.tocs.size()));
  for (const Toc& t : file.tocs) writeToc(w, t);
  return uint32_t(w.tell());
}

uint32_t frameSize(const Frame& frame) {
  ByteWriter w;
  writeFrame(w, frame);
  return uint32_t(w.tell());
}

std::vector<uint8_t> writeAtlas(const File& file) {
  if (file.tocs.size() > 255)
    throw Error("", Error::kNoOffset, "an Atlas file holds at most 255 TOCs");
  ByteWriter w;
  w.u32(kMagic);
  w.u8(uint8_t(file.tocs.size()));
  for (const Toc& t : file.tocs) writeToc(w, t);

  // Frames and gaps go at their offsets, in offset order; they must tile the
  // chunk region without overlapping.
  const std::map<uint32_t, uint32_t> frameLength =
      writeAtOffsets(w, file.frames, file.gaps, "chunk",
                     [](ByteWriter& out, const Frame& f) { writeFrame(out, f); });
  for (const Toc& t : file.tocs)
    for (size_t i = 0; i < t.stubCount(); ++i) {
      if (t.stubLength(i) == 0) continue;
      auto it = frameLength.find(t.stubOffset(i));
      if (it == frameLength.end() || it->second != t.stubLength(i))
        throw Error("", t.stubOffset(i),
                    "stub " + std::to_string(i) + " of TOC " + t.tag +
                        " does not match a chunk of its length; call layoutAtlas after editing");
    }
  return std::move(w.buf);
}

void layoutAtlas(File& file) {
  std::map<uint32_t, std::pair<uint32_t, uint32_t>> moved; // old offset -> new offset, length
  uint32_t cursor = tocPrefixSize(file);
  for (Frame& f : file.frames) {
    uint32_t len = frameSize(f);
    moved[f.offset] = {cursor, len};
    f.offset = cursor;
    cursor += len;
  }
  file.gaps.clear();
  for (Toc& t : file.tocs)
    for (size_t i = 0; i < t.stubCount(); ++i) {
      auto it = moved.find(t.stubOffset(i));
      if (it != moved.end())
        t.setStubRef(i, it->second.first, it->second.second);
      else
        t.setStubRef(i, 0, 0); // refers to no frame: an empty stub
    }
}

} // namespace strata::atlas

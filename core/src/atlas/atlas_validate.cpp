// `strata validate` for Atlas: every structural rule of atlas-chu-tqt.md that
// the reader does not already enforce while parsing.
#include "atlas/atlas_validate.h"

#include "atlas/atlas_lod_check.h"

#include "common/quadtree.h"
#include "strata/error.h"

#include <cstring>

namespace strata::atlas {

namespace {

bool contains(const Box3& outer, const Vec3& p) {
  for (int k = 0; k < 3; ++k)
    if (p[k] < outer.min[k] || p[k] > outer.max[k]) return false;
  return true;
}

bool sameBox(const Box3& a, const Box3& b) {
  return a.min == b.min && a.max == b.max;
}

void checkCollision(const Frame& f, const std::string& who, ValidationReport& rep) {
  const Collision& c = f.geom.collision;
  const uint64_t bins = uint64_t(1) << (2 * (c.treeDepth - 1)); // leaf bins of the collision tree
  if (c.offsets.size() != bins)
    rep.error(f.offset, who + ": collision has " + std::to_string(c.offsets.size()) +
                            " bin offsets, expected " + std::to_string(bins) + " for depth " +
                            std::to_string(c.treeDepth));
  const size_t solid = f.geom.indices.size() - f.geom.skirtSkip;
  for (size_t b = 0; b < c.offsets.size(); ++b) {
    size_t i = c.offsets[b];
    while (i < c.indices.size() && c.indices[i] != 0xFFFF) {
      uint16_t tri = c.indices[i];
      if (tri % 3 != 0 || size_t(tri) + 2 >= f.geom.indices.size()) {
        rep.error(f.offset, who + ": collision bin " + std::to_string(b) + " names index offset " +
                                std::to_string(tri) + ", not a triangle of the " +
                                std::to_string(f.geom.indices.size()) + " indices");
        break;
      }
      if (tri >= solid)
        rep.warning(f.offset,
                    who + ": collision bin " + std::to_string(b) + " names a skirt triangle");
      ++i;
    }
    if (i >= c.indices.size()) {
      rep.error(f.offset, who + ": collision bin " + std::to_string(b) +
                              " is not terminated by 0xFFFF inside the index buffer");
      break;
    }
  }
}

void checkGeomTree(const File& file, const Toc& toc, size_t tocIndex, ValidationReport& rep) {
  const std::string tocName = "Geom TOC " + std::to_string(tocIndex);
  for (size_t i = 0; i < toc.geomStubs.size(); ++i) {
    const GeomStub& s = toc.geomStubs[i];
    NodePos pos = nodePos(i);
    std::string who = tocName + " chunk L" + std::to_string(pos.level) + "_" +
                      std::to_string(pos.x) + "_" + std::to_string(pos.y);
    if (s.length == 0) {
      rep.warning(Error::kNoOffset, who + ": empty stub (no chunk)");
      continue;
    }
    const Frame* f = file.frameAt(s.offset);
    if (!f) continue;
    const GeomChunk& g = f->geom;
    if (g.indices.size() % 3)
      rep.error(f->offset, who + ": mIndexCount " + std::to_string(g.indices.size()) +
                               " is not a multiple of 3");
    if (g.skirtSkip % 3)
      rep.warning(f->offset, who + ": mSkirtSkipCount " + std::to_string(g.skirtSkip) +
                                 " is not a multiple of 3");
    for (uint16_t idx : g.indices)
      if (idx >= g.verts.size()) {
        rep.error(f->offset, who + ": index " + std::to_string(idx) + " >= mVertCount " +
                                 std::to_string(g.verts.size()));
        break;
      }
    Box3 b = canonicalBounds(*f);
    for (const Vertex& v : g.verts)
      if (!contains(b, v.point)) {
        rep.warning(f->offset, who + ": a vertex lies outside the chunk bounds");
        break;
      }
    if (toc.version >= kVersionBounds && !sameBox(s.bounds, g.bounds) &&
        toc.version >= kVersionCollision)
      rep.warning(f->offset, who + ": stub bounds differ from chunk bounds");
    if (g.colFlag == kCollisionPresent) checkCollision(*f, who, rep);
    // Each parent's bounds contain its children's (atlas-torque-source-notes.md "Bounds").
    if (pos.level + 1 < toc.treeDepth && toc.version >= kVersionBounds)
      for (uint32_t c = 0; c < 4; ++c) {
        const GeomStub& child =
            toc.geomStubs[nodeId(pos.level + 1, 2 * pos.x + c / 2, 2 * pos.y + c % 2)];
        if (child.length &&
            !(contains(s.bounds, child.bounds.min) && contains(s.bounds, child.bounds.max))) {
          rep.warning(f->offset, who + ": stub bounds do not contain a child's bounds");
          break;
        }
      }
  }
}

void checkTexture(const Frame& f, const std::string& who, ValidationReport& rep) {
  const auto& d = f.tex.data;
  auto starts = [&](const char* sig, size_t n) {
    return d.size() >= n && std::memcmp(d.data(), sig, n) == 0;
  };
  switch (f.tex.format) { // §4 mFormat
  case 0:
    if (!starts("\xFF\xD8\xFF", 3)) rep.error(f.offset, who + ": mFormat 0 but no JPEG signature");
    break;
  case 1:
    if (!starts("\x89PNG\r\n\x1A\n", 8))
      rep.error(f.offset, who + ": mFormat 1 but no PNG signature");
    break;
  case 2:
    if (!starts("DDS ", 4)) rep.error(f.offset, who + ": mFormat 2 but no DDS magic");
    break;
  default:
    rep.error(f.offset, who + ": unknown texture mFormat " + std::to_string(f.tex.format) +
                            " (expected 0 JPEG, 1 PNG or 2 DDS)");
  }
}

} // namespace

void validateModel(const File& file, uint64_t fileSize, ValidationReport& rep) {
  size_t geomChunks = 0, texChunks = 0, configChunks = 0;
  for (size_t t = 0; t < file.tocs.size(); ++t) {
    const Toc& toc = file.tocs[t];
    const std::string name = toc.tag + " TOC " + std::to_string(t);
    if (toc.kind != TocKind::Config && toc.stubCount() != nodeCount(toc.treeDepth))
      rep.error(Error::kNoOffset, name + ": stubCount " + std::to_string(toc.stubCount()) +
                                      " but a quadtree of depth " + std::to_string(toc.treeDepth) +
                                      " has " + std::to_string(nodeCount(toc.treeDepth)) +
                                      " nodes");
    else if (toc.kind == TocKind::Geom) {
      checkGeomTree(file, toc, t, rep);
      checkStaleLods(file, toc, rep);
      checkZeroedMorph(file, toc, rep);
    }
    if (toc.kind == TocKind::Config && toc.treeDepth != 0)
      rep.warning(Error::kNoOffset, name + ": treeDepth " + std::to_string(toc.treeDepth) +
                                        " for a Config TOC (observed 0)");
    for (size_t i = 0; i < toc.stubCount(); ++i) {
      if (!toc.stubLength(i)) continue;
      const Frame* f = file.frameAt(toc.stubOffset(i));
      if (!f) continue;
      if (toc.kind == TocKind::Tex) checkTexture(*f, name + " stub " + std::to_string(i), rep);
      uint32_t prev = f->kind == TocKind::Geom     ? f->geom.previousChunk
                      : f->kind == TocKind::Config ? f->config.previousChunk
                                                   : 0;
      if (prev >= fileSize)
        rep.warning(f->offset, name + " stub " + std::to_string(i) + ": previousChunk " +
                                   std::to_string(prev) + " lies past the end of the file");
    }
  }
  for (const Frame& f : file.frames)
    (f.kind == TocKind::Geom ? geomChunks : f.kind == TocKind::Tex ? texChunks : configChunks)++;
  rep.summary["tocs"] = file.tocs.size();
  rep.summary["geometryChunks"] = geomChunks;
  rep.summary["textureChunks"] = texChunks;
  rep.summary["configChunks"] = configChunks;
  size_t gapBytes = 0;
  for (const Gap& g : file.gaps) gapBytes += g.bytes.size();
  rep.summary["unreferencedBytes"] = gapBytes;
}

} // namespace strata::atlas

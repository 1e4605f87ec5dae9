#include "atlas/atlas_check.h"

#include "atlas/atlas_io.h"
#include "atlas/atlas_offsets.h"
#include "common/bytes.h"
#include "strata/parallel.h"
#include "strata/quadtree.h"

#include <cmath>
#include <iterator>

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

// Collects the problems of one check run.
struct Sink {
  const std::string& file;
  std::vector<Problem>& out;
  void add(Severity sev, uint64_t offset, std::string piece, std::string msg, int kind = kWholeFile,
           uint64_t index = 0) {
    out.push_back({sev, file, offset, std::move(piece), std::move(msg), kind, index, false});
  }
};

// The first float of a geometry stub and its chunk that is not finite, in
// file order within each: the stub's fields, then the chunk's bounds and
// vertices. False when every one is finite.
struct Float {
  uint64_t offset;
  std::string field;
  float value;
};

// True when every number of every vertex is finite (exponent bits not all
// ones): one pass without a branch a number, the common case.
bool allFinite(const std::vector<Vertex>& verts) {
  static_assert(sizeof(Vertex) == 13 * sizeof(float), "a vertex is its 13 floats");
  const auto* bytes = reinterpret_cast<const uint8_t*>(verts.data());
  uint32_t bad = 0;
  for (size_t at = 0; at < verts.size() * sizeof(Vertex); at += 4)
    bad |= uint32_t((loadLE<uint32_t>(bytes + at) & 0x7F800000u) == 0x7F800000u);
  return bad == 0;
}

bool firstNonFinite(const File& file, size_t toc, size_t stub, const Frame& f, Float& found) {
  const Toc& t = file.tocs[toc];
  const GeomStub& s = t.geomStubs[stub];
  const uint64_t stubAt = stubFileOffset(file, toc, stub) + 12; // after offset, length, generation
  auto test = [&](float v, uint64_t offset, std::string field) {
    if (std::isfinite(v)) return false;
    found = {offset, std::move(field), v};
    return true;
  };
  auto box = [&](const Box3& b, uint64_t at, const std::string& what) {
    static const char* const axis[] = {"x", "y", "z"};
    for (int k = 0; k < 3; ++k)
      if (test(b.min[k], at + 4 * k, what + " min." + axis[k])) return true;
    for (int k = 0; k < 3; ++k)
      if (test(b.max[k], at + 12 + 4 * k, what + " max." + axis[k])) return true;
    return false;
  };
  if (t.version < kVersionBounds) {
    if (test(s.posX, stubAt, "stub pos.x") || test(s.posY, stubAt + 4, "stub pos.y")) return true;
  } else if (box(s.bounds, stubAt, "stub mBounds")) {
    return true;
  }
  const GeomLayout l = geomLayout(f);
  if (f.version >= kVersionBounds && box(f.geom.bounds, l.bounds, "chunk mBounds")) return true;
  if (allFinite(f.geom.verts)) return false;
  for (size_t i = 0; i < f.geom.verts.size(); ++i) {
    const Vertex& v = f.geom.verts[i];
    // The field names are built only for a vertex that has a bad number:
    // building them for every vertex was a tenth of a whole convert.
    bool finite = true;
    for (float c : {v.point[0], v.point[1], v.point[2], v.texCoord[0], v.texCoord[1], v.texMorph[0],
                    v.texMorph[1], v.pointMorph[0], v.pointMorph[1], v.pointMorph[2], v.normal[0],
                    v.normal[1], v.normal[2]})
      finite = finite && std::isfinite(c);
    if (finite) continue;
    const uint64_t at = l.vertices + i * l.vertexSize;
    const std::string who = "vertex " + std::to_string(i) + " ";
    static const char* const xyz[] = {".x", ".y", ".z"};
    for (int k = 0; k < 3; ++k)
      if (test(v.point[k], at + l.point + 4 * k, who + "point" + xyz[k])) return true;
    for (int k = 0; k < 2; ++k)
      if (test(v.texCoord[k], at + l.texCoord + 4 * k, who + "texCoord" + xyz[k])) return true;
    for (int k = 0; k < 2; ++k)
      if (test(v.texMorph[k], at + l.texMorph + 4 * k, who + "texMorphOffset" + xyz[k]))
        return true;
    for (int k = 0; k < 3; ++k)
      if (test(v.pointMorph[k], at + l.pointMorph + 4 * k, who + "pointMorphOffset" + xyz[k]))
        return true;
    if (f.version >= kVersionNormals)
      for (int k = 0; k < 3; ++k)
        if (test(v.normal[k], at + l.normal + 4 * k, who + "normal" + xyz[k])) return true;
  }
  return false;
}

void checkCollision(const Frame& f, const std::string& who, uint64_t piece, Sink& sink) {
  const Collision& c = f.geom.collision;
  const uint64_t bins = uint64_t(1) << (2 * (c.treeDepth - 1)); // leaf bins of the collision tree
  auto error = [&](const std::string& msg) {
    sink.add(Severity::Error, f.offset, who, msg, kCollisionPiece, piece);
  };
  if (c.offsets.size() != bins)
    error("collision has " + std::to_string(c.offsets.size()) + " bin offsets, expected " +
          std::to_string(bins) + " for depth " + std::to_string(c.treeDepth));
  const size_t solid = f.geom.indices.size() - f.geom.skirtSkip;
  for (size_t b = 0; b < c.offsets.size(); ++b) {
    size_t i = c.offsets[b];
    while (i < c.indices.size() && c.indices[i] != 0xFFFF) {
      uint16_t tri = c.indices[i];
      if (tri % 3 != 0 || size_t(tri) + 2 >= f.geom.indices.size()) {
        error("collision bin " + std::to_string(b) + " names index offset " + std::to_string(tri) +
              ", not a triangle of the " + std::to_string(f.geom.indices.size()) + " indices");
        break;
      }
      if (tri >= solid)
        sink.add(Severity::Warning, f.offset, who,
                 "collision bin " + std::to_string(b) + " names a skirt triangle");
      ++i;
    }
    if (i >= c.indices.size()) {
      error("collision bin " + std::to_string(b) +
            " is not terminated by 0xFFFF inside the index buffer");
      break;
    }
  }
  for (size_t n = 0; n < c.tree.size(); ++n)
    if (!std::isfinite(c.tree[n][0]) || !std::isfinite(c.tree[n][1])) {
      // Not part of any output (glTF holds no collision; export-atlas
      // regenerates it for the chunks it writes), but the engine's queries
      // against this chunk would be undefined.
      sink.add(Severity::Warning, f.offset, who,
               "collision tree node " + std::to_string(n) + " has a non-finite height");
      break;
    }
}

// `f`: the stub's frame, null when there is none.
void checkGeomStub(const File& file, size_t tocIndex, size_t i, const Frame* f, Sink& sink) {
  const Toc& toc = file.tocs[tocIndex];
  const GeomStub& s = toc.geomStubs[i];
  const NodePos pos = nodePos(i);
  const std::string who = chunkLabel(tocIndex, i);
  const uint64_t piece = pieceIndex(tocIndex, i);
  auto error = [&](uint64_t offset, const std::string& msg) {
    sink.add(Severity::Error, offset, who, msg, kChunkPiece, piece);
  };
  if (s.length == 0) {
    sink.add(Severity::Warning, Error::kNoOffset, who, "empty stub (no chunk)");
    return;
  }
  if (!f) return;
  Float bad;
  if (firstNonFinite(file, tocIndex, i, *f, bad))
    error(bad.offset, bad.field + " is " + (std::isnan(bad.value) ? "NaN" : "infinite") +
                          "; expected a finite number");
  const GeomChunk& g = f->geom;
  if (g.indices.size() % 3)
    error(f->offset, "mIndexCount " + std::to_string(g.indices.size()) + " is not a multiple of 3");
  if (g.skirtSkip % 3)
    sink.add(Severity::Warning, f->offset, who,
             "mSkirtSkipCount " + std::to_string(g.skirtSkip) + " is not a multiple of 3");
  for (uint16_t idx : g.indices)
    if (idx >= g.verts.size()) {
      error(f->offset,
            "index " + std::to_string(idx) + " >= mVertCount " + std::to_string(g.verts.size()));
      break;
    }
  Box3 b = canonicalBounds(*f);
  for (const Vertex& v : g.verts)
    if (!contains(b, v.point)) {
      sink.add(Severity::Warning, f->offset, who, "a vertex lies outside the chunk bounds");
      break;
    }
  if (toc.version >= kVersionCollision && !sameBox(s.bounds, g.bounds))
    sink.add(Severity::Warning, f->offset, who, "stub bounds differ from chunk bounds");
  if (g.colFlag == kCollisionPresent) checkCollision(*f, who, piece, sink);
  // Each parent's bounds contain its children's (atlas-torque-source-notes.md "Bounds").
  if (pos.level + 1 < toc.treeDepth && toc.version >= kVersionBounds)
    for (uint32_t c = 0; c < 4; ++c) {
      const GeomStub& child =
          toc.geomStubs[nodeId(pos.level + 1, 2 * pos.x + c / 2, 2 * pos.y + c % 2)];
      if (child.length &&
          !(contains(s.bounds, child.bounds.min) && contains(s.bounds, child.bounds.max))) {
        sink.add(Severity::Warning, f->offset, who, "stub bounds do not contain a child's bounds");
        break;
      }
    }
}

// Every stub's checks, on the cores the budget has, but for those `checked`
// found before; the problems in stub order.
void checkGeomTree(const File& file, size_t tocIndex, Sink& sink, const CheckedStubs* checked) {
  const size_t n = file.tocs[tocIndex].geomStubs.size();
  auto ahead = [&](size_t i) {
    return checked && tocIndex < checked->done.size() && i < checked->done[tocIndex].size() &&
           checked->done[tocIndex][i];
  };
  std::vector<std::vector<Problem>> found(n);
  parallelFor(n, [&](size_t i) {
    if (ahead(i)) return;
    Sink one{sink.file, found[i]};
    const GeomStub& s = file.tocs[tocIndex].geomStubs[i];
    checkGeomStub(file, tocIndex, i, s.length ? file.frameAt(s.offset) : nullptr, one);
  });
  for (size_t i = 0; i < n; ++i) {
    const std::vector<Problem>& p = ahead(i) ? checked->found[tocIndex][i] : found[i];
    sink.out.insert(sink.out.end(), p.begin(), p.end());
  }
}

void checkAll(const File& file, const std::string& fileName, std::vector<Problem>& out,
              const CheckedStubs* checked) {
  Sink sink{fileName, out};
  for (size_t t = 0; t < file.tocs.size(); ++t) {
    const Toc& toc = file.tocs[t];
    const std::string name = toc.tag + " TOC " + std::to_string(t);
    if (toc.kind != TocKind::Config && toc.stubCount() != nodeCount(toc.treeDepth))
      sink.add(Severity::Error, Error::kNoOffset, name,
               "stubCount " + std::to_string(toc.stubCount()) + " but a quadtree of depth " +
                   std::to_string(toc.treeDepth) + " has " +
                   std::to_string(nodeCount(toc.treeDepth)) + " nodes");
    else if (toc.kind == TocKind::Geom)
      checkGeomTree(file, t, sink, checked);
    if (toc.kind == TocKind::Config && toc.treeDepth != 0)
      sink.add(Severity::Warning, Error::kNoOffset, name,
               "treeDepth " + std::to_string(toc.treeDepth) + " for a Config TOC (observed 0)");
  }
}

} // namespace

std::string chunkLabel(size_t toc, size_t stub) {
  const NodePos p = nodePos(stub);
  return "Geom TOC " + std::to_string(toc) + " chunk " + nodeName(p);
}

void checkStructure(const File& file, const std::string& fileName, std::vector<Problem>& out) {
  checkAll(file, fileName, out, nullptr);
}

void checkStructure(const File& file, const std::string& fileName, std::vector<Problem>& out,
                    const CheckedStubs& checked) {
  checkAll(file, fileName, out, &checked);
}

std::vector<Problem> checkGeomStub(const File& file, const std::string& fileName, size_t toc,
                                   size_t stub, const Frame& f) {
  std::vector<Problem> out;
  Sink sink{fileName, out};
  checkGeomStub(file, toc, stub, &f, sink);
  return out;
}

} // namespace strata::atlas

#include "atlas/atlas_offsets.h"

namespace strata::atlas {

namespace {

uint64_t stubSize(const Toc& t) {
  switch (t.kind) {
  case TocKind::Geom:
    return t.version < kVersionBounds ? 20 : 37; // §1a
  case TocKind::Tex:
    return 12; // §1b
  case TocKind::Config:
    return 20; // §1c
  }
  return 0;
}

// §1: tag length, tag, the Geom prefix, treeDepth, stubCount, csmVersion.
uint64_t tocHeaderSize(const Toc& t) {
  return 1 + t.tag.size() + (t.kind == TocKind::Geom ? 4 : 0) + 12;
}

} // namespace

uint64_t stubFileOffset(const File& file, size_t toc, size_t stub) {
  uint64_t at = 5; // §0: magic, NUM_TOCs
  for (size_t t = 0; t < toc; ++t)
    at += tocHeaderSize(file.tocs[t]) + stubSize(file.tocs[t]) * file.tocs[t].stubCount();
  return at + tocHeaderSize(file.tocs[toc]) + stubSize(file.tocs[toc]) * stub;
}

GeomLayout geomLayout(const Frame& f) {
  GeomLayout l;
  const uint64_t body = uint64_t(f.offset) + 12; // §2: ATSP, bodySize, agch
  const bool boundsFirst = f.version >= kVersionCollision;
  l.vertices = body + 4 + (boundsFirst ? 24 : 0) + 8 + 2 * uint64_t(f.geom.indices.size()) + 4;
  l.vertexSize = f.version >= kVersionNormals ? 52 : 40;
  l.bounds = boundsFirst ? body + 4 : l.vertices + l.vertexSize * f.geom.verts.size();
  if (f.version < kVersionMorphSwap)
    l.pointMorph = 20, l.texMorph = 32;
  else
    l.texMorph = 20, l.pointMorph = 28;
  return l;
}

} // namespace strata::atlas

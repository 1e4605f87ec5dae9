// strata::exportAtlas: edited chunks applied to a base Atlas file, written as
// v140 (design.md "Atlas write-back").
//
// Placement. A v140 base keeps every byte it had: rewritten chunks are
// appended at the end of the file and their stubs patched, as TSE's own
// writer does (atlas-torque-source-notes.md "Writer facts": previousChunk =
// the stub's old offset, generation + 1); the old frames stay behind as
// unreferenced bytes, the history previousChunk points to. An older base
// changes layout anyway (stubs grow to 37 bytes, chunks gain bounds,
// collision and normals), so it is converted whole and laid out afresh; its
// texture and config chunks keep their bytes, at new offsets.
#include "strata/atlas_export.h"

#include "atlas/atlas_check.h"
#include "atlas/atlas_collision.h"
#include "atlas/atlas_edit.h"
#include "atlas/atlas_edit_geometry.h"
#include "atlas/atlas_io.h"
#include "atlas/atlas_lod.h"
#include "strata/error.h"
#include "strata/quadtree.h"

#include <algorithm>
#include <map>

namespace strata {

using namespace atlas;

namespace {

bool sameBox(const Box3& a, const Box3& b) {
  return a.min == b.min && a.max == b.max;
}

// The geometry tree being rewritten, one entry per stub.
struct Tree {
  uint32_t depth = 0;
  std::vector<GeomChunk> chunks;
  std::vector<bool> present;      // the stub refers to a chunk
  std::vector<Box3> bounds;       // canonical v140 bounds
  std::vector<bool> hadCollision; // in the base
  std::vector<bool> rewritten;    // new geometry (edited or rebuilt)
  std::vector<bool> edited;       // new geometry from the edit itself
  std::vector<bool> ancestor;     // above an edited chunk
  std::vector<bool> boundsChanged;

  size_t index(uint32_t level, uint32_t x, uint32_t y) const { return size_t(nodeId(level, x, y)); }
  std::vector<size_t> children(size_t i) const {
    std::vector<size_t> out;
    const NodePos p = nodePos(i);
    if (p.level + 1 >= depth) return out;
    for (uint32_t c = 0; c < 4; ++c) {
      size_t ch = index(p.level + 1, 2 * p.x + c / 2, 2 * p.y + c % 2);
      if (present[ch]) out.push_back(ch);
    }
    return out;
  }
};

std::string nameOf(size_t i) {
  const NodePos p = nodePos(i);
  return nodeName(p.level, p.x, p.y);
}

Tree loadTree(const File& file, const Toc& toc) {
  Tree t;
  t.depth = toc.treeDepth;
  const size_t n = toc.geomStubs.size();
  t.chunks.resize(n);
  t.present.assign(n, false);
  t.bounds.resize(n);
  t.hadCollision.assign(n, false);
  t.rewritten.assign(n, false);
  t.edited.assign(n, false);
  t.ancestor.assign(n, false);
  t.boundsChanged.assign(n, false);
  for (size_t i = 0; i < n; ++i) {
    const GeomStub& s = toc.geomStubs[i];
    const Frame* f = s.length ? file.frameAt(s.offset) : nullptr;
    if (!f) continue;
    t.present[i] = true;
    t.chunks[i] = f->geom;
    t.hadCollision[i] = f->geom.colFlag == kCollisionPresent;
    t.bounds[i] = canonicalBounds(*f);
  }
  // §7: before v101 no bounds are stored. Derive them as TSE stores them (a
  // chunk's vertices united with its children's bounds), so ancestors contain
  // their children from the start.
  if (toc.version < kVersionBounds)
    for (size_t i = n; i-- > 0;)
      if (t.present[i])
        for (size_t ch : t.children(i)) t.bounds[i] = unite(t.bounds[i], t.bounds[ch]);
  return t;
}

void applyEdits(Tree& t, const Toc& toc, const std::vector<AtlasChunkEdit>& edits,
                const std::map<uint32_t, int>& refs, const std::string& baseName,
                const std::string& editName, AtlasExportReport& report) {
  std::vector<std::string> claimedBy(t.chunks.size());
  for (const AtlasChunkEdit& e : edits) {
    const std::string name = nodeName(e.level, e.x, e.y);
    if (e.level >= t.depth || e.level >= 32 || e.x >= (1u << e.level) || e.y >= (1u << e.level))
      throw Error(editName, Error::kNoOffset,
                  e.source + " names chunk " + name +
                      ", which is not in the base's geometry tree (" + std::to_string(t.depth) +
                      " levels, 0.." + std::to_string(t.depth - 1) +
                      "; level L has 2^L x 2^L chunks)");
    const size_t i = t.index(e.level, e.x, e.y);
    if (!claimedBy[i].empty())
      throw Error(editName, Error::kNoOffset,
                  "chunk " + name + " appears twice in the edit: " + claimedBy[i] + " and " +
                      e.source);
    claimedBy[i] = e.source;
    if (!t.present[i])
      throw Unsupported(baseName, Error::kNoOffset,
                        "chunk " + name +
                            " is empty in the base (its stub refers to no chunk); adding chunks "
                            "is not supported");
    auto shared = refs.find(toc.geomStubs[i].offset);
    if (shared != refs.end() && shared->second > 1)
      throw Unsupported(baseName, toc.geomStubs[i].offset,
                        "chunk " + name +
                            " shares its chunk data with another stub; editing a "
                            "shared chunk is not supported");
    RebuiltChunk r = rebuildChunk(t.chunks[i], e, name, editName);
    if (!r.changed) {
      report.unchanged.push_back(name);
      continue;
    }
    t.chunks[i] = std::move(r.geom);
    t.edited[i] = t.rewritten[i] = true;
    report.edited.push_back(name);
    if (!r.topologyKept) report.morphZeroed.push_back(name);
    if (r.skirtsRegenerated) report.skirtsRegenerated.push_back(name);
    if (r.texCoordsFromEdit) report.texCoordsFromEdit.push_back(name);
  }
  for (size_t i = 0; i < t.chunks.size(); ++i) {
    if (!t.edited[i]) continue;
    for (NodePos p = nodePos(i); p.level > 0;) {
      p = {p.level - 1, p.x / 2, p.y / 2};
      t.ancestor[t.index(p.level, p.x, p.y)] = true;
    }
  }
}

void rebuildLods(Tree& t, const std::string& editName, AtlasExportReport& report) {
  // Deepest first, so each level is simplified from already rebuilt children.
  for (size_t i = t.chunks.size(); i-- > 0;) {
    if (!t.ancestor[i] || t.edited[i] || !t.present[i]) continue;
    std::vector<const GeomChunk*> kids;
    for (size_t ch : t.children(i)) kids.push_back(&t.chunks[ch]);
    GeomChunk& old = t.chunks[i];
    const size_t solid = old.indices.size() - std::min<size_t>(old.skirtSkip, old.indices.size());
    WorkMesh m = simplifyChildren(kids, solid);
    if (m.solid.empty()) continue; // children without triangles: nothing to rebuild from
    const size_t surface = m.verts.size();
    if (old.skirtSkip > 0) appendSkirts(m, skirtDepth(old));
    t.chunks[i] = toGeomChunk(m, m.verts.size() - surface, nameOf(i), editName);
    t.rewritten[i] = true;
    report.lodsRebuilt.push_back(nameOf(i));
    report.morphZeroed.push_back(nameOf(i));
  }
}

// Bounds of every rewritten chunk and every ancestor of an edit, bottom up:
// own vertices (skirts included, morph excluded) united with the children's
// (atlas-torque-source-notes.md "Bounds").
void regenerateBounds(Tree& t) {
  for (size_t i = t.chunks.size(); i-- > 0;) {
    if (!t.present[i] || !(t.rewritten[i] || t.ancestor[i])) continue;
    Box3 b = boundsOfVertices(t.chunks[i].verts);
    for (size_t ch : t.children(i)) b = unite(b, t.bounds[ch]);
    if (!sameBox(b, t.bounds[i])) {
      t.bounds[i] = b;
      t.boundsChanged[i] = true;
    }
  }
}

// Collision over the final bounds for every leaf chunk written, and for any
// other written chunk that had collision (its bins depend on its bounds).
void regenerateCollision(Tree& t, size_t i, const std::string& editName,
                         AtlasExportReport& report) {
  GeomChunk& g = t.chunks[i];
  g.bounds = t.bounds[i];
  const bool leaf = nodePos(i).level + 1 == t.depth;
  if (!leaf && !t.hadCollision[i]) {
    g.colFlag = kCollisionAbsent;
    g.collision = {};
    return;
  }
  // §3: collision lists triangles by U16 index offsets (3 x triangle) and
  // 0xFFFF ends a list, so offsets stop at 65532: 21,845 triangles.
  const size_t triangles = (g.indices.size() - std::min<size_t>(g.skirtSkip, g.indices.size())) / 3;
  if (triangles > 21845)
    throw Error(editName, Error::kNoOffset,
                "chunk " + nameOf(i) + " has " + std::to_string(triangles) +
                    " triangles; leaf collision addresses them by 16-bit index offsets, so a "
                    "leaf chunk holds at most 21845: simplify it");
  try {
    g.collision = generateCollision(g, g.bounds);
  } catch (const Error& e) {
    throw Error(editName, Error::kNoOffset, "chunk " + nameOf(i) + ": " + e.detail());
  }
  g.colFlag = kCollisionPresent;
  ++report.collisionRegenerated;
}

void appendRewritten(File& file, Toc& toc, Tree& t, const std::vector<uint8_t>& base,
                     const std::string& editName, AtlasExportReport& report) {
  uint64_t cursor = base.size();
  for (size_t i = 0; i < toc.geomStubs.size(); ++i) {
    if (!t.present[i] || !(t.rewritten[i] || t.boundsChanged[i])) continue;
    regenerateCollision(t, i, editName, report);
    GeomStub& s = toc.geomStubs[i];
    // The old frame stays where it was, as unreferenced bytes.
    auto old = std::find_if(file.frames.begin(), file.frames.end(),
                            [&](const Frame& f) { return f.offset == s.offset; });
    file.gaps.push_back({s.offset, std::vector<uint8_t>(base.begin() + s.offset,
                                                        base.begin() + s.offset + s.length)});
    file.frames.erase(old);
    Frame f;
    f.kind = TocKind::Geom;
    f.version = toc.version;
    f.geom = t.chunks[i];
    f.geom.previousChunk = s.offset;
    const uint64_t length = frameSize(f);
    if (cursor + length > 0xFFFFFFFFull)
      throw Error(editName, Error::kNoOffset,
                  "the new file would exceed 4 GiB, beyond the U32 offsets of Atlas stubs");
    f.offset = uint32_t(cursor);
    s.offset = f.offset;
    s.length = uint32_t(length);
    s.generation += 1;
    s.bounds = t.bounds[i];
    s.sentinel = kStubSentinel;
    cursor += length;
    file.frames.push_back(std::move(f));
    ++report.chunksWritten;
    if (!t.rewritten[i]) report.boundsUpdated.push_back(nameOf(i));
  }
}

void convertToV140(File& file, Toc& toc, Tree& t, const std::string& editName,
                   AtlasExportReport& report) {
  for (size_t i = 0; i < toc.geomStubs.size(); ++i) {
    if (!t.present[i]) continue;
    regenerateCollision(t, i, editName, report);
    GeomStub& s = toc.geomStubs[i];
    Frame* f = file.frameAt(s.offset);
    f->geom = t.chunks[i];
    f->geom.previousChunk = 0; // the old offsets mean nothing in the new layout
    s.bounds = t.bounds[i];
    s.sentinel = kStubSentinel;
    if (t.rewritten[i] || t.boundsChanged[i]) s.generation += 1;
    if (t.boundsChanged[i] && !t.rewritten[i]) report.boundsUpdated.push_back(nameOf(i));
    ++report.chunksWritten;
  }
  // Texture and config layouts are the same in every version (§7).
  for (Toc& other : file.tocs) other.version = kMaxVersion;
  for (Frame& f : file.frames) f.version = kMaxVersion;
  layoutAtlas(file);
}

} // namespace

std::vector<uint8_t> exportAtlas(const std::vector<uint8_t>& base, const std::string& baseName,
                                 const std::vector<AtlasChunkEdit>& edited,
                                 const std::string& editedName, const AtlasExportOptions& options,
                                 AtlasExportReport& report) {
  report = {};
  File file = readAtlas(base, baseName);
  // The base's chunks feed the rewritten ones (bounds, simplified levels) and
  // the rest are kept: a base validate calls broken is refused with that error.
  std::vector<Problem> problems;
  checkStructure(file, baseName, problems);
  if (const Problem* p = firstError(problems)) refuse(*p);
  if (edited.empty())
    throw Error(editedName, Error::kNoOffset,
                "the edited file holds no meshes: nothing to write back (expected one mesh per "
                "chunk, named L<level>_<x>_<y>)");
  Toc* toc = nullptr;
  size_t geomTocs = 0;
  for (Toc& t : file.tocs)
    if (t.kind == TocKind::Geom) {
      if (!toc) toc = &t;
      ++geomTocs;
    }
  if (!toc)
    throw Error(baseName, Error::kNoOffset,
                "the base has no Geom TOC: there is no terrain to write the edit into");
  if (toc->treeDepth == 0 || toc->geomStubs.size() != nodeCount(toc->treeDepth))
    throw Error(baseName, Error::kNoOffset,
                "the base's Geom TOC has " + std::to_string(toc->geomStubs.size()) +
                    " stubs; a complete quadtree of depth " + std::to_string(toc->treeDepth) +
                    " needs " + std::to_string(nodeCount(toc->treeDepth)));
  report.baseVersion = toc->version;
  const bool append = toc->version >= kMaxVersion;
  if (!append && geomTocs > 1)
    throw Unsupported(baseName, Error::kNoOffset,
                      "converting a pre-v140 base with several Geom TOCs to v140");
  std::map<uint32_t, int> refs; // chunks several stubs share
  for (const GeomStub& s : toc->geomStubs)
    if (s.length) refs[s.offset]++;

  Tree t = loadTree(file, *toc);
  applyEdits(t, *toc, edited, refs, baseName, editedName, report);
  if (options.rebuildLods)
    rebuildLods(t, editedName, report);
  else
    for (size_t i = 0; i < t.chunks.size(); ++i)
      if (t.ancestor[i] && !t.edited[i] && t.present[i]) report.staleLods.push_back(nameOf(i));
  regenerateBounds(t);
  if (append)
    appendRewritten(file, *toc, t, base, editedName, report);
  else
    convertToV140(file, *toc, t, editedName, report);
  report.appended = append;
  std::vector<uint8_t> out = writeAtlas(file);
  readAtlas(out, editedName + " (exported Atlas)"); // the result must parse as what we meant
  return out;
}

} // namespace strata

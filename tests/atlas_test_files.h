#pragma once
// An Atlas model a test built, laid out and written to its temporary
// directory, and the frame of the node a test breaks.
#include "atlas/atlas_io.h"
#include "strata/quadtree.h"
#include "test_support.h"

#include <stdexcept>
#include <string>

namespace testsupport {

// Every array of two meshes equal, primitive by primitive.
inline void expectSameMesh(const strata::Mesh& x, const strata::Mesh& y) {
  EXPECT_EQ(x.name, y.name);
  ASSERT_EQ(x.primitives.size(), y.primitives.size()) << x.name;
  for (size_t p = 0; p < x.primitives.size(); ++p) {
    const strata::Primitive &s = x.primitives[p], &t = y.primitives[p];
    EXPECT_EQ(s.positions, t.positions) << x.name;
    EXPECT_EQ(s.normals, t.normals) << x.name;
    EXPECT_EQ(s.uv0, t.uv0) << x.name;
    EXPECT_EQ(s.uv1, t.uv1) << x.name;
    EXPECT_EQ(s.colors, t.colors) << x.name;
    EXPECT_EQ(s.indices, t.indices) << x.name;
    EXPECT_EQ(s.material, t.material) << x.name;
    ASSERT_EQ(s.morphTargets.size(), t.morphTargets.size());
    for (size_t k = 0; k < s.morphTargets.size(); ++k) {
      EXPECT_EQ(s.morphTargets[k].positions, t.morphTargets[k].positions) << x.name;
      EXPECT_EQ(s.morphTargets[k].uv0, t.morphTargets[k].uv0) << x.name;
    }
  }
}

// f(options, side) for every level of a depth-3 terrain (-1: the leaves),
// with and without skirts, textures off: `side` chunks a side at that level.
template <class F> void forEachLodAndSkirts(F&& f) {
  for (int lod : {-1, 0, 1, 2})
    for (bool skirts : {false, true}) {
      SCOPED_TRACE("lod " + std::to_string(lod) + (skirts ? " skirts" : ""));
      strata::LoadOptions o;
      o.lod = lod;
      o.skirts = skirts;
      o.textures = false;
      f(o, size_t(1) << (lod < 0 ? 2 : lod));
    }
}

inline fs::path writtenAtlas(strata::atlas::File f, const std::string& name) {
  strata::atlas::layoutAtlas(f);
  const fs::path path = tempDir() / name;
  writeBytes(path, strata::atlas::writeAtlas(f));
  return path;
}

// The frame geometry TOC 0's node (level, x, y) refers to.
inline strata::atlas::Frame& frameOfNode(strata::atlas::File& f, uint32_t level, uint32_t x,
                                         uint32_t y) {
  const uint32_t at = f.tocs[0].geomStubs[strata::nodeId(level, x, y)].offset;
  for (strata::atlas::Frame& fr : f.frames)
    if (fr.offset == at) return fr;
  throw std::runtime_error("no frame for that node");
}

} // namespace testsupport

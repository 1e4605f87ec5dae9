#pragma once
// An Atlas model a test built, laid out and written to its temporary
// directory, and the frame of the node a test breaks.
#include "atlas/atlas_io.h"
#include "strata/quadtree.h"
#include "test_support.h"

#include <stdexcept>
#include <string>

namespace testsupport {

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

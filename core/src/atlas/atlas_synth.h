#pragma once
// Synthetic Atlas terrain made by our own writer: the fixtures of the tests,
// the files in samples/ and the benchmark inputs (no real Atlas file is public).
#include "atlas/atlas_model.h"

#include <cstdint>

namespace strata::atlas {

struct SynthOptions {
  uint32_t version = kMaxVersion;
  uint32_t treeDepth = 3;
  uint32_t gridQuads = 8;     // quads per chunk edge
  float terrainSize = 256.0f; // world units, square
  float heightScale = 12.0f;
  bool skirts = true; // trailing skirt triangles, counted by mSkirtSkipCount
  float skirtDepth = 2.0f;
  bool collision = true;      // leaf chunks get generated collision (v >= 120)
  bool shuffleFrames = false; // physical chunk order differs from stub order
  uint32_t seed = 1;
};

// The terrain height at world (x, y).
float synthHeight(float x, float y, const SynthOptions& o);

// A complete geometry tree in one Geom TOC. Chunk bounds are the union of
// the chunk's vertices and its children's bounds (atlas-torque-source-notes.md
// "Bounds"), stored identically in stub and chunk. Texture coordinates follow
// the CHU mapping of §9b: (y / height, 1 - x / width).
File synthTerrain(const SynthOptions& options);

} // namespace strata::atlas

#pragma once
// Synthetic Atlas terrain made by our own writer: the fixtures of the tests,
// the files in samples/ and the benchmark inputs (no real Atlas file is public).
#include "atlas/atlas_model.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

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

struct SynthTextureTree {
  uint32_t depth = 2;
  uint32_t tileSize = 16;
  uint8_t format = 1; // §4 mFormat: 1 PNG, 2 DDS (uncompressed RGBA8)
};

// The flat colour of unique sample tile (level, stub x, stub y), so a test can
// tell which tile a chunk shows.
std::array<uint8_t, 3> synthTileColour(uint32_t level, uint32_t x, uint32_t y);

// Blended sample: opacity tile (level, x, y) gives all weight to source
// (x + y) % 4; the light map is a flat grey of `synthLightLevel`.
constexpr uint8_t synthLightLevel = 128;
uint32_t synthOpacitySource(uint32_t level, uint32_t x, uint32_t y);

// Adds a Tex TOC of flat tiles and a Config TOC "schema" with type=unique,
// textureSlot=0, then lays the file out again.
void addUniqueTextures(File& file, const SynthTextureTree& tree);

// A small terrain for tests: geometry depth `geomDepth` of 2x2 quads a chunk
// with a unique texture tree of depth `texDepth` of flat 8x8 tiles in
// mFormat `format` (addUniqueTextures).
File synthUniqueTerrain(uint32_t geomDepth, uint32_t texDepth, uint8_t format = 1);

// Adds the opacity Tex TOC (slot 0), the light-map Tex TOC (slot 1) and a
// Config TOC with type=blender naming `sourceImages`, then lays out again.
void addBlendedTextures(File& file, const SynthTextureTree& opacity, const SynthTextureTree& light,
                        const std::vector<std::string>& sourceImages, int virtualTexSize);

// The terrain height at world (x, y).
float synthHeight(float x, float y, const SynthOptions& o);

// A complete geometry tree in one Geom TOC. Chunk bounds are the union of
// the chunk's vertices and its children's bounds (atlas-torque-source-notes.md
// "Bounds"), stored identically in stub and chunk. Texture coordinates follow
// the CHU mapping of §9b: (y / height, 1 - x / width).
File synthTerrain(const SynthOptions& options);

} // namespace strata::atlas

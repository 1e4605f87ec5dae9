#pragma once
// Shared fixtures of the export-atlas tests: a synthetic base with texture and
// config chunks, and in-place GLB edits through tinygltf (an independent
// glTF library, not Strata's reader).
#include "atlas/atlas_io.h"
#include "gltf_read_helpers.h"
#include "strata/quadtree.h"
#include "synth/atlas_synth.h"
#include "test_support.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

namespace exporttest {

using namespace strata::atlas;
using namespace testsupport;

constexpr uint32_t kDepth = 3;
constexpr uint32_t kQuads = 8;     // quads per chunk edge: 81 grid vertices
constexpr float kTerrain = 256.0f; // world units: leaves are 64 wide

// The synthetic terrain (depth 3, 8x8 quads per chunk, skirts, leaf collision
// from v120) with a unique texture tree (Tex TOC of PNG tiles, Config
// "schema"), so "carried over byte for byte" covers every kind of chunk, and
// the GLB carries tile UVs in TEXCOORD_0 and the global ones in TEXCOORD_1.
inline File baseModel(uint32_t version = 140) {
  SynthOptions o;
  o.version = version;
  o.treeDepth = kDepth;
  o.gridQuads = kQuads;
  o.terrainSize = kTerrain;
  o.shuffleFrames = true; // stub order is not physical order
  File f = synthTerrain(o);
  SynthTextureTree tree;
  tree.depth = 2;
  tree.tileSize = 8;
  addUniqueTextures(f, tree);
  // Texture and config layouts do not depend on the version (§7).
  for (Toc& t : f.tocs) t.version = version;
  for (Frame& fr : f.frames) {
    fr.version = version;
    if (fr.kind == TocKind::Config) fr.config.previousChunk = 17; // history to keep as it is
  }
  return f;
}

inline fs::path writeBase(const fs::path& dir, uint32_t version = 140) {
  fs::path p = dir / ("base-v" + std::to_string(version) + ".atlas");
  writeBytes(p, writeAtlas(baseModel(version)));
  return p;
}

inline File readBack(const fs::path& p) {
  return readAtlas(readBytes(p), p.string());
}

inline size_t stubIndex(uint32_t level, uint32_t x, uint32_t y) {
  return size_t(strata::nodeId(level, x, y));
}

inline const GeomChunk& chunkOf(const File& f, size_t stub) {
  const Frame* fr = f.frameAt(f.tocs[0].geomStubs.at(stub).offset);
  if (!fr) throw std::runtime_error("stub without a frame");
  return fr->geom;
}
// A chunk of a temporary File would dangle.
const GeomChunk& chunkOf(File&&, size_t) = delete;

// The bytes of the frame a stub refers to.
inline std::vector<uint8_t> frameBytes(const std::vector<uint8_t>& file, uint32_t offset,
                                       uint32_t length) {
  return std::vector<uint8_t>(file.begin() + offset, file.begin() + offset + length);
}

// Leaf grid vertex (i, j): i along X, j along Y (atlas_synth.cpp's order).
inline size_t gridVertex(uint32_t i, uint32_t j) {
  return size_t(i) * (kQuads + 1) + j;
}

// The node's first primitive's POSITION floats, in glTF axes, writable.
inline float* positionOf(tinygltf::Model& m, const std::string& node, size_t vertex) {
  const tinygltf::Node* n = findNode(m, node);
  if (!n) throw std::runtime_error("no node " + node);
  const tinygltf::Primitive& p = m.meshes.at(size_t(n->mesh)).primitives.at(0);
  const tinygltf::Accessor& a = m.accessors.at(size_t(p.attributes.at("POSITION")));
  const tinygltf::BufferView& v = m.bufferViews.at(size_t(a.bufferView));
  if (vertex >= a.count) throw std::runtime_error("vertex out of range");
  const size_t stride = v.byteStride ? v.byteStride : 12;
  auto& data = m.buffers.at(size_t(v.buffer)).data;
  return reinterpret_cast<float*>(data.data() + v.byteOffset + a.byteOffset + vertex * stride);
}

inline void saveGlb(tinygltf::Model& m, const fs::path& p) {
  tinygltf::TinyGLTF w;
  if (!w.WriteGltfSceneToFile(&m, p.string(), true, true, false, true))
    throw std::runtime_error("tinygltf could not write " + p.string());
}

inline bool sameCollision(const Collision& a, const Collision& b) {
  return a.treeDepth == b.treeDepth && a.tree == b.tree && a.offsets == b.offsets &&
         a.indices == b.indices;
}

inline bool contains(const Box3& b, const strata::Vec3& p) {
  for (int k = 0; k < 3; ++k)
    if (p[k] < b.min[k] || p[k] > b.max[k]) return false;
  return true;
}

inline bool containsBox(const Box3& outer, const Box3& inner) {
  return contains(outer, inner.min) && contains(outer, inner.max);
}

} // namespace exporttest

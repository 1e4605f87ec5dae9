#pragma once
// Geometry the Atlas write-back regenerates for a chunk it rewrites: vertex
// normals, the global texture coordinate, skirts. Works on 32-bit indices so a
// chunk can be checked against the U16 limit before it becomes a GeomChunk.
#include "atlas/atlas_model.h"

#include <cstdint>
#include <string>
#include <vector>

namespace strata::atlas {

// A chunk under construction: solid triangles, then skirt triangles (§3: the
// trailing mSkirtSkipCount indices are skirts).
struct WorkMesh {
  std::vector<Vertex> verts;
  std::vector<uint32_t> solid, skirt;
};

// §3: indices are U16, so a chunk holds at most 65,535 vertices. Throws an
// Error (in `file`, naming `chunk`) when `vertices` exceed that; `skirtVertices`
// of them were added for skirts (said so, since the user never saw them).
void checkVertexLimit(size_t vertices, size_t skirtVertices, const std::string& chunk,
                      const std::string& file);

// The GeomChunk of `mesh`, after checkVertexLimit.
GeomChunk toGeomChunk(const WorkMesh& mesh, size_t skirtVertices, const std::string& chunk,
                      const std::string& file);

// `v` scaled to unit length, or (0,0,1) when it has none.
Vec3 unitOrUp(const Vec3& v);

// Area-weighted vertex normals over the solid triangles, for the vertices
// flagged in `only` (every vertex when `only` is empty).
void recomputeNormals(std::vector<Vertex>& verts, const std::vector<uint32_t>& solid,
                      const std::vector<bool>& only = {});

// Atlas texture coordinates are a planar projection of the terrain's X/Y
// (§9b's CHU mapping; TSE's generators): texCoord = A * (1, x, y). The map is
// fitted to a chunk's solid vertices so new or moved vertices get the
// coordinate the original mapping gives them.
struct PlanarMap {
  bool ok = false; // false: the chunk's coordinates are not planar in X/Y
  double u[3] = {0, 0, 0}, v[3] = {0, 0, 0};
  Vec2 at(float x, float y) const;
};
PlanarMap fitPlanarMap(const std::vector<Vertex>& verts, const std::vector<uint32_t>& solid);

// How far a chunk's skirts hang below the edge they hang from: the largest
// drop of a skirt-only vertex under the solid vertex at the same X/Y. When
// the chunk has no measurable skirt, 1/16 of its X/Y extent.
float skirtDepth(const GeomChunk& chunk);

// Skirts for a mesh without any: every boundary edge (a, b) of the solid
// triangles (a directed edge whose reverse no triangle has) gets a wall down
// to `depth` below it, triangles (a, b, b') and (a, b', a'), one skirt vertex
// per boundary vertex, point morph zero (atlas-torque-source-notes.md "Skirts").
void appendSkirts(WorkMesh& mesh, float depth);

} // namespace strata::atlas

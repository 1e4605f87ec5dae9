// export-atlas round trips through the real CLI: convert a synthetic .atlas
// to GLB, edit the GLB (tinygltf) or write an OBJ, export-atlas, read back.
#include "atlas/atlas_collision.h"
#include "atlas_export_support.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

using namespace exporttest;

namespace {

// convert BASE -> t.glb, apply `edit` to the model, save edited.glb.
template <typename Edit>
fs::path editedGlb(const fs::path& dir, const fs::path& base, Edit edit,
                   std::vector<std::string> convertFlags = {}) {
  std::vector<std::string> args = {"convert", base.string(), "-o", (dir / "t.glb").string()};
  args.insert(args.end(), convertFlags.begin(), convertFlags.end());
  RunResult r = cli(args);
  EXPECT_EQ(r.exitCode, 0) << r.output;
  tinygltf::Model m = loadGltf((dir / "t.glb").string());
  edit(m);
  saveGlb(m, dir / "edited.glb");
  return dir / "edited.glb";
}

RunResult exportAtlas(const fs::path& edited, const fs::path& base, const fs::path& out,
                      bool rebuild = false) {
  std::vector<std::string> args = {"export-atlas", edited.string(), "--base", base.string(),
                                   "-o",           out.string()};
  if (rebuild) args.push_back("--rebuild-lods");
  return cli(args);
}

// The edit of the main round trip, on leaf L2_1_2 (x 64..128, y 128..192):
// grid vertex (4,4) at (96,160) raised 20 units (glTF +Y), vertex (2,5)
// moved 0.5 along X.
constexpr size_t kRaised = 4 * (kQuads + 1) + 4, kShifted = 2 * (kQuads + 1) + 5;
void raiseAndShift(tinygltf::Model& m) {
  positionOf(m, "L2_1_2", kRaised)[1] += 20.0f;
  positionOf(m, "L2_1_2", kShifted)[0] += 0.5f;
}

} // namespace

TEST(AtlasExport, UneditedGlbWritesTheBaseBackByteIdentical) {
  fs::path dir = tempDir();
  fs::path base = writeBase(dir);
  fs::path glb = editedGlb(dir, base, [](tinygltf::Model&) {});
  RunResult r = exportAtlas(glb, base, dir / "new.atlas");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("identical to the base (kept): 16"), std::string::npos) << r.output;
  EXPECT_EQ(readBytes(dir / "new.atlas"), readBytes(base));
}

TEST(AtlasExport, MovedLeafVerticesRoundTrip) {
  fs::path dir = tempDir();
  fs::path base = writeBase(dir);
  fs::path glb = editedGlb(dir, base, raiseAndShift);
  RunResult r = exportAtlas(glb, base, dir / "new.atlas");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("edited chunks (1): L2_1_2"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("stale LODs kept (2): L0_0_0, L1_0_1"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("morph offsets set to zero"), std::string::npos) << r.output;

  const std::vector<uint8_t> baseBytes = readBytes(base), newBytes = readBytes(dir / "new.atlas");
  const File a = readAtlas(baseBytes, "base"), b = readAtlas(newBytes, "new");
  const size_t leaf = stubIndex(2, 1, 2), parent = stubIndex(1, 0, 1), root = 0;
  const GeomChunk &before = chunkOf(a, leaf), &after = chunkOf(b, leaf);

  // The edit is there, exactly; everything else of the chunk is the base's.
  ASSERT_EQ(after.verts.size(), before.verts.size());
  EXPECT_EQ(after.indices, before.indices);
  EXPECT_EQ(after.skirtSkip, before.skirtSkip);
  const strata::Vec3 raised = {before.verts[kRaised].point[0], before.verts[kRaised].point[1],
                               before.verts[kRaised].point[2] + 20.0f};
  EXPECT_EQ(after.verts[kRaised].point, raised);
  EXPECT_EQ(after.verts[kShifted].point[0], before.verts[kShifted].point[0] + 0.5f);
  EXPECT_EQ(after.verts[kShifted].point[1], before.verts[kShifted].point[1]);
  // The moved vertex takes the planar mapping of §9b: (y / 256, 1 - x / 256).
  const strata::Vec3& s = after.verts[kShifted].point;
  EXPECT_NEAR(after.verts[kShifted].texCoord[0], s[1] / kTerrain, 1e-6);
  EXPECT_NEAR(after.verts[kShifted].texCoord[1], 1.0f - s[0] / kTerrain, 1e-6);
  size_t movedPoints = 0;
  for (size_t v = 0; v < after.verts.size(); ++v) {
    movedPoints += after.verts[v].point != before.verts[v].point;
    EXPECT_EQ(after.verts[v].pointMorph, before.verts[v].pointMorph);
    EXPECT_EQ(after.verts[v].texMorph, before.verts[v].texMorph);
    if (v != kShifted) {
      EXPECT_EQ(after.verts[v].texCoord, before.verts[v].texCoord) << v;
    }
  }
  // The raised grid vertex (4,4) is not on the edge, so no skirt vertex follows it.
  EXPECT_EQ(movedPoints, 2u);

  // Normals: recomputed (area-weighted) where the surface moved, kept elsewhere.
  double sum[3] = {0, 0, 0};
  const size_t solid = after.indices.size() - after.skirtSkip;
  for (size_t t = 0; t < solid; t += 3) {
    const uint16_t* tri = &after.indices[t];
    if (tri[0] != kRaised && tri[1] != kRaised && tri[2] != kRaised) continue;
    const auto &p0 = after.verts[tri[0]].point, &p1 = after.verts[tri[1]].point,
               &p2 = after.verts[tri[2]].point;
    const double e1[3] = {p1[0] - p0[0], p1[1] - p0[1], p1[2] - p0[2]};
    const double e2[3] = {p2[0] - p0[0], p2[1] - p0[1], p2[2] - p0[2]};
    sum[0] += e1[1] * e2[2] - e1[2] * e2[1];
    sum[1] += e1[2] * e2[0] - e1[0] * e2[2];
    sum[2] += e1[0] * e2[1] - e1[1] * e2[0];
  }
  const double len = std::sqrt(sum[0] * sum[0] + sum[1] * sum[1] + sum[2] * sum[2]);
  for (int k = 0; k < 3; ++k) EXPECT_NEAR(after.verts[kRaised].normal[k], sum[k] / len, 1e-6);
  EXPECT_EQ(after.verts[gridVertex(8, 0)].normal, before.verts[gridVertex(8, 0)].normal);
  EXPECT_NE(after.verts[kRaised].normal, before.verts[kRaised].normal);

  // Bounds: the chunk's own box, and every ancestor's contains the raised vertex.
  EXPECT_EQ(after.bounds.min, boundsOfVertices(after.verts).min);
  EXPECT_EQ(after.bounds.max, boundsOfVertices(after.verts).max);
  EXPECT_EQ(after.bounds.max[2], raised[2]); // 20 units above a terrain of amplitude ~15
  for (size_t i : {leaf, parent, root}) {
    const GeomStub& st = b.tocs[0].geomStubs[i];
    EXPECT_EQ(st.bounds.min, chunkOf(b, i).bounds.min) << i;
    EXPECT_EQ(st.bounds.max, chunkOf(b, i).bounds.max) << i;
    EXPECT_TRUE(contains(st.bounds, raised)) << i;
  }
  EXPECT_TRUE(containsBox(b.tocs[0].geomStubs[root].bounds, b.tocs[0].geomStubs[parent].bounds));
  // The ancestors were rewritten for their bounds only.
  for (size_t i : {parent, root}) {
    EXPECT_EQ(chunkOf(b, i).indices, chunkOf(a, i).indices);
    ASSERT_EQ(chunkOf(b, i).verts.size(), chunkOf(a, i).verts.size());
    for (size_t v = 0; v < chunkOf(a, i).verts.size(); ++v)
      EXPECT_EQ(chunkOf(b, i).verts[v].point, chunkOf(a, i).verts[v].point);
  }

  // Collision: present, and exactly a fresh generation over the new chunk.
  ASSERT_EQ(after.colFlag, kCollisionPresent);
  EXPECT_TRUE(sameCollision(after.collision, generateCollision(after, after.bounds)));
  EXPECT_FALSE(sameCollision(after.collision, before.collision)); // the bins moved with the edit

  // TSE's write order: appended, previousChunk = the old offset, generation + 1.
  const GeomStub &oldStub = a.tocs[0].geomStubs[leaf], &newStub = b.tocs[0].geomStubs[leaf];
  EXPECT_GE(newStub.offset, baseBytes.size());
  EXPECT_EQ(after.previousChunk, oldStub.offset);
  EXPECT_EQ(newStub.generation, oldStub.generation + 1);

  // Every other chunk (geometry, texture, config) is where it was, byte for byte.
  for (size_t t = 0; t < a.tocs.size(); ++t)
    for (size_t i = 0; i < a.tocs[t].stubCount(); ++i) {
      if (t == 0 && (i == leaf || i == parent || i == root)) continue;
      ASSERT_EQ(b.tocs[t].stubOffset(i), a.tocs[t].stubOffset(i)) << t << " " << i;
      ASSERT_EQ(b.tocs[t].stubLength(i), a.tocs[t].stubLength(i));
      EXPECT_EQ(frameBytes(newBytes, b.tocs[t].stubOffset(i), b.tocs[t].stubLength(i)),
                frameBytes(baseBytes, a.tocs[t].stubOffset(i), a.tocs[t].stubLength(i)));
    }
  // The base's chunk region is untouched: old frames stay as history.
  const uint32_t prefix = tocPrefixSize(a);
  EXPECT_TRUE(std::equal(baseBytes.begin() + prefix, baseBytes.end(), newBytes.begin() + prefix));

  // validate passes; it notices the parent that still shows the old surface.
  RunResult v = cli({"validate", (dir / "new.atlas").string()});
  EXPECT_EQ(v.exitCode, 0) << v.output;
  EXPECT_NE(v.output.find("chunk L1_0_1: stale LOD?"), std::string::npos) << v.output;
  // The base itself has no such warning.
  RunResult vb = cli({"validate", base.string()});
  EXPECT_EQ(vb.exitCode, 0) << vb.output;
  EXPECT_NE(vb.output.find("(0 errors, 0 warnings)"), std::string::npos) << vb.output;
}

TEST(AtlasExport, RebuildLodsSimplifiesTheChildrenOfTheEdit) {
  fs::path dir = tempDir();
  fs::path base = writeBase(dir);
  fs::path glb = editedGlb(dir, base, raiseAndShift);
  RunResult r = exportAtlas(glb, base, dir / "new.atlas", true);
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("LODs rebuilt (2): L1_0_1, L0_0_0"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("stale LODs"), std::string::npos) << r.output;
  const std::vector<uint8_t> baseBytes = readBytes(base), newBytes = readBytes(dir / "new.atlas");
  const File a = readAtlas(baseBytes, "base"), b = readAtlas(newBytes, "new");
  const size_t parent = stubIndex(1, 0, 1);
  const GeomChunk& p = chunkOf(b, parent);
  // Every vertex of the rebuilt parent is one of its children's (a subset
  // simplification), and the raised peak survives it.
  std::set<std::array<float, 3>> childPoints;
  for (uint32_t c = 0; c < 4; ++c)
    for (const Vertex& v : chunkOf(b, stubIndex(2, c / 2, 2 + c % 2)).verts)
      childPoints.insert(v.point);
  const size_t solid = p.indices.size() - p.skirtSkip;
  ASSERT_GT(solid, 0u);
  EXPECT_LE(solid, chunkOf(a, parent).indices.size() - chunkOf(a, parent).skirtSkip);
  float top = -1e30f;
  for (size_t k = 0; k < solid; ++k) {
    EXPECT_TRUE(childPoints.count(p.verts[p.indices[k]].point)) << k;
    top = std::max(top, p.verts[p.indices[k]].point[2]);
  }
  EXPECT_EQ(top, chunkOf(b, stubIndex(2, 1, 2)).verts[kRaised].point[2]);
  EXPECT_GT(p.skirtSkip, 0u); // skirts regenerated
  for (const Vertex& v : p.verts) EXPECT_EQ(v.pointMorph, (strata::Vec3{0, 0, 0}));
  EXPECT_EQ(p.colFlag, kCollisionAbsent); // collision is for leaves
  EXPECT_TRUE(containsBox(p.bounds, chunkOf(b, stubIndex(2, 1, 2)).bounds));
  // The three other level-1 chunks are untouched.
  for (uint32_t c : {0u, 2u, 3u}) {
    const size_t i = stubIndex(1, c / 2, c % 2);
    EXPECT_EQ(b.tocs[0].geomStubs[i].offset, a.tocs[0].geomStubs[i].offset);
  }
  // validate: no stale LOD any more; the rebuilt chunk's zero morph is noticed.
  RunResult v = cli({"validate", (dir / "new.atlas").string()});
  EXPECT_EQ(v.exitCode, 0) << v.output;
  EXPECT_EQ(v.output.find("stale LOD"), std::string::npos) << v.output;
  EXPECT_NE(v.output.find("chunk L1_0_1: every morph offset is zero"), std::string::npos)
      << v.output;
}

TEST(AtlasExport, ChangedTopologyZeroesMorphAndRegeneratesSkirts) {
  fs::path dir = tempDir();
  fs::path base = writeBase(dir);
  // Remove the last quad of L2_0_0 (grid quad (7,7), at the chunk's far corner).
  fs::path glb = editedGlb(dir, base, [](tinygltf::Model& m) {
    const tinygltf::Node* n = findNode(m, "L2_0_0");
    const int idx = m.meshes[size_t(n->mesh)].primitives[0].indices;
    m.accessors[size_t(idx)].count -= 6;
  });
  RunResult r = exportAtlas(glb, base, dir / "new.atlas");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("morph offsets set to zero (1): L2_0_0"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("skirts regenerated (1): L2_0_0"), std::string::npos) << r.output;
  const File a = readBack(base), b = readBack(dir / "new.atlas");
  const GeomChunk &before = chunkOf(a, 0 + stubIndex(2, 0, 0)),
                  &after = chunkOf(b, stubIndex(2, 0, 0));
  const size_t solidBefore = before.indices.size() - before.skirtSkip;
  EXPECT_EQ(after.indices.size() - after.skirtSkip, solidBefore - 6);
  // Hand count: the corner vertex (8,8) is gone; the boundary is still a
  // cycle of 32 edges (two outer edges lost, two inner ones exposed): 64 skirt
  // triangles and one skirt vertex under each of the 32 boundary vertices.
  EXPECT_EQ(after.skirtSkip, 64u * 3);
  EXPECT_EQ(after.verts.size(), 80u + 32u);
  for (size_t k = after.indices.size() - after.skirtSkip; k < after.indices.size(); k += 6) {
    // (a, b, b') then (a, b', a'): b' and a' hang 2 units (the synth depth) under b and a.
    const auto &a0 = after.verts[after.indices[k]].point,
               &b0 = after.verts[after.indices[k + 1]].point,
               &b1 = after.verts[after.indices[k + 2]].point,
               &a1 = after.verts[after.indices[k + 5]].point;
    EXPECT_EQ(after.indices[k + 3], after.indices[k]);
    EXPECT_EQ(after.indices[k + 4], after.indices[k + 2]);
    EXPECT_EQ(b1[0], b0[0]);
    EXPECT_EQ(b1[1], b0[1]);
    EXPECT_NEAR(b0[2] - b1[2], 2.0f, 1e-4);
    EXPECT_EQ(a1[0], a0[0]);
    EXPECT_NEAR(a0[2] - a1[2], 2.0f, 1e-4);
  }
  std::map<std::array<float, 3>, const Vertex*> old;
  for (const Vertex& v : before.verts) old.emplace(v.point, &v);
  for (size_t k = 0; k < after.indices.size() - after.skirtSkip; ++k) {
    const Vertex& v = after.verts[after.indices[k]];
    EXPECT_EQ(v.pointMorph, (strata::Vec3{0, 0, 0}));
    EXPECT_EQ(v.texMorph, (strata::Vec2{0, 0}));
    EXPECT_NEAR(v.texCoord[0], v.point[1] / kTerrain, 1e-6);
    EXPECT_NEAR(v.texCoord[1], 1.0f - v.point[0] / kTerrain, 1e-6);
    auto it = old.find(v.point); // same positions: the edit's (unit) normals kept
    ASSERT_NE(it, old.end());
    for (int c = 0; c < 3; ++c) EXPECT_NEAR(v.normal[c], it->second->normal[c], 1e-6);
  }
  EXPECT_TRUE(sameCollision(after.collision, generateCollision(after, after.bounds)));
  RunResult v = cli({"validate", (dir / "new.atlas").string()});
  EXPECT_EQ(v.exitCode, 0) << v.output;
}

TEST(AtlasExport, RetopologizedCoarseChunkIsNoticedByValidate) {
  fs::path dir = tempDir();
  fs::path base = writeBase(dir);
  // --lod 1: the edit is of L1 chunks; drop one triangle of L1_1_1.
  fs::path glb =
      editedGlb(dir, base,
                [](tinygltf::Model& m) {
                  const tinygltf::Node* n = findNode(m, "L1_1_1");
                  m.accessors[size_t(m.meshes[size_t(n->mesh)].primitives[0].indices)].count -= 3;
                },
                {"--lod", "1"});
  RunResult r = exportAtlas(glb, base, dir / "new.atlas");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  const File after = readBack(dir / "new.atlas");
  const GeomChunk& c = chunkOf(after, stubIndex(1, 1, 1));
  EXPECT_EQ(c.colFlag, kCollisionAbsent); // not a leaf
  RunResult v = cli({"validate", (dir / "new.atlas").string()});
  EXPECT_EQ(v.exitCode, 0) << v.output;
  EXPECT_NE(v.output.find("chunk L1_1_1: every morph offset is zero while 3 other chunks"),
            std::string::npos)
      << v.output;
  RunResult info = cli({"info", (dir / "new.atlas").string(), "--json"});
  nlohmann::json j = nlohmann::json::parse(info.output);
  EXPECT_EQ(j["tocs"][0]["levels"][1]["chunksWithoutMorph"], 1) << info.output;
  EXPECT_EQ(j["tocs"][0]["levels"][0]["chunksWithoutMorph"], 0) << info.output;
}

TEST(AtlasExport, ObjEditThroughAssimp) {
  STRATA_SKIP_WITHOUT_ASSIMP();
  fs::path dir = tempDir();
  fs::path base = writeBase(dir);
  const File a = readBack(base);
  const size_t leaf = stubIndex(2, 3, 1);
  const GeomChunk& g = chunkOf(a, leaf);
  // An OBJ as Blender writes one: Y up (glTF axes: (x, z, -y)), 1-based
  // indices, a decorated name, normals; grid vertex (1,1) raised by 3.25.
  {
    std::ofstream obj(dir / "edited.obj");
    obj << "# edited terrain\ng Terrain_L2_3_1.001\n";
    char buf[160];
    for (size_t v = 0; v < g.verts.size(); ++v) {
      strata::Vec3 p = g.verts[v].point;
      if (v == gridVertex(1, 1)) p[2] += 3.25f;
      std::snprintf(buf, sizeof buf, "v %.9g %.9g %.9g\n", p[0], p[2], -p[1]);
      obj << buf;
    }
    for (const Vertex& v : g.verts) {
      std::snprintf(buf, sizeof buf, "vn %.9g %.9g %.9g\n", v.normal[0], v.normal[2], -v.normal[1]);
      obj << buf;
    }
    for (size_t t = 0; t < g.indices.size() - g.skirtSkip; t += 3)
      obj << "f " << g.indices[t] + 1 << "//" << g.indices[t] + 1 << " " << g.indices[t + 1] + 1
          << "//" << g.indices[t + 1] + 1 << " " << g.indices[t + 2] + 1 << "//"
          << g.indices[t + 2] + 1 << "\n";
  }
  RunResult r = exportAtlas(dir / "edited.obj", base, dir / "new.atlas");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("edited chunks (1): L2_3_1"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("morph offsets set to zero"), std::string::npos) << r.output;
  const File b = readBack(dir / "new.atlas");
  const GeomChunk& after = chunkOf(b, leaf);
  ASSERT_EQ(after.verts.size(), g.verts.size());
  EXPECT_EQ(after.indices, g.indices); // topology kept: Assimp's reordering undone
  for (size_t v = 0; v < g.verts.size(); ++v) {
    strata::Vec3 expect = g.verts[v].point;
    if (v == gridVertex(1, 1)) expect[2] += 3.25f;
    EXPECT_EQ(after.verts[v].point, expect) << v;
  }
  EXPECT_TRUE(sameCollision(after.collision, generateCollision(after, after.bounds)));
  EXPECT_TRUE(contains(b.tocs[0].geomStubs[0].bounds, after.verts[gridVertex(1, 1)].point));
  RunResult v = cli({"validate", (dir / "new.atlas").string()});
  EXPECT_EQ(v.exitCode, 0) << v.output;
}

// Assimp is loaded when an OBJ edit is read, not when strata starts
// (edits/assimp_library.h): the dynamic loader's list of what it loads
// (LD_DEBUG=libs, on stderr) names it for the OBJ edit only. (glibc's
// loader: not on Windows.)
#ifndef _WIN32
TEST(AtlasExport, AssimpIsLoadedOnlyWhenAnObjEditIsRead) {
  fs::path dir = tempDir();
  fs::path base = writeBase(dir);
  {
    std::ofstream obj(dir / "edited.obj");
    obj << "o L2_0_0\nv 0 0 0\nv 64 0 0\nv 0 0 -64\nf 1 2 3\n";
  }
  ASSERT_EQ(setenv("LD_DEBUG", "libs", 1), 0);
  const RunResult convert = cli({"convert", base.string(), "-o", (dir / "t.glb").string()});
  const RunResult edit = exportAtlas(dir / "edited.obj", base, dir / "new.atlas");
  unsetenv("LD_DEBUG");
  ASSERT_EQ(convert.exitCode, 0) << convert.output;
  ASSERT_NE(convert.output.find("libstdc++"), std::string::npos) << convert.output;
  EXPECT_EQ(convert.output.find("libassimp"), std::string::npos) << convert.output;
  ASSERT_EQ(edit.exitCode, 0) << edit.output;
  EXPECT_NE(edit.output.find("libassimp"), std::string::npos) << edit.output;
  EXPECT_NE(edit.output.find("edited chunks (1): L2_0_0"), std::string::npos) << edit.output;
}
#endif

// Older bases are converted to the v140 layout; the edit applies the same way.
class AtlasExportOldBase : public ::testing::TestWithParam<uint32_t> {};

TEST_P(AtlasExportOldBase, ConvertedToV140WithCollisionAndBounds) {
  fs::path dir = tempDir();
  fs::path base = writeBase(dir, GetParam());
  fs::path glb = editedGlb(dir, base, raiseAndShift);
  RunResult r = exportAtlas(glb, base, dir / "new.atlas");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("converted to the v140 layout"), std::string::npos) << r.output;
  const std::vector<uint8_t> baseBytes = readBytes(base), newBytes = readBytes(dir / "new.atlas");
  const File a = readAtlas(baseBytes, "base"), b = readAtlas(newBytes, "new");
  for (const Toc& t : b.tocs) EXPECT_EQ(t.version, 140u);
  const Toc& toc = b.tocs[0];
  for (size_t i = 0; i < toc.geomStubs.size(); ++i) {
    const GeomChunk &was = chunkOf(a, i), &now = chunkOf(b, i);
    const strata::NodePos p = strata::nodePos(i);
    EXPECT_EQ(toc.geomStubs[i].bounds.min, now.bounds.min);
    EXPECT_EQ(toc.geomStubs[i].bounds.max, now.bounds.max);
    EXPECT_EQ(now.previousChunk, 0u);
    for (const Vertex& v : now.verts) EXPECT_TRUE(contains(now.bounds, v.point));
    if (p.level + 1 == kDepth) { // every leaf written gets collision
      ASSERT_EQ(now.colFlag, kCollisionPresent) << i;
      EXPECT_TRUE(sameCollision(now.collision, generateCollision(now, now.bounds)));
    } else {
      for (uint32_t c = 0; c < 4; ++c)
        EXPECT_TRUE(containsBox(
            now.bounds,
            toc.geomStubs[stubIndex(p.level + 1, 2 * p.x + c / 2, 2 * p.y + c % 2)].bounds));
    }
    if (i == stubIndex(2, 1, 2)) {
      EXPECT_EQ(now.verts[kRaised].point[2], was.verts[kRaised].point[2] + 20.0f);
      continue;
    }
    // Unedited chunks: the same geometry in the v140 layout (§7 canonical values).
    ASSERT_EQ(now.verts.size(), was.verts.size());
    EXPECT_EQ(now.indices, was.indices);
    for (size_t v = 0; v < was.verts.size(); ++v) {
      EXPECT_EQ(now.verts[v].point, was.verts[v].point);
      EXPECT_EQ(now.verts[v].texCoord, was.verts[v].texCoord);
      EXPECT_EQ(now.verts[v].pointMorph, was.verts[v].pointMorph);
      EXPECT_EQ(now.verts[v].texMorph, was.verts[v].texMorph);
      EXPECT_EQ(now.verts[v].normal, (strata::Vec3{0, 0, 1}));
    }
  }
  // Texture and config chunks: the same frame bytes, at their new offsets.
  ASSERT_EQ(a.tocs.size(), 3u);
  for (size_t t = 1; t < a.tocs.size(); ++t)
    for (size_t i = 0; i < a.tocs[t].stubCount(); ++i)
      EXPECT_EQ(frameBytes(newBytes, b.tocs[t].stubOffset(i), b.tocs[t].stubLength(i)),
                frameBytes(baseBytes, a.tocs[t].stubOffset(i), a.tocs[t].stubLength(i)));
  RunResult v = cli({"validate", (dir / "new.atlas").string()});
  EXPECT_EQ(v.exitCode, 0) << v.output;
}

INSTANTIATE_TEST_SUITE_P(Versions, AtlasExportOldBase, ::testing::Values(100u, 110u, 125u, 135u));

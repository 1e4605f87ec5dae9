// Bad edited input for export-atlas: a clear error naming the problem (and
// the chunk), exit 1 (2 for bad arguments), the base untouched, no output.
#include "atlas/atlas_scene.h"
#include "atlas_export_support.h"
#include "gltf_writer.h"

#include <fstream>

using namespace exporttest;

namespace {

struct Case {
  fs::path dir, base;
  std::vector<uint8_t> baseBytes;
  File model;
};

Case setup() {
  Case c;
  c.dir = tempDir();
  c.base = writeBase(c.dir);
  c.baseBytes = readBytes(c.base);
  c.model = readAtlas(c.baseBytes, "base");
  return c;
}

// What `strata convert` makes of the base, as a scene (in process: faster
// than the CLI, and the CLI path is covered by atlas_export_test.cpp).
strata::Scene sceneOf(const Case& c) {
  strata::LoadOptions o;
  o.textures = false;
  return toScene(c.model, o, "base");
}

fs::path writeGlb(const Case& c, const strata::Scene& s, const std::string& name = "edited.glb") {
  strata::gltf::WriteOptions o;
  o.textures = strata::gltf::TextureMode::None;
  writeBytes(c.dir / name, strata::gltf::writeGltf(s, o).bytes);
  return c.dir / name;
}

fs::path writeText(const Case& c, const std::string& name, const std::string& text) {
  std::ofstream(c.dir / name) << text;
  return c.dir / name;
}

void expectRejected(const Case& c, const fs::path& edited, const std::string& message,
                    int exitCode = 1, const fs::path& base = {}) {
  const fs::path out = c.dir / "new.atlas";
  RunResult r = cli({"export-atlas", edited.string(), "--base",
                     (base.empty() ? c.base : base).string(), "-o", out.string()});
  EXPECT_EQ(r.exitCode, exitCode) << r.output;
  EXPECT_NE(r.output.find(message), std::string::npos) << r.output;
  EXPECT_EQ(readBytes(c.base), c.baseBytes);          // the base is never touched
  for (const auto& e : fs::directory_iterator(c.dir)) // no output, no temporary left behind
    EXPECT_NE(e.path().filename().string().rfind("new.atlas", 0), 0u) << e.path();
}

} // namespace

TEST(AtlasExportBadInput, MeshThatNamesNoChunk) {
  Case c = setup();
  strata::Scene s = sceneOf(c);
  strata::Mesh cube = s.meshes[0];
  cube.name = "Cube";
  s.meshes.push_back(cube);
  strata::Node n;
  n.name = "Cube";
  n.mesh = int(s.meshes.size() - 1);
  s.roots.push_back(int(s.nodes.size()));
  s.nodes.push_back(n);
  expectRejected(c, writeGlb(c, s), "node 'Cube' (mesh 'Cube') names no chunk");
}

TEST(AtlasExportBadInput, ChunkOutsideTheTree) {
  Case c = setup();
  strata::Scene s = sceneOf(c);
  s.nodes[3].name = s.meshes[size_t(s.nodes[3].mesh)].name = "L7_0_0";
  s.nodes[3].tags.clear();
  expectRejected(c, writeGlb(c, s), "names chunk L7_0_0, which is not in the base's geometry tree");
}

TEST(AtlasExportBadInput, SameChunkTwice) {
  Case c = setup();
  strata::Scene s = sceneOf(c);
  strata::Node copy = s.nodes[0];
  copy.name = "L2_0_0.001"; // a duplicate made in a DCC keeps the extras
  s.roots.push_back(int(s.nodes.size()));
  s.nodes.push_back(copy);
  expectRejected(c, writeGlb(c, s),
                 "chunk L2_0_0 appears twice in the edit: node 'L2_0_0' and node 'L2_0_0.001'");
}

TEST(AtlasExportBadInput, NoMeshesAtAll) {
  Case c = setup();
  strata::Scene s;
  strata::Node n;
  n.name = "L2_0_0";
  s.nodes.push_back(n);
  s.roots.push_back(0);
  expectRejected(c, writeGlb(c, s), "holds no meshes");
}

TEST(AtlasExportBadInput, ChunkMeshWithoutTriangles) {
  Case c = setup();
  strata::Scene s = sceneOf(c);
  s.meshes[size_t(s.nodes[5].mesh)].primitives[0].indices.clear();
  expectRejected(c, writeGlb(c, s), "chunk L2_1_1: the mesh has no triangles");
}

TEST(AtlasExportBadInput, LinesInGlb) {
  Case c = setup();
  fs::path glb = writeGlb(c, sceneOf(c));
  tinygltf::Model m = loadGltf(glb.string());
  m.meshes[size_t(findNode(m, "L2_0_1")->mesh)].primitives[0].mode = TINYGLTF_MODE_LINE;
  saveGlb(m, c.dir / "lines.glb");
  expectRejected(c, c.dir / "lines.glb",
                 "node 'L2_0_1' mesh 'L2_0_1' primitive 0 draws LINES; only triangles");
}

TEST(AtlasExportBadInput, IndexPastTheVertices) {
  Case c = setup();
  fs::path glb = writeGlb(c, sceneOf(c));
  tinygltf::Model m = loadGltf(glb.string());
  const tinygltf::Primitive& p = m.meshes[size_t(findNode(m, "L2_0_1")->mesh)].primitives[0];
  const tinygltf::Accessor& a = m.accessors[size_t(p.indices)];
  const tinygltf::BufferView& v = m.bufferViews[size_t(a.bufferView)];
  uint16_t big = 4000; // the chunk has 145 vertices (81 grid + 64 skirt)
  std::memcpy(m.buffers[0].data.data() + v.byteOffset + a.byteOffset + 2 * 7, &big, 2);
  saveGlb(m, c.dir / "index.glb");
  expectRejected(c, c.dir / "index.glb", "index 4000 but only 145 vertices");
}

TEST(AtlasExportBadInput, LinesInObj) {
  STRATA_SKIP_WITHOUT_ASSIMP();
  Case c = setup();
  fs::path obj =
      writeText(c, "lines.obj", "o L2_0_0\nv 1 0 -1\nv 2 0 -1\nv 2 0 -2\nf 1 2 3\nl 1 2\n");
  expectRejected(c, obj, "has 2 vertices (a point or line); only triangles");
}

TEST(AtlasExportBadInput, TruncatedGlb) {
  Case c = setup();
  std::vector<uint8_t> glb = readBytes(writeGlb(c, sceneOf(c)));
  glb.resize(glb.size() / 2);
  writeBytes(c.dir / "cut.glb", glb);
  expectRejected(c, c.dir / "cut.glb", "not a readable glTF binary (GLB)");
}

TEST(AtlasExportBadInput, FileNoReaderKnows) {
  STRATA_SKIP_WITHOUT_ASSIMP();
  Case c = setup();
  std::vector<uint8_t> junk(300);
  for (size_t i = 0; i < junk.size(); ++i) junk[i] = uint8_t(i * 37 + 11);
  writeBytes(c.dir / "junk.fbx", junk);
  expectRejected(c, c.dir / "junk.fbx", "not a file Assimp can read");
}

TEST(AtlasExportBadInput, FormatsOutsideObjFbxDaeAreRefusedByExtension) {
  // A well-formed PLY triangle: Assimp reads it, but its PLY importer hangs on
  // a header without end_header ("ply\nformat ascii 1.0\n" takes minutes,
  // tests/fuzz/regressions/assimp/), so no PLY reaches it.
  Case c = setup();
  const std::string ply = "ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\n"
                          "property float y\nproperty float z\nelement face 1\n"
                          "property list uchar int vertex_indices\nend_header\n"
                          "1 0 -1\n2 0 -1\n2 0 -2\n3 0 1 2\n";
  expectRejected(c, writeText(c, "L2_0_0.ply", ply), "'.ply' is none of them");
  expectRejected(c, writeText(c, "L2_0_0.stl", "solid x\nendsolid x\n"), "'.stl' is none of them");
}

TEST(AtlasExportBadInput, ZUpObjIsCaughtByItsPlacement) {
  STRATA_SKIP_WITHOUT_ASSIMP();
  Case c = setup();
  // L2_0_0 covers x 0..64, y 0..64; written Z-up, Y-up reading puts it at
  // y = -height: far outside the chunk.
  const GeomChunk& g = chunkOf(c.model, stubIndex(2, 0, 0));
  std::string obj = "o L2_0_0\n";
  for (const Vertex& v : g.verts)
    obj += "v " + std::to_string(v.point[0]) + " " + std::to_string(v.point[1]) + " " +
           std::to_string(v.point[2] + 100) + "\n";
  for (size_t t = 0; t < g.indices.size() - g.skirtSkip; t += 3)
    obj += "f " + std::to_string(g.indices[t] + 1) + " " + std::to_string(g.indices[t + 1] + 1) +
           " " + std::to_string(g.indices[t + 2] + 1) + "\n";
  expectRejected(c, writeText(c, "zup.obj", obj),
                 "chunk L2_0_0: the edited mesh spans x 0..64, y -1");
}

// A scene of one root node `name` with one mesh of primitive `p`.
static strata::Scene oneChunkScene(const std::string& name, const strata::Primitive& p) {
  strata::Scene s;
  s.meshes.push_back({name, {p}});
  strata::Node n;
  n.name = name;
  n.mesh = 0;
  s.nodes.push_back(n);
  s.roots.push_back(0);
  return s;
}

TEST(AtlasExportBadInput, MoreVerticesThanU16IndicesAddress) {
  Case c = setup();
  // 65,536 distinct vertices inside L2_1_0 (x 64..128, y 0..64): a 256 x 256
  // point grid, every vertex used by one triangle (the last one reuses two).
  strata::Primitive p;
  for (uint32_t i = 0; i < 256; ++i)
    for (uint32_t j = 0; j < 256; ++j) p.positions.push_back({64 + i * 0.25f, j * 0.25f, 1.0f});
  for (uint32_t v = 0; v + 2 < 65536; v += 3) p.indices.insert(p.indices.end(), {v, v + 1, v + 2});
  p.indices.insert(p.indices.end(), {65535, 0, 1});
  expectRejected(c, writeGlb(c, oneChunkScene("L2_1_0", p)),
                 "edited.glb: chunk L2_1_0 has 65536 vertices; Atlas indices are 16-bit, so a "
                 "chunk holds at most 65535");
}

TEST(AtlasExportBadInput, MoreLeafTrianglesThanCollisionAddresses) {
  Case c = setup();
  // 105 x 105 quads = 22,050 triangles on 11,236 vertices inside L2_1_0.
  strata::Primitive p;
  const uint32_t n = 105;
  for (uint32_t i = 0; i <= n; ++i)
    for (uint32_t j = 0; j <= n; ++j)
      p.positions.push_back({64 + i * (64.0f / n), j * (64.0f / n), 1.0f});
  for (uint32_t i = 0; i < n; ++i)
    for (uint32_t j = 0; j < n; ++j) {
      const uint32_t a = i * (n + 1) + j, b = a + n + 1;
      p.indices.insert(p.indices.end(), {a, b, b + 1, a, b + 1, a + 1});
    }
  expectRejected(c, writeGlb(c, oneChunkScene("L2_1_0", p)),
                 "chunk L2_1_0 has 22050 triangles; leaf collision addresses them by 16-bit index "
                 "offsets, so a leaf chunk holds at most 21845");
}

TEST(AtlasExportBadInput, OutputOverTheBaseIsRefused) {
  Case c = setup();
  fs::path glb = writeGlb(c, sceneOf(c));
  RunResult r =
      cli({"export-atlas", glb.string(), "--base", c.base.string(), "-o", c.base.string()});
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_NE(r.output.find("is the --base input"), std::string::npos) << r.output;
  EXPECT_EQ(readBytes(c.base), c.baseBytes);
}

TEST(AtlasExportBadInput, BaseThatIsNotAtlas) {
  Case c = setup();
  fs::path glb = writeGlb(c, sceneOf(c));
  expectRejected(c, glb, "--base is not an Atlas file (expected the magic ATLS)", 1, glb);
}

TEST(AtlasExportBadInput, MissingInputs) {
  Case c = setup();
  expectRejected(c, c.dir / "nowhere.glb", "nowhere.glb: no such file");
  expectRejected(c, writeGlb(c, sceneOf(c)), "nowhere.atlas: no such file", 1,
                 c.dir / "nowhere.atlas");
}

TEST(AtlasExportBadInput, UsageErrors) {
  RunResult r = cli({"export-atlas", "a.glb", "-o", "b.atlas"}); // no --base
  EXPECT_EQ(r.exitCode, 2) << r.output;
}

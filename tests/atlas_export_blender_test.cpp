// The artist's path for real: Blender imports the GLB, a vertex is raised,
// Blender exports GLB, OBJ and FBX, and each export-atlas gives the same
// file. Skipped where Blender is not installed.
#include "atlas/atlas_collision.h"
#include "atlas_export_support.h"

#include <fstream>

using namespace exporttest;

TEST(AtlasExportBlender, GlbObjAndFbxEditsGiveTheSameAtlas) {
  if (run("command -v blender").exitCode != 0) GTEST_SKIP() << "Blender is not installed";
  fs::path dir = tempDir();
  fs::path base = writeBase(dir);
  RunResult conv = cli({"convert", base.string(), "-o", (dir / "t.glb").string()});
  ASSERT_EQ(conv.exitCode, 0) << conv.output;
  // Blender 3.4's glTF importer needs numpy.bool (gone in numpy 1.24, see
  // build-notes.md). The GLB's morph target becomes shape keys, so the edit
  // goes to the Basis key, as Edit Mode would do it. Blender is Z-up: +Z is
  // Atlas height.
  std::ofstream(dir / "edit.py") << R"(import bpy, numpy, sys
numpy.bool = bool
d = sys.argv[sys.argv.index("--") + 1]
bpy.ops.wm.read_factory_settings(use_empty=True)
bpy.ops.import_scene.gltf(filepath=d + "/t.glb")
me = bpy.data.objects["L2_1_2"].data
me.shape_keys.key_blocks["Basis"].data[40].co.z += 5.0
me.vertices[40].co.z += 5.0
bpy.ops.export_scene.gltf(filepath=d + "/edited.glb", export_format="GLB")
bpy.ops.export_scene.fbx(filepath=d + "/edited.fbx")
bpy.ops.wm.obj_export(filepath=d + "/edited.obj")
)";
  RunResult b = run("blender -b --factory-startup --python-exit-code 3 --python '" +
                    (dir / "edit.py").string() + "' -- '" + dir.string() + "'");
  ASSERT_EQ(b.exitCode, 0) << b.output;

  const File a = readBack(base);
  const size_t leaf = stubIndex(2, 1, 2);
  const strata::Vec3 before = chunkOf(a, leaf).verts[40].point;
  std::vector<uint8_t> first;
  for (const char* ext : {"glb", "obj", "fbx"}) {
    const fs::path out = dir / (std::string("new-") + ext + ".atlas");
    RunResult r = cli({"export-atlas", (dir / (std::string("edited.") + ext)).string(), "--base",
                       base.string(), "-o", out.string()});
    ASSERT_EQ(r.exitCode, 0) << ext << "\n" << r.output;
    // Only the edited chunk is rewritten; Blender's renumbering and splits
    // did not cost the topology (morph offsets kept).
    EXPECT_NE(r.output.find("edited chunks (1): L2_1_2"), std::string::npos) << ext << r.output;
    EXPECT_EQ(r.output.find("morph offsets set to zero"), std::string::npos) << ext << r.output;
    const File f = readBack(out);
    const GeomChunk& g = chunkOf(f, leaf);
    EXPECT_EQ(g.verts[40].point, (strata::Vec3{before[0], before[1], before[2] + 5.0f})) << ext;
    EXPECT_EQ(g.indices, chunkOf(a, leaf).indices) << ext;
    EXPECT_TRUE(sameCollision(g.collision, generateCollision(g, g.bounds))) << ext;
    std::vector<uint8_t> bytes = readBytes(out);
    if (first.empty())
      first = bytes;
    else
      EXPECT_EQ(bytes, first) << ext << " differs from the GLB path";
  }
}

"""One timed import of a terrain into headless Blender, by the Strata add-on
or by Blender's own glTF importer (bench_blender_import.sh.in runs one
Blender per import and compares them).

Each import gets a Blender of its own: in one Blender session Blender's glTF
importer slowed down with every import (the 1,024-chunk terrain's textured
GLB and then its geometry-only GLB, three times, the scene cleared before
each: 3.80 / 4.13 / 4.54 s and 1.25 / 1.54 / 1.55 s), which would have
flattered the add-on. A small terrain is imported first by the same importer
and cleared, so that neither side's time holds its one-time set-up (module
imports, loading libstrata).

Importer "floor" is the add-on with every mesh's arrays made before the
timing (strata.load and importer.mesh_arrays): what is timed is Blender's
share of its import, the bpy calls and the view layer's update, which no
importer making the same meshes goes under.

Prints one line: "import <wall s> <cpu s> <objects> <vertices> <triangles>
<materials>", and for the add-on also "load <wall s> <cpu s>": libstrata's
share (strata.load alone, after the import).
"""
import os
import sys
import time

import bpy
import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "blender"))
import blender_support as bs  # noqa: E402

args, addon, _ = bs.start()
np.bool = bool  # Blender 3.4's glTF importer uses numpy.bool (gone in numpy 1.24)
textures = args["textures"] == "1"


shared = sys.modules[addon.__name__ + ".strata"]  # the package inside the add-on
importer = sys.modules[addon.__name__ + ".importer"]


def run_import(path):
    """Imports `path`; returns the (wall, cpu) seconds timed."""
    if args["importer"] == "floor":
        with shared.load(path, textures=textures) as scene:
            made = {m: importer.mesh_arrays(scene, m) for m in range(len(scene.meshes))}
            t, c = time.perf_counter(), time.process_time()
            importer.import_scene(bpy.context, scene, os.path.abspath(path),
                                  arrays_of=lambda s, m: made[m])
            bpy.context.view_layer.update()
            return time.perf_counter() - t, time.process_time() - c
    t, c = time.perf_counter(), time.process_time()
    if args["importer"] == "addon":
        bpy.ops.import_scene.strata_atlas(filepath=path, textures=textures)
    else:
        bpy.ops.import_scene.gltf(filepath=path)
    return time.perf_counter() - t, time.process_time() - c


run_import(args["warm"])
bs.clear()
wall, cpu = run_import(args["file"])
verts, tris, mats = bs.totals(bs.mesh_objects())
print("import %.4f %.4f %d %d %d %d" % (wall, cpu, len(bs.mesh_objects()), verts, tris, len(mats)))
if args["importer"] == "addon":
    t, c = time.perf_counter(), time.process_time()
    shared.load(args["file"], textures=textures).close()
    print("load %.4f %.4f" % (time.perf_counter() - t, time.process_time() - c))

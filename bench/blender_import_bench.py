"""Times the Strata add-on against Blender's glTF importer on the same
terrain, in one Blender run (see bench_blender_import.sh.in)."""
import os
import sys
import time

import bpy
import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "blender"))
import blender_support as bs  # noqa: E402

args, addon, _ = bs.start()
shared = sys.modules[addon.__name__ + ".strata"]  # the strata package inside the add-on
np.bool = bool  # Blender 3.4's glTF importer uses numpy.bool (gone in numpy 1.24)


def timed(fn):
    bs.clear()
    t, c = time.perf_counter(), time.process_time()
    fn()
    dt, dc = time.perf_counter() - t, time.process_time() - c
    verts, tris, mats = bs.totals(bs.mesh_objects())
    return (dt, dc), len(bs.mesh_objects()), verts, tris, len(mats)


def library_load(textures):
    """libstrata's part of the add-on's import: strata.load alone (reading the
    file and, textured, decoding the tiles), the rest being Blender's."""
    t, c = time.perf_counter(), time.process_time()
    shared.load(args["atlas"], textures=textures).close()
    return time.perf_counter() - t, time.process_time() - c


runs = [
    ("textured", True, lambda: bpy.ops.import_scene.strata_atlas(filepath=args["atlas"]),
     lambda: bpy.ops.import_scene.gltf(filepath=args["glb"])),
    ("geometry only", False, lambda: bpy.ops.import_scene.strata_atlas(filepath=args["atlas"],
                                                                       textures=False),
     lambda: bpy.ops.import_scene.gltf(filepath=args["glb-notex"])),
]
for name, textures, ours, theirs in runs:
    a = timed(ours)
    b = timed(theirs)
    print("terrain (%s): %d objects, %d vertices, %d triangles, %d materials" % ((name,) + a[1:]))
    if a[1:] != b[1:]:
        print("terrain (%s): glTF import differs: %d objects, %d vertices, %d triangles, "
              "%d materials" % ((name,) + b[1:]))
    # Wall time, and CPU time of the Blender process (steadier on a shared machine).
    print("bench blender import (%s): strata add-on %.2f s (cpu %.2f s), glTF importer %.2f s "
          "(cpu %.2f s), ratio glTF/add-on %.2fx (cpu %.2fx)"
          % (name, a[0][0], a[0][1], b[0][0], b[0][1], b[0][0] / a[0][0], b[0][1] / a[0][1]))
    print("bench blender import (%s): of the add-on's time, libstrata's load (strata.load "
          "alone) %.2f s (cpu %.2f s)" % ((name,) + library_load(textures)))

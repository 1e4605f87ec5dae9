"""Shared helpers of the Blender tests (run inside `blender -b --python`)."""
import json
import os
import subprocess
import sys
import tempfile
import zipfile

import bpy
import numpy as np


def script_args():
    """The arguments after `--` on Blender's command line, as a dict of
    --name value pairs."""
    argv = sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else []
    out = {}
    for k in range(0, len(argv) - 1, 2):
        out[argv[k].lstrip("-")] = argv[k + 1]
    return out


def install_addon(zip_path, work):
    """Unpacks the packaged add-on (with its libstrata) and registers it, as a
    user's Blender would, without touching the user's configuration."""
    target = tempfile.mkdtemp(prefix="addon-", dir=work)
    with zipfile.ZipFile(zip_path) as z:
        z.extractall(target)
    os.environ.pop("STRATA_LIBRARY", None)  # use the library inside the zip
    sys.path.insert(0, target)
    import strata_blender
    strata_blender.register()
    return strata_blender


def start():
    """The opening of every test script: an empty factory scene, the work
    folder, the packaged add-on registered. Returns (args, add-on module, Checks)."""
    args = script_args()
    bpy.ops.wm.read_factory_settings(use_empty=True)
    os.makedirs(args["work"], exist_ok=True)
    return args, install_addon(args["addon"], args["work"]), Checks()


def clear():
    """Removes every object, mesh, material, image and collection."""
    for coll in (bpy.data.objects, bpy.data.meshes, bpy.data.materials, bpy.data.images,
                 bpy.data.collections, bpy.data.shape_keys):
        for item in list(coll):
            try:
                coll.remove(item)
            except (AttributeError, TypeError, RuntimeError):
                pass


def strata_json(cli, *args):
    r = subprocess.run([cli, *args], capture_output=True, text=True)
    if r.returncode != 0:
        return None
    return json.loads(r.stdout)


def mesh_objects():
    return sorted((o for o in bpy.data.objects if o.type == 'MESH'), key=lambda o: o.name)


def world_positions(obj):
    me = obj.data
    co = np.empty(len(me.vertices) * 3, dtype=np.float64)
    me.vertices.foreach_get("co", co)
    co = co.reshape(-1, 3)
    m = np.array(obj.matrix_world, dtype=np.float64)
    return co @ m[:3, :3].T + m[:3, 3]


def totals(objs):
    verts = sum(len(o.data.vertices) for o in objs)
    tris = 0
    for o in objs:
        o.data.calc_loop_triangles()
        tris += len(o.data.loop_triangles)
    mats = {m.name for o in objs for m in o.data.materials if m is not None}
    return verts, tris, mats


class Checks:
    def __init__(self):
        self.count = 0
        self.failed = []

    def check(self, cond, what):
        self.count += 1
        if not cond:
            self.failed.append(what)
            print("FAIL:", what, flush=True)

    def near(self, a, b, tol, what):
        self.check(abs(a - b) <= tol, "%s: %r vs %r" % (what, a, b))

    def finish(self, name):
        print("%s: %d checks, %d failed" % (name, self.count, len(self.failed)), flush=True)
        if self.failed:
            raise RuntimeError("%d checks failed" % len(self.failed))

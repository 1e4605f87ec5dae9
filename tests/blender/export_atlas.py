"""Edits terrain imported through the add-on, exports it with File > Export >
Torque Atlas and reads the new file back with the strata command (validate,
and convert to .gltf parsed here with plain Python): the edited vertex moved,
every other vertex kept, in per-chunk and merged imports.

blender -b --factory-startup --python-exit-code 1 --python export_atlas.py --
    --addon strata_blender.zip --samples DIR --cli strata --work DIR
"""
import base64
import json
import os
import subprocess
import sys

import bpy
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import blender_support as bs  # noqa: E402

args, _, C = bs.start()
cli = args["cli"]
base = os.path.join(args["samples"], "terrain-v140.atlas")
RAISE = 5.0
TARGET = (96.0, 160.0)  # an interior grid vertex of chunk L2_1_2 (x 64..128, y 128..192)


def gltf_positions(atlas, name):
    """{node name: (n, 3) positions in Atlas axes} of `strata convert`'s .gltf."""
    out = os.path.join(args["work"], name + ".gltf")
    r = subprocess.run([cli, "convert", atlas, "-o", out, "--textures", "none"],
                       capture_output=True, text=True)
    C.check(r.returncode == 0, "convert %s: %s" % (atlas, r.stdout + r.stderr))
    with open(out) as f:
        g = json.load(f)
    buffers = [base64.b64decode(b["uri"].split(",", 1)[1]) for b in g["buffers"]]
    result = {}
    for node in g["nodes"]:
        if "mesh" not in node:
            continue
        prim = g["meshes"][node["mesh"]]["primitives"][0]
        acc = g["accessors"][prim["attributes"]["POSITION"]]
        view = g["bufferViews"][acc["bufferView"]]
        assert acc["componentType"] == 5126 and acc["type"] == "VEC3"
        start = view.get("byteOffset", 0) + acc.get("byteOffset", 0)
        stride = view.get("byteStride", 12)
        raw = np.frombuffer(buffers[view["buffer"]], dtype=np.uint8)
        rows = np.stack([raw[start + i * stride: start + i * stride + 12] for i in range(acc["count"])]) \
            if stride != 12 else raw[start: start + 12 * acc["count"]]
        p = np.frombuffer(rows.tobytes(), dtype="<f4").reshape(-1, 3).astype(np.float64)
        result[node["name"]] = np.stack([p[:, 0], -p[:, 2], p[:, 1]], axis=1)  # glTF -> Z up
    return result


def raise_vertex(obj):
    me = obj.data
    co = np.empty(len(me.vertices) * 3)
    me.vertices.foreach_get("co", co)
    co = co.reshape(-1, 3)
    k = int(np.argmin(np.abs(co[:, 0] - TARGET[0]) + np.abs(co[:, 1] - TARGET[1])))
    C.check(abs(co[k, 0] - TARGET[0]) < 1e-4 and abs(co[k, 1] - TARGET[1]) < 1e-4,
            "%s holds the target vertex" % obj.name)
    co[k, 2] += RAISE
    me.vertices.foreach_set("co", co.ravel())
    me.update()


def check_readback(out, label, original):
    r = subprocess.run([cli, "validate", out], capture_output=True, text=True)
    C.check(r.returncode == 0, "%s: strata validate: %s" % (label, r.stdout + r.stderr))
    got = gltf_positions(out, label)
    C.check(sorted(got) == sorted(original), "%s: same chunks" % label)
    for name, p in original.items():
        q = got.get(name)
        if q is None or q.shape != p.shape:
            C.check(False, "%s/%s: vertex count %s vs %s" % (label, name, None if q is None
                                                              else q.shape, p.shape))
            continue
        d = q - p
        if name != "L2_1_2":
            C.check(np.abs(d).max() < 1e-5, "%s/%s unchanged (max %g)" % (label, name,
                                                                         np.abs(d).max()))
            continue
        moved = np.nonzero(np.abs(d).max(axis=1) > 1e-5)[0]
        C.check(len(moved) == 1, "%s: %d vertices of L2_1_2 moved" % (label, len(moved)))
        if len(moved) == 1:
            k = moved[0]
            C.check(abs(p[k, 0] - TARGET[0]) < 1e-4 and abs(p[k, 1] - TARGET[1]) < 1e-4,
                    "%s: the moved vertex is the target" % label)
            C.near(d[k, 2], RAISE, 1e-4, "%s: raised by %g" % (label, RAISE))
            C.check(abs(d[k, 0]) < 1e-6 and abs(d[k, 1]) < 1e-6, "%s: x, y kept" % label)


original = gltf_positions(base, "original")

# Per-chunk objects.
bs.clear()
bpy.ops.import_scene.strata_atlas(filepath=base)
raise_vertex(bpy.data.objects["L2_1_2"])
out = os.path.join(args["work"], "edited-chunks.atlas")
r = bpy.ops.export_scene.strata_atlas(filepath=out)  # base from strata_source
C.check(r == {'FINISHED'}, "export returned %s" % r)
check_readback(out, "chunks", original)

# The same through the exporter API, for its report.
from strata_blender import exporter  # noqa: E402
report = exporter.export_atlas(bpy.context, os.path.join(args["work"], "again.atlas"), base)
C.check(report["edited"] == ["L2_1_2"], "report edited: %s" % report["edited"])
C.check(len(report["unchanged"]) == 15, "report unchanged: %d" % len(report["unchanged"]))
C.check(report["collisionRegenerated"] >= 1, "collision regenerated")

# One merged object.
bs.clear()
bpy.ops.import_scene.strata_atlas(filepath=base, merge='MERGED')
raise_vertex(bs.mesh_objects()[0])
out = os.path.join(args["work"], "edited-merged.atlas")
r = bpy.ops.export_scene.strata_atlas(filepath=out, base_path=base)
C.check(r == {'FINISHED'}, "merged export returned %s" % r)
check_readback(out, "merged", original)

# Writing over the base is refused; the base is untouched.
before = open(base, "rb").read()
try:
    bpy.ops.export_scene.strata_atlas(filepath=base, base_path=base)
    C.check(False, "export over the base succeeded")
except RuntimeError as e:
    C.check("base" in str(e), "over the base: %s" % e)
C.check(open(base, "rb").read() == before, "base unchanged")

C.finish("export_atlas")

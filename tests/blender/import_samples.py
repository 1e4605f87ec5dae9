"""Imports every sample in samples/ through the packaged add-on in headless
Blender and checks the result against values computed independently of the
add-on and of libstrata's scene adapter:
- counts from `strata info --json` (the file model) and the synthetic terrain
  formulas of tools/make_samples.cpp (atlas_synth.cpp);
- every Atlas vertex on the synthetic surface z = synthHeight(x, y);
- for every sample, Blender's own glTF importer on `strata convert`'s GLB: the
  same objects, vertices, triangles, materials and positions.

blender -b --factory-startup --python-exit-code 1 --python import_samples.py --
    --addon strata_blender.zip --samples DIR --cli strata --work DIR
"""
import json
import math
import os
import subprocess
import sys

import bpy
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "pysupport"))
import blender_support as bs  # noqa: E402
import broken_samples  # noqa: E402

args, addon, C = bs.start()
cli = args["cli"]

OPERATORS = {"atlas": "strata_atlas", "chu": "strata_chu", "ytd": "strata_ytd",
             "tfrag": "strata_tfrag"}


def synth_height(x, y):
    """atlas_synth.cpp synthHeight with terrain size 256, height scale 12."""
    s = 256.0
    return 12.0 * (np.sin(x / s * 6.2831853) * np.cos(y / s * 9.424778)
                   + 0.25 * np.sin((x + 2 * y) / s * 25.0))


def synth_normal(x, y):
    e = 0.01
    dx = (synth_height(x + e, y) - synth_height(x - e, y)) / (2 * e)
    dy = (synth_height(x, y + e) - synth_height(x, y - e)) / (2 * e)
    n = np.stack([-dx, -dy, np.ones_like(dx)], axis=-1)
    return n / np.linalg.norm(n, axis=-1, keepdims=True)


def run_import(fmt, path, **options):
    op = getattr(bpy.ops.import_scene, OPERATORS[fmt])
    if fmt == "tfrag":
        return op(directory=path, **options)
    return op(filepath=path, **options)


def loop_normals(obj):
    me = obj.data
    if hasattr(me, "calc_normals_split"):
        me.calc_normals_split()
    n = np.empty(len(me.loops) * 3, dtype=np.float64)
    me.loops.foreach_get("normal", n)
    vi = np.empty(len(me.loops), dtype=np.int64)
    me.loops.foreach_get("vertex_index", vi)
    return n.reshape(-1, 3), vi


def uv_per_vertex(obj, layer):
    me = obj.data
    uv = np.empty(len(me.loops) * 2, dtype=np.float64)
    me.uv_layers[layer].data.foreach_get("uv", uv)
    vi = np.empty(len(me.loops), dtype=np.int64)
    me.loops.foreach_get("vertex_index", vi)
    out = np.zeros((len(me.vertices), 2))
    out[vi] = uv.reshape(-1, 2)
    return out


def image_pixel(mat):
    img = next(n.image for n in mat.node_tree.nodes if n.type == 'TEX_IMAGE')
    px = np.empty(len(img.pixels), dtype=np.float32)
    img.pixels.foreach_get(px)
    return img, px.reshape(-1, 4)


def check_atlas(name, path, info):
    """Synthetic Atlas samples: counts from info, positions from the formula."""
    geom = next(t for t in info["tocs"] if t["tag"] == "Geom")
    depth = geom["treeDepth"]
    leaf = geom["levels"][depth - 1]
    chunks, tris = leaf["chunks"], leaf["triangles"]
    grid = int(round(math.sqrt(tris / chunks / 2)))  # 2 triangles per grid quad
    textured = any(t["tag"] == "Tex" for t in info["tocs"])
    objs = bs.mesh_objects()
    verts, got_tris, mats = bs.totals(objs)
    C.check(len(objs) == chunks, "%s: %d objects, %d chunks" % (name, len(objs), chunks))
    C.check(verts == chunks * (grid + 1) ** 2, "%s: %d vertices" % (name, verts))
    C.check(got_tris == tris, "%s: %d triangles, info says %d" % (name, got_tris, tris))
    C.check(len(mats) == (chunks if textured else 0), "%s: %d materials" % (name, len(mats)))
    width = 256.0 / (1 << (depth - 1))
    step = width / grid
    bad = 0
    for o in objs:
        lv, x, y = (o["strata"][k] for k in ("level", "x", "y"))
        C.check(o.name == "L%d_%d_%d" % (lv, x, y) and lv == depth - 1, "%s: %s" % (name, o.name))
        C.check(o["strata_source"] == os.path.abspath(path) and o["strata_format"] == "atlas",
                "%s: %s custom properties" % (name, o.name))
        p = bs.world_positions(o)
        lattice = np.abs(p[:, :2] / step - np.round(p[:, :2] / step)).max()
        bad += int(lattice > 1e-3)
        bad += int(np.abs(p[:, 2] - synth_height(p[:, 0], p[:, 1])).max() > 1e-3)
        C.check(np.allclose(p[:, 0].min(), x * width, atol=1e-3)
                and np.allclose(p[:, 0].max(), (x + 1) * width, atol=1e-3)
                and np.allclose(p[:, 1].min(), y * width, atol=1e-3)
                and np.allclose(p[:, 1].max(), (y + 1) * width, atol=1e-3),
                "%s: %s covers its chunk square" % (name, o.name))
    C.check(bad == 0, "%s: %d chunks off the synthetic surface or lattice" % (name, bad))
    # One named vertex: chunk (1, 2) holds (64, 128) on the surface.
    o = bpy.data.objects.get("L%d_1_2" % (depth - 1))
    if o is not None and depth == 3:
        p = bs.world_positions(o)
        k = np.argmin(np.abs(p[:, 0] - 64) + np.abs(p[:, 1] - 128))
        C.near(p[k, 2], synth_height(64.0, 128.0), 1e-3, "%s: z at (64, 128)" % name)
    o = objs[len(objs) // 2]
    p = bs.world_positions(o)
    n, vi = loop_normals(o)
    if geom["version"] >= 101:  # normals in the file from v101 (spec)
        err = np.abs(n - synth_normal(p[vi, 0], p[vi, 1])).max()
        C.check(err < 0.02, "%s: normals vs synthetic surface, max error %.4f" % (name, err))
    else:
        C.check(np.abs(n - [0, 0, 1]).max() < 1e-4, "%s: (0, 0, 1) normals before v140" % name)
    # Global texture coordinate (y / 256, 1 - x / 256), V flipped into Blender.
    glob = uv_per_vertex(o, "UV1" if textured else "UV0")
    C.check(np.abs(glob[:, 0] - p[:, 1] / 256).max() < 1e-5
            and np.abs(glob[:, 1] - p[:, 0] / 256).max() < 1e-5, "%s: global UVs" % name)
    if textured:
        for o in objs:
            C.check(len(o.data.materials) == 1, "%s: %s has one material" % (name, o.name))
        C.check(all(i.packed_file is not None for i in bpy.data.images),
                "%s: images packed" % name)
    if name == "terrain-unique.atlas":
        # Tile (2, 3 - x, y) of the unique tree (§4: stub X reflected) is the
        # flat colour (40 + 60 level, 20 + 29 x, 20 + 29 y).
        for o in objs:
            x, y = o["strata"]["x"], o["strata"]["y"]
            img, px = image_pixel(o.data.materials[0])
            want = np.array([160, 20 + 29 * (3 - x), 20 + 29 * y, 255]) / 255.0
            C.check(np.abs(px - want).max() < 1e-3, "%s: %s tile colour" % (name, o.name))
            C.check(img.colorspace_settings.name == "sRGB", "%s: sRGB image" % name)


def check_tfrag(name, path, info):
    objs = bs.mesh_objects()
    verts, tris, mats = bs.totals(objs)
    C.check(len(objs) == info["tfragCount"], "%s: %d objects" % (name, len(objs)))
    want = sum(t["lodTriangles"][0] for t in info["tfrags"])
    C.check(tris == want, "%s: %d triangles, info says %d" % (name, tris, want))
    used = {k for t in info["tfrags"] for k in t.get("textures", [])}
    C.check(len(mats) == len(used), "%s: %d materials, %d textures used" % (name, len(mats), len(used)))
    C.check(all(o.data.color_attributes for o in objs), "%s: vertex colours" % name)


def check_chu(name, path, info):
    """CHU maps onto the Atlas model (spec): one object per leaf chunk."""
    leaf = info["levels"][info["treeDepth"] - 1]
    objs = bs.mesh_objects()
    verts, tris, _ = bs.totals(objs)
    C.check(len(objs) == leaf["chunks"], "%s: %d objects, %d leaf chunks"
            % (name, len(objs), leaf["chunks"]))
    C.check(0 < tris <= leaf["triangles"] and 0 < verts <= leaf["vertices"],
            "%s: %d vertices, %d triangles within the leaf level's" % (name, verts, tris))
    C.check(all(o.name.startswith("L%d_" % (info["treeDepth"] - 1)) for o in objs),
            "%s: leaf chunk names" % name)


def check_ytd(name, path, info):
    """A gallery: one unit quad per convertible texture, its material and
    packed image named after the texture and as large as its top mip."""
    textures = [t for d in info["dictionaries"] for t in d["textures"] if t.get("convertible")]
    objs = bs.mesh_objects()
    C.check(len(objs) == len(textures), "%s: %d objects, %d textures"
            % (name, len(objs), len(textures)))
    by_name = {o.data.materials[0].name.split(".")[0]: o for o in objs if o.data.materials}
    for t in textures:
        o = by_name.get(t["name"])
        C.check(o is not None, "%s: a quad for %s" % (name, t["name"]))
        if o is None:
            continue
        o.data.calc_loop_triangles()
        C.check(len(o.data.vertices) == 4 and len(o.data.loop_triangles) == 2,
                "%s/%s: a quad" % (name, t["name"]))
        img = next((n.image for n in o.data.materials[0].node_tree.nodes
                    if n.type == 'TEX_IMAGE'), None)
        C.check(img is not None and tuple(img.size) == (t["width"], t["height"])
                and img.packed_file is not None,
                "%s/%s: packed %dx%d image" % (name, t["name"], t["width"], t["height"]))
        if img is not None:
            want = "sRGB" if t["format"].endswith("_SRGB") else None
            C.check(want is None or img.colorspace_settings.name == want,
                    "%s/%s: colour space %s" % (name, t["name"], img.colorspace_settings.name))


FORMAT_CHECKS = {"atlas": check_atlas, "tfrag": check_tfrag, "chu": check_chu,
                 "ytd": check_ytd}


def snapshot():
    """Per object name: vertex count, triangle count, sorted world positions."""
    out = {}
    for o in bs.mesh_objects():
        o.data.calc_loop_triangles()
        p = bs.world_positions(o)
        order = np.lexsort((p[:, 2], p[:, 1], p[:, 0]))
        key = o.name.split(".")[0]
        out[key] = (len(o.data.vertices), len(o.data.loop_triangles), p[order],
                    len([m for m in o.data.materials if m]))
    return out


def import_gltf(path):
    np.bool = bool  # Blender 3.4's glTF importer uses numpy.bool (gone in numpy 1.24)
    r = bpy.ops.import_scene.gltf(filepath=path)
    C.check(r == {'FINISHED'}, "glTF import of %s" % path)


def compare_with_gltf(name, ours):
    glb = os.path.join(args["work"], name + ".glb")
    r = subprocess.run([cli, "convert", sample_path, "-o", glb], capture_output=True, text=True)
    C.check(r.returncode == 0, "%s: strata convert: %s" % (name, r.stdout + r.stderr))
    if r.returncode:
        return
    bs.clear()
    import_gltf(glb)
    theirs = snapshot()
    C.check(sorted(ours) == sorted(theirs), "%s: objects %s vs glTF %s"
            % (name, sorted(ours)[:4], sorted(theirs)[:4]))
    worst = 0.0
    for key in set(ours) & set(theirs):
        a, b = ours[key], theirs[key]
        C.check(a[0] == b[0] and a[1] == b[1] and a[3] == b[3],
                "%s/%s: (verts, tris, materials) %s vs glTF %s"
                % (name, key, (a[0], a[1], a[3]), (b[0], b[1], b[3])))
        if a[2].shape == b[2].shape:
            worst = max(worst, float(np.abs(a[2] - b[2]).max()) if len(a[2]) else 0.0)
    C.check(worst < 1e-4, "%s: positions differ from the glTF import by %g" % (name, worst))


samples = sorted(os.listdir(args["samples"]))
imported = []
for entry in samples:
    sample_path = os.path.join(args["samples"], entry)
    info = bs.strata_json(cli, "info", sample_path, "--json")
    if info is None or info.get("format") not in OPERATORS:
        continue
    fmt = info["format"]
    bs.clear()
    r = run_import(fmt, sample_path)
    C.check(r == {'FINISHED'}, "%s: import returned %s" % (entry, r))
    imported.append(entry)
    if fmt in FORMAT_CHECKS:
        FORMAT_CHECKS[fmt](entry, sample_path, info)
    else:
        print("note: no format-specific expectations for %s (%s); glTF cross-check only"
              % (entry, fmt))
    compare_with_gltf(entry, snapshot())
C.check(len(imported) >= 4, "imported %d samples: %s" % (len(imported), imported))

# ---- an R&C2 LEVEL<n>.WAD (samples/rc2-level/LEVEL1.WAD, id 1, chunked) through its
# own operator: the level listed by name in the options, the objects those of the
# GLB the CLI writes, the root empty named after the level.
rc2 = os.path.join(args["samples"], "rc2-level", "LEVEL1.WAD")
ops = sys.modules["strata_blender.operators"]
items = ops._levels_of(type("Props", (), {"filepath": rc2})(), bpy.context)
C.check([i[1] for i in items] == ["Oozla (LEVEL1.WAD)"], "rc2: level options %s" % items)
bs.clear()
r = bpy.ops.import_scene.strata_rc2(filepath=rc2, level="0")
C.check(r == {'FINISHED'}, "rc2: import returned %s" % r)
names = sorted(o.name for o in bs.mesh_objects())
want = sorted(["tfrag_%d" % i for i in range(4)] +
              ["chunk%d_tfrag_%d" % (c, i) for c in (1, 2) for i in range(2)])
C.check(names == want, "rc2: objects %s" % names)
C.check("Oozla" in bpy.data.objects, "rc2: the root is named after the level")
sample_path = rc2  # what compare_with_gltf converts
compare_with_gltf("LEVEL1.WAD", snapshot())

# ---- options on terrain-v140.atlas (depth 3, 8 x 8 quads per chunk, skirts)
v140 = os.path.join(args["samples"], "terrain-v140.atlas")
info = bs.strata_json(cli, "info", v140, "--json")
leaf = next(t for t in info["tocs"] if t["tag"] == "Geom")["levels"][2]

bs.clear()
run_import("atlas", v140, merge='MERGED')
objs = bs.mesh_objects()
C.check(len(objs) == 1, "merged: one object")
verts, tris, _ = bs.totals(objs)
C.check(verts == 16 * 81 and tris == leaf["triangles"], "merged: %d verts %d tris" % (verts, tris))
parts = json.loads(objs[0]["strata_parts"])
C.check(len(parts) == 16 and {p["name"] for p in parts} ==
        {"L2_%d_%d" % (x, y) for x in range(4) for y in range(4)}, "merged: parts")
attr = objs[0].data.attributes["strata_part"]
part = np.empty(len(attr.data), dtype=np.int32)
attr.data.foreach_get("value", part)
C.check(np.array_equal(np.bincount(part), np.full(16, 128)), "merged: 128 faces per part")
p = bs.world_positions(objs[0])
C.check(np.abs(p[:, 2] - synth_height(p[:, 0], p[:, 1])).max() < 1e-3, "merged: surface")

bs.clear()
run_import("atlas", v140, skirts=True)
verts, tris, _ = bs.totals(bs.mesh_objects())
# Every chunk adds 4 walls of 8 quads, 2 new vertices and 2 triangles per quad.
C.check(tris == leaf["triangles"] + leaf["skirtTriangles"], "skirts: %d tris" % tris)
C.check(verts == 16 * (81 + 64), "skirts: %d verts" % verts)

bs.clear()
run_import("atlas", v140, lod=0)
objs = bs.mesh_objects()
C.check(len(objs) == 1 and objs[0].name == "L0_0_0", "lod 0: one chunk")
o = objs[0]
C.check(len(o.data.vertices) == 81 and len(o.data.polygons) == 128, "lod 0: 9 x 9 grid")
keys = o.data.shape_keys
C.check(keys is not None and "Morph" in keys.key_blocks, "lod 0: morph shape key")
if keys is not None and "Morph" in keys.key_blocks:
    # Level-0 morph: half-way to the surface half a grid step (16) further.
    base = bs.world_positions(o)
    mk = np.empty(len(o.data.vertices) * 3)
    keys.key_blocks["Morph"].data.foreach_get("co", mk)
    mk = mk.reshape(-1, 3)
    fine = synth_height(base[:, 0] + 16, base[:, 1] + 16)
    want = base[:, 2] + (fine - base[:, 2]) * 0.5
    C.check(np.abs(mk[:, 2] - want).max() < 1e-3, "lod 0: morph deltas")
    C.check(keys.key_blocks["Morph"].value == 0.0, "lod 0: morph weight 0")

bs.clear()
run_import("atlas", os.path.join(args["samples"], "terrain-unique.atlas"), textures=False)
_, _, mats = bs.totals(bs.mesh_objects())
C.check(len(mats) == 0 and len(bpy.data.images) == 0, "textures off: no materials")

# The add-on drives the shared strata package it carries, with its libstrata.
shared = sys.modules["strata_blender.strata"]
addon_dir = os.path.dirname(os.path.abspath(addon.__file__))
C.check(os.path.dirname(os.path.abspath(shared.__file__)) == os.path.join(addon_dir, "strata"),
        "shared package inside the add-on: %s" % shared.__file__)
C.check(shared.library_path() == os.path.join(addon_dir, "strata", "lib", "libstrata.so"),
        "libstrata inside the add-on: %s" % shared.library_path())

# A damaged file (broken_samples.broken_tile_atlas: tile L2_3_3 of chunk L2_0_3).
# Refused by default; Partial imports the rest, the chunk showing the level-1
# tile above it (flat (40 + 60, 20 + 29, 20 + 29)).
broken = broken_samples.broken_tile_atlas(args["samples"], args["work"])
bs.clear()
try:
    run_import("atlas", broken)
    C.check(False, "a file with a broken tile imported without Partial")
except RuntimeError as e:
    C.check("L2_3_3" in str(e), "broken tile named: %s" % e)
bs.clear()
r = run_import("atlas", broken, partial=True)
C.check(r == {'FINISHED'}, "partial import: %s" % r)
objs = bs.mesh_objects()
C.check(len(objs) == 16, "partial: %d objects" % len(objs))
o = bpy.data.objects.get("L2_0_3")
if o is not None:
    _, px = image_pixel(o.data.materials[0])
    C.check(np.abs(px - np.array([100, 49, 49, 255]) / 255.0).max() < 1e-3,
            "partial: L2_0_3 shows the level-1 tile")

# Errors reach the operator as a report, not a crash.
bad = os.path.join(args["work"], "not-terrain.atlas")
with open(bad, "wb") as f:
    f.write(b"ATLS" + b"\0" * 5)
try:
    r = run_import("atlas", bad)
    C.check(False, "a truncated file imported: %s" % r)
except RuntimeError as e:
    C.check("not-terrain.atlas" in str(e), "error names the file: %s" % e)

C.finish("import_samples")

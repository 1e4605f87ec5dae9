"""Imports a sample texture dictionary through the add-on, paints one pixel of
one image, exports with File > Export > GTA V texture dictionary and reads the
new file back through the strata package: the painted pixel is in that
texture (within the BC encoder's error) and every other texture decodes to
the same pixels as before. Then an image added to the gallery is added to the
dictionary, and exporting over the source is refused.

blender -b --factory-startup --python-exit-code 1 --python export_ytd.py --
    --addon strata_blender.zip --samples DIR --cli strata --work DIR
"""
import os
import subprocess
import sys

import bpy
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import blender_support as bs  # noqa: E402

args, addon, C = bs.start()
strata = addon.strata  # the package inside the add-on, with its libstrata
cli = args["cli"]
src = os.path.join(args["samples"], "textures-v13.ytd")
PAINTED = "alpha_bc3"  # DXT5 32x32, 6 mips
X, Y = 5, 9  # column, row from the top
MAGENTA = np.array([255, 0, 255, 255])


def textures(path):
    """{name: (rows, width, 4) RGBA8 of mip 0} of every texture of a file."""
    with strata.load(path, images_only=True) as scene:
        return {img.name: np.asarray(img.rgba8()).copy() for img in scene.images}


def validate(path, label):
    r = subprocess.run([cli, "validate", "--strict", path], capture_output=True, text=True)
    C.check(r.returncode == 0, "%s: strata validate: %s" % (label, r.stdout + r.stderr))


bs.clear()
r = bpy.ops.import_scene.strata_ytd(filepath=src)
C.check(r == {'FINISHED'}, "import returned %s" % r)
images = {img["strata_texture"]: img for img in bpy.data.images if "strata_texture" in img}
C.check(sorted(images) == ["alpha_bc3", "checker_bc1", "ramp_a8r8g8b8"],
        "gallery images: %s" % sorted(images))

# Paint one pixel (Blender stores rows bottom-up).
target = images[PAINTED]
w, h = target.size
px = np.empty(w * h * 4, dtype=np.float32)
target.pixels.foreach_get(px)
k = ((h - 1 - Y) * w + X) * 4
px[k:k + 4] = MAGENTA / 255.0
target.pixels.foreach_set(px)
target.update()

out = os.path.join(args["work"], "painted.ytd")
r = bpy.ops.export_scene.strata_ytd(filepath=out)  # source from strata_source
C.check(r == {'FINISHED'}, "export returned %s" % r)
validate(out, "painted")
before, after = textures(src), textures(out)
C.check(sorted(after) == sorted(before), "same textures: %s" % sorted(after))
for name, old in before.items():
    new = after[name]
    if name != PAINTED:
        C.check(np.array_equal(new, old), "%s: pixels unchanged" % name)
        continue
    got = new[Y, X].astype(int)
    C.check(np.abs(got - MAGENTA).max() <= 8, "the painted pixel reads %s" % got.tolist())
    C.check(np.abs(old[Y, X].astype(int) - MAGENTA).max() > 64,
            "the pixel was not magenta before: %s" % old[Y, X].tolist())
    rest = np.ones(old.shape[:2], dtype=bool)
    rest[Y // 4 * 4:Y // 4 * 4 + 4, X // 4 * 4:X // 4 * 4 + 4] = False  # its block shares endpoints
    err = np.abs(new[rest].astype(int) - old[rest].astype(int)).max()
    C.check(err <= 8, "%s: the other blocks within the encoder's error (max %d)" % (name, err))

# The operator's Quality is handed to the library (strata.ytd, whose levels
# ytd_build_convert_test.cpp holds to the encoder's bytes): each writes the paint.
for quality in ("fast", "best"):
    path = os.path.join(args["work"], "painted-%s.ytd" % quality)
    r = bpy.ops.export_scene.strata_ytd(filepath=path, quality=quality)
    C.check(r == {'FINISHED'}, "export at quality %s returned %s" % (quality, r))
    validate(path, "painted-" + quality)
    got = textures(path)[PAINTED][Y, X].astype(int)
    C.check(np.abs(got - MAGENTA).max() <= 8, "%s: the painted pixel reads %s"
            % (quality, got.tolist()))

# A new image on a new object in the gallery's collection is added.
gallery = next(o for o in bpy.data.objects if o.get("strata_format") == "ytd")
added = bpy.data.images.new("Added_Logo.png", 8, 8, alpha=True)
added.pixels.foreach_set(np.tile(np.array([0.0, 1.0, 0.0, 1.0], dtype=np.float32), 64))
mat = bpy.data.materials.new("added")
mat.use_nodes = True
node = mat.node_tree.nodes.new("ShaderNodeTexImage")
node.image = added
mesh = bpy.data.meshes.new("added")
mesh.from_pydata([(0, 0, 0), (1, 0, 0), (1, 0, 1)], [], [(0, 1, 2)])
obj = bpy.data.objects.new("added", mesh)
obj.data.materials.append(mat)
gallery.users_collection[0].objects.link(obj)
out2 = os.path.join(args["work"], "added.ytd")
r = bpy.ops.export_scene.strata_ytd(filepath=out2)
C.check(r == {'FINISHED'}, "export with an added image returned %s" % r)
validate(out2, "added")
got = textures(out2)
C.check("added_logo" in got, "the added texture: %s" % sorted(got))
if "added_logo" in got:
    C.check(np.abs(got["added_logo"].astype(int) - [0, 255, 0, 255]).max() <= 4, "it is green")
C.check(np.abs(got[PAINTED][Y, X].astype(int) - MAGENTA).max() <= 8, "the paint is still there")

# Exporting over the source is refused, and the source is untouched.
kept = open(src, "rb").read()
try:
    bpy.ops.export_scene.strata_ytd(filepath=src)
    C.check(False, "export over the source succeeded")
except RuntimeError as e:
    C.check("source" in str(e), "over the source: %s" % e)
C.check(open(src, "rb").read() == kept, "source unchanged")

C.finish("export_ytd")

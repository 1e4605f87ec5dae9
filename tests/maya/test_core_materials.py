"""Material plans and the PNG files the import writes into
<project>/sourceimages/strata/<file stem>/, against the library's pixels and
the synthetic samples' tile colours."""
import os
import struct
import zlib

import strata
from strata_maya_core import materials as core_materials
from strata_maya_core import meshes as core_meshes
from strata_maya_core.axes import Axes
from strata_testenv import sample, tuples


def png_pixels(path):
    """(width, height, RGBA bytes) of an 8-bit RGBA PNG whose rows use filter 0."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    at, idat = 8, b""
    while at < len(data):
        n, = struct.unpack_from(">I", data, at)
        tag, body = data[at + 4:at + 8], data[at + 8:at + 8 + n]
        if tag == b"IHDR":
            w, h, depth, kind = struct.unpack(">IIBB", body[:10])
            assert (depth, kind) == (8, 6)
        elif tag == b"IDAT":
            idat += body
        at += 12 + n
    raw = zlib.decompress(idat)
    stride = 4 * w
    assert all(raw[r * (stride + 1)] == 0 for r in range(h))
    return w, h, b"".join(raw[r * (stride + 1) + 1:(r + 1) * (stride + 1)] for r in range(h))


def plans_of(name, directory, **load):
    with strata.load(sample(name), **load) as scene:
        nodes = core_meshes.plan_nodes(scene, Axes("y", 100.0))
        used = {m for n in nodes for m, _, _ in n.mesh.material_faces if m is not None}
        plans = core_materials.plan_materials(scene, used, str(directory))
        written = core_materials.write_images(scene, plans)
        pixels = {p.index: bytes(tuples(scene.images[p.image.index].rgba8(), 1))
                  for p in plans.values() if p.image}
        spaces = {p.index: scene.images[p.image.index].color_space
                  for p in plans.values() if p.image}
    return nodes, plans, written, pixels, spaces


def test_unique_tiles_become_pngs_with_their_colour(tmp_path):
    d = core_materials.image_dir(str(tmp_path), "sourceimages", "terrain_unique")
    assert d == os.path.join(str(tmp_path), "sourceimages", "strata", "terrain_unique")
    nodes, plans, written, pixels, _ = plans_of("terrain-unique.atlas", d)
    assert len(plans) == 16 and len(written) == 16
    assert all(os.path.dirname(p) == d for p in written)
    for node in nodes:
        (material, _, _), = node.mesh.material_faces
        plan = plans[material]
        x, y = node.tags["x"], node.tags["y"]
        assert plan.name == "tile_L2_%d_%d" % (3 - x, y) and plan.uv_set == "map1"
        assert plan.image.color_space == "sRGB" and plan.alpha_mode == "OPAQUE"
        w, h, px = png_pixels(plan.image.path)
        assert (w, h) == (32, 32) and px == pixels[material]
        assert set(tuples(list(px), 4)) == {(160, 20 + 29 * (3 - x), 20 + 29 * y, 255)}


def test_linear_images_are_raw_and_alpha_modes_kept(tmp_path):
    _, plans, written, pixels, spaces = plans_of("textures-v13.ytd", tmp_path)
    assert len(written) == 3
    for index, plan in plans.items():
        assert plan.image.color_space == ("Raw" if spaces[index] == "linear" else "sRGB")
        w, h, px = png_pixels(plan.image.path)
        assert px == pixels[index]
    names = {p.name for p in plans.values()}
    assert names == {"checker_bc1", "ramp_a8r8g8b8", "alpha_bc3"}


def test_untextured_imports_write_nothing(tmp_path):
    _, plans, written, _, _ = plans_of("terrain-unique.atlas", tmp_path, textures=False)
    assert plans == {} and written == [] and not os.listdir(str(tmp_path))


def test_material_names_are_unique():
    used = set()
    assert [core_materials.unique("m", used) for _ in range(3)] == ["m", "m_2", "m_3"]
    assert core_materials.image_dir("/p", "/abs/images", "g") == "/abs/images/strata/g"
    assert core_materials.image_dir("/p", "", "g") == "/p/sourceimages/strata/g"

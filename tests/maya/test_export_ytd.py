"""File > Export (type GTA V textures) through the stand-in: a gallery exported
unedited gives its source back byte for byte; one pixel painted into the PNG a
file node reads comes back in that texture only (every other texture keeps its
bytes); a new shading network on a gallery quad adds its image as a texture;
and what cannot be written is refused with nothing written. Plus the
Maya-free core's rules (strata_maya_core.export_ytd)."""
import os

import pytest

import strata
import maya.cmds as cmds
import maya.OpenMayaMPx as ompx
from maya_support import file_object, run_import, translator
from strata.png import write_rgba8
from strata_maya_core import export_ytd as core
from strata_testenv import run_cli, sample

SOURCE = sample("textures-v13.ytd")
PAINTED = "alpha_bc3"  # DXT5 32x32, 6 mips
X, Y = 5, 9  # column, row from the top
MAGENTA = (255, 0, 255, 255)


def run_ytd_export(path, selection=False, options=""):
    mode = (ompx.MPxFileTranslator.kExportActiveAccessMode if selection
            else ompx.MPxFileTranslator.kExportAccessMode)
    translator("GTA V textures").writer(file_object(path), options, mode)


def textures(path):
    """{name: (width, height, flat RGBA8 of mip 0)} of every texture of a file."""
    with strata.load(str(path), images_only=True) as scene:
        return {img.name: (img.width, img.height, bytes(strata.flat(img.rgba8())))
                for img in scene.images}


def file_nodes(state):
    return {n.attrs["strataTexture"] if "strataTexture" in n.attrs else n.name: n
            for n in state.nodes if n.type == "file"}


def validates(path):
    rc, out, err = run_cli("validate", "--strict", path)
    return rc == 0, out + err


def test_import_tags_the_file_nodes(maya):
    _, state = maya
    run_import("GTA V textures", SOURCE)
    nodes = file_nodes(state)
    assert sorted(nodes) == ["alpha_bc3", "checker_bc1", "ramp_a8r8g8b8"]
    for name, node in nodes.items():
        assert node.attrs["strataSource"] == SOURCE
        assert os.path.isfile(node.attrs["fileTextureName"])


def test_unedited_export_is_the_source(maya, tmp_path):
    run_import("GTA V textures", SOURCE)
    out = tmp_path / "same.ytd"
    run_ytd_export(str(out))
    with open(SOURCE, "rb") as f:
        assert out.read_bytes() == f.read()


def test_a_painted_pixel_comes_back_in_its_texture_only(maya, tmp_path):
    _, state = maya
    run_import("GTA V textures", SOURCE)
    before = textures(SOURCE)
    w, h, px = before[PAINTED]
    px = bytearray(px)
    k = (Y * w + X) * 4
    assert max(abs(a - b) for a, b in zip(px[k:k + 4], MAGENTA)) > 64
    px[k:k + 4] = bytes(MAGENTA)
    write_rgba8(file_nodes(state)[PAINTED].attrs["fileTextureName"], w, h, bytes(px))

    out = tmp_path / "painted.ytd"
    run_ytd_export(str(out))
    ok, text = validates(str(out))
    assert ok, text
    after = textures(out)
    assert sorted(after) == sorted(before)
    for name in before:
        if name != PAINTED:
            assert after[name] == before[name], name
    got = after[PAINTED][2][k:k + 4]
    assert max(abs(a - b) for a, b in zip(got, MAGENTA)) <= 8, list(got)
    # Every other texture keeps its record and data: only the painted one is
    # re-encoded, so the blocks away from the paint are close to the old ones.
    old, new = before[PAINTED][2], after[PAINTED][2]
    far = [i for i in range(0, len(old), 4) if abs(i // 4 % w - X) > 4 or abs(i // 4 // w - Y) > 4]
    assert max(abs(old[i + c] - new[i + c]) for i in far for c in range(4)) <= 8


def test_the_options_quality_reaches_the_encoder(maya, tmp_path):
    _, state = maya
    run_import("GTA V textures", SOURCE)
    w, h, px = textures(SOURCE)[PAINTED]
    px = bytearray(px)
    k = (Y * w + X) * 4
    px[k:k + 4] = bytes(MAGENTA)
    write_rgba8(file_nodes(state)[PAINTED].attrs["fileTextureName"], w, h, bytes(px))
    for option in ("quality=1", "quality=2"):  # fast, best
        out = tmp_path / (option.replace("=", "") + ".ytd")
        run_ytd_export(str(out), options=option)
        ok, text = validates(str(out))
        assert ok, text
        got = textures(out)[PAINTED][2][k:k + 4]
        assert max(abs(a - b) for a, b in zip(got, MAGENTA)) <= 8, (option, list(got))
    bad = tmp_path / "bad.ytd"
    with pytest.raises(RuntimeError, match="quality"):
        run_ytd_export(str(bad), options="quality=3")
    assert not bad.exists()


def test_a_new_shading_network_adds_a_texture(maya, tmp_path):
    _, state = maya
    run_import("GTA V textures", SOURCE)
    image = str(tmp_path / "Added_Logo.png")
    write_rgba8(image, 8, 8, bytes((0, 255, 0, 255)) * 64)
    shader = cmds.shadingNode("lambert", asShader=True, name="added_mtl")
    group = cmds.sets(renderable=True, noSurfaceShader=True, empty=True, name="added_mtlSG")
    cmds.connectAttr(shader + ".outColor", group + ".surfaceShader", force=True)
    tex = cmds.shadingNode("file", asTexture=True, name="added_file")
    cmds.setAttr(tex + ".fileTextureName", image, type="string")
    cmds.connectAttr(tex + ".outColor", shader + ".color", force=True)
    quad = next(m for m in state.meshes() if m.parent.name == "checker_bc1")
    cmds.sets(quad.path() + ".f[0:%d]" % (len(quad.mesh.counts) - 1), edit=True,
              forceElement=group)

    out = tmp_path / "added.ytd"
    run_ytd_export(str(out))
    ok, text = validates(str(out))
    assert ok, text
    after, before = textures(out), textures(SOURCE)
    assert sorted(after) == sorted(list(before) + ["added_logo"])
    assert after["added_logo"][:2] == (8, 8)
    assert max(abs(a - b) for a, b in zip(after["added_logo"][2], (0, 255, 0, 255) * 64)) <= 4
    for name in before:  # the checker quad no longer shows its texture: kept
        assert after[name] == before[name], name


def test_export_selection_takes_the_selected_quads(maya, tmp_path):
    _, state = maya
    run_import("GTA V textures", SOURCE)
    w, h, px = textures(SOURCE)[PAINTED]
    write_rgba8(file_nodes(state)[PAINTED].attrs["fileTextureName"], w, h, bytes(len(px)))
    quad = next(m for m in state.meshes() if m.parent.name == "checker_bc1")
    cmds.select(quad.parent.path(), replace=True)
    out = tmp_path / "selected.ytd"
    run_ytd_export(str(out), selection=True)  # the painted quad is not selected
    with open(SOURCE, "rb") as f:
        assert out.read_bytes() == f.read()


def test_what_cannot_be_written_is_refused(maya, tmp_path):
    out = tmp_path / "none.ytd"
    with pytest.raises(RuntimeError, match="nothing to export"):
        run_ytd_export(str(out))
    run_import("GTA V textures", SOURCE)
    with pytest.raises(RuntimeError, match="is the source file"):
        run_ytd_export(SOURCE)
    run_import("GTA V textures", sample("textures-v5.ytd"))
    with pytest.raises(RuntimeError, match="several files"):
        run_ytd_export(str(out))
    assert not out.exists()


def test_core_collect_rules():
    r = core.TextureReadout
    source, images = core.collect([r("a_file", "/x/a.png", "a", "s.ytd"),
                                   r("b_file", "/x/New_Image.PNG", None, "s.ytd"),
                                   r("a_file2", "/x/a.png", "a", "s.ytd")])
    assert source == "s.ytd"
    assert images == {"a": "/x/a.png", "new_image": "/x/New_Image.PNG"}
    with pytest.raises(strata.Error, match="texture 'a' has two images"):
        core.collect([r("a_file", "/x/a.png", "a", "s.ytd"), r("c", "/y/a.png", None, "s.ytd")])
    with pytest.raises(strata.Error, match="reads no image"):
        core.collect([r("empty", "", "a", "s.ytd")])
    with pytest.raises(strata.Error, match="nothing to export"):
        core.collect([])

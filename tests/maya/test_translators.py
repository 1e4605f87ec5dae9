"""The plug-in (plug-ins/strata_maya.py with strata_maya_nodes) driven as Maya
drives it, against the recording stand-in: registration, identifyFile on every
sample and on wrong files, the import of every sample (call counts and array
contents), Y-up and Z-up scenes, centimetre and metre units, options, materials,
partial loads and errors."""
import os
import shutil
from array import array

import pytest

import strata
from maya import _scene
import maya.OpenMayaMPx as ompx
from maya_support import file_object, group, identify, meshes, run_import, translator
from strata_maya_core import meshes as core_meshes
from strata_maya_core.axes import Axes
from broken_samples import broken_tile_atlas
from strata_testenv import numpy_run, sample, samples_dir, tuples

TRANSLATORS = {"atlas": "Torque Atlas", "chu": "Torque CHU", "ytd": "GTA V textures",
               "tfrag": "R&C2 tfrag level", "rc2": "R&C2 level or disc image"}
SAMPLES = {"terrain-blended.atlas": "atlas", "terrain-unique.atlas": "atlas",
           "terrain-v100.atlas": "atlas", "terrain-v140.atlas": "atlas", "terrain.chu": "chu",
           "textures-v13.ytd": "ytd", "textures-v5.ytd": "ytd",
           "tfrag-level/core_index.bin": "tfrag", "rc2-level/LEVEL1.WAD": "rc2"}


def plan(name, up="y", scale=100.0, **load):
    path = sample(name)
    with strata.load(os.path.dirname(path) if name.startswith("tfrag") else path,
                     **load) as scene:
        return {p.name: p for p in core_meshes.plan_nodes(scene, Axes(up, scale))}


def test_registration(maya):
    plugin, _ = maya
    assert sorted(ompx.REGISTERED) == sorted(TRANSLATORS.values())
    for name, reg in ompx.REGISTERED.items():
        assert reg["options"] == "strataTranslatorOptions" and reg["fullMel"] is False
        assert reg["defaults"].startswith("lod=-1;skirts=0;textures=1;merge=0")
        t = reg["creator"]()
        assert isinstance(t, ompx.MPxFileTranslator) and t.haveReadMethod()
        assert t.haveWriteMethod() == (name in ("Torque Atlas", "GTA V textures"))
    assert plugin.VERSION == strata.__version__
    # The shared package and libstrata come from the module, as in Maya.
    module = os.environ["STRATA_TEST_MAYA_MODULE"]
    assert os.path.dirname(os.path.abspath(strata.__file__)) == \
        os.path.join(module, "scripts", "strata")
    assert strata.library_path() == os.path.join(module, "lib", "libstrata.so")
    assert strata.HAVE_NUMPY == numpy_run()
    mod = open(os.path.join(os.environ["STRATA_TEST_MAYA_MODULE"], "strata.mod")).read()
    assert mod.startswith("+ strata %s ." % strata.__version__)


@pytest.mark.parametrize("name", sorted(SAMPLES) + ["terrain.tqt", "tfrag-level/gs_ram.bin"])
def test_identify_file_by_magic(maya, name):
    for kind, translator in TRANSLATORS.items():
        want = SAMPLES.get(name, "tfrag" if name.startswith("tfrag") else None) == kind
        got = identify(translator, sample(name))
        assert got == (ompx.MPxFileTranslator.kIsMyFileType if want
                       else ompx.MPxFileTranslator.kNotMyFileType), (name, translator)


def test_identify_wrong_files(maya, tmp_path):
    junk = tmp_path / "junk.atlas"
    junk.write_bytes(b"\0\0\0\0 nothing Strata reads")
    renamed = tmp_path / "terrain.ytd"
    shutil.copy(sample("terrain-unique.atlas"), str(renamed))
    for translator in TRANSLATORS.values():
        assert identify(translator, str(junk)) == ompx.MPxFileTranslator.kNotMyFileType
    assert identify("Torque Atlas", str(renamed)) == ompx.MPxFileTranslator.kIsMyFileType
    assert identify("GTA V textures", str(renamed)) == ompx.MPxFileTranslator.kNotMyFileType


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_import_every_sample(maya, name):
    _, state = maya
    kind = SAMPLES[name]
    run_import(TRANSLATORS[kind], sample(name))
    # Nodes with a mesh (an R&C2 level's root is a transform above its tfrags).
    want = {k: p for k, p in plan(name).items() if p.mesh is not None}
    got = meshes()
    assert sorted(got) == sorted(want)
    with_morph = [p for p in want.values() if p.mesh.morph_points is not None]
    # One MFnMesh.create per chunk (and per Morph target), nothing per vertex.
    assert state.count("MFnMesh.create") == len(want) + len(with_morph)
    assert state.count("cmds.blendShape") == len(with_morph)
    assert state.count("MFnMesh.setFaceVertexNormals") == \
        sum(p.mesh.normals is not None for p in want.values())
    assert state.count("MFnMesh.setFaceVertexColors") == \
        sum(p.mesh.colors is not None for p in want.values())
    assert state.count("MFnMesh.assignUVs") == sum(len(p.mesh.uv_sets) for p in want.values())
    calls = {c[0] for c in state.calls}
    assert not {c for c in calls if c.startswith("MFnMesh.") and c.endswith(("Point", "UV"))}
    picked = sample(name.split("/")[0]) if name.startswith("tfrag") else sample(name)
    stem = os.path.basename(os.path.normpath(picked)).split(".")[0]
    root = group(stem.replace("-", "_"))
    assert state.selection == [root.path()]
    for tr_name, shape in got.items():
        p = want[tr_name].mesh
        m = shape.mesh
        top = shape.parent.parent
        if kind == "rc2":  # under the transform named after the level
            assert top.name == "Oozla"
            top = top.parent
        assert top is root
        # Points as Maya holds them: the plan's doubles rounded to 32 bits.
        assert list(m.points) == list(array("f", p.points))
        assert m.counts == list(p.counts) and m.connects == list(p.connects)
        assert list(m.uv_sets) == [s for s, _, _ in p.uv_sets] or \
            (not p.uv_sets and list(m.uv_sets) == ["map1"])
        for set_name, u, v in p.uv_sets:
            s = m.uv_sets[set_name]
            assert list(s["u"]) == list(u) and list(s["v"]) == list(v)
            assert s["assigned"] == (list(p.counts), list(p.connects))
        if p.normals is not None:
            fv = m.face_vertices()
            assert [m.normals[k] for k in fv] == \
                [tuple(array("d", n)) for n in tuples(p.normals, 3)]
        if p.colors is not None:
            assert [m.colors[k] for k in m.face_vertices()] == \
                [tuple(c) for c in tuples(array("f", p.colors), 4)]
        tr = shape.parent
        assert tr.attrs["strataSource"] == os.path.abspath(sample(name)) if kind != "tfrag" \
            else tr.attrs["strataSource"] == os.path.dirname(os.path.abspath(sample(name)))
        if kind in ("atlas", "chu"):
            tags = want[tr_name].tags
            assert (tr.attrs["strataLevel"], tr.attrs["strataX"], tr.attrs["strataY"]) == \
                (tags["level"], tags["x"], tags["y"])
        # Every face in exactly one shading group, the plan's.
        owner = {}
        for sg, members in state.members.items():
            for f in members.get(shape.path(), ()):
                assert f not in owner
                owner[f] = sg
        assert sorted(owner) == list(range(len(m.counts)))


def test_morph_is_a_blend_shape_at_weight_0(maya):
    _, state = maya
    run_import("Torque Atlas", sample("terrain-v140.atlas"), lod=0)
    want = plan("terrain-v140.atlas", lod=0)["L0_0_0"].mesh
    (name, bs), = state.blend_shapes.items()
    node = state.find(name)
    assert bs["alias"] == "Morph" and node.aliases == {"Morph": 0.0}
    assert bs["base"].endswith("|L0_0_0")
    assert bs["target"] == list(array("f", want.morph_points))
    assert not [n for n in state.nodes if n.name == "Morph"]  # the target was deleted
    orig = [m for m in state.meshes(intermediate=True) if m.intermediate]
    assert len(orig) == 1 and orig[0].parent.name == "L0_0_0"


@pytest.mark.parametrize("up,unit,per_ui_unit", [("y", "cm", 100.0), ("y", "m", 1.0),
                                                  ("z", "cm", 100.0), ("z", "m", 1.0),
                                                  ("y", "mm", 1000.0)])
def test_up_axis_and_units(maya, up, unit, per_ui_unit):
    import maya.cmds as cmds
    _, state = maya
    cmds.upAxis(axis=up)
    cmds.currentUnit(linear=unit)
    run_import("Torque Atlas", sample("terrain-v140.atlas"))
    with strata.load(sample("terrain-v140.atlas")) as scene:
        node = next(n for n in scene.nodes if n.name == "L2_1_2")
        prim = scene.meshes[node.mesh].primitives[0]
        pos = tuples(prim.positions, 3)
        idx = tuples(prim.indices, 1)
    shape = meshes()["L2_1_2"]
    k = shape.mesh.connects[0]  # the first face's first corner
    x, y, z = pos[idx[0]]
    want = (x, z, -y) if up == "y" else (x, y, z)
    # Internal units are centimetres whatever the UI shows...
    assert tuple(shape.mesh.points[3 * k:3 * k + 3]) == \
        tuple(array("f", [c * 100.0 for c in want]))
    # ... and the UI shows the source's metres in the scene's unit.
    shown = cmds.pointPosition("%s.vtx[%d]" % (shape.path(), k), world=True)
    assert shown == pytest.approx([c * per_ui_unit for c in want], rel=1e-6, abs=1e-6)


def test_options_merge_skirts_lod_textures(maya):
    _, state = maya
    run_import("Torque Atlas", sample("terrain-v140.atlas"), merge=True)
    (tr, shape), = meshes().items()
    assert tr == "terrain_v140_merged" and shape.parent.parent is group("terrain_v140")
    assert "strataParts" in shape.parent.attrs
    assert "strataLevel" not in shape.parent.attrs and len(shape.mesh.counts) == 16 * 128
    _scene.reset(root=state.workspace_root)
    run_import("Torque Atlas", sample("terrain-v140.atlas"), skirts=True)
    assert len(meshes()["L2_0_0"].mesh.counts) == 128 + 64
    _scene.reset(root=state.workspace_root)
    run_import("Torque Atlas", sample("terrain-v140.atlas"), lod=1)
    assert sorted(meshes()) == ["L1_%d_%d" % (x, y) for x in range(2) for y in range(2)]
    _scene.reset(root=state.workspace_root)
    run_import("Torque Atlas", sample("terrain-unique.atlas"), textures=False)
    assert not [n for n in _scene.STATE.nodes if n.type in ("file", "standardSurface")]
    assert not os.path.exists(os.path.join(state.workspace_root, "sourceimages"))


def test_materials_and_textures(maya):
    _, state = maya
    run_import("Torque Atlas", sample("terrain-unique.atlas"))
    shaders = [n for n in state.nodes if n.type == "standardSurface"]
    files = [n for n in state.nodes if n.type == "file"]
    assert len(shaders) == len(files) == 16
    image_dir = os.path.join(state.workspace_root, "sourceimages", "strata", "terrain_unique")
    for f in files:
        path = f.attrs["fileTextureName"]
        assert os.path.dirname(path) == image_dir and os.path.isfile(path)
        assert f.attrs["colorSpace"] == "sRGB"
    conn = set(state.connections)
    for s in shaders:
        assert s.name.endswith("_mtl")
        assert (s.name + ".outColor", s.name + "SG.surfaceShader") in conn
        assert (s.name + "_file.outColor", s.name + ".baseColor") in conn
        assert (s.name + "_place2d.outUV", s.name + "_file.uvCoord") in conn
    shape = meshes()["L2_0_3"]
    sg, = [g for g, m in state.members.items() if m.get(shape.path())]
    assert sg == "tile_L2_3_3_mtlSG"
    assert state.uv_links == []  # every texture reads map1, Maya's default link


def test_lambert_where_standard_surface_is_missing(maya):
    _, state = maya
    state.node_types.discard("standardSurface")  # Maya before 2020
    run_import("GTA V textures", sample("textures-v13.ytd"))
    lamberts = [n for n in state.nodes if n.type == "lambert"]
    assert len(lamberts) == 3 and not [n for n in state.nodes if n.type == "standardSurface"]
    alpha = next(n for n in lamberts if n.name == "alpha_bc3_mtl")
    assert ("alpha_bc3_mtl_file.outColor", "alpha_bc3_mtl.color") in state.connections
    assert alpha.attrs["color"] == (1.0, 1.0, 1.0)


def test_tfrag_colours_and_materials(maya):
    _, state = maya
    run_import("R&C2 tfrag level", sample("tfrag-level/core_data.bin"))
    assert sorted(meshes()) == ["tfrag_%d" % i for i in range(4)]
    for shape in meshes().values():
        assert shape.mesh.colors and shape.mesh.color_sets == ["colorSet1"]
        groups = [g for g, m in state.members.items() if m.get(shape.path())]
        assert len(groups) == 2 and all(g.startswith("tfrag_texture_") and g.endswith("_mtlSG")
                                        for g in groups)


def test_partial_leaves_the_broken_tile_out(maya, tmp_path):
    _, state = maya
    broken = broken_tile_atlas(samples_dir(), tmp_path)
    with pytest.raises(RuntimeError) as e:
        run_import("Torque Atlas", str(broken))
    assert "L2_3_3" in str(e.value) and "broken-tile.atlas" in str(e.value)
    assert meshes() == {}  # nothing half-built
    run_import("Torque Atlas", str(broken), partial=True)
    assert len(meshes()) == 16
    assert len(state.warnings) == 1 and "left out" in state.warnings[0] and \
        "L2_3_3" in state.warnings[0]


def test_missing_sources_are_a_warning(maya, tmp_path):
    _, state = maya
    lonely = tmp_path / "blended.atlas"
    shutil.copy(sample("terrain-blended.atlas"), str(lonely))
    run_import("Torque Atlas", str(lonely))
    assert len(state.warnings) == 1 and "source images not found" in state.warnings[0]


def test_bad_input_is_an_error_naming_the_file(maya, tmp_path):
    junk = tmp_path / "junk.atlas"
    junk.write_bytes(b"not terrain")
    with pytest.raises(RuntimeError) as e:
        run_import("Torque Atlas", str(junk))
    assert "junk.atlas" in str(e.value)
    t = translator("Torque Atlas")
    with pytest.raises(RuntimeError) as e:
        t.reader(file_object(sample("terrain-v140.atlas")), "lod=x",
                 ompx.MPxFileTranslator.kImportAccessMode)
    assert "lod" in str(e.value)

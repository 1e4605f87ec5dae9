"""File > Export (type Torque Atlas) through the stand-in: an unedited round
trip reproduces the base file's vertices exactly; one vertex moved through the
stand-in's mesh (MFnMesh.setPoints) comes back in the new .atlas, read with the
strata command, and only its chunk changed."""
import pytest

import strata
import maya.api.OpenMaya as om
import maya.cmds as cmds
from maya_support import meshes, run_export, run_import, state
from strata_testenv import convert_glb, run_cli, sample

BASE = sample("terrain-v140.atlas")
TARGET = (96.0, 160.0)  # an interior vertex of chunk L2_1_2 (x 64..128, y 128..192), Z up
RAISE = 5.0  # metres


def glb_positions(atlas, out_dir):
    """{chunk name: sorted Z-up positions} read back with `strata convert`."""
    g = convert_glb(atlas, out_dir, "--textures", "none").node_meshes()
    return {name: sorted((p[0], -p[2], p[1]) for _, a in prims for p in a["POSITION"])
            for name, (_, prims) in g.items()}


def raise_target(shape_path, up):
    """Moves the target vertex up by RAISE metres in world space, through the API."""
    sel = om.MSelectionList()
    sel.add(shape_path)
    fn = om.MFnMesh(sel.getDagPath(0))
    points = fn.getPoints(om.MSpace.kWorld)
    cm = 100.0
    if up == "y":
        k = min(range(len(points)), key=lambda i: abs(points[i].x - TARGET[0] * cm)
                + abs(points[i].z + TARGET[1] * cm))
        points[k] = om.MPoint(points[k].x, points[k].y + RAISE * cm, points[k].z)
    else:
        k = min(range(len(points)), key=lambda i: abs(points[i].x - TARGET[0] * cm)
                + abs(points[i].y - TARGET[1] * cm))
        points[k] = om.MPoint(points[k].x, points[k].y, points[k].z + RAISE * cm)
    fn.setPoints(points, om.MSpace.kWorld)


def changed(before, after):
    """{chunk: [(old, new)] of positions that differ} (same chunks required)."""
    assert sorted(before) == sorted(after)
    out = {}
    for name in before:
        a, b = before[name], after[name]
        assert len(a) == len(b), name
        diff = [(p, q) for p, q in zip(a, b) if p != q]
        if diff:
            out[name] = diff
    return out


def test_unedited_round_trip_is_exact(maya, tmp_path):
    run_import("Torque Atlas", BASE)
    out = tmp_path / "same.atlas"
    run_export(str(out))
    rc, text, err = run_cli("validate", out)
    assert rc == 0, text + err
    with strata.load(BASE) as a, strata.load(str(out)) as b:
        for na, nb in zip(a.nodes, b.nodes):
            assert na.name == nb.name
            pa = a.meshes[na.mesh].primitives[0].positions
            pb = b.meshes[nb.mesh].primitives[0].positions
            assert list(strata.flat(pa)) == list(strata.flat(pb)), na.name


@pytest.mark.parametrize("up,merge", [("y", False), ("z", False), ("y", True)])
def test_one_moved_vertex_changes_only_its_chunk(maya, tmp_path, up, merge):
    cmds.upAxis(axis=up)
    run_import("Torque Atlas", BASE, merge=merge)
    shape = meshes()["terrain_v140_merged" if merge else "L2_1_2"]
    raise_target(shape.path(), up)
    out = tmp_path / "edited.atlas"
    run_export(str(out))
    rc, text, err = run_cli("validate", out)
    assert rc == 0, text + err
    diff = changed(glb_positions(BASE, tmp_path / "a"), glb_positions(str(out), tmp_path / "b"))
    assert list(diff) == ["L2_1_2"]
    (old, new), = diff["L2_1_2"]
    assert (old[0], old[1]) == pytest.approx(TARGET) and (new[0], new[1]) == (old[0], old[1])
    assert new[2] == pytest.approx(old[2] + RAISE, abs=1e-4)


def test_export_selection_writes_only_the_selected_chunk(maya, tmp_path):
    run_import("Torque Atlas", BASE)
    raise_target(meshes()["L2_1_2"].path(), "y")
    raise_target_elsewhere = meshes()["L2_0_0"]
    fn = om.MFnMesh(_dag(raise_target_elsewhere.path()))
    points = fn.getPoints(om.MSpace.kObject)
    points[40] = om.MPoint(points[40].x, points[40].y + 100.0, points[40].z)
    fn.setPoints(points, om.MSpace.kObject)
    cmds.select(meshes()["L2_1_2"].parent.path(), replace=True)
    out = tmp_path / "selected.atlas"
    run_export(str(out), selection=True)
    diff = changed(glb_positions(BASE, tmp_path / "a"), glb_positions(str(out), tmp_path / "b"))
    assert list(diff) == ["L2_1_2"]  # L2_0_0 was edited too but not selected


def _dag(path):
    sel = om.MSelectionList()
    sel.add(path)
    return sel.getDagPath(0)


def test_export_errors_name_the_problem(maya, tmp_path):
    run_import("Torque Atlas", BASE)
    # A mesh that did not come from the .atlas.
    tr = om.MFnTransform().create()
    om.MFnDependencyNode(tr).setName("pCube1")
    om.MFnMesh().create([om.MPoint(0, 0, 0), om.MPoint(1, 0, 0), om.MPoint(0, 1, 0)], [3],
                        [0, 1, 2], parent=tr)
    with pytest.raises(RuntimeError) as e:
        run_export(str(tmp_path / "never.atlas"))
    assert "|pCube1" in str(e.value) and not (tmp_path / "never.atlas").exists()
    # Over the base: refused, the base untouched.
    cmds.delete("|pCube1")
    before = open(BASE, "rb").read()
    with pytest.raises(RuntimeError) as e:
        run_export(BASE)
    assert "base" in str(e.value) and open(BASE, "rb").read() == before
    # Nothing selected.
    cmds.select(clear=True)
    with pytest.raises(RuntimeError) as e:
        run_export(str(tmp_path / "none.atlas"), selection=True)
    assert "nothing to export" in str(e.value)
    # A CHU import cannot go back to an .atlas.
    from maya import _scene
    _scene.reset(root=state().workspace_root)
    run_import("Torque CHU", sample("terrain.chu"))
    with pytest.raises(RuntimeError) as e:
        run_export(str(tmp_path / "chu.atlas"))
    assert "chu" in str(e.value)


def test_rebuild_lods_and_stale_lod_warning(maya, tmp_path):
    run_import("Torque Atlas", BASE)
    raise_target(meshes()["L2_1_2"].path(), "y")
    run_export(str(tmp_path / "stale.atlas"))
    assert any("coarser levels" in w for w in state().warnings)
    del state().warnings[:]
    run_export(str(tmp_path / "rebuilt.atlas"), rebuildLods=True)
    assert not any("coarser levels" in w for w in state().warnings)

"""Export arithmetic without Maya: what unit scaling does to unmoved points
(within the library's "not moved" tolerance), a moved point, Maya's
per-face-vertex UVs as per-vertex ones, and meshes that are not chunks."""
from array import array

import pytest

import strata
from strata_maya_core import export as core_export
from strata_maya_core import meshes as core_meshes
from strata_maya_core.axes import Axes
from strata_testenv import sample, tuples


def readouts(scene, axes, move=None):
    """What Maya would hand back after a per-chunk import (points rounded to
    float32 as a mesh stores them), optionally one vertex moved by (dx, dy, dz)."""
    out = []
    for plan in core_meshes.plan_nodes(scene, axes):
        m = plan.mesh
        pts = array("d", array("f", m.points))
        if move and plan.name == move[0]:
            k, delta = move[1], move[2]
            for c in range(3):
                pts[3 * k + c] += delta[c]
        attrs = {"strataLevel": plan.tags["level"], "strataX": plan.tags["x"],
                 "strataY": plan.tags["y"], "strataSource": sample("terrain-v140.atlas"),
                 "strataFormat": "atlas"}
        u, v = m.uv_sets[0][1], m.uv_sets[0][2]
        uvs = array("f", [c for pair in zip(u, v) for c in pair])
        out.append(core_export.MeshReadout("|terrain_v140|" + plan.name, attrs, pts,
                                           [1] * m.face_count, list(m.connects), uvs))
    return out


def test_centimetres_come_back_within_the_librarys_tolerance():
    """x 100 into 32-bit floats and back is not exact, but within a millionth
    (relative; atlas_edit_chunk.cpp `differs`), which the library counts as not
    moved, so an unedited export keeps every base value (test_export.py)."""
    axes = Axes("y", 100.0)
    with strata.load(sample("terrain-v140.atlas")) as scene:
        base = {n.name: tuples(scene.meshes[n.mesh].primitives[0].positions, 3)
                for n in scene.nodes}
        rs = readouts(scene, axes)
    _, chunks = core_export.collect_chunks(rs, axes)
    inexact = 0
    for c in chunks:
        got = tuples(c["positions"], 3)
        assert len(got) == 81
        for p in got:
            q = min(base[c["name"]], key=lambda b: sum(abs(x - y) for x, y in zip(p, b)))
            inexact += p != q
            assert all(abs(x - y) <= 1e-6 * max(1.0, abs(x)) for x, y in zip(p, q))
    assert inexact > 0  # the round trip really is inexact: the tolerance matters


def test_a_moved_point_comes_back_moved():
    axes = Axes("y", 100.0)
    with strata.load(sample("terrain-v140.atlas")) as scene:
        rs = readouts(scene, axes, move=("L2_1_2", 40, (0.0, 500.0, 0.0)))
        node = next(n for n in scene.nodes if n.name == "L2_1_2")
        base = tuples(scene.meshes[node.mesh].primitives[0].positions, 3)
    _, chunks = core_export.collect_chunks(rs, axes)
    c = next(c for c in chunks if c["name"] == "L2_1_2")
    pos = tuples(c["positions"], 3)
    moved = []
    for p in pos:
        q = min(base, key=lambda b: abs(b[0] - p[0]) + abs(b[1] - p[1]))
        if abs(p[2] - q[2]) > 1e-6 * max(1.0, abs(q[2])):
            moved.append((p, q))
    assert len(moved) == 1
    (p, q), = moved
    assert (p[0], p[1]) == pytest.approx((q[0], q[1]), abs=1e-5)
    assert p[2] == pytest.approx(q[2] + 5.0, abs=1e-4)


def test_uvs_per_vertex_from_face_vertices():
    uv = core_export.uvs_per_vertex(3, [0, 1, 2, 2, 1, 0], [2, 1, 0, 0, 1, 2],
                                    [0.0, 0.5, 1.0], [0.25, 0.5, 0.75])
    assert list(uv) == [1.0, 0.75, 0.5, 0.5, 0.0, 0.25]
    assert core_export.global_uv_set(["map1", "map2"]) == "map2"
    assert core_export.global_uv_set(["map1"]) == "map1"


def test_meshes_that_are_not_chunks_are_named():
    axes = Axes("y", 100.0)
    plain = core_export.MeshReadout("|pCube1", {}, [0.0] * 9, [1], [0, 1, 2])
    with pytest.raises(strata.Error) as e:
        core_export.collect_chunks([plain], axes)
    assert "|pCube1" in str(e.value) and "strataLevel" in str(e.value)
    chu = core_export.MeshReadout("|terrain|L2_0_0", {"strataLevel": 2, "strataX": 0,
                                                      "strataY": 0, "strataFormat": "chu",
                                                      "strataSource": "t.chu"},
                                  [0.0] * 9, [1], [0, 1, 2])
    with pytest.raises(strata.Error) as e:
        core_export.collect_chunks([chu], axes)
    assert "chu" in str(e.value)
    with pytest.raises(strata.Error):
        core_export.collect_chunks([], axes)

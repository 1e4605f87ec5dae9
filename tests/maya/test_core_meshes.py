"""The arrays strata_maya_core hands to MFnMesh.create, assignUVs,
setFaceVertexNormals, setFaceVertexColors and the Morph blendShape target,
value by value on every sample against the GLB `strata convert` writes (read in
plain Python) and `strata info --json`. glTF is Y-up with (x, y, z) -> (x, z, -y),
the very mapping of a Y-up Maya scene, so in a Y-up scene every point is the
GLB's times the unit scale."""
import os

import pytest

import strata
from strata_maya_core import axes as core_axes
from strata_maya_core import meshes as core_meshes
from strata_maya_core import names
from strata_testenv import cli_json, convert_glb, max_difference, sample, samples_dir, tuples

SAMPLES = sorted(e for e in os.listdir(samples_dir()) if strata.detect(sample(e)) not in
                 (None, "tqt"))
CM = 100.0  # Maya's internal centimetres per metre


def corners(points, k, indices):
    """The k-tuples of `points` at each index (a triangle list's corners)."""
    p = tuples(points, k)
    return [p[i] for i in indices]


def glb_triangles(prims):
    """glTF corners, degenerate triangles (a repeated index) left out as Maya
    cannot hold them: (kept corner indices per primitive, primitive of each face)."""
    out = []
    for gprim, g in prims:
        idx = g["indices"]
        keep = [i for t in range(0, len(idx), 3)
                if len({idx[t], idx[t + 1], idx[t + 2]}) == 3 for i in idx[t:t + 3]]
        out.append((gprim, g, keep))
    return out


@pytest.mark.parametrize("name", SAMPLES)
def test_y_up_centimetre_arrays_are_the_glbs(name, tmp_path):
    glb = convert_glb(sample(name), tmp_path)
    gnodes = glb.node_meshes()
    axes = core_axes.Axes("y", CM)
    with strata.load(sample(name)) as scene:
        plans = core_meshes.plan_nodes(scene, axes)
        materials = {i: m.name for i, m in enumerate(scene.materials)}
    assert sorted(p.name for p in plans) == sorted(names.maya_name(n) for n in gnodes)
    by_name = {names.maya_name(n): v for n, v in gnodes.items()}
    for plan in plans:
        translation, prims = by_name[plan.name]
        assert plan.translation == tuple(c * CM for c in translation)
        m = plan.mesh
        tris = glb_triangles(prims)
        # The corners of every face: positions, then UVs (V flipped), normals, colours.
        want_pos = [tuple(c * CM for c in p) for gprim, g, keep in tris
                    for p in (g["POSITION"][i] for i in keep)]
        assert corners(m.points, 3, m.connects) == want_pos
        assert list(m.counts) == [3] * (len(want_pos) // 3)
        assert m.face_count == len(want_pos) // 3 and m.vertex_count == len(set(m.connects))
        for slot, key in enumerate(("TEXCOORD_0", "TEXCOORD_1")):
            has = all(key in g for _, g, _ in tris)
            assert (len(m.uv_sets) > slot) == has, key
            if has:
                set_name, u, v = m.uv_sets[slot]
                assert set_name == ("map1", "map2")[slot]
                want = [(p[0], 1.0 - p[1]) for _, g, keep in tris for p in
                        (g[key][i] for i in keep)]
                got = list(zip(corners(u, 1, m.connects), corners(v, 1, m.connects)))
                assert max_difference(got, want) < 1e-6, key
        if all("NORMAL" in g for _, g, _ in tris):
            want = [g["NORMAL"][i] for _, g, keep in tris for i in keep]
            assert max_difference(tuples(m.normals, 3), want) < 1e-6
            assert list(m.fv_faces) == [f for f in range(m.face_count) for _ in range(3)]
        else:
            assert m.normals is None
        if all("COLOR_0" in g for _, g, _ in tris):
            want = [g["COLOR_0"][i] for _, g, keep in tris for i in keep]
            assert max_difference(tuples(m.colors, 4), want) < 1e-6
        else:
            assert m.colors is None
        if any("MORPH" in g for _, g, _ in tris) and any(any(d) for _, g, _ in tris
                                                         for d in g.get("MORPH", [])):
            want = [tuple((a + b) * CM for a, b in zip(g["POSITION"][i], g["MORPH"][i]))
                    for _, g, keep in tris for i in keep]
            assert max_difference(corners(m.morph_points, 3, m.connects), want) < 1e-3
        else:
            assert m.morph_points is None
        # Faces by material, in primitive order.
        want_mats = []
        for gprim, g, keep in tris:
            if keep:
                mat = gprim.get("material")
                want_mats.append(glb.json["materials"][mat]["name"] if mat is not None else None)
        got_mats = [materials[i] if i is not None else None for i, _, _ in m.material_faces]
        assert got_mats == [x for k, x in enumerate(want_mats) if k == 0 or want_mats[k - 1] != x]
        first = 0
        for _, start, count in m.material_faces:
            assert start == first
            first += count
        assert first == m.face_count


def test_z_up_metres_keeps_the_scene_positions():
    with strata.load(sample("terrain-v140.atlas")) as scene:
        plans = core_meshes.plan_nodes(scene, core_axes.Axes("z", 1.0))
        node = next(n for n in scene.nodes if n.name == "L2_1_2")
        prim = scene.meshes[node.mesh].primitives[0]
        pos = tuples(prim.positions, 3)
        idx = tuples(prim.indices, 1)
    plan = next(p for p in plans if p.name == "L2_1_2")
    assert corners(plan.mesh.points, 3, plan.mesh.connects) == [pos[i] for i in idx]
    # Normals are not scaled: unit length in any unit.
    n = tuples(plan.mesh.normals, 3)
    assert max(abs(sum(c * c for c in v) - 1.0) for v in n) < 1e-5


def test_counts_agree_with_strata_info():
    for name in ("terrain-v140.atlas", "terrain-unique.atlas", "terrain-v100.atlas"):
        info = cli_json("info", sample(name), "--json")
        geom = next(t for t in info["tocs"] if t["tag"] == "Geom")
        leaf = geom["levels"][geom["treeDepth"] - 1]
        with strata.load(sample(name)) as scene:
            plans = core_meshes.plan_nodes(scene, core_axes.Axes("y", CM))
        assert len(plans) == leaf["chunks"]
        assert sum(p.mesh.face_count for p in plans) == leaf["triangles"]
        grid = int(round((leaf["triangles"] / leaf["chunks"] / 2) ** 0.5))
        # Skirt vertices no triangle uses are left out: (grid + 1)^2 per chunk.
        assert all(p.mesh.vertex_count == (grid + 1) ** 2 for p in plans), name
        assert all({"level", "x", "y"} == set(p.tags) for p in plans)
    info = cli_json("info", sample("tfrag-level"), "--json")
    with strata.load(sample("tfrag-level")) as scene:
        plans = core_meshes.plan_nodes(scene, core_axes.Axes("y", CM))
    assert len(plans) == info["tfragCount"]
    assert sum(p.mesh.face_count + p.mesh.degenerate for p in plans) == \
        sum(t["lodTriangles"][0] for t in info["tfrags"])


def test_skirts_share_the_chunks_vertices():
    with strata.load(sample("terrain-v140.atlas"), skirts=True) as scene:
        plans = core_meshes.plan_nodes(scene, core_axes.Axes("y", CM))
    m = plans[0].mesh
    # 9 x 9 grid plus 4 walls of 8 quads with 2 new vertices each; 128 + 64 faces.
    assert m.vertex_count == 81 + 64 and m.face_count == 128 + 64
    assert m.material_faces == [(None, 0, 192)]


def test_merged_holds_every_chunk_with_its_face_range(tmp_path):
    glb = convert_glb(sample("textures-v5.ytd"), tmp_path).node_meshes()
    with strata.load(sample("textures-v5.ytd")) as scene:
        plans = core_meshes.plan_nodes(scene, core_axes.Axes("y", 1.0), merge=True,
                                       name="textures_v5")
    assert len(plans) == 1 and plans[0].name == "textures_v5" and plans[0].node is None
    m = plans[0].mesh
    assert [p["name"] for p in m.parts] == list(glb)
    first = 0
    for part in m.parts:
        translation, prims = glb[part["name"]]
        start, count = part["faces"]
        assert start == first and count == len(prims[0][1]["indices"]) // 3
        # Merged, each quad sits at its node's translation.
        want = [tuple(a + b for a, b in zip(prims[0][1]["POSITION"][i], translation))
                for i in prims[0][1]["indices"]]
        got = corners(m.points, 3, m.connects)[3 * start:3 * (start + count)]
        assert max_difference(got, want) < 1e-6
        first += count
    assert first == m.face_count
    assert len(m.material_faces) == len(m.parts)  # one material per texture quad


def test_axes_refuse_nonsense():
    with pytest.raises(ValueError):
        core_axes.Axes("x", 1.0)
    with pytest.raises(ValueError):
        core_axes.Axes("y", 0.0)


def test_names_are_maya_names():
    assert names.maya_name("L2_0_3") == "L2_0_3"
    assert names.maya_name("caf%E9 tex") == "caf_E9_tex"
    assert names.maya_name("2fast") == "_2fast"
    assert names.maya_name("") == "strata"
    assert names.group_name(sample("terrain-v140.atlas")) == "terrain_v140"
    assert names.group_name(sample("tfrag-level")) == "tfrag_level"

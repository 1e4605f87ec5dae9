"""strata.MeshPlan, the mesh planning both plug-ins call: hand-built
primitives value by value (shared skirt vertices, degenerate triangles,
compaction, default values, material and part ranges, offsets), then the
samples against `strata info --json` and the synthetic terrain's layout; run
with numpy and with numpy blocked, the two forms holding the same values."""
import array

import pytest

import strata
from strata import mesh_plan
from strata_testenv import cli_json, max_difference, numpy_run, sample, tuples

# A unit quad (two triangles) and a vertex no triangle of it uses.
QUAD = [(0.0, 0.0, 0.0), (1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (1.0, 1.0, 0.0), (9.0, 9.0, 9.0)]
QUAD_TRIANGLES = [0, 1, 2, 1, 3, 2]


def test_arrays_are_numpy_or_flat_as_the_package_returns_them():
    plan = strata.MeshPlan()
    plan.add(QUAD, QUAD_TRIANGLES)
    m = plan.finish()
    if numpy_run():
        assert m.positions.shape == (4, 3) and str(m.positions.dtype) == "float32"
        assert m.triangles.shape == (2, 3) and str(m.triangles.dtype) == "uint32"
        assert str(m.face_material.dtype) == str(m.face_part.dtype) == "int32"
    else:
        assert isinstance(m.positions, array.array) and m.positions.typecode == "f"
        assert len(m.positions) == 12
        assert isinstance(m.triangles, array.array) and m.triangles.typecode == "I"
        assert m.face_material.typecode == m.face_part.typecode == "i"


def test_unused_vertices_at_the_end_are_dropped():
    plan = strata.MeshPlan()
    plan.add(QUAD, QUAD_TRIANGLES, normals=[(0.0, 0.0, 1.0)] * 4 + [(1.0, 0.0, 0.0)])
    m = plan.finish()
    assert (m.vertex_count, m.face_count, m.degenerate) == (4, 2, 0)
    assert tuples(m.positions, 3) == QUAD[:4]
    assert tuples(m.triangles, 1) == QUAD_TRIANGLES
    assert tuples(m.normals, 3) == [(0.0, 0.0, 1.0)] * 4
    assert m.uv0 is None and m.uv1 is None and m.colors is None and m.morph is None


def test_unused_vertices_in_between_are_dropped_and_indices_renumbered():
    plan = strata.MeshPlan()
    plan.add(QUAD, [4, 1, 3], uv0=[(0.0, 0.0), (0.1, 0.2), (0.3, 0.4), (0.5, 0.6), (0.7, 0.8)])
    m = plan.finish()
    assert m.vertex_count == 3 and m.face_count == 1
    assert tuples(m.positions, 3) == [QUAD[1], QUAD[3], QUAD[4]]
    assert tuples(m.triangles, 1) == [2, 0, 1]
    assert max_difference(tuples(m.uv0, 2), [(0.1, 0.2), (0.5, 0.6), (0.7, 0.8)]) < 1e-7


def test_degenerate_triangles_are_dropped_and_counted():
    plan = strata.MeshPlan()
    # (0, 0, 1) and (2, 3, 2) repeat a corner; (3, 3, 3) too; the last index
    # makes no whole triangle.
    plan.add(QUAD, [0, 0, 1, 0, 1, 2, 2, 3, 2, 1, 3, 2, 3, 3, 3, 4])
    m = plan.finish()
    assert m.degenerate == 3 and m.face_count == 2
    assert tuples(m.triangles, 1) == [0, 1, 2, 1, 3, 2]
    assert m.vertex_count == 4  # vertex 4 only appears in the incomplete triangle


def test_a_primitive_over_the_same_vertices_shares_them():
    """Atlas skirts: a second primitive over the chunk's vertex arrays."""
    normals = [(0.0, 0.0, 1.0)] * 5
    plan = strata.MeshPlan()
    plan.add(QUAD, QUAD_TRIANGLES, normals=normals)
    plan.add(QUAD, [2, 3, 4], normals=normals)
    m = plan.finish()
    assert (m.vertex_count, m.face_count) == (5, 3)
    assert tuples(m.triangles, 1) == QUAD_TRIANGLES + [2, 3, 4]
    # Other normals: the second primitive's vertices are its own.
    plan = strata.MeshPlan()
    plan.add(QUAD, QUAD_TRIANGLES, normals=normals)
    plan.add(QUAD, [2, 3, 4], normals=[(1.0, 0.0, 0.0)] * 5)
    m = plan.finish()
    assert (m.vertex_count, m.face_count) == (4 + 3, 3)
    assert tuples(m.triangles, 1) == QUAD_TRIANGLES + [4, 5, 6]
    assert tuples(m.positions, 3)[4:] == QUAD[2:5]
    assert tuples(m.normals, 3)[4:] == [(1.0, 0.0, 0.0)] * 3


def test_a_primitive_without_an_attribute_gets_its_default():
    plan = strata.MeshPlan()
    plan.add(QUAD[:3], [0, 1, 2], colors=[(0.5, 0.25, 0.0, 1.0)] * 3, uv1=[(0.5, 0.5)] * 3)
    plan.add(QUAD[:3], [0, 2, 1], normals=[(1.0, 0.0, 0.0)] * 3, morph=[(0.0, 0.0, 2.0)] * 3)
    m = plan.finish()
    assert m.vertex_count == 6  # different attributes: nothing shared
    assert tuples(m.colors, 4) == [(0.5, 0.25, 0.0, 1.0)] * 3 + [(1.0, 1.0, 1.0, 1.0)] * 3
    assert tuples(m.uv1, 2) == [(0.5, 0.5)] * 3 + [(0.0, 0.0)] * 3
    assert tuples(m.normals, 3) == [(0.0, 0.0, 1.0)] * 3 + [(1.0, 0.0, 0.0)] * 3
    assert tuples(m.morph, 3) == [(0.0, 0.0, 0.0)] * 3 + [(0.0, 0.0, 2.0)] * 3
    assert m.uv0 is None


def test_material_slots_and_ranges():
    plan = strata.MeshPlan()
    plan.add(QUAD, QUAD_TRIANGLES, material=5)
    plan.add(QUAD, [0, 1, 2], material=5)
    plan.add(QUAD, [1, 1, 2], material=None)  # degenerate only: no faces, but a slot
    plan.add(QUAD, [1, 3, 2, 0, 1, 2], material=5)
    plan.add(QUAD, [3, 2, 4], material=2)
    m = plan.finish()
    assert m.materials == [5, None, 2]
    assert m.material_ranges == [(0, 0, 5), (2, 5, 1)]
    assert tuples(m.face_material, 1) == [0] * 5 + [2]
    assert m.degenerate == 1 and m.vertex_count == 5


def test_parts_hold_face_ranges():
    """A merged import: each node's primitives a part, at its world offset."""
    plan = strata.MeshPlan()
    plan.add(QUAD, QUAD_TRIANGLES, part=0)
    plan.add(QUAD, [0, 0, 0], part=1)  # a part whose faces are all degenerate
    plan.add(QUAD, QUAD_TRIANGLES + [2, 3, 4], part=2, offset=(10.0, 0.0, -1.0))
    m = plan.finish()
    assert m.part_ranges == [(0, 0, 2), (1, 2, 0), (2, 2, 3)]
    assert tuples(m.face_part, 1) == [0, 0, 2, 2, 2]
    assert m.vertex_count == 4 + 5 and m.degenerate == 1
    assert tuples(m.positions, 3)[4:] == [(x + 10.0, y, z - 1.0) for x, y, z in QUAD]
    assert tuples(m.triangles, 1)[6:] == [4, 5, 6, 5, 7, 6, 6, 7, 8]


def test_an_offset_adds_in_float32():
    """Both forms add a node's offset as numpy adds float32 arrays."""
    plan = strata.MeshPlan()
    plan.add([(1.0, 2.0, 3.0)] * 3, [0, 1, 2], offset=(0.1, 0.2, 0.3))
    x, y, z = tuples(plan.finish().positions, 3)[0]
    f32 = array.array("f", [1.0 + array.array("f", [0.1])[0], 2.0 + array.array("f", [0.2])[0],
                            3.0 + array.array("f", [0.3])[0]])
    assert (x, y, z) == tuple(f32)


def test_an_empty_plan():
    plan = strata.MeshPlan()
    assert plan.primitive_count == 0
    m = plan.finish()
    assert (m.vertex_count, m.face_count, m.degenerate) == (0, 0, 0)
    assert tuples(m.positions, 3) == [] and tuples(m.triangles, 1) == []
    assert m.materials == [] and m.material_ranges == [] and m.part_ranges == []


def test_subset_renumbers_the_used_vertices():
    positions = array.array("d", [float(i) for i in range(15)])
    uvs = array.array("f", [float(i) for i in range(10)])
    pos, uv, idx = mesh_plan.subset(array.array("i", [4, 2, 4, 1, 2, 4]), positions, uvs)
    assert tuples(pos, 3) == [(3.0, 4.0, 5.0), (6.0, 7.0, 8.0), (12.0, 13.0, 14.0)]
    assert tuples(uv, 2) == [(2.0, 3.0), (4.0, 5.0), (8.0, 9.0)]
    assert tuples(idx, 1) == [2, 1, 2, 0, 1, 2]
    assert (str(idx.dtype) if numpy_run() else idx.typecode) in ("uint32", "I")
    pos, uv, idx = mesh_plan.subset([3, 0, 3], positions)
    assert tuples(pos, 3) == [(0.0, 1.0, 2.0), (9.0, 10.0, 11.0)] and uv is None
    assert tuples(idx, 1) == [1, 0, 1]


# ---- the samples

def planned(scene, merge=False):
    """Per node (name, PlannedMesh), or one merged PlannedMesh."""
    with_mesh = [n for n in scene.nodes if n.mesh is not None]
    if merge:
        plan = strata.MeshPlan()
        for k, node in enumerate(with_mesh):
            plan.add_node(scene, node, k)
        return plan.finish()
    out = []
    for node in with_mesh:
        plan = strata.MeshPlan()
        plan.add_mesh(scene.meshes[node.mesh])
        out.append((node.name, plan.finish()))
    return out


def atlas_leaf(name):
    info = cli_json("info", sample(name), "--json")
    geom = next(t for t in info["tocs"] if t["tag"] == "Geom")
    return geom["levels"][geom["treeDepth"] - 1]


@pytest.mark.parametrize("name", ["terrain-v140.atlas", "terrain-unique.atlas",
                                  "terrain-v100.atlas"])
def test_atlas_chunks_keep_their_grid(name):
    leaf = atlas_leaf(name)
    grid = int(round((leaf["triangles"] / leaf["chunks"] / 2) ** 0.5))
    with strata.load(sample(name)) as scene:
        plans = planned(scene)
        first = scene.meshes[scene.nodes[0].mesh].primitives[0]
        grid_positions = tuples(first.positions, 3)[:(grid + 1) ** 2]
    assert len(plans) == leaf["chunks"]
    # Skirt vertices (without skirts no triangle uses them) are left out.
    assert all(m.vertex_count == (grid + 1) ** 2 for _, m in plans)
    assert sum(m.face_count for _, m in plans) == leaf["triangles"]
    assert all(m.degenerate == 0 and m.part_ranges == [(0, 0, m.face_count)] for _, m in plans)
    assert tuples(plans[0][1].positions, 3) == grid_positions


def test_atlas_skirts_share_the_chunk_vertices():
    leaf = atlas_leaf("terrain-v140.atlas")
    with strata.load(sample("terrain-v140.atlas"), skirts=True) as scene:
        plans = planned(scene)
        prims = scene.meshes[scene.nodes[0].mesh].primitives
        skirt_indices = tuples(prims[1].indices, 1)
    # 9 x 9 grid and 4 walls of 8 quads with 2 new vertices each; 128 + 64 faces.
    assert all(m.vertex_count == 81 + 64 and m.face_count == 128 + 64 for _, m in plans)
    assert sum(m.face_count for _, m in plans) == leaf["triangles"] + leaf["skirtTriangles"]
    m = plans[0][1]
    assert m.materials == [None] and m.material_ranges == [(0, 0, 192)]
    # The skirt's corners are the chunk's own vertex numbers, not copies.
    assert tuples(m.triangles, 1)[3 * 128:] == skirt_indices


def test_atlas_merged_holds_a_face_range_per_chunk():
    with strata.load(sample("terrain-v140.atlas")) as scene:
        m = planned(scene, merge=True)
        names = [n.name for n in scene.nodes]
    assert len(names) == 16 and m.vertex_count == 16 * 81 and m.face_count == 16 * 128
    assert m.part_ranges == [(k, 128 * k, 128) for k in range(16)]
    assert tuples(m.face_part, 1) == [k for k in range(16) for _ in range(128)]
    # Chunk (x, y) covers [64 x, 64 x + 64] x [64 y, 64 y + 64] in world units.
    pos = tuples(m.positions, 3)
    for k, name in enumerate(names):
        _, x, y = (int(v) for v in name[1:].split("_"))
        xs = [p[0] for p in pos[81 * k:81 * (k + 1)]]
        ys = [p[1] for p in pos[81 * k:81 * (k + 1)]]
        assert (min(xs), max(xs), min(ys), max(ys)) == pytest.approx(
            (64 * x, 64 * x + 64, 64 * y, 64 * y + 64), abs=1e-3), name


def test_texture_gallery_merged_keeps_one_material_range_per_quad():
    with strata.load(sample("textures-v5.ytd")) as scene:
        m = planned(scene, merge=True)
        quads = [n for n in scene.nodes if n.mesh is not None]
        materials = [scene.meshes[n.mesh].primitives[0].material for n in quads]
    assert m.face_count == 2 * len(quads) and m.vertex_count == 4 * len(quads)
    assert m.part_ranges == [(k, 2 * k, 2) for k in range(len(quads))]
    assert m.materials == materials
    assert m.material_ranges == [(k, 2 * k, 2) for k in range(len(quads))]


def test_tfrag_faces_and_degenerate_triangles_add_up_to_strata_info():
    info = cli_json("info", sample("tfrag-level"), "--json")
    with strata.load(sample("tfrag-level")) as scene:
        plans = planned(scene)
    assert len(plans) == info["tfragCount"]
    faces = sum(m.face_count for _, m in plans)
    degenerate = sum(m.degenerate for _, m in plans)
    assert faces + degenerate == sum(t["lodTriangles"][0] for t in info["tfrags"])
    for _, m in plans:
        tris = tuples(m.triangles, 1)
        corners = [tuple(tris[i:i + 3]) for i in range(0, len(tris), 3)]
        assert all(len(set(c)) == 3 for c in corners)
        assert set(tris) == set(range(m.vertex_count))


def test_drawn_primitives_leave_out_what_makes_no_face():
    class Prim:
        def __init__(self, index_count, vertex_count):
            self.index_count, self.vertex_count = index_count, vertex_count

    class Mesh:
        primitives = [Prim(3, 3), Prim(2, 3), Prim(6, 0), Prim(6, 4)]

    assert mesh_plan.drawn_primitives(Mesh()) == [Mesh.primitives[0], Mesh.primitives[3]]

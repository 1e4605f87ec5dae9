"""Scene nodes -> the arrays the Maya translator hands to MFnMesh, in one call
each: create(points, polygonCounts, polygonConnects, uValues, vValues),
assignUVs per UV set, setFaceVertexNormals, setFaceVertexColors, and the
points of the blendShape target "Morph".

Every primitive of a node goes into one mesh (its faces tagged with the
primitive's material); merged, every node's mesh goes into one, its parts'
face ranges recorded. The mesh is planned by strata.MeshPlan, as in the Blender
add-on: skirt primitives share the chunk's vertices, degenerate triangles
(a repeated corner, which MFnMesh.create rejects) and vertices no triangle uses
are left out. UVs are per vertex, so UV ids are the vertex ids; V is flipped
(Strata's v = 0 is the image's top row, Maya's the bottom row).
"""
import collections
import itertools
import operator
from array import array

import strata

from . import flat
from .names import maya_name

# Maya UV set names: TEXCOORD_0 in Maya's default set, TEXCOORD_1 in the next.
UV_SETS = ("map1", "map2")


class MeshData:
    """One Maya mesh. Maya-space arrays (points, normals, morph_points: array('d'),
    internal units), counts / connects (array('i'); triangles, so counts are all
    3), uv_sets [(set name, u, v)] with one (u, v) per vertex, per face-vertex
    normals / colours with fv_faces (the face of each face-vertex; the vertices
    are `connects`), material_faces [(scene material or None, first face,
    count)], parts [{"name", "tags", "faces": [first, count]}] (merged meshes)."""

    def __init__(self):
        self.points = array("d")
        self.counts = array("i")
        self.connects = array("i")
        self.uv_sets = []
        self.normals = None
        self.colors = None
        self.fv_faces = array("i")
        self.morph_points = None
        self.material_faces = []
        self.parts = []
        self.degenerate = 0

    @property
    def vertex_count(self):
        return len(self.points) // 3

    @property
    def face_count(self):
        return len(self.counts)


def _finish(plan, axes):
    """MeshData of a strata.MeshPlan, in Maya's axes and units."""
    p = plan.finish()
    m = MeshData()
    m.degenerate = p.degenerate
    positions = flat.floats(p.positions)
    m.points = axes.points_to_maya(positions)
    m.connects = flat.ints(p.triangles)
    m.counts = array("i", [3]) * p.face_count
    m.fv_faces = array("i", itertools.chain.from_iterable(
        zip(*(range(p.face_count),) * 3)))
    m.material_faces = [(p.materials[slot], first, count)
                        for slot, first, count in p.material_ranges]
    m.parts = p.part_ranges  # replaced by the caller with names and tags
    for slot, uv in enumerate((p.uv0, p.uv1)):
        if uv is not None:
            u, v = flat.split(flat.floats(uv), 2)
            m.uv_sets.append((UV_SETS[slot], u, flat.one_minus(v)))
    if p.normals is not None:
        m.normals = flat.take_elements(axes.vectors_to_maya(p.normals), 3, m.connects)
    if p.colors is not None:
        m.colors = flat.take_elements(flat.floats(p.colors), 4, m.connects)
    if p.morph is not None:
        morph = flat.floats(p.morph)
        if any(morph):
            target = array("f", map(operator.add, positions, morph))
            m.morph_points = axes.points_to_maya(target)
    return m


NodePlan = collections.namedtuple("NodePlan", "name node parent translation tags mesh")
NodePlan.__doc__ = """One Maya transform: name (Maya-safe), the scene node it stands for
(None for a merged mesh), parent (index into ScenePlan.nodes, or None: the group),
translation (Maya axes and units), tags, mesh (MeshData or None)."""


def plan_nodes(scene, axes, merge=False, name=None):
    """The transforms and meshes an import makes, parents before children."""
    with_mesh = [n for n in scene.nodes if n.mesh is not None]
    if merge:
        plan = strata.MeshPlan()
        for k, node in enumerate(with_mesh):
            plan.add_node(scene, node, k)
        if not plan.primitive_count:
            return []
        mesh = _finish(plan, axes)
        mesh.parts = [{"name": with_mesh[k].name, "tags": with_mesh[k].tags,
                       "faces": [start, count]} for k, start, count in mesh.parts]
        return [NodePlan(maya_name(name or scene.name), None, None, (0.0, 0.0, 0.0), {}, mesh)]
    needed = set(n.index for n in with_mesh)
    for node in with_mesh:  # ancestors of meshes become empty transforms
        p = node.parent
        while p is not None and p not in needed:
            needed.add(p)
            p = scene.nodes[p].parent
    order, placed = [], {}
    for i in sorted(needed, key=lambda i: _depth(scene, i)):
        node = scene.nodes[i]
        mesh = None
        if node.mesh is not None:
            plan = strata.MeshPlan()
            plan.add_mesh(scene.meshes[node.mesh])
            mesh = _finish(plan, axes) if plan.primitive_count else None
            if mesh is not None:
                mesh.parts = []
        translation = tuple(axes.points_to_maya(node.translation))
        placed[i] = len(order)
        order.append(NodePlan(maya_name(node.name, "node_%d" % i), i,
                              placed.get(node.parent), translation, node.tags, mesh))
    return order


def _depth(scene, i):
    d = 0
    while scene.nodes[i].parent is not None:
        i = scene.nodes[i].parent
        d += 1
    return (d, i)

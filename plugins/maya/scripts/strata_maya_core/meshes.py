"""Scene nodes -> the arrays the Maya translator hands to MFnMesh, in one call
each: create(points, polygonCounts, polygonConnects, uValues, vValues),
assignUVs per UV set, setFaceVertexNormals, setFaceVertexColors, and the
points of the blendShape target "Morph".

Every primitive of a node goes into one mesh (its faces tagged with the
primitive's material); merged, every node's mesh goes into one, its parts'
face ranges recorded. As in the Blender add-on, a primitive whose vertex arrays
equal the previous one's (Atlas skirts) shares its vertices, so skirt walls stay
joined; degenerate triangles (a repeated corner, which MFnMesh.create rejects)
and vertices no triangle uses (Atlas skirt vertices without skirts) are left
out. UVs are per vertex, so UV ids are the vertex ids; V is flipped (Strata's
v = 0 is the image's top row, Maya's the bottom row).
"""
import itertools
import operator
from array import array

from . import flat
from .names import maya_name

# Maya UV set names: TEXCOORD_0 in Maya's default set, TEXCOORD_1 in the next.
UV_SETS = ("map1", "map2")
_DEFAULTS = {"normals": (0.0, 0.0, 1.0), "uv0": (0.0, 0.0), "uv1": (0.0, 0.0),
             "colors": (1.0, 1.0, 1.0, 1.0), "morph": (0.0, 0.0, 0.0)}
_WIDTH = {"positions": 3, "normals": 3, "uv0": 2, "uv1": 2, "colors": 4, "morph": 3}


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


class _Gather:
    """Primitives of one mesh-to-be, in scene (Z-up source) axes."""

    def __init__(self):
        self.arrays = {k: [] for k in _WIDTH}  # per vertex block: array('f') or None
        self.counts = []                        # vertices per block
        self.faces = []                         # (material, part, array('i') triangle corners)

    def _same_as_last(self, block):
        if not self.counts:
            return False
        return all(self.arrays[k][-1] == block[k] for k in _WIDTH)

    def add(self, prim, material, part, shift=(0.0, 0.0, 0.0)):
        if prim.index_count < 3 or prim.vertex_count == 0:
            return
        pos = flat.floats(prim.positions)
        if any(shift):
            pos = flat.interleave([flat.offset(c, d) for c, d in zip(flat.split(pos, 3), shift)],
                                  "f")
        block = {"positions": pos,
                 "normals": None if prim.normals is None else flat.floats(prim.normals),
                 "uv0": None if prim.uv0 is None else flat.floats(prim.uv0),
                 "uv1": None if prim.uv1 is None else flat.floats(prim.uv1),
                 "colors": None if prim.colors is None else flat.floats(prim.colors),
                 "morph": (flat.floats(prim.morph_targets[0].positions)
                           if prim.morph_targets else None)}
        if not self._same_as_last(block):
            for k in _WIDTH:
                self.arrays[k].append(block[k])
            self.counts.append(prim.vertex_count)
        base = sum(self.counts) - self.counts[-1]
        idx = flat.ints(prim.indices)
        idx = idx[:len(idx) - len(idx) % 3]
        if base:
            idx = flat.offset(idx, base)
        self.faces.append((material, part, idx))

    def stacked(self, key):
        """One flat array of every block's `key` attribute; a block without it
        gets the default value; None when no block has it."""
        blocks = self.arrays[key]
        if all(b is None for b in blocks):
            return None
        out = array("f")
        for b, n in zip(blocks, self.counts):
            out.extend(b if b is not None else flat.filled(_DEFAULTS[key], n))
        return out


def _without_degenerate(idx):
    a, b, c = idx[0::3], idx[1::3], idx[2::3]
    keep = [x != y and y != z and x != z for x, y, z in zip(a, b, c)]
    if all(keep):
        return idx, 0
    tris = itertools.compress(zip(a, b, c), keep)
    return array("i", itertools.chain.from_iterable(tris)), keep.count(False)


def _finish(g, axes):
    """MeshData of what `g` gathered, in Maya's axes and units."""
    m = MeshData()
    kept = []
    for material, part, idx in g.faces:
        idx, dropped = _without_degenerate(idx)
        m.degenerate += dropped
        kept.append((material, part, idx))
    corners = array("i")
    for _, _, idx in kept:
        corners.extend(idx)
    vertex_total = sum(g.counts)
    used = sorted(set(corners))
    remap = None
    if len(used) != vertex_total:  # compact: vertices no triangle uses are left out
        table = array("i", [-1]) * vertex_total
        for new, old in enumerate(used):
            table[old] = new
        remap = table
        corners = array("i", map(table.__getitem__, corners))

    def vertex_attr(key):
        values = g.stacked(key)
        if values is None or remap is None:
            return values
        return flat.take_elements(values, _WIDTH[key], used)

    positions = vertex_attr("positions")
    m.points = axes.points_to_maya(positions)
    m.connects = corners
    face_total = len(corners) // 3
    m.counts = array("i", [3]) * face_total
    m.fv_faces = array("i", itertools.chain.from_iterable(
        zip(*(range(face_total),) * 3)))

    first = 0
    parts = {}
    for material, part, idx in kept:
        n = len(idx) // 3
        if n:
            if m.material_faces and m.material_faces[-1][0] == material and \
                    m.material_faces[-1][1] + m.material_faces[-1][2] == first:
                mat, start, count = m.material_faces[-1]
                m.material_faces[-1] = (mat, start, count + n)
            else:
                m.material_faces.append((material, first, n))
        if part is not None:
            start, count = parts.get(part, (first, 0))
            parts[part] = (start, count + n)
        first += n
    m.parts = parts  # replaced by the caller with names and tags

    for slot, key in enumerate(("uv0", "uv1")):
        uv = vertex_attr(key)
        if uv is not None:
            u, v = flat.split(uv, 2)
            m.uv_sets.append((UV_SETS[slot], u, flat.one_minus(v)))
    normals = vertex_attr("normals")
    if normals is not None:
        m.normals = flat.take_elements(axes.vectors_to_maya(normals), 3, corners)
    colors = vertex_attr("colors")
    if colors is not None:
        m.colors = flat.take_elements(colors, 4, corners)
    morph = vertex_attr("morph")
    if morph is not None and any(morph):
        target = array("f", map(operator.add, positions, morph))
        m.morph_points = axes.points_to_maya(target)
    return m


class NodePlan:
    """One Maya transform: name (Maya-safe), the scene node it stands for (None
    for a merged mesh), parent (index into ScenePlan.nodes, or None: the
    group), translation (Maya axes and units), tags, mesh (MeshData or None)."""

    def __init__(self, name, node, parent, translation, tags, mesh):
        self.name = name
        self.node = node
        self.parent = parent
        self.translation = translation
        self.tags = tags
        self.mesh = mesh


def plan_nodes(scene, axes, merge=False, name=None):
    """The transforms and meshes an import makes, parents before children."""
    with_mesh = [n for n in scene.nodes if n.mesh is not None]
    if merge:
        g = _Gather()
        for k, node in enumerate(with_mesh):
            for prim in scene.meshes[node.mesh].primitives:
                g.add(prim, prim.material, k, scene.world_translation(node.index))
        if not g.faces:
            return []
        mesh = _finish(g, axes)
        mesh.parts = [{"name": with_mesh[k].name, "tags": with_mesh[k].tags,
                       "faces": [start, count]}
                      for k, (start, count) in sorted(mesh.parts.items())]
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
            g = _Gather()
            for prim in scene.meshes[node.mesh].primitives:
                g.add(prim, prim.material, None)
            mesh = _finish(g, axes) if g.faces else None
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

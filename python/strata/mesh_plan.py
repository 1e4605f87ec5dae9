"""Scene primitives -> the arrays of one host mesh, for any host: the Blender
add-on and the Maya plug-in both plan their meshes here and keep only their own
API calls.

A MeshPlan gathers the primitives of one mesh-to-be (a scene mesh, or every
node's mesh of a merged import); finish() returns a PlannedMesh, in which
- a primitive whose vertex arrays equal the previous one's (Atlas skirts: a
  second primitive over the chunk's vertices) shares its vertices, so skirt
  walls stay joined to the chunk's edge;
- degenerate triangles (a repeated corner, which Blender and Maya reject) are
  left out and counted;
- vertices no triangle uses (Atlas skirt vertices without skirts) are left out;
- every face keeps its material slot and its part (the node it came from, when
  merged), with the face range of each.

Arrays are numpy arrays when numpy is importable (positions (n, 3) float32,
triangles (t, 3) uint32), flat array.array otherwise (array('f') of n * 3
scalars, array('I') of t * 3), as elsewhere in the package. Values stay in the
scene's axes and units: the host flips texture V, swaps axes and scales.
Nothing here loops over vertices in Python.
"""
import itertools
import operator
from array import array

from . import _arrays

_np = _arrays._np

# The per-vertex arrays of a vertex block, in this order: components, and the
# value of a vertex whose primitive lacks an attribute that another has.
_NAMES = ("positions", "normals", "uv0", "uv1", "colors", "morph")
_WIDTHS = (3, 3, 2, 2, 4, 3)
_FILLS = ((0.0, 0.0, 0.0), (0.0, 0.0, 1.0), (0.0, 0.0), (0.0, 0.0), (1.0, 1.0, 1.0, 1.0),
          (0.0, 0.0, 0.0))
_ATTRIBUTE_WIDTHS = _WIDTHS[1:]


def drawn_primitives(mesh):
    """The primitives of a scene Mesh that make faces (three indices or more
    and some vertices)."""
    return [p for p in mesh.primitives if p.index_count >= 3 and p.vertex_count]


class PlannedMesh:
    """What MeshPlan.finish() returns.

    positions, normals, uv0, uv1, colors, morph (position deltas of the first
    morph target): per vertex, None when no primitive has the attribute;
    triangles: 3 vertex indices per face; face_material and face_part (int32):
    per face, its material slot and its part; materials: the material of each
    slot (what add() was given: a scene material index or None); vertex_count,
    face_count; degenerate: how many triangles were left out."""

    def __init__(self, arrays, triangles, face_material, face_part, materials, degenerate,
                 primitives):
        self.positions, self.normals, self.uv0, self.uv1, self.colors, self.morph = arrays
        self.triangles = triangles
        self.face_material = face_material
        self.face_part = face_part
        self.materials = materials
        self.degenerate = degenerate
        self.vertex_count = len(self.positions) // (1 if _np is not None else 3)
        self.face_count = len(face_material)
        self._primitives = primitives  # per primitive added: (slot, part, faces kept)

    @property
    def material_ranges(self):
        """[(slot, first face, face count)]: consecutive faces of one slot in
        one range."""
        out, first = [], 0
        for slot, _, n in self._primitives:
            if n and out and out[-1][0] == slot:
                out[-1] = (slot, out[-1][1], out[-1][2] + n)
            elif n:
                out.append((slot, first, n))
            first += n
        return out

    @property
    def part_ranges(self):
        """[(part, first face, face count)] in the order the parts were added
        (a part whose triangles were all degenerate: count 0)."""
        parts, first = {}, 0
        for _, part, n in self._primitives:
            start, count = parts.get(part, (first, 0))
            parts[part] = (start, count + n)
            first += n
        return [(part, start, count) for part, (start, count) in parts.items()]

    def __repr__(self):
        return "PlannedMesh(%d vertices, %d faces, %d materials)" % (
            self.vertex_count, self.face_count, len(self.materials))


class MeshPlan:
    """The primitives of one mesh-to-be, in the order they are added."""

    def __init__(self):
        self.materials = []  # the material of each slot, in order of first use
        self._slots = {}
        self._blocks = []    # per vertex block: its arrays in _NAMES order (or None)
        self._counts = []    # vertices per block
        self._vertex_total = 0
        self._faces = []     # per primitive: (slot, part, triangles)

    @property
    def primitive_count(self):
        return len(self._faces)

    def add_mesh(self, mesh, part=0, offset=None):
        """Adds every primitive of a scene Mesh that makes faces, with its scene
        material and its first morph target's positions as the morph; `offset`
        (x, y, z) is added to the positions (a merged node's world
        translation)."""
        for prim in drawn_primitives(mesh):
            self.add(prim.positions, prim.indices, prim.material, part, normals=prim.normals,
                     uv0=prim.uv0, uv1=prim.uv1, colors=prim.colors,
                     morph=prim.morph_targets[0].positions if prim.morph_targets else None,
                     offset=offset)

    def add_node(self, scene, node, part):
        """Adds the mesh of `node` (a scene Node with one) as part `part`, at
        the node's world translation: one node of a merged import."""
        self.add_mesh(scene.meshes[node.mesh], part=part,
                      offset=scene.world_translation(node.index))

    def add(self, positions, indices, material=None, part=0, normals=None, uv0=None, uv1=None,
            colors=None, morph=None, offset=None):
        """Adds one primitive: per-vertex arrays (numpy, array.array or
        sequences; flat or one row per vertex), `indices` 3 per triangle (a
        last incomplete triangle is ignored), each below the vertex count.
        `material` is any hashable key (a slot per distinct key), `part` an
        int."""
        block = _block(positions, (normals, uv0, uv1, colors, morph), offset)
        n = len(block[0]) // (1 if _np is not None else 3)
        if not (self._blocks and self._counts[-1] == n
                and all(map(_same, self._blocks[-1], block))):
            self._blocks.append(block)
            self._counts.append(n)
            self._vertex_total += n
        slot = self._slots.get(material)
        if slot is None:
            slot = self._slots[material] = len(self.materials)
            self.materials.append(material)
        self._faces.append((slot, part, _triangles(indices, self._vertex_total - n)))

    def finish(self):
        """The PlannedMesh of every primitive added. Its arrays may be views of
        the primitives' own: read only."""
        return _finish_numpy(self) if _np is not None else _finish_flat(self)


def subset(triangles, positions, uvs=None):
    """The vertices `triangles` (vertex indices, 3 per triangle) use, renumbered
    from 0 in index order: (positions, uvs or None, indices: one per corner,
    uint32). Positions and UVs keep their scalar type (an exporter's float64
    world positions stay float64)."""
    if _np is not None:
        used, inverse = _np.unique(_np.asarray(triangles).ravel(), return_inverse=True)
        pos = _np.asarray(positions).reshape(-1, 3)[used]
        uv = _np.asarray(uvs).reshape(-1, 2)[used] if uvs is not None else None
        return pos, uv, inverse.astype(_np.uint32)
    corners = array("I", triangles)
    used = sorted(set(corners))
    table = dict(zip(used, range(len(used))))
    idx = array("I", map(table.__getitem__, corners))
    uv = _take(_flat(uvs), 2, used) if uvs is not None else None
    return _take(_flat(positions), 3, used), uv, idx


# ---- a primitive's arrays in either form

def _block(positions, attributes, offset):
    """The vertex arrays of one primitive as float32 rows (numpy) or flat
    array('f')s, `offset` added to the positions as numpy adds float32 (the
    offset rounded to float32 first)."""
    if _np is not None:
        f32, asarray = _np.float32, _np.asarray
        pos = asarray(positions, f32).reshape(-1, 3)
        if offset is not None and any(offset):
            pos = pos + asarray(offset, f32)
        block = [pos]
        for a, width in zip(attributes, _ATTRIBUTE_WIDTHS):
            block.append(None if a is None else asarray(a, f32).reshape(-1, width))
        return block
    pos = _arrays.contiguous(positions, _arrays.FLOAT32, 3)[0]
    if offset is not None and any(offset):
        # A float32 sum computed in double rounds to numpy's float32 sum.
        pos = array("f", map(operator.add, pos, itertools.cycle(array("f", offset))))
    return [pos] + [None if a is None else _arrays.contiguous(a, _arrays.FLOAT32, w)[0]
                    for a, w in zip(attributes, _ATTRIBUTE_WIDTHS)]


def _same(a, b):
    if a is None or b is None:
        return a is None and b is None
    if _np is None:
        return a == b
    return a.shape == b.shape and _np.array_equal(a, b)


def _triangles(indices, base):
    """Whole triangles of `indices`, `base` added: (t, 3) in the indices' own
    integer type when base is 0 (no copy), or a flat array('I')."""
    if _np is not None:
        tris = _np.asarray(indices).reshape(-1)
        if len(tris) % 3:
            tris = tris[:len(tris) - len(tris) % 3]
        tris = tris.reshape(-1, 3)
        return tris.astype(_np.int64) + base if base else tris
    tris = _arrays.contiguous(indices, _arrays.UINT32)[0]
    if len(tris) % 3:
        tris = tris[:len(tris) - len(tris) % 3]
    return array("I", map(operator.add, tris, itertools.repeat(base))) if base else tris


def _flat(values):
    """A flat array.array of `values` (its own when it is one)."""
    if isinstance(values, array):
        return values
    return array("d", values.tolist() if hasattr(values, "tolist") else values)


def _take(values, width, indices):
    """The elements (`width` scalars each) of a flat array at `indices`, flat."""
    out = array(values.typecode, bytes(values.itemsize * width * len(indices)))
    for c in range(width):
        out[c::width] = array(values.typecode, map(values[c::width].__getitem__, indices))
    return out


# ---- numpy

def _join(parts, dtype=None):
    """The parts end to end: the one part itself when there is one (no copy);
    none: an empty (0, 3) array of `dtype`."""
    if len(parts) == 1:
        return parts[0]
    return _np.concatenate(parts) if parts else _np.zeros((0, 3), dtype)


def _stack_numpy(parts, counts, fill):
    """One array of every block's attribute; a block without it gets `fill`;
    None when no block has it."""
    if len(parts) == 1 and parts[0] is not None and len(parts[0]) == counts[0]:
        return parts[0]
    if all(p is None or len(p) == 0 for p in parts):
        return None
    fill = _np.asarray(fill, dtype=_np.float32)
    return _join([p if p is not None and len(p) == n else _np.tile(fill, (n, 1))
                  for p, n in zip(parts, counts)])


def _finish_numpy(plan):
    np = _np
    slots, parts, triangles = zip(*plan._faces) if plan._faces else ((), (), ())
    face_counts = [len(t) for t in triangles]
    tris = _join(triangles, np.int64)
    mat = np.asarray(slots, dtype=np.int32).repeat(face_counts)
    part = np.asarray(parts, dtype=np.int32).repeat(face_counts)
    ok = (tris[:, 0] != tris[:, 1]) & (tris[:, 1] != tris[:, 2]) & (tris[:, 0] != tris[:, 2])
    degenerate = 0 if ok.all() else int(len(tris) - np.count_nonzero(ok))
    kept = face_counts
    if degenerate:
        primitive = np.repeat(np.arange(len(slots)), face_counts)
        kept = np.bincount(primitive[ok], minlength=len(slots)).tolist()
        tris, mat, part = tris[ok], mat[ok], part[ok]
    columns = list(zip(*plan._blocks)) or [()] * len(_NAMES)
    pos = _join(columns[0], np.float32)
    used = np.zeros(len(pos), dtype=bool)
    used[tris.ravel()] = True
    vertex_count = int(np.count_nonzero(used))
    # The used vertices usually come first (Atlas: the skirt vertices follow
    # the grid): then dropping the rest is a slice, indices unchanged.
    in_front = bool(used[:vertex_count].all())
    arrays = [pos] + [_stack_numpy(c, plan._counts, fill)
                      for c, fill in zip(columns[1:], _FILLS[1:])]
    for i, a in enumerate(arrays):  # in place: each whole array is freed before the next copy
        if a is not None:
            arrays[i] = a[:vertex_count] if in_front else a[used]
    if not in_front:
        tris = (np.cumsum(used) - 1)[tris]
    # uint32: Blender's RNA copies unsigned indices in bulk only from uint32.
    return PlannedMesh(arrays, tris.astype(np.uint32, copy=False), mat, part,
                       list(plan.materials), degenerate, list(zip(slots, parts, kept)))


# ---- flat arrays (no numpy)

def _without_degenerate(idx):
    """(idx without triangles that repeat a corner, how many those were)."""
    a, b, c = idx[0::3], idx[1::3], idx[2::3]
    keep = list(map(operator.and_, map(operator.and_, map(operator.ne, a, b),
                                       map(operator.ne, b, c)), map(operator.ne, a, c)))
    if all(keep):
        return idx, 0
    kept = itertools.compress(zip(a, b, c), keep)
    return array("I", itertools.chain.from_iterable(kept)), keep.count(False)


def _stack_flat(parts, counts, width, fill):
    """_stack_numpy for flat arrays."""
    if all(p is None or len(p) == 0 for p in parts):
        return None
    out = array("f")
    for p, n in zip(parts, counts):
        out.extend(p if p is not None and len(p) == n * width else array("f", fill) * n)
    return out


def _finish_flat(plan):
    corners, mat, part = array("I"), array("i"), array("i")
    degenerate, primitives = 0, []
    for slot, p, idx in plan._faces:
        idx, dropped = _without_degenerate(idx)
        degenerate += dropped
        n = len(idx) // 3
        primitives.append((slot, p, n))
        corners.extend(idx)
        mat.extend(array("i", [slot]) * n)
        part.extend(array("i", [p]) * n)
    used = sorted(set(corners))
    vertex_count = len(used)
    in_front = not used or used[-1] == vertex_count - 1  # then `used` is 0, 1, 2, ...
    if not in_front:
        table = dict(zip(used, range(vertex_count)))
        corners = array("I", map(table.__getitem__, corners))
    columns = list(zip(*plan._blocks)) or [()] * len(_NAMES)
    arrays = []
    for c, width, fill in zip(columns, _WIDTHS, _FILLS):
        values = _stack_flat(c, plan._counts, width, fill)
        if values is not None:
            values = values[:vertex_count * width] if in_front else _take(values, width, used)
        arrays.append(values)
    if arrays[0] is None:
        arrays[0] = array("f")
    return PlannedMesh(arrays, corners, mat, part, list(plan.materials), degenerate, primitives)

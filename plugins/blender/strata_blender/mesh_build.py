"""numpy arrays -> Blender mesh, in bulk (foreach_set), never vertex by vertex.

The arrays are in the scene's axes, Z up like Blender, so nothing is flipped
but texture V: glTF-style v = 0 is the top row, Blender's v = 0 the bottom.
"""
import bpy
import numpy as np


def _same(a, b):
    if a is None or b is None:
        return a is None and b is None
    return a.shape == b.shape and np.array_equal(a, b)


def _join(parts, empty):
    """The parts end to end: the one part itself when there is one (no copy)."""
    if not parts:
        return empty
    return parts[0] if len(parts) == 1 else np.concatenate(parts)


class MeshArrays:
    """One Blender mesh's worth of data gathered from one or more primitives."""

    def __init__(self):
        self.positions = []   # (n, 3) float32 per part
        self.normals = []     # (n, 3) or None
        self.uv0 = []
        self.uv1 = []
        self.colors = []
        self.morph = []       # (n, 3) position deltas or None
        self.triangles = []   # (t, 3) indices into this mesh's vertices
        self.face_material = []  # material slot per added primitive
        self.face_part = []      # chunk/node each added primitive came from
        self.face_count = []     # triangles per added primitive
        self.vertex_count = 0

    def add(self, positions, triangles, material_slot, part, normals=None, uv0=None, uv1=None,
            colors=None, morph=None):
        """Adds one primitive. A primitive whose vertex arrays equal the
        previous one's (Atlas skirts: a second primitive over the same
        vertices) shares its vertices, so skirt walls stay joined to the edge."""
        n = len(positions)
        last = len(self.positions) - 1
        shared = (last >= 0 and len(self.positions[last]) == n
                  and np.array_equal(self.positions[last], positions)
                  and all(_same(a[last], b) for a, b in ((self.normals, normals),
                                                         (self.uv0, uv0), (self.uv1, uv1),
                                                         (self.colors, colors),
                                                         (self.morph, morph))))
        if not shared:
            self.positions.append(positions)
            self.normals.append(normals)
            self.uv0.append(uv0)
            self.uv1.append(uv1)
            self.colors.append(colors)
            self.morph.append(morph)
            self.vertex_count += n
        base = self.vertex_count - n
        self.triangles.append(triangles.astype(np.int64) + base if base else triangles)
        self.face_material.append(material_slot)
        self.face_part.append(part)
        self.face_count.append(len(triangles))

    @staticmethod
    def _stack(parts, counts, width, fill):
        """Concatenates optional per-part arrays; a part without one gets `fill`."""
        if len(parts) == 1 and parts[0] is not None and len(parts[0]) == counts[0]:
            return np.asarray(parts[0], dtype=np.float32).reshape(counts[0], width)
        if all(p is None or len(p) == 0 for p in parts):
            return None
        out = []
        for p, n in zip(parts, counts):
            if p is None or len(p) != n:
                out.append(np.tile(np.asarray(fill, dtype=np.float32), (n, 1)).reshape(n, width))
            else:
                out.append(np.asarray(p, dtype=np.float32).reshape(n, width))
        return _join(out, None)

    def finish(self):
        """Concatenated arrays with unused vertices dropped and degenerate
        triangles (a repeated corner, which Blender rejects) removed. Arrays
        may be views of the primitive's own: read only."""
        counts = [len(p) for p in self.positions]
        pos = np.asarray(_join(self.positions, np.zeros((0, 3), np.float32)), dtype=np.float32)
        tris = _join(self.triangles, np.zeros((0, 3), np.int64))
        mat = np.repeat(np.asarray(self.face_material, dtype=np.int32), self.face_count)
        part = np.repeat(np.asarray(self.face_part, dtype=np.int32), self.face_count)
        ok = (tris[:, 0] != tris[:, 1]) & (tris[:, 1] != tris[:, 2]) & (tris[:, 0] != tris[:, 2])
        degenerate = int(len(tris) - np.count_nonzero(ok))
        if degenerate:
            tris, mat, part = tris[ok], mat[ok], part[ok]
        used = np.zeros(len(pos), dtype=bool)
        used[tris.ravel()] = True
        kept = int(np.count_nonzero(used))
        # The used vertices usually come first (Atlas: the skirt vertices
        # follow the grid): then dropping the rest is a slice, indices unchanged.
        in_front = bool(used[:kept].all())
        arrays = {
            "positions": pos,
            "normals": self._stack(self.normals, counts, 3, (0, 0, 1)),
            "uv0": self._stack(self.uv0, counts, 2, (0, 0)),
            "uv1": self._stack(self.uv1, counts, 2, (0, 0)),
            "colors": self._stack(self.colors, counts, 4, (1, 1, 1, 1)),
            "morph": self._stack(self.morph, counts, 3, (0, 0, 0)),
        }
        for k in ("positions", "normals", "uv0", "uv1", "colors", "morph"):
            if arrays[k] is not None:
                arrays[k] = arrays[k][:kept] if in_front else arrays[k][used]
        if not in_front:
            tris = (np.cumsum(used) - 1)[tris]
        # Blender's RNA copies unsigned indices in bulk only from uint32 buffers.
        arrays["triangles"] = tris.astype(np.uint32, copy=False)
        arrays["face_material"] = mat
        arrays["face_part"] = part
        arrays["degenerate"] = degenerate
        return arrays


def _set_polygons(mesh, tri_count):
    # uint32: loop_start and loop_total are unsigned in RNA (see finish()).
    starts = np.arange(0, 3 * tri_count, 3, dtype=np.uint32)
    mesh.polygons.foreach_set("loop_start", starts)
    try:  # Blender < 4.0 needs the totals; 4.0+ derives them (read-only)
        mesh.polygons.foreach_set("loop_total", np.full(tri_count, 3, dtype=np.uint32))
    except (AttributeError, TypeError, RuntimeError):
        pass


def _loop_uvs(uv, loop_vertices):
    """Per-vertex UVs -> per-loop, V flipped into Blender's."""
    flipped = np.array(uv, dtype=np.float32)  # a copy: `uv` may be the scene's own
    flipped[:, 1] = 1.0 - flipped[:, 1]
    return flipped[loop_vertices].ravel()


def _set_normals(mesh, a):
    if a["normals"] is not None and len(a["positions"]):
        if hasattr(mesh, "use_auto_smooth"):  # Blender < 4.1
            mesh.use_auto_smooth = True
        # A nested list converts in C (tolist) and parses ~3x faster in RNA
        # than a numpy array, which RNA reads element by element.
        mesh.normals_split_custom_set_from_vertices(a["normals"].tolist())


_UV_LAYERS = (("UV0", "uv0"), ("UV1", "uv1"))


def build_mesh(name, a, part_attribute=None):
    """A bpy mesh from MeshArrays.finish() output."""
    mesh = bpy.data.meshes.new(name)
    pos, tris = a["positions"], a["triangles"]
    mesh.vertices.add(len(pos))
    mesh.vertices.foreach_set("co", pos.ravel())
    loops = tris.ravel()
    mesh.loops.add(len(loops))
    mesh.loops.foreach_set("vertex_index", loops)
    mesh.polygons.add(len(tris))
    _set_polygons(mesh, len(tris))
    if a["face_material"].any():  # Blender reads a mesh without the attribute as slot 0
        mesh.polygons.foreach_set("material_index", a["face_material"])
    mesh.polygons.foreach_set("use_smooth", np.ones(len(tris), dtype=bool))
    for layer, key in _UV_LAYERS:
        if a[key] is not None:
            mesh.uv_layers.new(name=layer).data.foreach_set("uv", _loop_uvs(a[key], loops))
    if a["uv0"] is not None:
        mesh.uv_layers.active_index = 0
    if a["colors"] is not None:
        col = mesh.color_attributes.new("Color", 'FLOAT_COLOR', 'POINT')
        col.data.foreach_set("color", a["colors"].ravel())
    if part_attribute:
        attr = mesh.attributes.new(part_attribute, 'INT', 'FACE')
        attr.data.foreach_set("value", a["face_part"])
    mesh.update(calc_edges=True)
    _set_normals(mesh, a)
    return mesh


def topology_key(a):
    """What two meshes built by build_mesh (without a part attribute) share
    when their keys are equal: everything but the per-vertex values."""
    return (len(a["positions"]), a["triangles"].tobytes(), a["face_material"].tobytes(),
            tuple(a[k] is not None for k in ("normals", "uv0", "uv1", "colors")))


def build_mesh_like(template, name, a):
    """What build_mesh(name, a) makes, as a copy of `template` (a mesh of the
    same topology_key) with a's positions, UVs, colours and normals: Blender
    copies the faces, loops, layers and the edges it computed in one call, a
    third of the work of building them again (Atlas: every chunk of a level
    is the same grid). The copy keeps `template`'s material slots."""
    mesh = template.copy()
    mesh.name = name
    mesh.vertices.foreach_set("co", a["positions"].ravel())
    loops = a["triangles"].ravel()
    for layer, key in _UV_LAYERS:
        if a[key] is not None:
            mesh.uv_layers[layer].data.foreach_set("uv", _loop_uvs(a[key], loops))
    if a["colors"] is not None:
        mesh.color_attributes["Color"].data.foreach_set("color", a["colors"].ravel())
    mesh.update()  # the normals Blender keeps are the template's until then
    _set_normals(mesh, a)
    return mesh


def add_morph(obj, morph, name="Morph"):
    """The morph target as a shape key at value 0 (positions + deltas)."""
    if morph is None or not np.any(morph):
        return None
    obj.shape_key_add(name="Basis", from_mix=False)
    key = obj.shape_key_add(name=name, from_mix=False)
    co = np.empty(len(obj.data.vertices) * 3, dtype=np.float32)
    obj.data.vertices.foreach_get("co", co)
    key.data.foreach_set("co", co + morph.astype(np.float32).ravel())
    key.value = 0.0
    return key

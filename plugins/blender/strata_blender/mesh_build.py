"""Planned meshes (strata.mesh_plan.PlannedMesh: numpy arrays) -> Blender
meshes, in bulk (foreach_set), never vertex by vertex.

The arrays are in the scene's axes, Z up like Blender, so nothing is flipped
but texture V: glTF-style v = 0 is the top row, Blender's v = 0 the bottom.
"""
import bpy
import numpy as np


def _set_polygons(mesh, tri_count):
    # uint32: RNA copies unsigned arrays (loop_start, loop_total) in bulk only from uint32.
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
    if a.normals is not None and a.vertex_count:
        if hasattr(mesh, "use_auto_smooth"):  # Blender < 4.1
            mesh.use_auto_smooth = True
        # A nested list converts in C (tolist) and RNA parses it in bulk;
        # a numpy array it reads element by element (docs/performance.md).
        mesh.normals_split_custom_set_from_vertices(a.normals.tolist())


_UV_LAYERS = (("UV0", "uv0"), ("UV1", "uv1"))


def build_mesh(name, a, part_attribute=None):
    """A bpy mesh of a PlannedMesh."""
    mesh = bpy.data.meshes.new(name)
    pos, tris = a.positions, a.triangles
    mesh.vertices.add(len(pos))
    mesh.vertices.foreach_set("co", pos.ravel())
    loops = tris.ravel()
    mesh.loops.add(len(loops))
    mesh.loops.foreach_set("vertex_index", loops)
    mesh.polygons.add(len(tris))
    _set_polygons(mesh, len(tris))
    if a.face_material.any():  # Blender reads a mesh without the attribute as slot 0
        mesh.polygons.foreach_set("material_index", a.face_material)
    mesh.polygons.foreach_set("use_smooth", np.ones(len(tris), dtype=bool))
    for layer, key in _UV_LAYERS:
        uv = getattr(a, key)
        if uv is not None:
            mesh.uv_layers.new(name=layer).data.foreach_set("uv", _loop_uvs(uv, loops))
    if a.uv0 is not None:
        mesh.uv_layers.active_index = 0
    if a.colors is not None:
        col = mesh.color_attributes.new("Color", 'FLOAT_COLOR', 'POINT')
        col.data.foreach_set("color", a.colors.ravel())
    if part_attribute:
        attr = mesh.attributes.new(part_attribute, 'INT', 'FACE')
        attr.data.foreach_set("value", a.face_part)
    mesh.update(calc_edges=True)
    _set_normals(mesh, a)
    return mesh


def topology_key(a):
    """What two meshes built by build_mesh (without a part attribute) share
    when their keys are equal: everything but the per-vertex values."""
    return (a.vertex_count, a.triangles.tobytes(), a.face_material.tobytes(),
            tuple(getattr(a, k) is not None for k in ("normals", "uv0", "uv1", "colors")))


def build_mesh_like(template, name, a):
    """What build_mesh(name, a) makes, as a copy of `template` (a mesh of the
    same topology_key) with a's positions, UVs, colours and normals: Blender
    copies the faces, loops, layers and the edges it computed in one call, a
    third of the work of building them again (Atlas: every chunk of a level
    is the same grid). The copy keeps `template`'s material slots."""
    mesh = template.copy()
    mesh.name = name
    mesh.vertices.foreach_set("co", a.positions.ravel())
    loops = a.triangles.ravel()
    for layer, key in _UV_LAYERS:
        uv = getattr(a, key)
        if uv is not None:
            mesh.uv_layers[layer].data.foreach_set("uv", _loop_uvs(uv, loops))
    if a.colors is not None:
        mesh.color_attributes["Color"].data.foreach_set("color", a.colors.ravel())
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

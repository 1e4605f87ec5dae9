"""Blender objects that came from an .atlas -> a new .atlas written onto the
base file (strata_atlas_edit_* of the C ABI), in bulk numpy copies.

Chunks are found by the custom properties the importer set: `strata`
{"level", "x", "y"} on per-chunk objects, or, on a merged object, the
`strata_part` face attribute indexing the `strata_parts` JSON list. Modifiers
are applied and the object transform is baked in; coordinates are Blender's,
Z up like the scene, so nothing is flipped but texture V.
"""
import json

import bpy
import numpy as np

from . import importer
from . import strata


def atlas_objects(context, selection_only):
    pool = context.selected_objects if selection_only else context.scene.objects
    return [o for o in pool if o.type == 'MESH' and o.get("strata_format") == "atlas"
            and ("strata" in o or "strata_parts" in o)]


def _chunk_tags(tags):
    return int(tags["level"]), int(tags["x"]), int(tags["y"])


def _mesh_arrays(obj, depsgraph):
    """World positions, triangle corners, triangle polygon index and per-vertex
    global UVs (V back to glTF's top-left origin) of the evaluated mesh."""
    ev = obj.evaluated_get(depsgraph)
    me = ev.to_mesh()
    try:
        me.calc_loop_triangles()
        co = np.empty(len(me.vertices) * 3, dtype=np.float64)
        me.vertices.foreach_get("co", co)
        m = np.array(obj.matrix_world, dtype=np.float64)
        co = co.reshape(-1, 3) @ m[:3, :3].T + m[:3, 3]
        tris = np.empty(len(me.loop_triangles) * 3, dtype=np.int64)
        me.loop_triangles.foreach_get("vertices", tris)
        tri_poly = np.empty(len(me.loop_triangles), dtype=np.int64)
        me.loop_triangles.foreach_get("polygon_index", tri_poly)
        uv = None
        # UV1 holds the global coordinate when UV0 is a texture tile's (importer).
        layer = me.uv_layers.get("UV1") or me.uv_layers.get("UV0")
        if layer is not None:
            loop_uv = np.empty(len(me.loops) * 2, dtype=np.float64)
            layer.data.foreach_get("uv", loop_uv)
            vi = np.empty(len(me.loops), dtype=np.int64)
            me.loops.foreach_get("vertex_index", vi)
            uv = np.zeros((len(me.vertices), 2))
            uv[vi] = loop_uv.reshape(-1, 2)
            uv[:, 1] = 1.0 - uv[:, 1]
        part = None
        attr = me.attributes.get(importer.PART_ATTRIBUTE)
        if attr is not None and attr.domain == 'FACE':
            part = np.empty(len(me.polygons), dtype=np.int64)
            attr.data.foreach_get("value", part)
        return co, tris.reshape(-1, 3), tri_poly, uv, part
    finally:
        ev.to_mesh_clear()


def collect_chunks(context, objects):
    """[(level, x, y, name, positions, indices, uvs)] for every chunk."""
    depsgraph = context.evaluated_depsgraph_get()
    chunks = []
    for obj in objects:
        co, tris, tri_poly, uv, part = _mesh_arrays(obj, depsgraph)
        if "strata_parts" in obj:
            parts = json.loads(obj["strata_parts"])
            if part is None:
                raise strata.Error(-1, "%s: the %s face attribute is missing"
                                     % (obj.name, importer.PART_ATTRIBUTE))
            tri_part = part[tri_poly]
            for k, p in enumerate(parts):
                sel = tris[tri_part == k]
                if not len(sel):
                    continue
                pos, uvs, idx = strata.mesh_plan.subset(sel, co, uv)
                chunks.append(_chunk_tags(p["tags"]) + (p["name"], pos, idx, uvs))
        else:
            pos, uvs, idx = strata.mesh_plan.subset(tris, co, uv)
            chunks.append(_chunk_tags(obj["strata"]) + (obj.name, pos, idx, uvs))
    return chunks


def export_atlas(context, out_path, base_path, selection_only=False, rebuild_lods=False):
    """Writes `out_path`; returns libstrata's report (a dict)."""
    objects = atlas_objects(context, selection_only)
    if not objects:
        raise strata.Error(-1, "no objects imported from an .atlas to export")
    with strata.AtlasEdit() as edit:
        for level, x, y, name, pos, idx, uvs in collect_chunks(context, objects):
            edit.add_chunk(level, x, y, pos, idx, uvs=uvs, name=name)
        edit.write(base_path, out_path, rebuild_lods=rebuild_lods)
        return edit.report()


def default_base(context):
    """The strata_source every exportable object shares, or ""."""
    sources = {o["strata_source"] for o in atlas_objects(context, False) if "strata_source" in o}
    return sources.pop() if len(sources) == 1 else ""

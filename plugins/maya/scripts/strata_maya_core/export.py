"""Maya meshes imported from an .atlas -> the chunks of strata.export_atlas
(the rules and errors of `strata export-atlas`, design.md "Atlas write-back").

A mesh is read out by the translator as a MeshReadout: its attributes (set at
import: strataLevel, strataX, strataY, strataSource, strataFormat; a merged
mesh strataParts instead), its world points (internal units), triangles and
the UVs of its global texture coordinate set. Points go back to the source's
Z-up units. The unit scaling (x 100 for centimetres) does not invert exactly in
32-bit floats, but a point the artist did not move lands within a float step
or two of its base value, which the library counts as not moved (closer than a
millionth, atlas_edit_chunk.cpp `differs`): it keeps the base's value, so an
unedited round trip leaves every chunk alone.
"""
import collections
import json
from array import array

import strata

from . import flat
from .meshes import UV_SETS

CHUNK_ATTRIBUTES = ("strataLevel", "strataX", "strataY")


MeshReadout = collections.namedtuple(
    "MeshReadout", "name attrs points face_triangles triangles uvs", defaults=(None,))
MeshReadout.__doc__ = """name (the transform's full path), attrs ({attribute: value} of the
Strata attributes it has), points (flat world points, internal units),
face_triangles (triangles per face), triangles (flat vertex ids, 3 per triangle,
faces in order), uvs (flat u, v per vertex of the global set, V as Maya stores
it) or None."""


def uvs_per_vertex(vertex_count, face_vertices, uv_ids, u, v):
    """Per-vertex (u, v) from Maya's per-face-vertex assignment: face_vertices
    (MFnMesh.getVertices' vertex list) and uv_ids (getAssignedUVs' ids), in the
    same face-vertex order."""
    out = array("f", bytes(8 * vertex_count))
    for vertex, uv in zip(face_vertices, uv_ids):
        out[2 * vertex] = u[uv]
        out[2 * vertex + 1] = v[uv]
    return out


def global_uv_set(uv_set_names):
    """The set holding Atlas's global texture coordinate: map2 on textured
    terrain (map1 is the tile's), else map1 (the importer's layout)."""
    return UV_SETS[1] if UV_SETS[1] in uv_set_names else UV_SETS[0]


def _fail(text):
    raise strata.Error(-1, text)


def _source(readouts):
    sources = {r.attrs.get("strataSource") for r in readouts}
    if len(sources) != 1 or None in sources:
        _fail("the meshes come from several files (%s): export one terrain at a time"
              % ", ".join(sorted(str(s) for s in sources)))
    return sources.pop()


def _chunks_of(r):
    """[(level, x, y, name, triangles)] of one readout."""
    if all(a in r.attrs for a in CHUNK_ATTRIBUTES):
        return [(int(r.attrs["strataLevel"]), int(r.attrs["strataX"]), int(r.attrs["strataY"]),
                 r.name.split("|")[-1], r.triangles)]
    if "strataParts" not in r.attrs:
        _fail("%s: not a Strata terrain chunk (it has no strataLevel, strataX, strataY "
              "attributes); export only meshes imported from the .atlas" % r.name)
    parts = json.loads(r.attrs["strataParts"])
    faces = sum(p["faces"][1] for p in parts)
    if len(r.face_triangles) != faces:
        _fail("%s: %d faces, imported with %d: a merged import keeps its chunks by face "
              "order, so its faces may be moved but not added or removed (import per chunk "
              "to edit topology)" % (r.name, len(r.face_triangles), faces))
    first_triangle = array("i", [0])
    for n in r.face_triangles:
        first_triangle.append(first_triangle[-1] + n)
    out = []
    for p in parts:
        start, count = p["faces"]
        lo, hi = first_triangle[start], first_triangle[start + count]
        tags = p["tags"]
        out.append((int(tags["level"]), int(tags["x"]), int(tags["y"]), p["name"],
                    r.triangles[3 * lo:3 * hi]))
    return out


def collect_chunks(readouts, axes):
    """(base .atlas path, [chunk dicts for strata.export_atlas])."""
    if not readouts:
        _fail("nothing to export: no meshes (select terrain imported from an .atlas)")
    for r in readouts:
        fmt = r.attrs.get("strataFormat")
        if fmt is not None and fmt != "atlas":
            _fail("%s: imported from a %s file; only terrain imported from an .atlas can "
                  "be written back" % (r.name, fmt))
    per_mesh = [(r, _chunks_of(r)) for r in readouts]
    base = _source(readouts)
    chunks = []
    for r, pieces in per_mesh:
        points = flat.doubles(r.points)
        converted = axes.points_from_maya(points)
        uvs = None
        if r.uvs is not None:
            u, v = flat.split(flat.floats(r.uvs), 2)
            uvs = flat.interleave([u, flat.one_minus(v)], "f")
        for level, x, y, name, tris in pieces:
            if not len(tris):
                continue
            pos, uv, idx = strata.mesh_plan.subset(flat.ints(tris), converted, uvs)
            chunks.append({"level": level, "x": x, "y": y, "name": name, "positions": pos,
                           "indices": idx, "uvs": uv})
    return base, chunks


def export(readouts, axes, out_path, rebuild_lods=False):
    """Writes out_path from the base and the readouts; returns the library's
    report ({"edited", "unchanged", ...})."""
    base, chunks = collect_chunks(readouts, axes)
    return strata.export_atlas(base, out_path, chunks, rebuild_lods=rebuild_lods)

"""Edited terrain chunks written back onto the .atlas they came from
(strata.h "Atlas write-back", the rules of `strata export-atlas`)."""
import ctypes

from . import _arrays
from . import _native as n


class AtlasEdit(n.Handle):
    """add_chunk() each edited chunk, then write() onto the base file."""
    kind = "strata_atlas_edit"

    def add_chunk(self, level, x, y, positions, indices, normals=None, uvs=None, name=None):
        """Chunk L<level>_<x>_<y>: positions (n x 3, Z up, source units),
        indices (3 per triangle), normals (n x 3) or None (recomputed where
        needed), uvs (n x 2, the global texture coordinate, v = 0 at the top) or
        None. Any numpy array, array.array or sequence; copied by the library."""
        pos, pos_addr, count = _arrays.contiguous(positions, _arrays.FLOAT32, 3)
        idx, idx_addr, index_count = _arrays.contiguous(indices, _arrays.UINT32)
        c = n.ChunkEdit()
        c.level, c.x, c.y = level, x, y
        c.name = name.encode("utf-8") if name else None
        c.vertex_count = count
        c.positions = pos_addr
        c.index_count = index_count
        c.indices = idx_addr
        keep = [pos, idx]
        for values, field, components in ((normals, "normals", 3), (uvs, "uvs", 2)):
            if values is None:
                continue
            a, address, got = _arrays.contiguous(values, _arrays.FLOAT32, components)
            if got != count:
                raise ValueError("%s: %d %s for %d vertices" % (name or "chunk", got, field,
                                                                count))
            setattr(c, field, address)
            keep.append(a)
        self.check(self.L.strata_atlas_edit_add_chunk(self.h, ctypes.byref(c)))
        del keep

    def write(self, base_path, out_path, rebuild_lods=False):
        """Writes base_path with every added chunk applied to out_path (a v140
        Atlas, atomically; never over the base)."""
        o = n.ExportAtlasOptions()
        if rebuild_lods:
            o.flags |= n.EXPORT_REBUILD_LODS
        self.check(self.L.strata_atlas_edit_write(self.h, n.path_bytes(base_path),
                                                  n.path_bytes(out_path), ctypes.byref(o)))

    def report(self):
        """What the last write did: {"edited": [...], "unchanged": [...], ...}."""
        return self.json(self.L.strata_atlas_edit_report_json)


def export_atlas(base_path, out_path, chunks, rebuild_lods=False):
    """One call for a whole edit: `chunks` yields dicts with level, x, y,
    positions, indices and optionally normals, uvs, name. Returns the report."""
    with AtlasEdit() as edit:
        for c in chunks:
            edit.add_chunk(c["level"], c["x"], c["y"], c["positions"], c["indices"],
                           normals=c.get("normals"), uvs=c.get("uvs"), name=c.get("name"))
        edit.write(base_path, out_path, rebuild_lods=rebuild_lods)
        return edit.report()

"""Damaged copies of the samples, shared by the Python, Maya and Blender tests
(plain Python, no pytest: Blender's Python runs it too)."""
import os


def broken_tile_atlas(samples_dir, out_dir):
    """terrain-unique.atlas with eight bytes of its last PNG tile's IDAT data
    overwritten (the zlib stream no longer parses): tile L2_3_3 (stub 20, the
    last in §1's stub order), shown by chunk L2_0_3 (§4: stub X reflected).
    Its level-1 parent tile is flat (40 + 60, 20 + 29, 20 + 29). Returns the path."""
    with open(os.path.join(samples_dir, "terrain-unique.atlas"), "rb") as f:
        data = bytearray(f.read())
    idat = data.find(b"IDAT", data.rfind(b"\x89PNG"))
    data[idat + 4:idat + 12] = b"\xff" * 8
    path = os.path.join(str(out_dir), "broken-tile.atlas")
    with open(path, "wb") as f:
        f.write(bytes(data))
    return path

"""8-bit RGBA PNG files from decoded pixels (PNG specification, ISO/IEC 15948:
signature, IHDR colour type 6 bit depth 8, one IDAT of zlib data whose rows each
start with filter type 0, IEND). The DCC plugins write textures with it; the
standard library's zlib does the compression.
"""
import os
import struct
import zlib

from . import _arrays

_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _chunk(tag, data):
    return (struct.pack(">I", len(data)) + tag + data
            + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF))


def _filtered_rows(data, stride, rows):
    """The image data PNG compresses: each row led by its filter type byte (0)."""
    if _arrays.HAVE_NUMPY:
        import numpy as np
        raw = np.zeros((rows, stride + 1), dtype=np.uint8)
        raw[:, 1:] = np.frombuffer(data, dtype=np.uint8).reshape(rows, stride)
        return raw
    return b"".join(b"\x00" + data[r * stride:(r + 1) * stride] for r in range(rows))


def encode_rgba8(width, rows, pixels, level=6):
    """PNG bytes of `rows` rows of `width` RGBA8 pixels, first row at the top;
    `level` is zlib's (1: fastest, 9: smallest)."""
    data = pixels.tobytes() if hasattr(pixels, "tobytes") else bytes(pixels)
    stride = 4 * width
    if len(data) != stride * rows:
        raise ValueError("%d bytes are not %d x %d RGBA8 pixels" % (len(data), width, rows))
    ihdr = struct.pack(">IIBBBBB", width, rows, 8, 6, 0, 0, 0)
    idat = zlib.compress(_filtered_rows(data, stride, rows), level)
    return _SIGNATURE + _chunk(b"IHDR", ihdr) + _chunk(b"IDAT", idat) + _chunk(b"IEND", b"")


def write_rgba8(path, width, rows, pixels):
    """Writes the PNG atomically (a temporary file renamed over `path`)."""
    data = encode_rgba8(width, rows, pixels)
    tmp = "%s.%d.tmp" % (path, os.getpid())
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)

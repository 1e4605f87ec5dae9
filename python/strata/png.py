"""8-bit RGBA PNG files from decoded pixels (PNG specification, ISO/IEC 15948:
signature, IHDR colour type 6 bit depth 8, one IDAT of zlib data whose rows each
start with filter type 0, IEND). The DCC plugins write textures with it; the
standard library's zlib does the compression.
"""
import os
import struct
import zlib

_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _chunk(tag, data):
    return (struct.pack(">I", len(data)) + tag + data
            + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF))


def encode_rgba8(width, rows, pixels):
    """PNG bytes of `rows` rows of `width` RGBA8 pixels, first row at the top."""
    data = pixels.tobytes() if hasattr(pixels, "tobytes") else bytes(pixels)
    stride = 4 * width
    if len(data) != stride * rows:
        raise ValueError("%d bytes are not %d x %d RGBA8 pixels" % (len(data), width, rows))
    raw = b"".join(b"\x00" + data[r * stride:(r + 1) * stride] for r in range(rows))
    ihdr = struct.pack(">IIBBBBB", width, rows, 8, 6, 0, 0, 0)
    return (_SIGNATURE + _chunk(b"IHDR", ihdr) + _chunk(b"IDAT", zlib.compress(raw, 6))
            + _chunk(b"IEND", b""))


def write_rgba8(path, width, rows, pixels):
    """Writes the PNG atomically (a temporary file renamed over `path`)."""
    data = encode_rgba8(width, rows, pixels)
    tmp = "%s.%d.tmp" % (path, os.getpid())
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)

"""strata.png against the PNG specification's layout, decoded here with zlib."""
import struct
import zlib

import pytest

import strata
from strata.png import encode_rgba8
from strata_testenv import sample, tuples


def chunks(data):
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    out, at = [], 8
    while at < len(data):
        n, = struct.unpack_from(">I", data, at)
        tag, body = data[at + 4: at + 8], data[at + 8: at + 8 + n]
        crc, = struct.unpack_from(">I", data, at + 8 + n)
        assert crc == zlib.crc32(tag + body) & 0xFFFFFFFF
        out.append((tag, body))
        at += 12 + n
    return out


def test_rows_start_with_filter_0_and_hold_the_pixels():
    pixels = bytes(range(2 * 3 * 4))  # 2 wide, 3 rows
    (ihdr_tag, ihdr), (idat_tag, idat), (end, _) = chunks(encode_rgba8(2, 3, pixels))
    assert (ihdr_tag, idat_tag, end) == (b"IHDR", b"IDAT", b"IEND")
    assert struct.unpack(">IIBBBBB", ihdr) == (2, 3, 8, 6, 0, 0, 0)
    raw = zlib.decompress(idat)
    assert raw == b"".join(b"\0" + pixels[r * 8:(r + 1) * 8] for r in range(3))
    with pytest.raises(ValueError):
        encode_rgba8(2, 2, pixels)


@pytest.mark.parametrize("level", [1, 9])
def test_the_level_is_zlibs(level):
    pixels = bytes(range(4 * 5 * 4)) * 3  # 4 wide, 15 rows
    (_, _), (_, idat), (_, _) = chunks(encode_rgba8(4, 15, pixels, level=level))
    raw = b"".join(b"\0" + pixels[r * 16:(r + 1) * 16] for r in range(15))
    assert idat == zlib.compress(raw, level)


def test_an_image_written_as_png_holds_its_rgba8(tmp_path):
    with strata.load(sample("textures-v13.ytd")) as s:
        image = next(i for i in s.images if i.name == "ramp_a8r8g8b8")
        image.write_png(str(tmp_path / "ramp.png"))
        want = bytes(tuples(image.rgba8(), 1))
    parts = dict(chunks((tmp_path / "ramp.png").read_bytes()))
    raw = zlib.decompress(parts[b"IDAT"])
    stride = 16 * 4
    assert b"".join(raw[r * (stride + 1) + 1:(r + 1) * (stride + 1)] for r in range(16)) == want

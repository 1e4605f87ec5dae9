"""strata.encode_bc over the C ABI: sizes from the BC block layout (4x4 texels,
8 or 16 bytes a block; levels halved down to 1), a solid red BC1 block as the
Khronos Data Format Specification 1.3 §19.1 writes it, a DDS header's fields
(Microsoft DDS_HEADER), and the errors."""
import struct

import pytest

import strata
from strata_testenv import numpy_run


def gradient(width, height):
    return bytes(v for y in range(height) for x in range(width)
                 for v in ((20 * x) % 256, (40 * y) % 256, 90, 255))


def test_levels_and_their_blocks():
    tex = strata.encode_bc(gradient(10, 6), 10, 6, "bc7", mips=True)
    # 10x6, 5x3, 2x1, 1x1: 3x2, 2x1, 1 and 1 blocks of 16 bytes.
    assert tex.mip_count == 4 and len(tex.data) == 10 * 16
    assert [len(tex.level(m)) for m in range(4)] == [96, 32, 16, 16]
    assert tex.level_size(2) == (2, 1) and tex.dxgi_format == 98
    with pytest.raises(IndexError):
        tex.level(4)
    one = strata.encode_bc(gradient(10, 6), 10, 6, "bc1", quality="fast")
    assert one.mip_count == 1 and len(one.data) == 6 * 8


def test_solid_red_bc1_is_its_rgb565_endpoints():
    red = bytes((255, 0, 0, 255)) * 16
    tex = strata.encode_bc(red, 4, 4, "bc1")
    assert tex.data == bytes((0x00, 0xF8, 0x00, 0xF8, 0, 0, 0, 0))


def test_numpy_pixels():
    if not numpy_run():
        pytest.skip("the run without numpy")
    import numpy as np
    px = np.frombuffer(gradient(8, 8), dtype=np.uint8).reshape(8, 8, 4)
    assert strata.encode_bc(px, 8, 8, "bc5").data == strata.encode_bc(gradient(8, 8), 8, 8,
                                                                       "bc5").data


def test_dds_file():
    tex = strata.encode_bc(gradient(16, 8), 16, 8, "bc3_srgb", mips=True, dds=True,
                           alpha_coverage=128)
    assert tex.data[:4] == b"DDS "
    size, flags, height, width = struct.unpack_from("<IIII", tex.data, 4)
    mips, = struct.unpack_from("<I", tex.data, 28)
    assert (size, height, width, mips) == (124, 8, 16, 5)
    with pytest.raises(ValueError):
        tex.level(0)


def test_errors():
    with pytest.raises(ValueError):
        strata.encode_bc(b"\0" * 12, 2, 2)  # 12 bytes are not 2 x 2 texels
    with pytest.raises(ValueError):
        strata.encode_bc(gradient(4, 4), 4, 4, "bc6h")
    with pytest.raises(ValueError):
        strata.encode_bc(gradient(4, 4), 4, 4, "bc7", quality="slow")
    with pytest.raises(strata.Error) as e:
        strata.encode_bc(gradient(4, 4), 4, 4, 28)  # R8G8B8A8_UNORM: not a BC format
    assert e.value.status == 5 and "R8G8B8A8_UNORM" in str(e.value)

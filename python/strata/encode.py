"""RGBA8 pixels to BC1-BC5 / BC7 blocks with their mip chain (strata.h "BC
encoding"): what a plugin needs to put an edited texture back.

    import strata
    tex = strata.encode_bc(pixels, 512, 256, "bc7_srgb", mips=True)
    tex.data          # every level's blocks, largest first (or a .dds file: dds=True)
    tex.level(1)      # the blocks of level 1
"""
import ctypes

from . import _arrays
from . import _native as n

# Format names and their DXGI numbers (strata_image_info.dxgi_format).
FORMATS = {"bc1": 71, "bc1_srgb": 72, "bc2": 74, "bc2_srgb": 75, "bc3": 77, "bc3_srgb": 78,
           "bc4": 80, "bc4_snorm": 81, "bc5": 83, "bc5_snorm": 84, "bc7": 98, "bc7_srgb": 99}
_BLOCK_BYTES = {71: 8, 72: 8, 80: 8, 81: 8}  # the others: 16


class EncodedTexture:
    """`data` holds each level's blocks, largest first (or a whole .dds file
    when encoded with dds=True); `mip_count` levels of `width` x `height`
    halved (rounded down, at least 1), `dxgi_format` their format."""

    def __init__(self, data, width, height, dxgi_format, mip_count, dds):
        self.data, self.width, self.height = data, width, height
        self.dxgi_format, self.mip_count, self.dds = dxgi_format, mip_count, dds

    def level_size(self, mip):
        """Width and height of level `mip`."""
        return max(1, self.width >> mip), max(1, self.height >> mip)

    def level(self, mip):
        """The blocks of level `mip` (bare blocks only, not a .dds file)."""
        if self.dds:
            raise ValueError("a .dds file: read its levels with a DDS reader")
        if not 0 <= mip < self.mip_count:
            raise IndexError("level %d of %d" % (mip, self.mip_count))
        block = _BLOCK_BYTES.get(self.dxgi_format, 16)

        def size(m):
            w, h = self.level_size(m)
            return ((w + 3) // 4) * ((h + 3) // 4) * block
        start = sum(size(m) for m in range(mip))
        return self.data[start:start + size(mip)]


class Encoder(n.Handle):
    """One encoder handle; encode() as often as wanted."""
    kind = "strata_encoder"

    def encode(self, pixels, width, height, format="bc7", mips=False, quality="default",
               srgb=False, normal_map=False, alpha_coverage=None, bc1_opaque=False,
               ignore_alpha=False, dds=False):
        """`pixels`: width * height RGBA8 texels, first row at the top (a numpy
        array of any shape holding them, bytes, or a flat sequence). `format`:
        a name of FORMATS or a DXGI number. mips: the whole chain to 1x1;
        srgb: sRGB colour in a UNORM format (mips in linear light; implied by
        _srgb formats); normal_map: mips renormalised; alpha_coverage: a cutoff
        (1-255) whose coverage every level keeps; bc1_opaque: BC1 without
        transparent texels; ignore_alpha: alpha is never read (see strata.h);
        dds: a .dds file instead of bare blocks. Returns an EncodedTexture."""
        if isinstance(format, str) and format.lower() not in FORMATS:
            raise ValueError("format %r: one of %s" % (format, ", ".join(FORMATS)))
        dxgi = FORMATS[format.lower()] if isinstance(format, str) else int(format)
        if quality not in n.QUALITIES:
            raise ValueError("quality %r: one of %s" % (quality, ", ".join(n.QUALITIES)))
        if isinstance(pixels, (bytes, bytearray, memoryview)):
            pixels = bytearray(pixels)
        px, address, count = _arrays.contiguous(pixels, _arrays.UINT8)
        if count != width * height * 4:
            raise ValueError("%d bytes are not %d x %d RGBA8 texels" % (count, width, height))
        o = n.EncodeOptions()
        o.quality = n.QUALITIES[quality]
        for wanted, flag in ((mips, n.ENCODE_MIPS), (srgb, n.ENCODE_SRGB),
                             (normal_map, n.ENCODE_NORMAL_MAP),
                             (alpha_coverage is not None, n.ENCODE_ALPHA_COVERAGE),
                             (bc1_opaque, n.ENCODE_BC1_OPAQUE),
                             (ignore_alpha, n.ENCODE_IGNORE_ALPHA), (dds, n.ENCODE_DDS_FILE)):
            if wanted:
                o.flags |= flag
        if alpha_coverage is not None:
            o.alpha_cutoff = int(alpha_coverage)
        data, size, mip_count = ctypes.c_void_p(), ctypes.c_size_t(), ctypes.c_uint32()
        self.check(self.L.strata_encoder_encode_rgba8(
            self.h, address, width, height, dxgi, ctypes.byref(o), ctypes.byref(data),
            ctypes.byref(size), ctypes.byref(mip_count)))
        del px
        try:
            out = ctypes.string_at(data, size.value)
        finally:
            self.L.strata_free(data)
        return EncodedTexture(out, width, height, dxgi, mip_count.value, dds)


def encode_bc(pixels, width, height, format="bc7", **options):
    """One call: Encoder().encode(...) (see there)."""
    with Encoder() as e:
        return e.encode(pixels, width, height, format, **options)

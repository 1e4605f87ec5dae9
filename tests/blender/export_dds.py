"""Saves images with Image > Save as BC DDS (Strata) and reads the files back:
the header fields (Microsoft DDS_HEADER: mip count at byte 28, FourCC at 84;
DDS_HEADER_DXT10: dxgiFormat at 128), the size the BC block layout gives
every level, and the pixels through Blender's own DDS reader (which decodes
DXT5, the legacy name of BC3 UNORM) against the image's.

blender -b --factory-startup --python-exit-code 1 --python export_dds.py --
    --addon strata_blender.zip --samples DIR --cli strata --work DIR
"""
import os
import struct
import sys

import bpy
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import blender_support as bs  # noqa: E402

args, _, C = bs.start()
W, H = 64, 32
# 64x32, 32x16, 16x8, 8x4, 4x2, 2x1, 1x1: 128 + 32 + 8 + 2 + 1 + 1 + 1 blocks.
LEVELS, BLOCKS = 7, 173


def make_image(name, colorspace):
    """Ramps (red and blue along x, green along y) with a soft alpha edge, as a
    byte image."""
    img = bpy.data.images.new(name, W, H, alpha=True)
    img.colorspace_settings.name = colorspace
    y, x = np.mgrid[0:H, 0:W].astype(np.float32)
    px = np.stack([x / (W - 1), y / (H - 1), 0.5 + 0.25 * np.sin(x / 9.0),
                   np.clip((x - 20) / 24.0, 0, 1)], axis=-1)
    img.pixels.foreach_set(px.ravel())
    return img


def header(path):
    with open(path, "rb") as f:
        data = f.read()
    return data, struct.unpack_from("<I", data, 28)[0], data[84:88]


# BC3 of a data image: BC3 UNORM, a legacy DXT5 header, read back by Blender.
img = make_image("ramp", "Non-Color")
out = os.path.join(args["work"], "ramp.dds")
r = bpy.ops.image.strata_export_dds(filepath=out, image_name=img.name, format='BC3')
C.check(r == {'FINISHED'}, "BC3 export returned %s" % r)
data, mips, fourcc = header(out)
C.check(data[:4] == b"DDS " and fourcc == b"DXT5", "BC3 header: %r %r" % (data[:4], fourcc))
C.check(mips == LEVELS, "BC3 levels: %d" % mips)
C.check(len(data) == 128 + BLOCKS * 16, "BC3 size: %d" % len(data))
C.check(not os.path.exists(out + ".part"), "no temporary file left")
back = bpy.data.images.load(out)
C.check(tuple(back.size) == (W, H), "read back %r" % (tuple(back.size),))
if tuple(back.size) == (W, H):
    want = np.empty(W * H * 4, dtype=np.float32)
    got = np.empty(W * H * 4, dtype=np.float32)
    img.pixels.foreach_get(want)
    back.pixels.foreach_get(got)
    se = float(np.mean((np.round(want * 255) - np.round(got * 255)) ** 2))
    psnr = 99.0 if se == 0 else 10 * np.log10(255.0 ** 2 / se)
    # Measured 35.93 dB (RGBA, through Blender's decoder; Strata's own decoder
    # gives the same per-channel errors): red and blue ramp along x, green
    # along y, and BC3's colour line holds one direction of a block.
    C.check(psnr > 35.6, "BC3 read back by Blender: %.2f dB" % psnr)

# BC7 of an sRGB colour image: BC7_UNORM_SRGB (99) in a DX10 header.
img = make_image("colour", "sRGB")
out = os.path.join(args["work"], "colour.dds")
r = bpy.ops.image.strata_export_dds(filepath=out, image_name=img.name, format='BC7')
C.check(r == {'FINISHED'}, "BC7 export returned %s" % r)
data, mips, fourcc = header(out)
C.check(fourcc == b"DX10" and struct.unpack_from("<I", data, 128)[0] == 99,
        "BC7 sRGB header: %r %r" % (fourcc, data[128:132]))
C.check(mips == LEVELS and len(data) == 148 + BLOCKS * 16, "BC7 %d levels, %d bytes"
        % (mips, len(data)))

# One level only, BC1: 16x8 blocks of 8 bytes.
r = bpy.ops.image.strata_export_dds(filepath=out, image_name=img.name, format='BC1',
                                    mips=False)
data, mips, fourcc = header(out)
C.check(mips == 1 and len(data) == 148 + 128 * 8, "BC1 one level: %d, %d bytes"
        % (mips, len(data)))

# No such image: an error, nothing written.
missing = os.path.join(args["work"], "missing.dds")
try:
    r = bpy.ops.image.strata_export_dds(filepath=missing, image_name="nope")
    C.check(r == {'CANCELLED'}, "missing image returned %s" % r)
except RuntimeError as e:
    C.check("no image" in str(e), "missing image: %s" % e)
C.check(not os.path.exists(missing), "nothing written for a missing image")

C.finish("export_dds")

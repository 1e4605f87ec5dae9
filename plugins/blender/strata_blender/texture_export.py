"""A Blender image as a .dds file of BC blocks (strata.encode_bc): what goes
back into a texture dictionary after an edit in Blender."""
import os

import numpy as np

from . import strata

# (operator value, label, strata format for colour, for data; description)
FORMATS = (
    ('BC7', "BC7", "bc7_srgb", "bc7", "Colour with or without alpha, best quality (8 bpp)"),
    ('BC1', "BC1 (DXT1)", "bc1_srgb", "bc1", "Colour, 1-bit alpha (4 bpp)"),
    ('BC3', "BC3 (DXT5)", "bc3_srgb", "bc3", "Colour with alpha (8 bpp)"),
    ('BC4', "BC4", "bc4", "bc4", "One channel: red (4 bpp)"),
    ('BC5', "BC5", "bc5", "bc5", "Two channels: red and green, normal maps (8 bpp)"),
)


def is_srgb(image):
    """Whether the image holds sRGB colour (its colour space), not data."""
    return image.colorspace_settings.name == 'sRGB'


def rgba8(image, srgb):
    """The image's pixels as RGBA8, first row at the top. Blender keeps rows
    bottom first, as floats: a byte image's stored values / 255, a float
    image's linear values (encoded with the sRGB curve when `srgb`)."""
    width, height = image.size
    px = np.empty(width * height * 4, dtype=np.float32)
    image.pixels.foreach_get(px)
    px = np.clip(px.reshape(height, width, 4)[::-1], 0.0, 1.0)
    if image.is_float and srgb:
        rgb = px[..., :3]
        px[..., :3] = np.where(rgb <= 0.0031308, rgb * 12.92,
                               1.055 * np.power(rgb, 1 / 2.4) - 0.055)
    return np.ascontiguousarray(np.floor(px * 255.0 + 0.5).astype(np.uint8))


def format_name(choice, image):
    """The strata format name for an operator choice: the _srgb one for a
    colour format on an sRGB image."""
    for value, _, colour, data, _ in FORMATS:
        if value == choice:
            return colour if is_srgb(image) else data
    raise ValueError("unknown format %r" % choice)


def export_dds(image, path, choice='BC7', mips=True, quality='default', normal_map=False,
               alpha_cutoff=None):
    """Writes `image` to `path` as a .dds of `choice` blocks; returns the
    EncodedTexture (its mip_count and format)."""
    width, height = image.size
    if width == 0 or height == 0:
        raise ValueError("%s has no pixels (is its file missing?)" % image.name)
    fmt = format_name(choice, image)
    tex = strata.encode_bc(rgba8(image, fmt.endswith("_srgb")), width, height, fmt, mips=mips,
                           quality=quality, srgb=is_srgb(image) and not normal_map,
                           normal_map=normal_map, alpha_coverage=alpha_cutoff, dds=True)
    # Written beside the target and moved over it: never half a file.
    tmp = path + ".part"
    with open(tmp, "wb") as f:
        f.write(tex.data)
    os.replace(tmp, path)
    return tex

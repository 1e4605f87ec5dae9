"""Maya file textures of an imported GTA V texture gallery -> strata.ytd.replace
(the rules of `strata ytd replace --changed-only --add`, docs/ytd-write.md).

A gallery import writes each texture as a PNG that a `file` node reads and
tags that node with the texture's name (strataTexture) and the source file
(strataSource). An artist edits the PNGs (or points a node at another image),
or gives a gallery quad a new shading network with a file node of its own.
The translator reads back every file node the gallery's shading shows as a
TextureReadout; each goes to the library under its texture's name, and the
library writes only those whose pixels differ from the texture's (every other
texture keeps its bytes). A file node that came from no texture adds one,
named after its image's file stem in lower case (a .ytd only: the library
refuses to add to a drawable's dictionaries, saying so).
"""
import os

import strata

GALLERY_FORMATS = ("ytd", "drawable")


class TextureReadout:
    """node (the file node's name), path (its fileTextureName), texture (its
    strataTexture, or None for a node the artist added), source (the
    strataSource of the gallery object showing it)."""

    def __init__(self, node, path, texture, source):
        self.node = node
        self.path = path
        self.texture = texture
        self.source = source


def _fail(text):
    raise strata.Error(-1, text)


def texture_name(readout):
    """The texture a file node stands for: the one it was imported from, or
    its image's file stem, lower-cased as the game hashes names."""
    if readout.texture:
        return readout.texture
    return os.path.splitext(os.path.basename(readout.path))[0].lower()


def collect(readouts):
    """(source file, {texture name: image path}) of the readouts; an error
    when they come from no gallery or from several files, when a node reads no
    image, or when two nodes give one texture different images."""
    if not readouts:
        _fail("nothing to export: no file textures on objects imported from a .ytd, .ydr, "
              ".ydd or .yft (select a gallery, or import one)")
    sources = {r.source for r in readouts}
    if len(sources) != 1:
        _fail("the textures come from several files (%s): export one dictionary at a time"
              % ", ".join(sorted(str(s) for s in sources)))
    images, nodes = {}, {}
    for r in readouts:
        if not r.path:
            _fail("file node %s reads no image (its fileTextureName is empty)" % r.node)
        name = texture_name(r)
        if name in images and os.path.normpath(images[name]) != os.path.normpath(r.path):
            _fail("texture '%s' has two images: %s (%s) and %s (%s)"
                  % (name, images[name], nodes[name], r.path, r.node))
        images[name], nodes[name] = r.path, r.node
    return sources.pop(), images


def export(readouts, out_path, quality="default"):
    """Writes out_path: the source with every edited or added image written
    back, encoded at `quality` (strata.ytd). Returns the library's report
    ({"textures": [...], "identical", ...})."""
    source, images = collect(readouts)
    if os.path.exists(out_path) and os.path.samefile(out_path, source):
        _fail("%s is the source file; export to a new file" % out_path)
    return strata.ytd.replace(source, out_path, images=sorted(images.items()),
                              changed_only=True, add_new=True, quality=quality)

"""GTA V texture dictionaries written back (strata.h "texture dictionaries
written back"; the rules of `strata ytd`, docs/ytd-write.md): textures of a
.ytd or of the dictionaries a .ydr/.ydd/.yft embeds replaced by images, new
dictionaries built from images, dictionaries converted between the legacy
(v13) and Enhanced (v5) editions.

    import strata
    report = strata.ytd.replace("props.ytd", "props-edited.ytd",
                                images={"sign_diff": "sign_diff.png"})
    strata.ytd.build(["icons/"], "icons.ytd", edition="enhanced")
    strata.ytd.convert("props.ytd", "props-v5.ytd", edition="enhanced")

An image is a file path (PNG, JPEG, DDS or KTX2) or RGBA8 pixels: a numpy
array (rows, width, 4) of uint8 with the first row at the top (or a flat
sequence with a (width, height) pair: (pixels, width, height)). Every call
returns the library's report (a dict: "textures", "notes", ...) and raises
strata.Error, writing nothing, when anything fails. `quality` ("fast",
"default", "best") is the BC encoders' effort for every texture encoded.
"""
import ctypes
import os

from . import _arrays
from . import _native as n

FORMATS = {None: n.YTD_FORMAT_DEFAULT, "auto": n.YTD_FORMAT_AUTO, "bc1": n.YTD_FORMAT_BC1,
           "bc3": n.YTD_FORMAT_BC3, "bc5": n.YTD_FORMAT_BC5, "bc7": n.YTD_FORMAT_BC7,
           "rgba8": n.YTD_FORMAT_RGBA8}
EDITIONS = {None: n.YTD_EDITION_DEFAULT, "legacy": n.YTD_EDITION_LEGACY,
            "enhanced": n.YTD_EDITION_ENHANCED}


def _choice(table, value, what):
    if value not in table:
        raise ValueError("%s %r: one of %s" % (what, value,
                                               ", ".join(str(k) for k in table if k)))
    return table[value]


class YtdEdit(n.Handle):
    """Images gathered with add_image() / add_directory(), then one of
    replace(), build(), convert(); report() says what the last write did."""
    kind = "strata_ytd_edit"

    def add_image(self, name=None, path=None, pixels=None, width=None, height=None):
        """A texture's image: `path` (a file), or `pixels` (numpy (rows, width, 4)
        uint8, first row at the top; or a flat sequence with width and height).
        `name` is the texture's name (build: None takes the file's stem)."""
        img = n.YtdImage()
        img.name = name.encode("utf-8") if name else None
        keep = None
        if path is not None:
            img.path = n.path_bytes(path)
        elif pixels is not None:
            if width is None or height is None:
                shape = getattr(pixels, "shape", None)
                if shape is None or len(shape) != 3 or shape[2] != 4:
                    raise ValueError("pixels: a (rows, width, 4) array, or pass width and height")
                height, width = shape[0], shape[1]
            keep, address, count = _arrays.contiguous(pixels, _arrays.UINT8)
            if count != width * height * 4:
                raise ValueError("%s: %d bytes for %dx%d RGBA8 pixels" % (name, count, width,
                                                                          height))
            img.width, img.height, img.rgba8 = width, height, address
        else:
            raise ValueError("%s: give a path or pixels" % name)
        self.check(self.L.strata_ytd_edit_add_image(self.h, ctypes.byref(img)))
        del keep

    def add_directory(self, path):
        """Every image file of `path`, named by its stem (replace takes those
        named after a texture; build takes all)."""
        self.check(self.L.strata_ytd_edit_add_directory(self.h, n.path_bytes(path)))

    def _options(self, format=None, mips=0, edition=None, add_new=False, changed_only=False,
                 quality="default", progress=None):
        o = n.YtdOptions()
        o.format = _choice(FORMATS, format, "format")
        o.quality = _choice(n.QUALITIES, quality, "quality")
        o.edition = _choice(EDITIONS, edition, "edition")
        o.mips = mips or 0
        if add_new:
            o.flags |= n.YTD_ADD_NEW
        if changed_only:
            o.flags |= n.YTD_CHANGED_ONLY
        if progress is not None:
            o.progress = n.PROGRESS(lambda user, done, total: progress(done, total))
        return o

    def _write(self, call, *args, **options):
        o = self._options(**options)
        self.check(call(self.h, *args, ctypes.byref(o)))
        return self.report()

    def replace(self, in_path, out_path, format=None, mips=0, add_new=False, changed_only=False,
                quality="default", progress=None):
        """Writes in_path with the textures of the added images replaced to
        out_path (changed_only: an image holding its texture's own pixels
        leaves it as it is); returns the report."""
        return self._write(self.L.strata_ytd_replace, n.path_bytes(in_path),
                           n.path_bytes(out_path), format=format, mips=mips, add_new=add_new,
                           changed_only=changed_only, quality=quality, progress=progress)

    def build(self, out_path, edition="legacy", format="auto", mips=0, quality="default",
              progress=None):
        """Writes a new .ytd of the added images; returns the report."""
        return self._write(self.L.strata_ytd_build, n.path_bytes(out_path), format=format,
                           mips=mips, edition=edition, quality=quality, progress=progress)

    def convert(self, in_path, out_path, edition=None, quality="default", progress=None):
        """Writes in_path in `edition` (None: the other one); returns the report."""
        return self._write(self.L.strata_ytd_convert, n.path_bytes(in_path),
                           n.path_bytes(out_path), edition=edition, quality=quality,
                           progress=progress)

    def report(self):
        """What the last write did: {"textures": [...], "notes": [...], ...}."""
        return self.json(self.L.strata_ytd_edit_report_json)


def _add(edit, images):
    """images: {name: path or pixels} or a sequence of paths (files or
    directories) or (name, path-or-pixels) pairs."""
    items = images.items() if isinstance(images, dict) else images
    for item in items:
        name, source = item if isinstance(item, tuple) else (None, item)
        if isinstance(source, (str, bytes, os.PathLike)):
            if os.path.isdir(source):
                edit.add_directory(source)
            else:
                edit.add_image(name=name, path=source)
        else:
            edit.add_image(name=name, pixels=source)


def replace(in_path, out_path, images=None, from_dir=None, format=None, mips=0, add_new=False,
            changed_only=False, quality="default", progress=None):
    """`strata ytd replace`: `images` {texture name: path or pixels};
    `from_dir` a directory of images named after the textures; changed_only:
    an image holding its texture's own pixels leaves it as it is. No image:
    a byte-identical copy. Returns the report."""
    with YtdEdit() as edit:
        if images:
            _add(edit, images)
        if from_dir is not None:
            edit.add_directory(from_dir)
        return edit.replace(in_path, out_path, format=format, mips=mips, add_new=add_new,
                            changed_only=changed_only, quality=quality, progress=progress)


def build(images, out_path, edition="legacy", format="auto", mips=0, quality="default",
          progress=None):
    """`strata ytd build`: `images` a list of files or directories, or {name:
    path or pixels}; names lower-cased as the game hashes them. Returns the
    report (each texture's format choice in its "why")."""
    with YtdEdit() as edit:
        _add(edit, images)
        return edit.build(out_path, edition=edition, format=format, mips=mips, quality=quality,
                          progress=progress)


def convert(in_path, out_path, edition=None, quality="default", progress=None):
    """`strata ytd convert`: in_path in `edition` ("legacy", "enhanced"; None:
    the one it is not). Returns the report."""
    with YtdEdit() as edit:
        return edit.convert(in_path, out_path, edition=edition, quality=quality,
                            progress=progress)

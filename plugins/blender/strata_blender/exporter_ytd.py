"""The images of a texture-dictionary gallery (a .ytd, or the dictionaries a
.ydr/.ydd/.yft embeds, imported as textured quads) -> a copy of their source
file with the edited images written back (strata.ytd over the C ABI, the
rules of `strata ytd replace`).

An image goes back when its pixels differ from its texture in the source
file: painted in Blender, or its file replaced on disk and reloaded. Every
other texture keeps its bytes. An image in the gallery that is not one of the
dictionary's (on a gallery material, or on an object added to the gallery's
collection) is added under its name, lower-cased (a .ytd only).
"""
import os

import bpy
import numpy as np

from . import strata

GALLERY_FORMATS = ("ytd", "drawable")


def gallery_objects(context, source=None):
    """Objects the importer made from a texture container (of `source`)."""
    return [o for o in context.scene.objects
            if o.get("strata_format") in GALLERY_FORMATS and "strata_source" in o
            and (source is None or o["strata_source"] == source)]


def default_source(context):
    """The source file every gallery object shares, or ""."""
    sources = {o["strata_source"] for o in gallery_objects(context)}
    return sources.pop() if len(sources) == 1 else ""


def _gallery_meshes(context, source):
    """The gallery's objects and every other mesh object in their collections."""
    objects = gallery_objects(context, source)
    collections = {c for o in objects for c in o.users_collection}
    extra = [o for c in collections for o in c.all_objects
             if o.type == 'MESH' and o not in objects]
    return objects + sorted(extra, key=lambda o: o.name)


def gallery_images(context, source):
    """Every image a gallery material shows, in object order, each once."""
    seen = []
    for obj in _gallery_meshes(context, source):
        for slot in obj.material_slots:
            mat = slot.material
            if mat is None or not mat.use_nodes:
                continue
            for node in mat.node_tree.nodes:
                if node.type == 'TEX_IMAGE' and node.image is not None and node.image not in seen:
                    seen.append(node.image)
    return seen


def texture_name(image):
    """The texture an image stands for: the one it was imported from, or its
    name without a file extension."""
    if "strata_texture" in image:
        return image["strata_texture"]
    return os.path.splitext(image.name)[0].lower()


def image_rgba8(image):
    """The image's pixels as RGBA8 (rows, width, 4), first row at the top, as
    stored (no colour conversion)."""
    width, height = image.size
    px = np.empty(width * height * 4, dtype=np.float32)
    image.pixels.foreach_get(px)
    px = np.clip(np.rint(px * 255.0), 0, 255).astype(np.uint8)
    return np.ascontiguousarray(px.reshape(height, width, 4)[::-1])


def _source_pixels(source):
    """{texture name: RGBA8 (rows, width, 4)} of every texture of the source."""
    with strata.load(source, images_only=True) as scene:
        return {img.name: np.asarray(img.rgba8()) for img in scene.images}


def changed_images(context, source):
    """[(texture name, RGBA8 pixels, added)] of the gallery images that differ
    from the source's textures or are not in it."""
    before = _source_pixels(source)
    out = []
    for image in gallery_images(context, source):
        if image.size[0] == 0 or image.size[1] == 0:
            raise strata.Error(-1, "image %s has no pixels (is its file missing?)" % image.name)
        name = texture_name(image)
        px = image_rgba8(image)
        old = before.get(name)
        if old is not None and old.shape == px.shape and np.array_equal(old, px):
            continue
        out.append((name, px, old is None))
    return out


def export_ytd(context, out_path, source, add_new=True, quality="default"):
    """Writes `out_path`: `source` with every changed gallery image written
    back, encoded at `quality` (strata.ytd). Returns libstrata's report (a
    dict) with "kept" added."""
    if os.path.exists(out_path) and os.path.samefile(out_path, source):
        raise strata.Error(-1, "%s is the source file; export to a new file" % out_path)
    changes = changed_images(context, source)
    added = [name for name, _, new in changes if new]
    if added and not add_new:
        raise strata.Error(-1, "images not in the dictionary: %s (turn on Add new images)"
                           % ", ".join(added))
    with strata.ytd.YtdEdit() as edit:
        for name, px, _ in changes:
            edit.add_image(name=name, pixels=px)
        return edit.replace(source, out_path, add_new=add_new, quality=quality)

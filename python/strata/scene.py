"""A loaded scene (strata.h "Scenes"): nodes, meshes, materials, textures and
images of any input Strata reads, as plain Python objects. Vertex arrays and
pixels are copied out of the library on first use, one call each.
"""
import ctypes

from . import _arrays
from . import _native as n

_ALPHA = {n.ALPHA_OPAQUE: "OPAQUE", n.ALPHA_MASK: "MASK", n.ALPHA_BLEND: "BLEND"}
_WRAP = {n.WRAP_REPEAT: "REPEAT", n.WRAP_CLAMP_TO_EDGE: "CLAMP_TO_EDGE",
         n.WRAP_MIRRORED_REPEAT: "MIRRORED_REPEAT"}
_GLTF_TEXTURES = {"png": n.GLTF_TEXTURES_PNG, "ktx2": n.GLTF_TEXTURES_KTX2,
                  "none": n.GLTF_TEXTURES_NONE}


class _SceneHandle(n.Handle):
    kind = "strata_scene"


class Node:
    """index, name, translation (x, y, z), mesh (index or None), children and
    parent (indices; parent None for a root), tags ({name: int}; Atlas chunks:
    level, x, y)."""

    def __init__(self, index, name, translation, mesh, children, tags):
        self.index = index
        self.name = name
        self.translation = translation
        self.mesh = mesh
        self.children = children
        self.tags = tags
        self.parent = None

    def __repr__(self):
        return "Node(%d, %r, mesh=%r)" % (self.index, self.name, self.mesh)


class MorphTarget:
    """Deltas against the primitive: positions (per vertex) and uv0 (or None)."""

    def __init__(self, primitive, index):
        self._primitive = primitive
        self.index = index

    @property
    def positions(self):
        return self._primitive._attribute(n.ATTRIBUTE_MORPH_POSITIONS, self.index)

    @property
    def uv0(self):
        return self._primitive._attribute(n.ATTRIBUTE_MORPH_UV0, self.index)


class Primitive:
    """One triangle list of a mesh. Arrays (positions, normals, uv0, uv1, colors:
    per vertex; indices: 3 per triangle) are fetched on first use; an attribute
    the primitive lacks is None. Positions are the scene's: source units, Z up;
    texture v = 0 is the image's top row; colours linear RGBA."""

    def __init__(self, scene, mesh, index, info):
        self._scene = scene
        self._mesh = mesh
        self.index = index
        self.vertex_count = info.vertex_count
        self.index_count = info.index_count
        self.material = info.material if info.material >= 0 else None
        self._has = {n.ATTRIBUTE_POSITIONS: True, n.ATTRIBUTE_INDICES: True,
                     n.ATTRIBUTE_NORMALS: bool(info.has_normals),
                     n.ATTRIBUTE_UV0: bool(info.has_uv0), n.ATTRIBUTE_UV1: bool(info.has_uv1),
                     n.ATTRIBUTE_COLORS: bool(info.has_colors)}
        self.morph_targets = [MorphTarget(self, t) for t in range(info.morph_target_count)]
        self._cache = {}

    def _attribute(self, attribute, morph_target=0):
        key = (attribute, morph_target)
        if key not in self._cache:
            expected = (self.index_count if attribute == n.ATTRIBUTE_INDICES
                        else self.vertex_count)
            self._cache[key] = self._scene._attribute(self._mesh, self.index, attribute,
                                                      morph_target, expected)
        return self._cache[key]

    def _optional(self, attribute):
        return self._attribute(attribute) if self._has[attribute] else None

    positions = property(lambda self: self._attribute(n.ATTRIBUTE_POSITIONS))
    indices = property(lambda self: self._attribute(n.ATTRIBUTE_INDICES))
    normals = property(lambda self: self._optional(n.ATTRIBUTE_NORMALS))
    uv0 = property(lambda self: self._optional(n.ATTRIBUTE_UV0))
    uv1 = property(lambda self: self._optional(n.ATTRIBUTE_UV1))
    colors = property(lambda self: self._optional(n.ATTRIBUTE_COLORS))


class Mesh:
    def __init__(self, index, name, primitives):
        self.index = index
        self.name = name
        self.primitives = primitives


class Material:
    """base_color_factor (linear RGBA), base_color_texture (texture index or
    None) read through texture coordinate set base_color_texcoord (0: uv0, 1:
    uv1); alpha_mode "OPAQUE", "MASK" or "BLEND"."""

    def __init__(self, index, info):
        self.index = index
        self.name = n.text(info.name)
        self.base_color_factor = tuple(info.base_color_factor)
        self.base_color_texture = (info.base_color_texture
                                   if info.base_color_texture >= 0 else None)
        self.base_color_texcoord = info.base_color_texcoord
        self.metallic = info.metallic
        self.roughness = info.roughness
        self.double_sided = bool(info.double_sided)
        self.alpha_mode = _ALPHA.get(info.alpha_mode, "OPAQUE")
        self.alpha_cutoff = info.alpha_cutoff


class Texture:
    """image (index or None), wrap_s / wrap_t ("REPEAT", "CLAMP_TO_EDGE",
    "MIRRORED_REPEAT")."""

    def __init__(self, index, info):
        self.index = index
        self.image = info.image if info.image >= 0 else None
        self.wrap_s = _WRAP.get(info.wrap_s, "REPEAT")
        self.wrap_t = _WRAP.get(info.wrap_t, "REPEAT")


class Image:
    """An image as stored (format_name, dxgi_format, mips, layers) with its
    colour space ("srgb" or "linear"); rgba8() decodes one mip of one layer."""

    def __init__(self, scene, index, info):
        self._scene = scene
        self.index = index
        self.name = n.text(info.name)
        self.width, self.height, self.depth = info.width, info.height, info.depth
        self.mip_count = info.mip_count
        self.layer_count = info.layer_count
        self.dxgi_format = info.dxgi_format
        self.format_name = n.text(info.format_name)
        self.color_space = "linear" if info.color_space == n.COLOR_SPACE_LINEAR else "srgb"

    def size(self, mip=0):
        """(width, rows) of a mip: rows = height * depth."""
        return (max(1, self.width >> mip),
                max(1, self.height >> mip) * max(1, self.depth >> mip))

    def rgba8(self, mip=0, layer=0):
        """The pixels as RGBA8, first row at the top, colour space untouched:
        numpy (rows, width, 4) uint8, or a flat array('B') without numpy."""
        return self._scene._image_rgba8(self.index, mip, layer, self.size(mip))

    def write_png(self, path, mip=0, layer=0):
        """Writes that mip and layer as an 8-bit RGBA PNG."""
        from . import png
        width, rows = self.size(mip)
        png.write_rgba8(path, width, rows, _arrays.flat(self.rgba8(mip, layer)))


class Scene(n.Closing):
    """What strata.load returns. Holds the library handle until close() (or the
    end of a `with` block): arrays and pixels are read through it."""

    def __init__(self, path, options, data=None):
        self.path = str(path)
        self._h = _SceneHandle()
        self._components = {}  # strata_attribute_components, asked once per attribute
        if data is None:
            self._h.check(self._h.L.strata_scene_load(self._h.h, n.path_bytes(path),
                                                      ctypes.byref(options)))
        else:
            buffer = (ctypes.c_ubyte * len(data)).from_buffer_copy(data)
            self._h.check(self._h.L.strata_load_memory(self._h.h, buffer, len(data),
                                                       n.path_bytes(path), ctypes.byref(options)))
        L, h = self._h.L, self._h.h
        s = n.SceneSummary()
        self._h.check(L.strata_scene_get_summary(h, ctypes.byref(s)))
        self.format = n.text(s.format)
        self.name = n.text(s.name)
        self.warnings = [self._text(L.strata_scene_get_warning, i) for i in range(s.warning_count)]
        self.left_out = [self._text(L.strata_scene_get_left_out, i)
                         for i in range(s.left_out_count)]
        self.roots = [int(r) for r in self._ints(L.strata_scene_get_roots, s.root_count)]
        self.nodes = [self._node(i) for i in range(s.node_count)]
        for node in self.nodes:
            for c in node.children:
                self.nodes[c].parent = node.index
        self.meshes = [self._mesh(i) for i in range(s.mesh_count)]
        self.materials = [Material(i, self._info(L.strata_scene_get_material, n.MaterialInfo, i))
                          for i in range(s.material_count)]
        self.textures = [Texture(i, self._info(L.strata_scene_get_texture, n.TextureInfo, i))
                         for i in range(s.texture_count)]
        self.images = [Image(self, i, self._info(L.strata_scene_get_image, n.ImageInfo, i))
                       for i in range(s.image_count)]

    # ---- the handle
    def close(self):
        self._h.close()

    def _handle(self):
        if not self._h.h:
            raise n.Error(n.ERROR_NO_SCENE, "%s: the scene was closed" % self.path)
        return self._h.L, self._h.h

    def _info(self, fn, struct, *args):
        L, h = self._handle()
        out = struct()
        self._h.check(fn(h, *args, ctypes.byref(out)))
        return out

    def _text(self, fn, i):
        L, h = self._handle()
        t = ctypes.c_char_p()
        self._h.check(fn(h, i, ctypes.byref(t)))
        return n.text(t.value)

    def _ints(self, fn, expected, *args):
        """The int32 array `fn` copies; `expected` is its length as the info
        structs give it (nothing to ask when 0: a leaf node's children)."""
        if not expected:
            return []
        L, h = self._handle()
        count = ctypes.c_size_t()
        out, address = _arrays.empty(_arrays.INT32, expected)
        self._h.check(fn(h, *args, address, expected, ctypes.byref(count)))
        return out

    def _node(self, i):
        L, h = self._handle()
        info = self._info(L.strata_scene_get_node, n.NodeInfo, i)
        tags = {}
        for t in range(info.tag_count):
            name, value = ctypes.c_char_p(), ctypes.c_int64()
            self._h.check(L.strata_scene_get_node_tag(h, i, t, ctypes.byref(name),
                                                      ctypes.byref(value)))
            tags[n.text(name.value)] = value.value
        children = [int(c) for c in self._ints(L.strata_scene_get_node_children,
                                                 info.child_count, i)]
        return Node(i, n.text(info.name), tuple(info.translation),
                    info.mesh if info.mesh >= 0 else None, children, tags)

    def _mesh(self, i):
        L, _ = self._handle()
        info = self._info(L.strata_scene_get_mesh, n.MeshInfo, i)
        prims = [Primitive(self, i, p, self._info(L.strata_scene_get_primitive,
                                                  n.PrimitiveInfo, i, p))
                 for p in range(info.primitive_count)]
        return Mesh(i, n.text(info.name), prims)

    def _attribute(self, mesh, prim, attribute, morph_target, expected):
        """One array of a primitive; `expected` is its element count as the
        primitive's info gives it, so the usual case is one library call."""
        L, h = self._handle()
        if attribute not in self._components:
            self._components[attribute] = L.strata_attribute_components(attribute)
        components = self._components[attribute]
        kind = _arrays.UINT32 if attribute == n.ATTRIBUTE_INDICES else _arrays.FLOAT32
        count = ctypes.c_size_t()
        out, address = _arrays.empty(kind, expected, components)
        status = L.strata_scene_get_attribute(h, mesh, prim, attribute, morph_target, address,
                                              expected, ctypes.byref(count))
        if status in (n.OK, n.ERROR_BUFFER_TOO_SMALL) and count.value != expected:
            # Not the expected size (a morph target without uv0): ask for the real one.
            out, address = _arrays.empty(kind, count.value, components)
            status = L.strata_scene_get_attribute(h, mesh, prim, attribute, morph_target,
                                                  address, count.value, ctypes.byref(count))
        self._h.check(status)
        return out

    def _image_rgba8(self, image, mip, layer, size):
        L, h = self._handle()
        count = ctypes.c_size_t()
        self._h.check(L.strata_scene_get_image_rgba8(h, image, mip, layer, None, 0,
                                                     ctypes.byref(count)))
        out, address = _arrays.empty(_arrays.UINT8, count.value)
        self._h.check(L.strata_scene_get_image_rgba8(h, image, mip, layer, address, count.value,
                                                     ctypes.byref(count)))
        if _arrays.HAVE_NUMPY:
            out = out.reshape(size[1], size[0], 4)
        return out

    # ---- the file behind the scene
    def info(self):
        """`strata info --json` of the file, as a dict."""
        self._handle()
        return self._h.json(self._h.L.strata_scene_info_json)

    def validate(self):
        """`strata validate` of the file: {"errors", "warnings", "findings", ...}."""
        self._handle()
        return self._h.json(self._h.L.strata_scene_validate_json)

    def write_gltf(self, path, textures="png"):
        """Writes .glb or .gltf (by the extension), atomically; textures "png",
        "ktx2" (KTX2 beside a PNG source) or "none"."""
        if textures not in _GLTF_TEXTURES:
            raise ValueError("textures must be one of %s" % ", ".join(sorted(_GLTF_TEXTURES)))
        L, h = self._handle()
        o = n.GltfOptions()
        o.textures = _GLTF_TEXTURES[textures]
        self._h.check(L.strata_scene_write_gltf(h, n.path_bytes(path), ctypes.byref(o)))

    def world_translation(self, node):
        """The sum of the translations from the root down to `node` (the scene
        has translations only, no rotation or scale)."""
        x = y = z = 0.0
        i = node
        while i is not None:
            t = self.nodes[i].translation
            x, y, z = x + t[0], y + t[1], z + t[2]
            i = self.nodes[i].parent
        return (x, y, z)


def load(path, lod=None, skirts=False, textures=True, partial=False, swap_red_blue=False,
         texture_level=None, images_only=False, progress=None, level=None):
    """Loads any input Strata reads (an .atlas, .chu, .tqt, .ytd, drawable, a
    tfrag level directory, a Ratchet & Clank 2 LEVEL<n>.WAD or disc image;
    detected by magic or structure) and returns a Scene.

    level: Ratchet & Clank 2: the level to load from a disc image or a
        directory of LEVEL<n>.WAD files, by id (30) or name ("oozla",
        case-insensitive); None: the first (levels() lists them).
    lod: geometry level (None: the format's default; Atlas/CHU the finest).
    skirts: Atlas/CHU skirt triangles as a second primitive per chunk.
    textures: decode textures (False: geometry only).
    partial: leave out broken pieces (named in Scene.left_out) instead of
        raising, like `strata convert --partial`.
    swap_red_blue: Atlas JPEG/PNG tiles written from BGR data.
    texture_level: Atlas texture level to show (None: the default).
    images_only: every texture the file holds as Scene.images, no nodes (TQT).
    progress: called as progress(done, total) during long work.
    Raises strata.Error naming the file (and byte offset) on bad input."""
    options = _load_options(lod, skirts, textures, partial, swap_red_blue, texture_level,
                            images_only, progress)
    if level is not None:
        picked = levels(path, level)
        if not picked:
            raise n.Error(-1, "%s: no level with id or name %r (levels: %s)" % (
                path, level, ", ".join("%d %s" % (e["id"], e["name"]) for e in levels(path))))
        path = picked[0]["path"]
    return Scene(path, options)


def load_memory(data, name, lod=None, skirts=False, textures=True, partial=False,
                swap_red_blue=False, texture_level=None, images_only=False, progress=None):
    """load() for bytes in memory (bytes, bytearray or anything with the buffer
    protocol), copied by the library; `name` names them in errors. Files beside
    them are not looked for (a CHU's TQT), and a tfrag level, a directory,
    cannot be loaded so."""
    return Scene(name, _load_options(lod, skirts, textures, partial, swap_red_blue, texture_level,
                                     images_only, progress), data=data)


def _load_options(lod, skirts, textures, partial, swap_red_blue, texture_level, images_only,
                  progress):
    o = n.LoadOptions()
    if lod is not None and lod >= 0:
        o.flags |= n.LOAD_LOD
        o.lod = lod
    if texture_level is not None and texture_level >= 0:
        o.flags |= n.LOAD_TEXTURE_LEVEL
        o.texture_level = texture_level
    for wanted, flag in ((skirts, n.LOAD_SKIRTS), (not textures, n.LOAD_NO_TEXTURES),
                         (swap_red_blue, n.LOAD_SWAP_RED_BLUE), (images_only, n.LOAD_IMAGES_ONLY),
                         (partial, n.LOAD_PARTIAL)):
        if wanted:
            o.flags |= flag
    if progress is not None:  # the structure keeps the callback alive (ctypes' _objects)
        o.progress = n.PROGRESS(lambda user, done, total: progress(done, total))
    return o


def levels(path, level=None):
    """The Ratchet & Clank 2 levels a disc image, a directory of LEVEL<n>.WAD
    files or one level holds, in level order: a list of dicts {"path" (what
    load() takes), "file", "id", "name"}; `level` (id or name) keeps the ones
    it picks."""
    h = _SceneHandle()
    try:
        return h.json(h.L.strata_levels_json, n.path_bytes(path),
                      None if level is None else str(level).encode("utf-8"))
    finally:
        h.close()


def _by_path(fn_name, path):
    h = _SceneHandle()
    try:
        return h.json(getattr(h.L, fn_name), n.path_bytes(path))
    finally:
        h.close()


def info(path):
    """`strata info --json` of a file (or tfrag level directory), as a dict."""
    return _by_path("strata_scene_info_file_json", path)


def validate(path):
    """`strata validate` of a file, as a dict ({"errors", "warnings",
    "findings": [{"severity", "offset", "message"}], ...}); a file that does
    not load is reported, not raised (an unreadable or unrecognised one is)."""
    return _by_path("strata_scene_validate_file_json", path)


def detect(path):
    """The format a file (or directory) holds, by magic: "atlas", "chu", "tqt",
    "ytd", "drawable", "tfrag" (a level directory or its core_index.bin), or None."""
    name = n.lib().strata_detect_format(n.path_bytes(path))
    return n.text(name) if name is not None else None

"""ctypes bindings of libstrata's C ABI (core/include/strata.h).

Arrays come back as numpy arrays filled by the library in one copy each (size
query, then copy into the numpy buffer); nothing here loops over vertices.
This module does not import bpy, so it also runs in a plain Python.
"""
import ctypes
import os
import sys

import numpy as np

ABI_MAJOR = 1

# strata_status
OK = 0
ERROR_BUFFER_TOO_SMALL = 2

# strata_load_options.flags
LOAD_LOD = 1 << 0
LOAD_SKIRTS = 1 << 1
LOAD_NO_TEXTURES = 1 << 2
LOAD_TEXTURE_LEVEL = 1 << 3
LOAD_SWAP_RED_BLUE = 1 << 4
LOAD_IMAGES_ONLY = 1 << 5

# strata_attribute: (value, components, numpy dtype)
POSITIONS, NORMALS, UV0, UV1, COLORS, INDICES, MORPH_POSITIONS, MORPH_UV0 = range(8)
_ATTRIBUTE_DTYPE = {INDICES: np.uint32}

ALPHA_OPAQUE, ALPHA_MASK, ALPHA_BLEND = range(3)
WRAP_REPEAT, WRAP_CLAMP_TO_EDGE, WRAP_MIRRORED_REPEAT = range(3)
COLOR_SPACE_SRGB, COLOR_SPACE_LINEAR = range(2)
GLTF_TEXTURES_PNG, GLTF_TEXTURES_KTX2, GLTF_TEXTURES_NONE = range(3)

_c_char_p = ctypes.c_char_p
_size_t = ctypes.c_size_t
_u32 = ctypes.c_uint32
_i32 = ctypes.c_int32
_f32 = ctypes.c_float

PROGRESS = ctypes.CFUNCTYPE(None, ctypes.c_void_p, _size_t, _size_t)


class _Sized(ctypes.Structure):
    """A struct whose first field is its size, set on construction."""

    def __init__(self, **kw):
        super().__init__(**kw)
        self.size = ctypes.sizeof(self)


class LoadOptions(_Sized):
    _fields_ = [("size", _size_t), ("flags", _u32), ("lod", _i32), ("texture_level", _i32),
                ("progress", PROGRESS), ("progress_user", ctypes.c_void_p)]


class SceneSummary(_Sized):
    _fields_ = [("size", _size_t), ("format", _c_char_p), ("name", _c_char_p),
                ("node_count", _u32), ("root_count", _u32), ("mesh_count", _u32),
                ("material_count", _u32), ("texture_count", _u32), ("image_count", _u32),
                ("warning_count", _u32)]


class NodeInfo(_Sized):
    _fields_ = [("size", _size_t), ("name", _c_char_p), ("translation", _f32 * 3),
                ("mesh", _i32), ("child_count", _u32), ("tag_count", _u32)]


class MeshInfo(_Sized):
    _fields_ = [("size", _size_t), ("name", _c_char_p), ("primitive_count", _u32)]


class PrimitiveInfo(_Sized):
    _fields_ = [("size", _size_t), ("vertex_count", _u32), ("index_count", _u32),
                ("material", _i32), ("has_normals", _u32), ("has_uv0", _u32),
                ("has_uv1", _u32), ("has_colors", _u32), ("morph_target_count", _u32)]


class MaterialInfo(_Sized):
    _fields_ = [("size", _size_t), ("name", _c_char_p), ("base_color_factor", _f32 * 4),
                ("base_color_texture", _i32), ("base_color_texcoord", _u32),
                ("metallic", _f32), ("roughness", _f32), ("double_sided", _u32),
                ("alpha_mode", ctypes.c_int), ("alpha_cutoff", _f32)]


class TextureInfo(_Sized):
    _fields_ = [("size", _size_t), ("image", _i32), ("wrap_s", ctypes.c_int),
                ("wrap_t", ctypes.c_int)]


class ImageInfo(_Sized):
    _fields_ = [("size", _size_t), ("name", _c_char_p), ("width", _u32), ("height", _u32),
                ("depth", _u32), ("mip_count", _u32), ("layer_count", _u32),
                ("dxgi_format", _u32), ("format_name", _c_char_p), ("color_space", ctypes.c_int)]


class GltfOptions(_Sized):
    _fields_ = [("size", _size_t), ("textures", ctypes.c_int)]


class ChunkEdit(_Sized):
    _fields_ = [("size", _size_t), ("level", _u32), ("x", _u32), ("y", _u32),
                ("name", _c_char_p), ("vertex_count", _u32),
                ("positions", ctypes.c_void_p), ("normals", ctypes.c_void_p),
                ("uvs", ctypes.c_void_p), ("index_count", _u32), ("indices", ctypes.c_void_p)]


class ExportAtlasOptions(_Sized):
    _fields_ = [("size", _size_t), ("flags", _u32)]


EXPORT_REBUILD_LODS = 1 << 0


class StrataError(RuntimeError):
    def __init__(self, status, text):
        super().__init__(text or "libstrata status %d" % status)
        self.status = status


def library_path():
    """STRATA_LIBRARY if set, else the library packaged beside this module."""
    env = os.environ.get("STRATA_LIBRARY")
    if env:
        return env
    here = os.path.dirname(os.path.abspath(__file__))
    name = {"win32": "strata.dll", "darwin": "libstrata.dylib"}.get(sys.platform, "libstrata.so")
    return os.path.join(here, "lib", name)


_lib = None


def lib():
    """Loads libstrata once and declares every call's signature."""
    global _lib
    if _lib is not None:
        return _lib
    path = library_path()
    if not os.path.exists(path):
        raise StrataError(-1, "libstrata not found at %s" % path)
    L = ctypes.CDLL(path)
    L.strata_abi_version.restype = _u32
    L.strata_abi_version.argtypes = []
    version = L.strata_abi_version()
    if version >> 16 != ABI_MAJOR:
        raise StrataError(-1, "%s has ABI %d.%d; this add-on needs %d.x"
                          % (path, version >> 16, version & 0xFFFF, ABI_MAJOR))
    P = ctypes.c_void_p
    st = ctypes.c_int
    sigs = {
        "strata_status_name": (_c_char_p, [st]),
        "strata_free": (None, [P]),
        "strata_scene_create": (st, [ctypes.POINTER(P)]),
        "strata_scene_destroy": (None, [P]),
        "strata_scene_error": (_c_char_p, [P]),
        "strata_scene_load": (st, [P, _c_char_p, ctypes.POINTER(LoadOptions)]),
        "strata_scene_get_summary": (st, [P, ctypes.POINTER(SceneSummary)]),
        "strata_scene_get_roots": (st, [P, P, _size_t, ctypes.POINTER(_size_t)]),
        "strata_scene_get_warning": (st, [P, _u32, ctypes.POINTER(_c_char_p)]),
        "strata_scene_info_json": (st, [P, ctypes.POINTER(P)]),
        "strata_scene_validate_json": (st, [P, ctypes.POINTER(P)]),
        "strata_scene_get_node": (st, [P, _u32, ctypes.POINTER(NodeInfo)]),
        "strata_scene_get_node_children": (st, [P, _u32, P, _size_t, ctypes.POINTER(_size_t)]),
        "strata_scene_get_node_tag": (st, [P, _u32, _u32, ctypes.POINTER(_c_char_p),
                                           ctypes.POINTER(ctypes.c_int64)]),
        "strata_scene_get_mesh": (st, [P, _u32, ctypes.POINTER(MeshInfo)]),
        "strata_scene_get_primitive": (st, [P, _u32, _u32, ctypes.POINTER(PrimitiveInfo)]),
        "strata_attribute_components": (_u32, [ctypes.c_int]),
        "strata_scene_get_attribute": (st, [P, _u32, _u32, ctypes.c_int, _u32, P, _size_t,
                                            ctypes.POINTER(_size_t)]),
        "strata_scene_get_material": (st, [P, _u32, ctypes.POINTER(MaterialInfo)]),
        "strata_scene_get_texture": (st, [P, _u32, ctypes.POINTER(TextureInfo)]),
        "strata_scene_get_image": (st, [P, _u32, ctypes.POINTER(ImageInfo)]),
        "strata_scene_get_image_rgba8": (st, [P, _u32, _u32, _u32, P, _size_t,
                                              ctypes.POINTER(_size_t)]),
        "strata_scene_write_gltf": (st, [P, _c_char_p, ctypes.POINTER(GltfOptions)]),
    }
    optional = {
        # Atlas write-back (ABI 1.0 libraries built with it)
        "strata_atlas_edit_create": (st, [ctypes.POINTER(P)]),
        "strata_atlas_edit_destroy": (None, [P]),
        "strata_atlas_edit_error": (_c_char_p, [P]),
        "strata_atlas_edit_add_chunk": (st, [P, ctypes.POINTER(ChunkEdit)]),
        "strata_atlas_edit_write": (st, [P, _c_char_p, _c_char_p,
                                         ctypes.POINTER(ExportAtlasOptions)]),
        "strata_atlas_edit_report_json": (st, [P, ctypes.POINTER(P)]),
    }
    for name, (res, args) in optional.items():
        if hasattr(L, name):
            sigs[name] = (res, args)
    for name, (res, args) in sigs.items():
        fn = getattr(L, name)
        fn.restype = res
        fn.argtypes = args
    _lib = L
    return L


def _text(b):
    return b.decode("utf-8", "replace") if b is not None else ""


def _path(p):
    return os.fsencode(p)


class _Handle:
    """A libstrata handle with paired <kind>_create / <kind>_destroy and a
    per-handle <kind>_error text. Use as a context manager (or call close())."""
    _kind = ""

    def __init__(self):
        self._L = lib()
        self._h = ctypes.c_void_p()
        self._check(getattr(self._L, self._kind + "_create")(ctypes.byref(self._h)))

    def close(self):
        if self._h:
            getattr(self._L, self._kind + "_destroy")(self._h)
            self._h = ctypes.c_void_p()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass

    def _check(self, status):
        if status != OK:
            text = _text(getattr(self._L, self._kind + "_error")(self._h)) if self._h else ""
            raise StrataError(status, text or _text(self._L.strata_status_name(status)))


class Scene(_Handle):
    """One strata_scene handle."""
    _kind = "strata_scene"

    # ---- loading and the whole scene
    def load(self, path, lod=None, skirts=False, textures=True, texture_level=None,
             swap_red_blue=False, images_only=False, progress=None):
        o = LoadOptions()
        if lod is not None and lod >= 0:
            o.flags |= LOAD_LOD
            o.lod = lod
        if skirts:
            o.flags |= LOAD_SKIRTS
        if not textures:
            o.flags |= LOAD_NO_TEXTURES
        if texture_level is not None and texture_level >= 0:
            o.flags |= LOAD_TEXTURE_LEVEL
            o.texture_level = texture_level
        if swap_red_blue:
            o.flags |= LOAD_SWAP_RED_BLUE
        if images_only:
            o.flags |= LOAD_IMAGES_ONLY
        callback = None
        if progress is not None:
            callback = PROGRESS(lambda user, done, total: progress(done, total))
            o.progress = callback
        self._check(self._L.strata_scene_load(self._h, _path(path), ctypes.byref(o)))

    def summary(self):
        s = SceneSummary()
        self._check(self._L.strata_scene_get_summary(self._h, ctypes.byref(s)))
        return s

    def _int_array(self, fn, *args):
        n = _size_t()
        self._check(fn(self._h, *args, None, 0, ctypes.byref(n)))
        out = np.empty(n.value, dtype=np.int32)
        if n.value:
            self._check(fn(self._h, *args, out.ctypes.data, n.value, ctypes.byref(n)))
        return out

    def roots(self):
        return self._int_array(self._L.strata_scene_get_roots)

    def warnings(self):
        out = []
        for i in range(self.summary().warning_count):
            t = _c_char_p()
            self._check(self._L.strata_scene_get_warning(self._h, i, ctypes.byref(t)))
            out.append(_text(t.value))
        return out

    def _json(self, fn):
        import json
        p = ctypes.c_void_p()
        self._check(fn(self._h, ctypes.byref(p)))
        try:
            return json.loads(ctypes.string_at(p).decode("utf-8"))
        finally:
            self._L.strata_free(p)

    def info(self):
        return self._json(self._L.strata_scene_info_json)

    def validate(self):
        return self._json(self._L.strata_scene_validate_json)

    # ---- nodes and meshes
    def node(self, i):
        n = NodeInfo()
        self._check(self._L.strata_scene_get_node(self._h, i, ctypes.byref(n)))
        return n

    def node_children(self, i):
        return self._int_array(self._L.strata_scene_get_node_children, i)

    def node_tags(self, i):
        tags = {}
        for t in range(self.node(i).tag_count):
            name = _c_char_p()
            value = ctypes.c_int64()
            self._check(self._L.strata_scene_get_node_tag(self._h, i, t, ctypes.byref(name),
                                                          ctypes.byref(value)))
            tags[_text(name.value)] = value.value
        return tags

    def mesh(self, i):
        m = MeshInfo()
        self._check(self._L.strata_scene_get_mesh(self._h, i, ctypes.byref(m)))
        return m

    def primitive(self, mesh, prim):
        p = PrimitiveInfo()
        self._check(self._L.strata_scene_get_primitive(self._h, mesh, prim, ctypes.byref(p)))
        return p

    def attribute(self, mesh, prim, attribute, morph_target=0):
        """One array of a primitive as an (n, components) numpy array (indices: (n,))."""
        L = self._L
        comps = L.strata_attribute_components(attribute)
        n = _size_t()
        self._check(L.strata_scene_get_attribute(self._h, mesh, prim, attribute, morph_target,
                                                 None, 0, ctypes.byref(n)))
        dtype = _ATTRIBUTE_DTYPE.get(attribute, np.float32)
        out = np.empty((n.value, comps) if comps > 1 else (n.value,), dtype=dtype)
        if n.value:
            self._check(L.strata_scene_get_attribute(self._h, mesh, prim, attribute,
                                                     morph_target, out.ctypes.data, n.value,
                                                     ctypes.byref(n)))
        return out

    # ---- materials and images
    def material(self, i):
        m = MaterialInfo()
        self._check(self._L.strata_scene_get_material(self._h, i, ctypes.byref(m)))
        return m

    def texture(self, i):
        t = TextureInfo()
        self._check(self._L.strata_scene_get_texture(self._h, i, ctypes.byref(t)))
        return t

    def image(self, i):
        im = ImageInfo()
        self._check(self._L.strata_scene_get_image(self._h, i, ctypes.byref(im)))
        return im

    def image_rgba8(self, i, mip=0, layer=0):
        """(height * depth, width, 4) uint8, first row at the top."""
        info = self.image(i)
        n = _size_t()
        self._check(self._L.strata_scene_get_image_rgba8(self._h, i, mip, layer, None, 0,
                                                         ctypes.byref(n)))
        out = np.empty(n.value, dtype=np.uint8)
        self._check(self._L.strata_scene_get_image_rgba8(self._h, i, mip, layer,
                                                         out.ctypes.data, n.value,
                                                         ctypes.byref(n)))
        w = max(1, info.width >> mip)
        return out.reshape(-1, w, 4)

    def write_gltf(self, path, textures=GLTF_TEXTURES_PNG):
        o = GltfOptions()
        o.textures = textures
        self._check(self._L.strata_scene_write_gltf(self._h, _path(path), ctypes.byref(o)))


def can_export_atlas():
    return hasattr(lib(), "strata_atlas_edit_write")


class AtlasEdit(_Handle):
    """One strata_atlas_edit handle: add chunks, then write onto the base."""
    _kind = "strata_atlas_edit"

    def __init__(self):
        if not can_export_atlas():
            raise StrataError(-1, "this libstrata has no Atlas export")
        super().__init__()

    def add_chunk(self, level, x, y, positions, indices, normals=None, uvs=None, name=None):
        """positions (n, 3), indices (t * 3,), normals (n, 3) or None, uvs (n, 2)
        global texture coordinates (glTF convention) or None. Copied by the library."""
        pos = np.ascontiguousarray(positions, dtype=np.float32).reshape(-1, 3)
        idx = np.ascontiguousarray(indices, dtype=np.uint32).ravel()
        c = ChunkEdit()
        c.level, c.x, c.y = level, x, y
        c.name = name.encode("utf-8") if name else None
        c.vertex_count = len(pos)
        c.positions = pos.ctypes.data
        c.index_count = len(idx)
        c.indices = idx.ctypes.data
        keep = [pos, idx]
        if normals is not None:
            nrm = np.ascontiguousarray(normals, dtype=np.float32).reshape(-1, 3)
            c.normals = nrm.ctypes.data
            keep.append(nrm)
        if uvs is not None:
            uv = np.ascontiguousarray(uvs, dtype=np.float32).reshape(-1, 2)
            c.uvs = uv.ctypes.data
            keep.append(uv)
        self._check(self._L.strata_atlas_edit_add_chunk(self._h, ctypes.byref(c)))
        del keep

    def write(self, base_path, out_path, rebuild_lods=False):
        o = ExportAtlasOptions()
        if rebuild_lods:
            o.flags |= EXPORT_REBUILD_LODS
        self._check(self._L.strata_atlas_edit_write(self._h, _path(base_path), _path(out_path),
                                                    ctypes.byref(o)))

    def report(self):
        import json
        p = ctypes.c_void_p()
        self._check(self._L.strata_atlas_edit_report_json(self._h, ctypes.byref(p)))
        try:
            return json.loads(ctypes.string_at(p).decode("utf-8"))
        finally:
            self._L.strata_free(p)

"""libstrata's C ABI (capi/include/strata.h) through ctypes: the structs, the
constants and every call's signature, mirrored from the header. A test
(tests/python/test_abi_layout.py) compares each struct's size and field offsets,
each constant and each call's argument count with a C program compiled against
strata.h, so this file cannot drift from it silently.
"""
import ctypes
import os
import sys

ABI_MAJOR = 1
ABI_MINOR = 5  # the newest minor this binding knows: the dictionaries' encoder quality

# strata_status
OK = 0
ERROR_INVALID_ARGUMENT = 1
ERROR_BUFFER_TOO_SMALL = 2
ERROR_IO = 3
ERROR_FORMAT = 4
ERROR_UNSUPPORTED = 5
ERROR_OUT_OF_MEMORY = 6
ERROR_INTERNAL = 7
ERROR_NO_SCENE = 8

# strata_load_options.flags
LOAD_LOD = 1 << 0
LOAD_SKIRTS = 1 << 1
LOAD_NO_TEXTURES = 1 << 2
LOAD_TEXTURE_LEVEL = 1 << 3
LOAD_SWAP_RED_BLUE = 1 << 4
LOAD_IMAGES_ONLY = 1 << 5
LOAD_PARTIAL = 1 << 6

# strata_attribute
ATTRIBUTE_POSITIONS = 0
ATTRIBUTE_NORMALS = 1
ATTRIBUTE_UV0 = 2
ATTRIBUTE_UV1 = 3
ATTRIBUTE_COLORS = 4
ATTRIBUTE_INDICES = 5
ATTRIBUTE_MORPH_POSITIONS = 6
ATTRIBUTE_MORPH_UV0 = 7

ALPHA_OPAQUE, ALPHA_MASK, ALPHA_BLEND = 0, 1, 2
WRAP_REPEAT, WRAP_CLAMP_TO_EDGE, WRAP_MIRRORED_REPEAT = 0, 1, 2
COLOR_SPACE_SRGB, COLOR_SPACE_LINEAR = 0, 1
GLTF_TEXTURES_PNG, GLTF_TEXTURES_KTX2, GLTF_TEXTURES_NONE = 0, 1, 2
EXPORT_REBUILD_LODS = 1 << 0

# strata_encode_quality, strata_encode_options.flags
ENCODE_QUALITY_DEFAULT, ENCODE_QUALITY_FAST, ENCODE_QUALITY_BEST = 0, 1, 2
QUALITIES = {"default": ENCODE_QUALITY_DEFAULT, "fast": ENCODE_QUALITY_FAST,
             "best": ENCODE_QUALITY_BEST}
ENCODE_MIPS = 1 << 0
ENCODE_SRGB = 1 << 1
ENCODE_NORMAL_MAP = 1 << 2
ENCODE_ALPHA_COVERAGE = 1 << 3
ENCODE_BC1_OPAQUE = 1 << 4
ENCODE_IGNORE_ALPHA = 1 << 5
ENCODE_DDS_FILE = 1 << 6

# strata_ytd_format, strata_ytd_edition, strata_ytd_options.flags
YTD_FORMAT_DEFAULT, YTD_FORMAT_AUTO, YTD_FORMAT_BC1, YTD_FORMAT_BC3 = 0, 1, 2, 3
YTD_FORMAT_BC5, YTD_FORMAT_BC7, YTD_FORMAT_RGBA8 = 4, 5, 6
YTD_EDITION_DEFAULT, YTD_EDITION_LEGACY, YTD_EDITION_ENHANCED = 0, 1, 2
YTD_ADD_NEW = 1 << 0
YTD_CHANGED_ONLY = 1 << 1

_size_t = ctypes.c_size_t
_u32 = ctypes.c_uint32
_i32 = ctypes.c_int32
_f32 = ctypes.c_float
_enum = ctypes.c_int  # C enums are int-sized (capi_handles.h enumValue)
_str = ctypes.c_char_p
_ptr = ctypes.c_void_p

PROGRESS = ctypes.CFUNCTYPE(None, _ptr, _size_t, _size_t)


class _Sized(ctypes.Structure):
    """A struct whose first field is its size, set on construction (strata.h:
    every option and info struct starts with `size`)."""

    def __init__(self, **kw):
        super().__init__(**kw)
        self.size = ctypes.sizeof(self)


class LoadOptions(_Sized):
    _fields_ = [("size", _size_t), ("flags", _u32), ("lod", _i32), ("texture_level", _i32),
                ("progress", PROGRESS), ("progress_user", _ptr)]


class SceneSummary(_Sized):
    _fields_ = [("size", _size_t), ("format", _str), ("name", _str),
                ("node_count", _u32), ("root_count", _u32), ("mesh_count", _u32),
                ("material_count", _u32), ("texture_count", _u32), ("image_count", _u32),
                ("warning_count", _u32), ("left_out_count", _u32)]


class NodeInfo(_Sized):
    _fields_ = [("size", _size_t), ("name", _str), ("translation", _f32 * 3),
                ("mesh", _i32), ("child_count", _u32), ("tag_count", _u32)]


class MeshInfo(_Sized):
    _fields_ = [("size", _size_t), ("name", _str), ("primitive_count", _u32)]


class PrimitiveInfo(_Sized):
    _fields_ = [("size", _size_t), ("vertex_count", _u32), ("index_count", _u32),
                ("material", _i32), ("has_normals", _u32), ("has_uv0", _u32),
                ("has_uv1", _u32), ("has_colors", _u32), ("morph_target_count", _u32)]


class MaterialInfo(_Sized):
    _fields_ = [("size", _size_t), ("name", _str), ("base_color_factor", _f32 * 4),
                ("base_color_texture", _i32), ("base_color_texcoord", _u32),
                ("metallic", _f32), ("roughness", _f32), ("double_sided", _u32),
                ("alpha_mode", _enum), ("alpha_cutoff", _f32)]


class TextureInfo(_Sized):
    _fields_ = [("size", _size_t), ("image", _i32), ("wrap_s", _enum), ("wrap_t", _enum)]


class ImageInfo(_Sized):
    _fields_ = [("size", _size_t), ("name", _str), ("width", _u32), ("height", _u32),
                ("depth", _u32), ("mip_count", _u32), ("layer_count", _u32),
                ("dxgi_format", _u32), ("format_name", _str), ("color_space", _enum)]


class GltfOptions(_Sized):
    _fields_ = [("size", _size_t), ("textures", _enum)]


class ChunkEdit(_Sized):
    _fields_ = [("size", _size_t), ("level", _u32), ("x", _u32), ("y", _u32),
                ("name", _str), ("vertex_count", _u32), ("positions", _ptr),
                ("normals", _ptr), ("uvs", _ptr), ("index_count", _u32), ("indices", _ptr)]


class ExportAtlasOptions(_Sized):
    _fields_ = [("size", _size_t), ("flags", _u32)]


class EncodeOptions(_Sized):
    _fields_ = [("size", _size_t), ("flags", _u32), ("quality", _enum), ("alpha_cutoff", _u32)]


class YtdImage(_Sized):
    _fields_ = [("size", _size_t), ("name", _str), ("path", _str), ("width", _u32),
                ("height", _u32), ("rgba8", _ptr)]


class YtdOptions(_Sized):
    _fields_ = [("size", _size_t), ("flags", _u32), ("format", _enum), ("mips", _u32),
                ("edition", _enum), ("progress", PROGRESS), ("progress_user", _ptr),
                ("quality", _enum)]


# The C name of every struct mirrored above (the layout test walks this).
STRUCTS = {
    "strata_load_options": LoadOptions,
    "strata_scene_summary": SceneSummary,
    "strata_node_info": NodeInfo,
    "strata_mesh_info": MeshInfo,
    "strata_primitive_info": PrimitiveInfo,
    "strata_material_info": MaterialInfo,
    "strata_texture_info": TextureInfo,
    "strata_image_info": ImageInfo,
    "strata_gltf_options": GltfOptions,
    "strata_chunk_edit": ChunkEdit,
    "strata_export_atlas_options": ExportAtlasOptions,
    "strata_encode_options": EncodeOptions,
    "strata_ytd_image": YtdImage,
    "strata_ytd_options": YtdOptions,
}

_P = ctypes.POINTER
# Every call of strata.h: (result type, argument types).
SIGNATURES = {
    "strata_abi_version": (_u32, []),
    "strata_status_name": (_str, [_enum]),
    "strata_free": (None, [_ptr]),
    "strata_scene_create": (_enum, [_P(_ptr)]),
    "strata_scene_destroy": (None, [_ptr]),
    "strata_scene_error": (_str, [_ptr]),
    "strata_scene_load": (_enum, [_ptr, _str, _P(LoadOptions)]),
    "strata_load_memory": (_enum, [_ptr, _ptr, _size_t, _str, _P(LoadOptions)]),
    "strata_scene_get_summary": (_enum, [_ptr, _P(SceneSummary)]),
    "strata_scene_get_roots": (_enum, [_ptr, _ptr, _size_t, _P(_size_t)]),
    "strata_scene_get_warning": (_enum, [_ptr, _u32, _P(_str)]),
    "strata_scene_get_left_out": (_enum, [_ptr, _u32, _P(_str)]),
    "strata_scene_info_json": (_enum, [_ptr, _P(_ptr)]),
    "strata_scene_validate_json": (_enum, [_ptr, _P(_ptr)]),
    "strata_scene_info_file_json": (_enum, [_ptr, _str, _P(_ptr)]),
    "strata_scene_validate_file_json": (_enum, [_ptr, _str, _P(_ptr)]),
    "strata_detect_format": (_str, [_str]),
    "strata_levels_json": (_enum, [_ptr, _str, _str, _P(_ptr)]),
    "strata_scene_get_node": (_enum, [_ptr, _u32, _P(NodeInfo)]),
    "strata_scene_get_node_children": (_enum, [_ptr, _u32, _ptr, _size_t, _P(_size_t)]),
    "strata_scene_get_node_tag": (_enum, [_ptr, _u32, _u32, _P(_str), _P(ctypes.c_int64)]),
    "strata_scene_get_mesh": (_enum, [_ptr, _u32, _P(MeshInfo)]),
    "strata_scene_get_primitive": (_enum, [_ptr, _u32, _u32, _P(PrimitiveInfo)]),
    "strata_attribute_components": (_u32, [_enum]),
    "strata_scene_get_attribute": (_enum, [_ptr, _u32, _u32, _enum, _u32, _ptr, _size_t,
                                           _P(_size_t)]),
    "strata_scene_get_material": (_enum, [_ptr, _u32, _P(MaterialInfo)]),
    "strata_scene_get_texture": (_enum, [_ptr, _u32, _P(TextureInfo)]),
    "strata_scene_get_image": (_enum, [_ptr, _u32, _P(ImageInfo)]),
    "strata_scene_get_image_rgba8": (_enum, [_ptr, _u32, _u32, _u32, _ptr, _size_t,
                                             _P(_size_t)]),
    "strata_scene_write_gltf": (_enum, [_ptr, _str, _P(GltfOptions)]),
    "strata_atlas_edit_create": (_enum, [_P(_ptr)]),
    "strata_atlas_edit_destroy": (None, [_ptr]),
    "strata_atlas_edit_error": (_str, [_ptr]),
    "strata_atlas_edit_add_chunk": (_enum, [_ptr, _P(ChunkEdit)]),
    "strata_atlas_edit_write": (_enum, [_ptr, _str, _str, _P(ExportAtlasOptions)]),
    "strata_atlas_edit_report_json": (_enum, [_ptr, _P(_ptr)]),
    "strata_encoder_create": (_enum, [_P(_ptr)]),
    "strata_encoder_destroy": (None, [_ptr]),
    "strata_encoder_error": (_str, [_ptr]),
    "strata_encoder_encode_rgba8": (_enum, [_ptr, _ptr, _u32, _u32, _u32, _P(EncodeOptions),
                                            _P(_ptr), _P(_size_t), _P(_u32)]),
    "strata_ytd_edit_create": (_enum, [_P(_ptr)]),
    "strata_ytd_edit_destroy": (None, [_ptr]),
    "strata_ytd_edit_error": (_str, [_ptr]),
    "strata_ytd_edit_add_image": (_enum, [_ptr, _P(YtdImage)]),
    "strata_ytd_edit_add_directory": (_enum, [_ptr, _str]),
    "strata_ytd_edit_clear": (_enum, [_ptr]),
    "strata_ytd_replace": (_enum, [_ptr, _str, _str, _P(YtdOptions)]),
    "strata_ytd_build": (_enum, [_ptr, _str, _P(YtdOptions)]),
    "strata_ytd_convert": (_enum, [_ptr, _str, _str, _P(YtdOptions)]),
    "strata_ytd_edit_report_json": (_enum, [_ptr, _P(_ptr)]),
}


class Error(RuntimeError):
    """A libstrata call failed. `status` is the strata_status (-1: the binding's
    own, e.g. no library); the text is the handle's error message."""

    def __init__(self, status, text):
        super().__init__(text or "libstrata status %d" % status)
        self.status = status


def _library_name():
    return {"win32": "strata.dll", "darwin": "libstrata.dylib"}.get(sys.platform, "libstrata.so")


def library_candidates():
    """Where libstrata is looked for, in order: $STRATA_LIBRARY; lib/ inside this
    package (the wheel, the Blender add-on); lib/ of the Maya module this package
    sits in (<module>/scripts/strata/ -> <module>/lib/)."""
    env = os.environ.get("STRATA_LIBRARY")
    if env:
        return [env]
    here = os.path.dirname(os.path.abspath(__file__))
    name = _library_name()
    return [os.path.join(here, "lib", name),
            os.path.join(os.path.dirname(os.path.dirname(here)), "lib", name)]


def library_path():
    """The first candidate that exists (or the first candidate, to name it)."""
    candidates = library_candidates()
    return next((c for c in candidates if os.path.exists(c)), candidates[0])


_lib = None
_dll_dirs = []  # os.add_dll_directory's handles, kept while the library is loaded


def lib():
    """libstrata, loaded once, its ABI major checked and every call declared."""
    global _lib
    if _lib is not None:
        return _lib
    path = library_path()
    if not os.path.exists(path):
        raise Error(-1, "libstrata not found (looked at %s)" % ", ".join(library_candidates()))
    if sys.platform == "win32" and hasattr(os, "add_dll_directory"):
        # Python 3.8+ no longer searches PATH for a DLL's own imports: the
        # library's folder is named for them (strata.dll imports only Windows
        # system DLLs today; an Assimp DLL put beside it is found there too).
        _dll_dirs.append(os.add_dll_directory(os.path.dirname(os.path.abspath(path))))
    L = ctypes.CDLL(path)
    L.strata_abi_version.restype = _u32
    L.strata_abi_version.argtypes = []
    version = L.strata_abi_version()
    if version >> 16 != ABI_MAJOR or (version & 0xFFFF) < ABI_MINOR:
        raise Error(-1, "%s has ABI %d.%d; this strata package needs %d.%d or a newer %d.x"
                    % (path, version >> 16, version & 0xFFFF, ABI_MAJOR, ABI_MINOR, ABI_MAJOR))
    for name, (result, args) in SIGNATURES.items():
        fn = getattr(L, name)
        fn.restype = result
        fn.argtypes = args
    _lib = L
    return L


def abi_version():
    """(major, minor) of the loaded libstrata."""
    v = lib().strata_abi_version()
    return v >> 16, v & 0xFFFF


def text(raw):
    """UTF-8 text from the library (names are escaped to UTF-8 there)."""
    return raw.decode("utf-8", "replace") if raw is not None else ""


def path_bytes(path):
    return os.fsencode(os.fspath(path))


class Closing:
    """A `with` block closes the object at its end."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class Handle(Closing):
    """A libstrata handle with paired <kind>_create / <kind>_destroy and a
    per-handle <kind>_error text."""
    kind = ""

    def __init__(self):
        self.L = lib()
        self.h = ctypes.c_void_p()
        self.check(getattr(self.L, self.kind + "_create")(ctypes.byref(self.h)))

    def close(self):
        if self.h:
            getattr(self.L, self.kind + "_destroy")(self.h)
            self.h = ctypes.c_void_p()

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass

    def check(self, status):
        """Raises Error with the handle's text unless `status` is OK."""
        if status != OK:
            message = text(getattr(self.L, self.kind + "_error")(self.h)) if self.h else ""
            raise Error(status, message or text(self.L.strata_status_name(status)))

    def json(self, fn, *args):
        """A JSON text the call returns through char** (released with strata_free)."""
        import json
        p = ctypes.c_void_p()
        self.check(fn(self.h, *args, ctypes.byref(p)))
        try:
            return json.loads(ctypes.string_at(p).decode("utf-8"))
        finally:
            self.L.strata_free(p)

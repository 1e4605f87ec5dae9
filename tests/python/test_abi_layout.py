"""The ctypes mirror of strata.h (strata._native) against what the compiler
makes of the header: a C program generated from strata.h (gen_abi_layout.py)
prints every struct's size, field names, offsets and declared types, every
constant and every call's argument count."""
import ctypes
import json
import subprocess

import strata._native as native
from strata_testenv import env_path

# The ctypes type each C type of strata.h must be mirrored with.
C_TYPES = {
    "size_t": ctypes.c_size_t, "uint32_t": ctypes.c_uint32, "int32_t": ctypes.c_int32,
    "float": ctypes.c_float, "const char*": ctypes.c_char_p, "void*": ctypes.c_void_p,
    "const float*": ctypes.c_void_p, "const uint32_t*": ctypes.c_void_p,
    "const uint8_t*": ctypes.c_void_p,
    "float[3]": ctypes.c_float * 3, "float[4]": ctypes.c_float * 4,
    "function pointer": native.PROGRESS,
}
ENUM_TYPES = ("strata_alpha_mode", "strata_wrap", "strata_color_space", "strata_gltf_textures",
              "strata_encode_quality", "strata_ytd_format", "strata_ytd_edition")
# Header constant -> the binding's name where it is not STRATA_<name>.
RENAMED = {"STRATA_ABI_VERSION_MAJOR": "ABI_MAJOR", "STRATA_ABI_VERSION_MINOR": "ABI_MINOR"}


def layout():
    out = subprocess.run([env_path("STRATA_TEST_ABI_LAYOUT")], capture_output=True, check=True)
    return json.loads(out.stdout)


def expected_type(c_type):
    return ctypes.c_int if c_type in ENUM_TYPES else C_TYPES[c_type]


def test_every_struct_matches_the_header():
    structs = layout()["structs"]
    assert sorted(structs) == sorted(native.STRUCTS)
    for name, c in structs.items():
        py = native.STRUCTS[name]
        assert ctypes.sizeof(py) == c["size"], name
        assert [f[0] for f in py._fields_] == [f[0] for f in c["fields"]], name
        for (field, offset, c_type), (_, py_type) in zip(c["fields"], py._fields_):
            assert getattr(py, field).offset == offset, "%s.%s" % (name, field)
            want = expected_type(c_type)
            assert py_type is want or (ctypes.sizeof(py_type) == ctypes.sizeof(want)
                                       and py_type._type_ == want._type_), \
                "%s.%s: %s mirrored as %s" % (name, field, c_type, py_type)


def test_every_constant_matches_the_header():
    constants = layout()["constants"]
    assert len(constants) > 30
    for c_name, value in constants.items():
        if c_name == "STRATA_ABI_VERSION":
            assert value == (native.ABI_MAJOR << 16) | native.ABI_MINOR
            continue
        py_name = RENAMED.get(c_name, c_name[len("STRATA_"):])
        assert getattr(native, py_name) == value, c_name


def test_every_call_is_declared_with_its_arguments():
    functions = layout()["functions"]
    assert sorted(functions) == sorted(native.SIGNATURES)
    for name, count in functions.items():
        assert len(native.SIGNATURES[name][1]) == count, name

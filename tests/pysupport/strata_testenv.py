"""What the Python test suites share: the paths ctest passes (samples, the
strata command), running the command, and a GLB reader in plain Python (json,
struct) that needs no numpy and no part of Strata, so values read from
`strata convert`'s output are an independent reference."""
import json
import os
import struct
import subprocess

import pytest


def env_path(name):
    value = os.environ.get(name)
    if not value:
        pytest.fail("%s is not set: run these tests through ctest (./dev test)" % name)
    return value


def samples_dir():
    return env_path("STRATA_TEST_SAMPLES")


def sample(name):
    return os.path.join(samples_dir(), name)


def numpy_run():
    """True for the run with numpy, False for the run that blocks it."""
    return os.environ.get("STRATA_TEST_NUMPY") == "1"


def run_cli(*args):
    """(exit code, stdout, stderr) of the strata command."""
    r = subprocess.run([env_path("STRATA_TEST_CLI")] + [str(a) for a in args],
                       capture_output=True, text=True)
    return r.returncode, r.stdout, r.stderr


def cli_json(*args):
    rc, out, err = run_cli(*args)
    assert rc == 0, "strata %s: %s" % (" ".join(map(str, args)), err)
    return json.loads(out)


def convert_glb(path, out_dir, *options):
    """strata convert PATH -o OUT_DIR/<name>.glb [options]; returns the Glb."""
    os.makedirs(str(out_dir), exist_ok=True)
    out = os.path.join(str(out_dir), os.path.basename(os.path.normpath(str(path))) + ".glb")
    rc, _, err = run_cli("convert", path, "-o", out, *options)
    assert rc == 0, err
    return Glb(out)


# glTF 2.0 accessor component types (glTF spec 3.6.2.2) and element sizes.
_COMPONENTS = {5120: "b", 5121: "B", 5122: "h", 5123: "H", 5125: "I", 5126: "f"}
_TYPES = {"SCALAR": 1, "VEC2": 2, "VEC3": 3, "VEC4": 4}
_NORMALIZED_MAX = {"B": 255.0, "H": 65535.0}


class Glb:
    """A .glb file (glTF 2.0 spec §4.4: 12-byte header, JSON chunk, BIN chunk)."""

    def __init__(self, path):
        with open(path, "rb") as f:
            data = f.read()
        magic, version, length = struct.unpack_from("<III", data, 0)
        assert magic == 0x46546C67 and version == 2 and length == len(data), path
        offset, self.bin = 12, b""
        while offset < length:
            size, kind = struct.unpack_from("<II", data, offset)
            chunk = data[offset + 8: offset + 8 + size]
            if kind == 0x4E4F534A:
                self.json = json.loads(chunk.decode("utf-8"))
            elif kind == 0x004E4942:
                self.bin = chunk
            offset += 8 + size

    def accessor(self, index):
        """The accessor's elements as a list of tuples (scalars: plain values);
        normalized integers become floats in [0, 1]."""
        acc = self.json["accessors"][index]
        view = self.json["bufferViews"][acc["bufferView"]]
        code = _COMPONENTS[acc["componentType"]]
        n = _TYPES[acc["type"]]
        item = struct.calcsize("<" + code)
        stride = view.get("byteStride", item * n)
        start = view.get("byteOffset", 0) + acc.get("byteOffset", 0)
        scale = _NORMALIZED_MAX.get(code) if acc.get("normalized") else None
        out = []
        for i in range(acc["count"]):
            values = struct.unpack_from("<%d%s" % (n, code), self.bin, start + i * stride)
            if scale:
                values = tuple(v / scale for v in values)
            out.append(values if n > 1 else values[0])
        return out

    def node_meshes(self):
        """{node name: (translation, [(primitive, attributes)])} for every node
        with a mesh, attributes read: POSITION, NORMAL, TEXCOORD_0/1, COLOR_0,
        indices, and the first morph target's POSITION deltas as 'MORPH'."""
        out = {}
        for node in self.json["nodes"]:
            if "mesh" not in node:
                continue
            prims = []
            for prim in self.json["meshes"][node["mesh"]]["primitives"]:
                a = {k: self.accessor(v) for k, v in prim["attributes"].items()}
                a["indices"] = self.accessor(prim["indices"])
                if prim.get("targets"):
                    a["MORPH"] = self.accessor(prim["targets"][0]["POSITION"])
                prims.append((prim, a))
            out[node["name"]] = (tuple(node.get("translation", (0.0, 0.0, 0.0))), prims)
        return out


def tuples(values, k):
    """Any array the strata package returns (numpy (n, k) or flat array.array)
    as a list of k-tuples of Python floats / ints."""
    flat = values.reshape(-1).tolist() if hasattr(values, "reshape") else list(values)
    if k == 1:
        return flat
    return [tuple(flat[i:i + k]) for i in range(0, len(flat), k)]


def max_difference(a, b):
    """The largest |a - b| over two equally long lists of equal-length tuples
    (inf when their shapes differ)."""
    if len(a) != len(b) or any(len(p) != len(q) for p, q in zip(a, b)):
        return float("inf")
    return max((abs(x - y) for p, q in zip(a, b) for x, y in zip(p, q)), default=0.0)


def y_up(p):
    """Design.md's axis rule: a Z-up point (x, y, z) is glTF's (x, z, -y)."""
    return (p[0], p[2], -p[1])

"""The Windows package under Wine against the Linux package, on every sample:
the same command lines (convert to GLB with PNG and with KTX2 textures, to
.gltf, textures as PNG, DDS and KTX2, CHU to .atlas, a glTF edit written back
with export-atlas, 3D Tiles) write byte-identical files on both. Then a batch
with --jobs 2 over inputs with non-ASCII names, and the C ABI test program
against the packaged strata.dll."""
import filecmp
import json
import os
import shutil
import struct
import subprocess

import pytest

from conftest import SOURCE, run_wine

SAMPLES = os.path.join(SOURCE, "samples")
SHARED = os.path.normpath(os.path.join(SOURCE, "..", "shared", "samples"))

TERRAIN = ["terrain-v140.atlas", "terrain-v100.atlas", "terrain-unique.atlas",
           "terrain-blended.atlas", "terrain.chu"]
DICTIONARIES = ["textures-v5.ytd", "textures-v13.ytd"]


def shared_inputs():
    if not os.path.isdir(SHARED):
        return []
    out = []
    for d in sorted(os.listdir(SHARED)):
        full = os.path.join(SHARED, d)
        if os.path.isdir(full):
            out += [os.path.join(full, f) for f in sorted(os.listdir(full))]
    return out


def cases():
    """(name, argv with {IN} and {OUT} placeholders, input path)."""
    out = []
    for s in TERRAIN:
        path = os.path.join(SAMPLES, s)
        out.append((s + "-png", ["convert", "{IN}", "-o", "{OUT}/out.glb"], path))
        out.append((s + "-ktx2", ["convert", "{IN}", "-o", "{OUT}/out.glb", "--textures", "ktx2"], path))
        out.append((s + "-gltf", ["convert", "{IN}", "-o", "{OUT}/out.gltf"], path))
        out.append((s + "-tiles", ["tiles", "{IN}", "-o", "{OUT}/tiles"], path))
    out.append(("chu-to-atlas", ["convert", "{IN}", "-o", "{OUT}/out.atlas"],
                os.path.join(SAMPLES, "terrain.chu")))
    for s in DICTIONARIES + [os.path.join("tfrag-level")]:
        out.append((s + "-png", ["convert", "{IN}", "-o", "{OUT}/out.glb"], os.path.join(SAMPLES, s)))
    for s in DICTIONARIES:
        for fmt in ("png", "dds", "ktx2"):
            out.append(("%s-textures-%s" % (s, fmt), ["textures", "{IN}", "-o", "{OUT}/tex", "--format", fmt],
                        os.path.join(SAMPLES, s)))
    for path in shared_inputs():
        out.append((os.path.basename(path) + "-png", ["convert", "{IN}", "-o", "{OUT}/out.glb"], path))
    return out


def run_both(linux_dir, windows_dir, argv, work):
    """Runs argv with the Linux CLI into work/linux and the Windows CLI into
    work/windows; returns both results."""
    results = {}
    for side in ("linux", "windows"):
        out = os.path.join(work, side)
        os.makedirs(out, exist_ok=True)
        args = [a.replace("{OUT}", out) for a in argv]
        if side == "linux":
            r = subprocess.run([os.path.join(linux_dir, "bin", "strata")] + args, capture_output=True)
        else:
            r = run_wine([os.path.join(windows_dir, "bin", "strata.exe")] + args, capture_output=True)
        results[side] = r
    return results


def glb_parts(path):
    """A GLB's JSON (parsed) and its binary chunk."""
    data = open(path, "rb").read()
    length = struct.unpack("<I", data[12:16])[0]
    return json.loads(data[20:20 + length]), data[20 + length:]


def assert_same_tree(a, b):
    """Every file under a and b: the same names and the same bytes."""
    def tree(root):
        out = {}
        for d, _, names in os.walk(root):
            for n in names:
                out[os.path.relpath(os.path.join(d, n), root)] = os.path.join(d, n)
        return out
    ta, tb = tree(a), tree(b)
    assert sorted(ta) == sorted(tb), (sorted(ta), sorted(tb))
    assert ta, "no output at all in %s" % a
    differ = [n for n in ta if not filecmp.cmp(ta[n], tb[n], shallow=False)]
    assert not differ, "differ between Linux and Windows: %s" % differ
    return sorted(ta)


@pytest.mark.parametrize("name,argv,path", cases(), ids=[c[0] for c in cases()])
def test_windows_writes_the_same_bytes(linux_dir, windows_dir, tmp_path, name, argv, path):
    argv = [a.replace("{IN}", path) for a in argv]
    r = run_both(linux_dir, windows_dir, argv, str(tmp_path))
    for side, res in r.items():
        assert res.returncode == 0, (side, res.stdout.decode(errors="replace")[-2000:],
                                     res.stderr.decode(errors="replace")[-2000:])
    names = assert_same_tree(str(tmp_path / "linux"), str(tmp_path / "windows"))
    print("%s: %d identical files" % (name, len(names)))


def test_export_atlas_from_a_gltf_edit(linux_dir, windows_dir, tmp_path):
    base = os.path.join(SAMPLES, "terrain-v140.atlas")
    edit = tmp_path / "edit.glb"
    subprocess.run([os.path.join(linux_dir, "bin", "strata"), "convert", base, "-o", str(edit)],
                   check=True, capture_output=True)
    r = run_both(linux_dir, windows_dir, ["export-atlas", str(edit), "--base", base, "-o",
                                          "{OUT}/new.atlas"], str(tmp_path))
    for side, res in r.items():
        assert res.returncode == 0, (side, res.stderr.decode(errors="replace"))
    assert_same_tree(str(tmp_path / "linux"), str(tmp_path / "windows"))


def test_obj_edit_without_assimp_says_only_gltf(windows_dir, tmp_path):
    obj = tmp_path / "edit.obj"
    obj.write_text("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n")
    r = run_wine([os.path.join(windows_dir, "bin", "strata.exe"), "export-atlas", str(obj), "--base",
                  os.path.join(SAMPLES, "terrain-v140.atlas"), "-o", str(tmp_path / "new.atlas")],
                 capture_output=True, text=True)
    assert r.returncode != 0
    assert "only glTF edits (.glb, .gltf) are available" in r.stderr, r.stderr
    assert not (tmp_path / "new.atlas").exists()


def test_batch_jobs_2_with_non_ascii_names(linux_dir, windows_dir, tmp_path):
    inputs = tmp_path / "inputs-ñandú"
    inputs.mkdir()
    names = {"terrain-v140.atlas": "terrain-Ærø-日本.atlas", "textures-v5.ytd": "texturas-ñ.ytd",
             "terrain.chu": "relief-é.chu", "terrain.tqt": "relief-é.tqt"}
    for src, dst in names.items():
        shutil.copy(os.path.join(SAMPLES, src), inputs / dst)
    r = run_both(linux_dir, windows_dir, ["convert", str(inputs), "-o", "{OUT}/glb", "--jobs", "2"],
                 str(tmp_path))
    for side, res in r.items():
        assert res.returncode == 0, (side, res.stderr.decode(errors="replace"))
    names = sorted(os.listdir(tmp_path / "linux" / "glb"))
    assert names == sorted(os.listdir(tmp_path / "windows" / "glb"))
    assert names == sorted(["terrain-Ærø-日本.glb", "texturas-ñ.glb", "relief-é.glb"]), names
    # The same GLBs but for a scene's name, which is the input's path as the
    # batch found it, with the system's separator (inputs-ñandú\\relief-é.chu).
    for name in names:
        linux, windows = (glb_parts(tmp_path / side / "glb" / name) for side in ("linux", "windows"))
        assert linux[1] == windows[1], name  # the binary chunk
        stem = os.path.splitext(name)[0]
        for scene in windows[0].get("scenes", []):
            if "name" in scene and "inputs-" in scene["name"]:
                assert "inputs-ñandú\\" + stem in scene["name"], scene["name"]
                scene["name"] = scene["name"].replace("\\", "/")
        assert linux[0] == windows[0], name


def test_c_abi_program_against_the_packaged_dll(windows_dir, tmp_path):
    build = os.environ.get("STRATA_WINDOWS_BUILD")
    if not build:
        pytest.fail("STRATA_WINDOWS_BUILD (the MinGW build tree) is not set")
    # The program beside the packaged DLL, which Windows loads from there.
    shutil.copy(os.path.join(build, "bin", "strata_capi_test.exe"), tmp_path)
    shutil.copy(os.path.join(windows_dir, "bin", "strata.dll"), tmp_path)
    work = tmp_path / "work"
    work.mkdir()
    r = run_wine([str(tmp_path / "strata_capi_test.exe"), SAMPLES, str(work)], capture_output=True,
                 text=True, timeout=600)
    print(r.stdout[-2000:], r.stderr[-2000:])
    assert r.returncode == 0

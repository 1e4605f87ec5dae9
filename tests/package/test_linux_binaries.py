"""The Linux package's library and CLI need nothing but glibc, and no glibc
newer than 2.34 (Debian 12, Ubuntu 22.04, Fedora 35, RHEL 9): each check fails
when a new dependency leaks in, naming it."""
import os
import re
import subprocess

import pytest

# glibc's own libraries: the only shared libraries a Linux package may need.
GLIBC_LIBRARIES = {"libc.so.6", "libm.so.6", "libpthread.so.0", "libdl.so.2", "librt.so.1",
                   "ld-linux-x86-64.so.2"}
GLIBC_FLOOR = (2, 34)


def needed(path):
    out = subprocess.run(["readelf", "-d", path], check=True, capture_output=True, text=True).stdout
    return re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", out)


def glibc_versions(path):
    out = subprocess.run(["objdump", "-T", path], check=True, capture_output=True, text=True).stdout
    return sorted({tuple(int(x) for x in v.split(".")) for v in re.findall(r"GLIBC_([0-9.]+)", out)})


@pytest.mark.parametrize("name", ["bin/strata", "lib/libstrata.so"])
def test_only_glibc_is_needed(linux_dir, name):
    path = os.path.join(linux_dir, name)
    libs = needed(path)
    print("%s NEEDED: %s" % (name, ", ".join(libs)))
    assert "libc.so.6" in libs
    assert set(libs) <= GLIBC_LIBRARIES, "not glibc: %s" % sorted(set(libs) - GLIBC_LIBRARIES)


@pytest.mark.parametrize("name", ["bin/strata", "lib/libstrata.so"])
def test_highest_glibc_version(linux_dir, name):
    versions = glibc_versions(os.path.join(linux_dir, name))
    highest = versions[-1]
    print("%s needs GLIBC_%s at most" % (name, ".".join(map(str, highest))))
    assert highest <= GLIBC_FLOOR, "needs GLIBC_%s, over the 2.34 floor: %s" % (
        ".".join(map(str, highest)), [".".join(map(str, v)) for v in versions if v > GLIBC_FLOOR])


def test_library_exports_only_the_c_abi(linux_dir):
    out = subprocess.run(["nm", "-D", "--defined-only", os.path.join(linux_dir, "lib/libstrata.so")],
                         check=True, capture_output=True, text=True).stdout
    names = [line.split()[-1] for line in out.splitlines() if line.strip()]
    others = [n for n in names if not n.startswith("strata_") and not n.startswith("STRATA_")]
    assert names and not others, others


def test_cli_runs(linux_dir):
    r = subprocess.run([os.path.join(linux_dir, "bin/strata"), "--version"], capture_output=True,
                       text=True, check=True)
    assert r.stdout.startswith("strata ")


def test_errors_still_unwind(linux_dir, tmp_path):
    """A bad input throws inside the CLI: the unwinder finds its frames through
    cmake/glibc_floor.c's _dl_find_object, and the error is reported."""
    bad = tmp_path / "cut.atlas"
    sample = os.path.join(os.environ.get("STRATA_SOURCE", "."), "samples", "terrain-v140.atlas")
    with open(sample, "rb") as f:
        bad.write_bytes(f.read()[:5000])
    r = subprocess.run([os.path.join(linux_dir, "bin/strata"), "convert", str(bad), "-o",
                        str(tmp_path / "out.glb")], capture_output=True, text=True)
    assert r.returncode == 1, r.stderr
    assert "strata: error: %s: at byte" % bad in r.stderr, r.stderr
    assert not (tmp_path / "out.glb").exists()

"""What each package holds: the licences in every one, the Blender extension
per platform with its own library, the Maya module with both platforms, the
wheels' tags and libraries; then the Linux wheel installed into a fresh venv and
the Linux Blender zip installed into Blender, each importing a sample."""
import glob
import os
import re
import shutil
import subprocess
import sys
import zipfile

import pytest

from conftest import DIST, SOURCE, dist_file, version

ARCHIVES = ["strata-%(v)s-linux-x64.tar.gz", "strata-%(v)s-windows-x64.zip",
            "strata_blender-%(v)s-linux-x64.zip", "strata_blender-%(v)s-windows-x64.zip",
            "strata_maya-%(v)s.zip", "strata-%(v)s-py3-none-linux_x86_64.whl",
            "strata-%(v)s-py3-none-win_amd64.whl"]


def files_in(root):
    out = set()
    for d, _, names in os.walk(root):
        out.update(os.path.relpath(os.path.join(d, n), root).replace(os.sep, "/") for n in names)
    return out


@pytest.mark.parametrize("pattern", ARCHIVES)
def test_every_package_carries_the_licences(unpacked, pattern):
    names = files_in(unpacked(pattern))
    print("%s: %d files, %d bytes" % (pattern % {"v": version()}, len(names),
                                      os.path.getsize(dist_file(pattern))))
    assert any(n.endswith("LICENSE") for n in names), sorted(names)
    notices = [n for n in names if n.endswith("THIRD-PARTY-NOTICES.txt")]
    assert notices, sorted(names)
    with open(os.path.join(unpacked(pattern), notices[0]), encoding="utf-8") as f:
        text = f.read()
    for library in ("zlib", "libpng", "libjpeg-turbo", "libdeflate", "Zstandard", "ISA-L",
                    "meshoptimizer", "TinyGLTF", "JSON for Modern C++"):
        assert library in text


@pytest.mark.parametrize("platform,library,other", [
    ("linux-x64", "libstrata.so", "strata.dll"), ("windows-x64", "strata.dll", "libstrata.so")])
def test_blender_extension_per_platform(unpacked, platform, library, other):
    root = unpacked("strata_blender-%(v)s-" + platform + ".zip")
    names = files_in(root)
    assert "strata_blender/strata/lib/" + library in names
    assert "strata_blender/strata/lib/" + other not in names
    with open(os.path.join(root, "strata_blender/blender_manifest.toml"), encoding="utf-8") as f:
        manifest = f.read()
    assert re.search(r'^platforms = \["%s"\]$' % platform, manifest, re.M), manifest
    assert re.search(r'^license = \["SPDX:GPL-3.0-or-later"\]$', manifest, re.M), manifest
    with open(os.path.join(root, "strata_blender/LICENSE"), encoding="utf-8") as f:
        assert "GNU GENERAL PUBLIC LICENSE" in f.read()


def test_maya_module_has_both_platforms(unpacked):
    root = unpacked("strata_maya-%(v)s.zip")
    names = files_in(root)
    assert {"strata/lib/libstrata.so", "strata/lib/strata.dll"} <= names
    with open(os.path.join(root, "strata/strata.mod"), encoding="utf-8") as f:
        mod = f.read()
    heads = re.findall(r"^\+ PLATFORM:(\w+) strata ([0-9.]+) \.$", mod, re.M)
    assert heads == [("linux", version()), ("win64", version())], mod
    # Each entry adds the same folders.
    for entry in mod.split("+ PLATFORM:")[1:]:
        assert "PYTHONPATH+:=scripts" in entry and "MAYA_PLUG_IN_PATH+:=plug-ins" in entry


@pytest.mark.parametrize("tag,library", [("linux_x86_64", "libstrata.so"), ("win_amd64", "strata.dll")])
def test_wheel_tag_and_library(tag, library):
    path = dist_file("strata-%(v)s-py3-none-" + tag + ".whl")
    with zipfile.ZipFile(path) as z:
        names = z.namelist()
        wheel = z.read("strata-%s.dist-info/WHEEL" % version()).decode()
    assert "Tag: py3-none-%s" % tag in wheel
    assert "strata/lib/" + library in names
    assert [n for n in names if n.startswith("strata/lib/")] == ["strata/lib/" + library]


def test_linux_wheel_installs_into_a_fresh_venv(tmp_path):
    wheels = tmp_path / "wheels"
    wheels.mkdir()
    shutil.copy(dist_file("strata-%(v)s-py3-none-linux_x86_64.whl"), wheels)
    subprocess.run([sys.executable, os.path.join(SOURCE, "tests/python/wheel_install_check.py"),
                    str(wheels), str(tmp_path / "venv"), os.path.join(SOURCE, "samples")], check=True)


def test_linux_blender_zip_installs_into_blender(tmp_path, linux_dir):
    blender = shutil.which("blender")
    if not blender:
        pytest.skip("Blender is not installed")
    r = subprocess.run(
        [blender, "-b", "--factory-startup", "--python-exit-code", "1", "--python",
         os.path.join(SOURCE, "tests/package/blender_install.py"), "--",
         dist_file("strata_blender-%(v)s-linux-x64.zip"), os.path.join(SOURCE, "samples"),
         str(tmp_path)],
        capture_output=True, text=True, timeout=300,
        env=dict(os.environ, BLENDER_USER_SCRIPTS=str(tmp_path / "scripts"),
                 BLENDER_USER_CONFIG=str(tmp_path / "config")))
    print(r.stdout[-3000:], r.stderr[-3000:])
    assert r.returncode == 0
    assert "strata add-on installed and imported" in r.stdout

"""The packages ./dev package wrote (dist/), checked as a user gets them: each
archive unpacked once into a temporary directory. STRATA_DIST names dist/,
STRATA_SOURCE the checkout, STRATA_WINE the wine64 to run Windows programs
with (its prefix in WINEPREFIX, outside the repository)."""
import glob
import os
import re
import subprocess
import tarfile
import zipfile

import pytest

SOURCE = os.environ.get("STRATA_SOURCE", os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))))
DIST = os.environ.get("STRATA_DIST", os.path.join(SOURCE, "dist"))


def version():
    with open(os.path.join(SOURCE, "CMakeLists.txt"), encoding="utf-8") as f:
        return re.search(r"project\(strata VERSION ([0-9.]+)", f.read()).group(1)


def dist_file(pattern):
    found = glob.glob(os.path.join(DIST, pattern % {"v": version()}))
    assert len(found) == 1, "expected one %s in %s, found %s" % (pattern, DIST, found)
    return found[0]


@pytest.fixture(scope="session")
def unpacked(tmp_path_factory):
    """unpacked(archive pattern) -> the directory it was extracted into."""
    done = {}

    def get(pattern):
        if pattern not in done:
            path = dist_file(pattern)
            target = tmp_path_factory.mktemp(os.path.basename(path).replace(".", "_"))
            if path.endswith(".tar.gz"):
                with tarfile.open(path) as t:
                    t.extractall(target)
            else:
                with zipfile.ZipFile(path) as z:
                    for info in z.infolist():
                        z.extract(info, target)
                        mode = info.external_attr >> 16
                        if mode:
                            os.chmod(os.path.join(target, info.filename), mode)
            done[pattern] = str(target)
        return done[pattern]

    return get


@pytest.fixture(scope="session")
def linux_dir(unpacked):
    return os.path.join(unpacked("strata-%(v)s-linux-x64.tar.gz"), "strata-%s-linux-x64" % version())


@pytest.fixture(scope="session")
def windows_dir(unpacked):
    return os.path.join(unpacked("strata-%(v)s-windows-x64.zip"), "strata-%s-windows-x64" % version())


def wine():
    exe = os.environ.get("STRATA_WINE", "/usr/lib/wine/wine64")
    if not os.path.exists(exe):
        pytest.fail("wine64 is missing (%s): ./dev setup installs it" % exe)
    return exe


def run_wine(args, **kw):
    env = dict(os.environ, WINEDEBUG="-all")
    return subprocess.run([wine()] + args, env=env, **kw)

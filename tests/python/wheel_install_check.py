"""The wheel the build writes, installed the way a pipeline user would, with no
network: a fresh venv of Debian's python3 (no system site-packages, so no
numpy), `pip install --no-index` of the wheel, then `import strata` from
another directory loading a sample through the libstrata inside the wheel.

    python3 wheel_install_check.py WHEEL_DIR VENV_DIR SAMPLES_DIR
"""
import glob
import os
import shutil
import subprocess
import sys

CHECK = r"""
import os, sys, strata
sample = os.path.join(sys.argv[1], "terrain-v140.atlas")
assert not strata.HAVE_NUMPY, "a fresh venv has no numpy"
site = os.path.dirname(os.path.dirname(os.path.abspath(strata.__file__)))
assert strata.library_path().startswith(site), strata.library_path()
with strata.load(sample) as scene:
    prim = scene.meshes[0].primitives[0]
    assert scene.format == "atlas" and len(scene.nodes) == 16, scene.nodes
    assert len(prim.positions) == 145 * 3 and prim.index_count == 384
print("import strata: %s, %d nodes from %s" % (strata.__version__, len(scene.nodes), sample))
"""


def run(*cmd, **kw):
    print("+", " ".join(cmd), flush=True)
    subprocess.run(cmd, check=True, **kw)


def main(wheel_dir, venv, samples):
    wheels = glob.glob(os.path.join(wheel_dir, "strata-*.whl"))
    if len(wheels) != 1:
        sys.exit("expected one wheel in %s, found %s" % (wheel_dir, wheels))
    shutil.rmtree(venv, ignore_errors=True)
    run(sys.executable, "-m", "venv", venv)
    python = os.path.join(venv, "bin", "python")
    run(python, "-m", "pip", "install", "--no-index", "--no-cache-dir", "--disable-pip-version-check",
        "-q", wheels[0])
    # From the venv's own directory, so neither the source tree nor the build's
    # staged package can be imported by accident.
    run(python, "-c", CHECK, samples, cwd=venv)
    run(python, "-m", "pip", "uninstall", "-y", "-q", "strata")
    run(python, "-c", "import importlib.util, sys; "
        "sys.exit(importlib.util.find_spec('strata') is not None)", cwd=venv)


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    main(*sys.argv[1:])

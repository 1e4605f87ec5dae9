"""The pipeline script README.md shows runs as written (on a copy of a sample
named as the script names it) and does what it says."""
import os
import re
import shutil
import subprocess
import sys

from strata_testenv import Glb, sample

README = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "README.md")


def test_the_readme_pipeline_script_runs(tmp_path):
    text = open(README, encoding="utf-8").read()
    script = re.search(r"```python\n(import strata\n.*?)```", text, re.S).group(1)
    assert len(script.strip().splitlines()) == 5
    shutil.copy(sample("terrain-unique.atlas"), str(tmp_path / "terrain.atlas"))
    r = subprocess.run([sys.executable, "-c", script], cwd=str(tmp_path), capture_output=True,
                       text=True)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines() == ["atlas 16 chunks; left out: []", "0 errors"]
    assert {n["name"] for n in Glb(str(tmp_path / "terrain.glb")).json["nodes"]} == \
        {"L2_%d_%d" % (x, y) for x in range(4) for y in range(4)}

"""Ratchet & Clank 2 levels through the Python package: strata.levels lists a
level file's or directory's levels by id and name, strata.load(level=...)
picks one (case-insensitive), and the scene is the CLI's (docs/rc2.md)."""
import os

import pytest

import strata
from strata_testenv import cli_json, convert_glb, sample


def test_levels_of_a_file_and_of_its_directory():
    wad = sample(os.path.join("rc2-level", "LEVEL1.WAD"))
    assert strata.detect(wad) == "rc2-level"
    one = strata.levels(wad)
    assert [(e["id"], e["name"], e["file"]) for e in one] == [(1, "Oozla", "LEVEL1.WAD")]
    assert strata.levels(os.path.dirname(wad)) == [dict(one[0], path=wad)]
    assert strata.levels(wad, "OOZLA") == one
    assert strata.levels(wad, "30") == []


def test_load_picks_the_level_and_names_the_scene_after_it(tmp_path):
    directory = sample("rc2-level")
    with strata.load(directory, level="oozla") as s:
        roots = [s.nodes[i] for i in s.roots]
        assert [r.name for r in roots] == ["Oozla"]
        assert dict(roots[0].tags) == {"level": 1}
        names = sorted(s.nodes[c].name for c in roots[0].children)
        assert names == sorted(["tfrag_%d" % i for i in range(4)] +
                               ["chunk1_tfrag_0", "chunk1_tfrag_1",
                                "chunk2_tfrag_0", "chunk2_tfrag_1"])
        assert len(s.images) == 3
    with pytest.raises(strata.Error) as e:
        strata.load(directory, level="yeedil")
    assert "yeedil" in str(e.value) and "1 Oozla" in str(e.value)
    # The file itself loads the same scene the CLI converts.
    wad = sample(os.path.join("rc2-level", "LEVEL1.WAD"))
    glb = convert_glb(wad, tmp_path).node_meshes()
    with strata.load(wad) as s:
        assert sorted(n.name for n in s.nodes if n.mesh is not None) == sorted(glb)


def test_info_and_validate_agree_with_the_cli():
    wad = sample(os.path.join("rc2-level", "LEVEL1.WAD"))
    assert strata.info(wad) == cli_json("info", wad, "--json")
    report = strata.validate(wad)
    assert report["errors"] == 0 and report["warnings"] == 0

"""Bad input raises strata.Error with the library's text and status; a partial
load leaves the broken piece out and names it (ABI 1.1)."""
import os
import shutil

import pytest

import strata
from broken_samples import broken_tile_atlas
from strata_testenv import sample, samples_dir, tuples


def broken_tile(tmp_path):
    return broken_tile_atlas(samples_dir(), tmp_path)


def test_a_broken_tile_fails_the_load_naming_it(tmp_path):
    path = broken_tile(tmp_path)
    with pytest.raises(strata.Error) as e:
        strata.load(path)
    assert e.value.status == 4
    assert "broken-tile.atlas" in str(e.value) and "L2_3_3" in str(e.value)
    assert "byte" in str(e.value)
    report = strata.validate(path)
    assert report["errors"] == 1 and "L2_3_3" in report["findings"][0]["message"]
    assert report["findings"][0]["offset"] > 0


def test_partial_shows_the_tile_above_and_names_the_one_left_out(tmp_path):
    with strata.load(broken_tile(tmp_path), partial=True) as s:
        assert len(s.left_out) == 1 and "tile L2_3_3" in s.left_out[0]
        node = next(n for n in s.nodes if n.name == "L2_0_3")
        mat = s.materials[s.meshes[node.mesh].primitives[0].material]
        image = s.images[s.textures[mat.base_color_texture].image]
        # The level-1 tile (1, 1, 1): (40 + 60, 20 + 29, 20 + 29).
        assert set(tuples(tuples(image.rgba8(), 1), 4)) == {(100, 49, 49, 255)}


def test_missing_sources_are_a_warning(tmp_path):
    lonely = tmp_path / "blended-alone.atlas"
    shutil.copy(sample("terrain-blended.atlas"), str(lonely))
    with strata.load(str(lonely)) as s:
        assert len(s.warnings) == 1 and "source images not found" in s.warnings[0]
        assert s.left_out == []


def test_unreadable_and_unrecognised_input(tmp_path):
    with pytest.raises(strata.Error) as e:
        strata.load(str(tmp_path / "missing.atlas"))
    assert e.value.status == 3 and "missing.atlas" in str(e.value)
    junk = tmp_path / "junk.bin"
    junk.write_bytes(b"this is not terrain")
    with pytest.raises(strata.Error) as e:
        strata.load(str(junk))
    assert e.value.status == 4 and "junk.bin" in str(e.value)
    with pytest.raises(strata.Error):
        strata.validate(str(junk))
    assert strata.detect(str(junk)) is None and strata.detect(str(tmp_path / "none")) is None
    cut = tmp_path / "cut.atlas"
    cut.write_bytes(open(sample("terrain-v140.atlas"), "rb").read()[:300])
    with pytest.raises(strata.Error) as e:
        strata.load(str(cut))
    assert "byte" in str(e.value)
    assert strata.validate(str(cut))["errors"] >= 1


def test_the_library_is_the_packaged_one():
    assert strata.abi_version() >= (1, 1)
    assert os.path.dirname(strata.library_path()) == \
        os.path.join(os.path.dirname(os.path.abspath(strata.__file__)), "lib")

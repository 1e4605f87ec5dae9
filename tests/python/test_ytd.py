"""strata.ytd: replace, build and convert through the package, with images as
files and as pixels in memory (numpy arrays, or flat sequences without
numpy); the results read back through strata.load and checked by `strata
validate`."""
import os

import pytest

import strata
from strata_testenv import numpy_run, run_cli, sample


def pixels(width, height, value):
    """RGBA8 pixels of one colour: numpy (rows, width, 4) with numpy, else a
    flat list (with width and height passed beside it)."""
    flat = list(value) * (width * height)
    if numpy_run():
        import numpy as np
        return np.array(flat, dtype=np.uint8).reshape(height, width, 4)
    return flat


def add(edit, name, width, height, value):
    if numpy_run():
        edit.add_image(name=name, pixels=pixels(width, height, value))
    else:
        edit.add_image(name=name, pixels=pixels(width, height, value), width=width, height=height)


def texture_pixels(path):
    """{name: flat RGBA8 of mip 0} of every texture of a dictionary."""
    with strata.load(path, images_only=True) as scene:
        return {img.name: list(strata.flat(img.rgba8())) for img in scene.images}


def validates_clean(path):
    rc, out, err = run_cli("validate", "--strict", path)
    return rc == 0 and "0 errors, 0 warnings" in out


def test_replace_with_pixels_keeps_the_others(tmp_path):
    src = sample("textures-v13.ytd")
    out = str(tmp_path / "out.ytd")
    with strata.ytd.YtdEdit() as edit:
        add(edit, "ramp_a8r8g8b8", 16, 16, (10, 200, 30, 255))
        report = edit.replace(src, out)
    assert [t["action"] for t in report["textures"]] == ["replaced"]
    assert report["textures"][0]["format"] == "B8G8R8A8_UNORM"
    assert validates_clean(out)
    before, after = texture_pixels(src), texture_pixels(out)
    assert after["ramp_a8r8g8b8"] == [10, 200, 30, 255] * (16 * 16)  # lossless
    for name in before:
        if name != "ramp_a8r8g8b8":
            assert after[name] == before[name]


def test_replace_naming_nothing_copies_the_file(tmp_path):
    src = sample("textures-v5.ytd")
    out = tmp_path / "same.ytd"
    report = strata.ytd.replace(src, str(out))
    assert report["identical"]
    with open(src, "rb") as a:
        assert out.read_bytes() == a.read()


def test_replace_from_exported_pngs(tmp_path):
    src = sample("textures-v13.ytd")
    rc, _, err = run_cli("textures", src, "-o", tmp_path / "tex")
    assert rc == 0, err
    out = str(tmp_path / "out.ytd")
    report = strata.ytd.replace(src, out, from_dir=str(tmp_path / "tex"))
    assert len(report["textures"]) == 3
    assert validates_clean(out)


def test_changed_only_keeps_unedited_textures(tmp_path):
    src = sample("textures-v13.ytd")
    rc, _, err = run_cli("textures", src, "-o", tmp_path / "tex")
    assert rc == 0, err
    out = tmp_path / "out.ytd"
    report = strata.ytd.replace(src, str(out), from_dir=str(tmp_path / "tex"), changed_only=True)
    assert report["identical"]
    assert [t["action"] for t in report["textures"]] == ["unchanged"] * 3
    with open(src, "rb") as a:
        assert out.read_bytes() == a.read()


def test_add_new_and_errors(tmp_path):
    src = sample("textures-v13.ytd")
    out = str(tmp_path / "added.ytd")
    with strata.ytd.YtdEdit() as edit:
        add(edit, "brand_new", 8, 4, (255, 0, 0, 255))
        with pytest.raises(strata.Error) as e:
            edit.replace(src, out)
        assert "no texture named 'brand_new'" in str(e.value)
        assert not os.path.exists(out)
        report = edit.replace(src, out, add_new=True)
    assert report["textures"][0]["action"] == "added"
    assert report["textures"][0]["why"] == "auto: opaque"
    assert validates_clean(out)
    assert texture_pixels(out)["brand_new"][:4] == [255, 0, 0, 255]


def test_build_and_convert(tmp_path):
    images = {"Flat_Red": pixels(8, 8, (255, 0, 0, 255)),
              "glass": pixels(8, 8, (0, 0, 255, 128))}
    out = str(tmp_path / "built.ytd")
    with strata.ytd.YtdEdit() as edit:
        for name, px in images.items():
            if numpy_run():
                edit.add_image(name=name, pixels=px)
            else:
                edit.add_image(name=name, pixels=px, width=8, height=8)
        report = edit.build(out, edition="enhanced", progress=lambda done, total: None)
    by_name = {t["name"]: t for t in report["textures"]}
    assert by_name["flat_red"]["format"] == "BC1_UNORM"  # lower-cased, opaque
    assert by_name["glass"]["format"] == "BC7_UNORM"  # alpha, Enhanced
    assert validates_clean(out)
    legacy = str(tmp_path / "legacy.ytd")
    report = strata.ytd.convert(out, legacy)  # None: the other edition
    assert report["edition"] == "legacy"
    assert validates_clean(legacy)
    assert texture_pixels(legacy) == texture_pixels(out)


def test_quality_levels_each_write_a_clean_dictionary(tmp_path):
    decoded = {}
    for quality in ("fast", "default", "best"):
        out = str(tmp_path / ("%s.ytd" % quality))
        with strata.ytd.YtdEdit() as edit:
            add(edit, "glass", 8, 8, (0, 0, 255, 128))
            report = edit.build(out, edition="enhanced", quality=quality)
        assert report["textures"][0]["format"] == "BC7_UNORM"
        assert validates_clean(out)
        decoded[quality] = texture_pixels(out)["glass"][:4]
    assert all(abs(a - b) <= 1 for px in decoded.values() for a, b in zip(px, [0, 0, 255, 128]))


def test_bad_arguments():
    with pytest.raises(ValueError):
        strata.ytd.build([], "x.ytd", format="dxt9")
    with pytest.raises(ValueError):
        strata.ytd.build([], "x.ytd", quality="medium")

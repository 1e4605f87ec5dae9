"""The option string, the options script that writes it, and identification
by magic."""
import os
import re
import shutil

import pytest

import strata
from strata_maya_core import identify, options
from strata_testenv import sample, samples_dir

HERE = os.path.dirname(os.path.abspath(__file__))
MODULE = os.environ["STRATA_TEST_MAYA_MODULE"]


def test_parse_and_format():
    assert options.parse("") == {k: d for k, (d, _) in options.FIELDS.items()}
    o = options.parse("lod=2;skirts=1;merge=1;future=7;textures=0")
    assert (o["lod"], o["skirts"], o["merge"], o["textures"], o["partial"]) == (2, True, True,
                                                                                False, False)
    assert options.parse(options.format_options(o)) == o
    assert options.DEFAULT == "lod=-1;skirts=0;textures=1;merge=0;swapRedBlue=0;partial=0;" \
                              "rebuildLods=0;level=-1;quality=0"
    assert options.QUALITIES[options.parse("quality=2")["quality"]] == "best"
    for bad in ("lod=two", "skirts=2", "partial=yes", "quality=3", "quality=-1"):
        with pytest.raises(ValueError):
            options.parse(bad)


def test_the_options_script_builds_and_reads_every_option():
    mel = open(os.path.join(MODULE, "scripts", "strataTranslatorOptions.mel")).read()
    assert re.search(r"global proc int strataTranslatorOptions\(string \$parent, "
                     r"string \$action,\s+string \$initialSettings, string \$resultCallback\)",
                     mel)
    query = mel[mel.index('$action == "query"'):]
    for name in options.FIELDS:
        assert '"%s"' % name in mel, name  # parsed from $initialSettings
        assert re.search(r'"%s%s="' % (";" if name != "lod" else "", name), query), name


KINDS = {"atlas": {"terrain-blended.atlas", "terrain-unique.atlas", "terrain-v100.atlas",
                   "terrain-v140.atlas"},
         "chu": {"terrain.chu"}, "ytd": {"textures-v13.ytd", "textures-v5.ytd"},
         "tfrag": {"tfrag-level/core_index.bin", "tfrag-level/core_data.bin",
                   "tfrag-level/gs_ram.bin", "tfrag-level"}}


def test_each_sample_is_claimed_by_its_translator_only():
    files = sorted(set().union(*KINDS.values()) | {"terrain.tqt", "blended-sources/grass.png"})
    for kind, mine in KINDS.items():
        for f in files:
            assert identify.is_mine(kind, sample(f)) == (f in mine), (kind, f)


def test_magic_not_extension(tmp_path):
    renamed = tmp_path / "really-an-atlas.ytd"
    shutil.copy(sample("terrain-v140.atlas"), str(renamed))
    assert identify.is_mine("atlas", str(renamed)) and not identify.is_mine("ytd", str(renamed))
    fake = tmp_path / "fake.atlas"
    fake.write_bytes(b"not terrain at all")
    assert not any(identify.is_mine(k, str(fake)) for k in KINDS)
    # A file of another format inside a level directory is not the level's.
    level = tmp_path / "level"
    shutil.copytree(sample("tfrag-level"), str(level))
    shutil.copy(sample("terrain-v140.atlas"), str(level / "extra.atlas"))
    assert identify.is_mine("tfrag", str(level / "core_index.bin"))
    assert not identify.is_mine("tfrag", str(level / "extra.atlas"))
    assert identify.source_of("tfrag", str(level / "gs_ram.bin")) == str(level)
    assert identify.source_of("atlas", sample("terrain-v140.atlas")) == \
        os.path.abspath(sample("terrain-v140.atlas"))

"""strata.load on every sample, value by value: against the synthetic terrain's
formulas (tools/make_samples.cpp, atlas_synth.cpp), `strata info --json` and the
GLB `strata convert` writes (read in plain Python, strata_testenv.Glb)."""
import array
import math
import os

import pytest

import strata
from strata_testenv import Glb, cli_json, convert_glb, max_difference, numpy_run, sample, \
    samples_dir, tuples, y_up

SAMPLES = sorted(e for e in os.listdir(samples_dir()) if strata.detect(sample(e)) not in
                 (None, "tqt"))


def synth_height(x, y):
    """atlas_synth.cpp synthHeight with terrain size 256, height scale 12."""
    s = 256.0
    return 12.0 * (math.sin(x / s * 6.2831853) * math.cos(y / s * 9.424778)
                   + 0.25 * math.sin((x + 2 * y) / s * 25.0))


def test_the_run_has_numpy_or_not_as_ctest_says():
    assert strata.HAVE_NUMPY == numpy_run()
    with strata.load(sample("terrain-v140.atlas")) as s:
        p = s.meshes[0].primitives[0].positions
        if numpy_run():
            assert p.shape == (145, 3) and str(p.dtype) == "float32"
        else:
            assert isinstance(p, array.array) and p.typecode == "f" and len(p) == 145 * 3


def test_samples_cover_every_format():
    assert {strata.detect(sample(e)) for e in SAMPLES} == {"atlas", "chu", "ytd", "tfrag"}


def test_atlas_chunks_lie_on_the_synthetic_surface():
    with strata.load(sample("terrain-v140.atlas")) as s:
        assert s.format == "atlas" and s.warnings == [] and s.left_out == []
        assert len(s.nodes) == 16 and s.roots == list(range(16))
        names = {node.name for node in s.nodes}
        assert names == {"L2_%d_%d" % (x, y) for x in range(4) for y in range(4)}
        for node in s.nodes:
            assert node.tags == {"level": 2, "x": int(node.name.split("_")[1]),
                                 "y": int(node.name.split("_")[2])}
            assert node.parent is None and node.children == []
            prim = s.meshes[node.mesh].primitives[0]
            assert (prim.vertex_count, prim.index_count, prim.material) == (145, 384, None)
            pos = tuples(prim.positions, 3)
            x0, y0 = 64 * node.tags["x"], 64 * node.tags["y"]
            grid = pos[:81]  # 9 x 9 grid (8 quads of 8 units), then 64 skirt vertices
            assert {(round(p[0]), round(p[1])) for p in grid} == \
                {(x0 + 8 * i, y0 + 8 * j) for i in range(9) for j in range(9)}
            assert max(abs(p[2] - synth_height(p[0], p[1])) for p in grid) < 1e-3
            # The global texture coordinate (y / 256, 1 - x / 256): v = 0 at the top.
            uv = tuples(prim.uv0, 2)[:81]
            assert max(abs(u - p[1] / 256) + abs(v - (1 - p[0] / 256))
                       for (u, v), p in zip(uv, grid)) < 1e-5
            assert prim.uv1 is None and prim.colors is None
            assert max(tuples(prim.indices, 1)) < 145 and len(prim.morph_targets) == 1


def test_lod_0_morph_points_half_way_to_the_finer_surface():
    with strata.load(sample("terrain-v140.atlas"), lod=0) as s:
        assert [n.name for n in s.nodes] == ["L0_0_0"]
        prim = s.meshes[0].primitives[0]
        pos = tuples(prim.positions, 3)
        morph = tuples(prim.morph_targets[0].positions, 3)
        k = 4 * 9 + 5  # grid (4, 5): (128, 160), steps of 32
        assert (round(pos[k][0]), round(pos[k][1])) == (128, 160)
        fine = synth_height(128 + 16, 160 + 16)
        assert abs(morph[k][2] - (fine - synth_height(128, 160)) * 0.5) < 1e-3
        assert tuples(prim.morph_targets[0].uv0, 2)[k] == pytest.approx((0.001, -0.0005))


def test_skirts_are_a_second_primitive():
    with strata.load(sample("terrain-v140.atlas"), skirts=True) as s:
        prims = s.meshes[0].primitives
        assert len(prims) == 2 and prims[1].index_count == 4 * 8 * 6


def test_unique_textures_show_their_tiles_colour():
    """Chunk (x, y) shows tile (2, 3 - x, y) (§4), flat (40 + 60 l, 20 + 29 x, 20 + 29 y)."""
    with strata.load(sample("terrain-unique.atlas")) as s:
        assert len(s.materials) == len(s.textures) == len(s.images) == 16
        for node in s.nodes:
            prim = s.meshes[node.mesh].primitives[0]
            mat = s.materials[prim.material]
            x, y = node.tags["x"], node.tags["y"]
            assert mat.name == "tile_L2_%d_%d" % (3 - x, y)
            assert mat.base_color_texcoord == 0 and mat.alpha_mode == "OPAQUE"
            image = s.images[s.textures[mat.base_color_texture].image]
            assert (image.width, image.height, image.color_space) == (32, 32, "srgb")
            px = tuples(image.rgba8(), 1)
            assert len(px) == 32 * 32 * 4
            assert set(tuples(px, 4)) == {(160, 20 + 29 * (3 - x), 20 + 29 * y, 255)}


def test_textures_off_and_images_only():
    with strata.load(sample("terrain-unique.atlas"), textures=False) as s:
        assert s.materials == [] and s.images == [] and len(s.nodes) == 16
    with strata.load(sample("terrain.tqt"), images_only=True) as s:
        assert s.format == "tqt" and s.nodes == [] and len(s.images) == 21
    with pytest.raises(strata.Error) as e:
        strata.load(sample("terrain.tqt"))
    assert e.value.status == 5 and "no geometry" in str(e.value)


@pytest.mark.parametrize("name", SAMPLES)
def test_every_sample_matches_its_glb(name, tmp_path):
    """Every node's arrays are the GLB's (design.md: glTF (x, z, -y)), texture
    coordinates as they are, colours COLOR_0, indices the same."""
    glb = convert_glb(sample(name), tmp_path).node_meshes()
    with strata.load(sample(name)) as s:
        with_mesh = [node for node in s.nodes if node.mesh is not None]
        assert sorted(node.name for node in with_mesh) == sorted(glb)
        for node in with_mesh:
            translation, gprims = glb[node.name]
            assert translation == pytest.approx(y_up(node.translation))
            prims = s.meshes[node.mesh].primitives
            assert len(prims) == len(gprims)
            for prim, (gprim, g) in zip(prims, gprims):
                assert [y_up(p) for p in tuples(prim.positions, 3)] == g["POSITION"]
                assert tuples(prim.indices, 1) == g["indices"]
                if prim.normals is not None:
                    got = [y_up(v) for v in tuples(prim.normals, 3)]
                    assert max_difference(got, g["NORMAL"]) < 1e-6
                for ours, theirs in ((prim.uv0, "TEXCOORD_0"), (prim.uv1, "TEXCOORD_1"),
                                     (prim.colors, "COLOR_0")):
                    assert (ours is None) == (theirs not in g), theirs
                    if ours is not None:
                        k = 4 if theirs == "COLOR_0" else 2
                        assert max_difference(tuples(ours, k), g[theirs]) < 1e-6, theirs
                if prim.morph_targets:
                    assert [y_up(p) for p in tuples(prim.morph_targets[0].positions, 3)] == \
                        g["MORPH"]
                assert (prim.material is None) == ("material" not in gprim)


@pytest.mark.parametrize("name", SAMPLES + ["terrain.tqt"])
def test_info_validate_and_detect_agree_with_the_cli(name):
    path = sample(name)
    assert strata.info(path) == cli_json("info", path, "--json")
    report = strata.validate(path)
    assert report["errors"] == 0 and report["file"] == path
    assert strata.detect(path) == strata.info(path)["format"]


def test_ytd_gallery_images_are_the_dictionary_textures():
    for name in ("textures-v5.ytd", "textures-v13.ytd"):
        info = cli_json("info", sample(name), "--json")
        want = {t["name"]: t for d in info["dictionaries"] for t in d["textures"]
                if t.get("convertible")}
        with strata.load(sample(name)) as s:
            assert {i.name for i in s.images} == set(want)
            for image in s.images:
                t = want[image.name]
                assert (image.width, image.height, image.format_name) == \
                    (t["width"], t["height"], t["format"])
                width, rows = image.size()
                assert len(tuples(image.rgba8(), 1)) == width * rows * 4


def test_write_gltf_is_what_convert_writes(tmp_path):
    out = tmp_path / "ours.glb"
    with strata.load(sample("terrain-unique.atlas")) as s:
        s.write_gltf(str(out))
        with pytest.raises(ValueError):
            s.write_gltf(str(tmp_path / "x.glb"), textures="jpeg")
    theirs = convert_glb(sample("terrain-unique.atlas"), tmp_path)
    assert Glb(str(out)).json["nodes"] == theirs.json["nodes"]
    assert Glb(str(out)).bin == theirs.bin


def test_progress_is_reported():
    calls = []
    with strata.load(sample("terrain-unique.atlas"), progress=lambda d, t: calls.append((d, t))):
        pass
    assert calls and calls[-1] == (16, 16)


def test_a_closed_scene_says_so():
    s = strata.load(sample("terrain-v100.atlas"))
    prim = s.meshes[0].primitives[0]
    s.close()
    with pytest.raises(strata.Error) as e:
        prim.positions
    assert "closed" in str(e.value)


@pytest.mark.parametrize("name", [n for n in SAMPLES if os.path.isfile(sample(n))])
def test_load_memory_gives_the_file_scene(name):
    """strata.load_memory (strata_load_memory) of a file's bytes: the same nodes
    and positions as strata.load of the file; a CHU in memory has no companion
    TQT beside it, so no images."""
    with open(sample(name), "rb") as f:
        data = f.read()
    with strata.load(sample(name)) as disk, strata.load_memory(data, name) as mem:
        assert mem.format == disk.format
        assert [n.name for n in mem.nodes] == [n.name for n in disk.nodes]
        for a, b in zip(mem.meshes, disk.meshes):
            for pa, pb in zip(a.primitives, b.primitives):
                assert tuples(pa.positions, 3) == tuples(pb.positions, 3)
        assert len(mem.images) == (0 if disk.format == "chu" else len(disk.images))


def test_load_memory_errors_name_the_bytes():
    with pytest.raises(strata.Error) as e:
        strata.load_memory(b"not a terrain at all", "junk.bin")
    assert e.value.status == 4 and "junk.bin" in str(e.value)

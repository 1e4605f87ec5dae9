"""Atlas write-back through the package: chunk L2_1_2 of terrain-v140.atlas with
its vertex (96, 160) raised by 5, written onto the base and read back."""
import pytest

import strata
from strata_testenv import run_cli, sample, tuples

RAISE = 5.0


def chunk(scene, name):
    node = next(n for n in scene.nodes if n.name == name)
    return node, scene.meshes[node.mesh].primitives[0]


def raised(tmp_path, as_lists):
    base = sample("terrain-v140.atlas")
    with strata.load(base) as s:
        node, prim = chunk(s, "L2_1_2")
        pos = tuples(prim.positions, 3)
        idx = tuples(prim.indices, 1)
    k = next(i for i, p in enumerate(pos) if (round(p[0]), round(p[1])) == (96, 160))
    pos[k] = (pos[k][0], pos[k][1], pos[k][2] + RAISE)
    out = str(tmp_path / "edited.atlas")
    c = {"level": 2, "x": 1, "y": 2, "name": "L2_1_2", "indices": idx,
         "positions": pos if as_lists else [c for p in pos for c in p]}
    report = strata.export_atlas(base, out, [c])
    return base, out, pos, k, report


@pytest.mark.parametrize("as_lists", [True, False])
def test_only_the_raised_vertex_moves(tmp_path, as_lists):
    base, out, pos, k, report = raised(tmp_path, as_lists)
    assert report["edited"] == ["L2_1_2"] and len(report["unchanged"]) == 0
    assert report["baseVersion"] == 140
    rc, text, err = run_cli("validate", out)
    assert rc == 0, text + err
    with strata.load(base) as a, strata.load(out) as b:
        for node in a.nodes:
            before = tuples(chunk(a, node.name)[1].positions, 3)
            after = tuples(chunk(b, node.name)[1].positions, 3)
            if node.name != "L2_1_2":
                assert before == after, node.name
                continue
            moved = [i for i, (p, q) in enumerate(zip(before, after)) if p != q]
            assert moved == [k]
            assert after[k][2] == pytest.approx(before[k][2] + RAISE, abs=1e-5)


def test_edit_errors_name_the_problem(tmp_path):
    base = sample("terrain-v140.atlas")
    with strata.load(base) as s:
        _, prim = chunk(s, "L2_1_2")
        pos, idx = prim.positions, prim.indices
    with strata.AtlasEdit() as e:
        e.add_chunk(2, 1, 2, pos, idx)
        with pytest.raises(strata.Error) as err:
            e.add_chunk(2, 1, 2, pos, idx)
        assert "already" in str(err.value)
        with pytest.raises(strata.Error) as err:
            e.write(base, base)
        assert "base" in str(err.value)
    with pytest.raises(strata.Error) as err:
        strata.export_atlas(base, str(tmp_path / "never.atlas"),
                            [{"level": 2, "x": 7, "y": 7, "positions": pos, "indices": idx}])
    assert "L2_7_7" in str(err.value) and not (tmp_path / "never.atlas").exists()
    with strata.AtlasEdit() as e, pytest.raises(ValueError):
        e.add_chunk(2, 1, 2, pos, idx, uvs=[(0.0, 0.0)])

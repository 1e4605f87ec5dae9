"""The Maya plug-in's tests: the Maya-free core in plain Python, and the
translators against the recording stand-in of maya (standin/), both on the
staged Maya module (STRATA_TEST_MAYA_MODULE: plug-ins/, scripts/ with the shared
strata package, lib/libstrata.so), run by ctest with and without numpy."""
import importlib.util
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
MODULE = os.environ.get("STRATA_TEST_MAYA_MODULE", "")
sys.path[:0] = [os.path.join(HERE, "..", "pysupport"), os.path.join(HERE, "standin"),
                os.path.join(MODULE, "scripts")]

import pytest  # noqa: E402


@pytest.fixture
def maya(tmp_path):
    """A fresh stand-in scene (Y up, centimetres, the project at tmp_path) with
    the plug-in loaded through initializePlugin; yields (plug-in module, the
    stand-in's scene state)."""
    from maya import _scene
    import maya.OpenMayaMPx as ompx
    state = _scene.reset(root=str(tmp_path / "project"))
    spec = importlib.util.spec_from_file_location(
        "strata_maya", os.path.join(MODULE, "plug-ins", "strata_maya.py"))
    plugin = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(plugin)
    plugin.initializePlugin(object())
    yield plugin, state
    plugin.uninitializePlugin(object())
    assert ompx.REGISTERED == {}

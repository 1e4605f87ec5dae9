"""The package picks the library by the platform it runs on: strata.dll on
Windows (with its folder given to os.add_dll_directory before loading, as
Python 3.8+ needs), libstrata.so on Linux; in lib/ of the package (the wheel,
the Blender add-on) or of the Maya module around it."""
import os
import sys

import pytest

from strata import _native


@pytest.mark.parametrize("platform,name", [("win32", "strata.dll"), ("linux", "libstrata.so"),
                                           ("darwin", "libstrata.dylib")])
def test_library_name_per_platform(monkeypatch, platform, name):
    monkeypatch.delenv("STRATA_LIBRARY", raising=False)
    monkeypatch.setattr(sys, "platform", platform)
    here = os.path.dirname(os.path.abspath(_native.__file__))
    assert _native.library_candidates() == [
        os.path.join(here, "lib", name),
        os.path.join(os.path.dirname(os.path.dirname(here)), "lib", name)]


class _FakeFunction:
    def __init__(self, result=None):
        self.result = result

    def __call__(self, *args):
        return self.result


class _FakeLibrary:
    """What ctypes.CDLL returns, for a library with the ABI this package knows."""

    def __init__(self, path):
        self.path = path
        self.strata_abi_version = _FakeFunction((_native.ABI_MAJOR << 16) | _native.ABI_MINOR)

    def __getattr__(self, name):
        fn = _FakeFunction()
        setattr(self, name, fn)
        return fn


def test_windows_adds_the_library_folder_before_loading(monkeypatch, tmp_path):
    dll = tmp_path / "lib" / "strata.dll"
    dll.parent.mkdir()
    dll.write_bytes(b"MZ")
    calls = []
    monkeypatch.setenv("STRATA_LIBRARY", str(dll))
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(os, "add_dll_directory", lambda d: calls.append(("dir", d)) or d,
                        raising=False)
    monkeypatch.setattr(_native.ctypes, "CDLL", lambda p: calls.append(("load", p)) or _FakeLibrary(p))
    monkeypatch.setattr(_native, "_lib", None)
    monkeypatch.setattr(_native, "_dll_dirs", [])
    loaded = _native.lib()
    assert calls == [("dir", str(dll.parent)), ("load", str(dll))]
    assert loaded.path == str(dll)


def test_linux_loads_without_dll_directories(monkeypatch, tmp_path):
    so = tmp_path / "libstrata.so"
    so.write_bytes(b"\x7fELF")
    calls = []
    monkeypatch.setenv("STRATA_LIBRARY", str(so))
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setattr(os, "add_dll_directory", lambda d: calls.append(("dir", d)), raising=False)
    monkeypatch.setattr(_native.ctypes, "CDLL", lambda p: calls.append(("load", p)) or _FakeLibrary(p))
    monkeypatch.setattr(_native, "_lib", None)
    assert _native.lib().path == str(so)
    assert calls == [("load", str(so))]

"""The Windows package's strata.exe and strata.dll import Windows system DLLs
only (no libstdc++-6.dll, libgcc_s_seh-1.dll, libwinpthread-1.dll or any
library of ours): x86_64-w64-mingw32-objdump -p lists what each imports."""
import os
import re
import subprocess

import pytest

# DLLs every Windows x64 (10 and later) has in System32.
SYSTEM_DLLS = {"kernel32.dll", "msvcrt.dll", "user32.dll", "advapi32.dll", "shell32.dll",
               "ole32.dll", "ws2_32.dll", "bcrypt.dll", "ntdll.dll", "psapi.dll", "shlwapi.dll"}
OBJDUMP = "x86_64-w64-mingw32-objdump"


def imports(path):
    out = subprocess.run([OBJDUMP, "-p", path], check=True, capture_output=True, text=True).stdout
    return sorted(set(re.findall(r"DLL Name: (\S+)", out)))


@pytest.mark.parametrize("name", ["bin/strata.exe", "bin/strata.dll"])
def test_imports_only_system_dlls(windows_dir, name):
    dlls = imports(os.path.join(windows_dir, name))
    print("%s imports: %s" % (name, ", ".join(dlls)))
    assert "KERNEL32.dll" in dlls
    assert {d.lower() for d in dlls} <= SYSTEM_DLLS, "not a system DLL: %s" % sorted(
        d for d in dlls if d.lower() not in SYSTEM_DLLS)


def test_dll_exports_only_the_c_abi(windows_dir):
    out = subprocess.run([OBJDUMP, "-p", os.path.join(windows_dir, "bin/strata.dll")], check=True,
                         capture_output=True, text=True).stdout
    table = out[out.index("[Ordinal/Name Pointer] Table"):]
    names = re.findall(r"^\s+\[\s*\d+\] (\S+)$", table, re.M)
    with open(os.path.join(windows_dir, "include", "strata.h"), encoding="utf-8") as f:
        declared = set(re.findall(r"STRATA_API [^;(]*?\b(strata_\w+)\s*\(", f.read()))
    assert set(names) == declared, (sorted(set(names) - declared), sorted(declared - set(names)))

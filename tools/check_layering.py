#!/usr/bin/env python3
"""The layering rule of design.md "Layout": other layers use core's public
headers (core/include/strata/) only. core/ itself, and tests/, tools/ and
bench/, which test, feed and measure core's insides (a decoder, the WAD
decompressor, the synthetic terrains' writers), may reach core/src.

The operating system's own headers (<windows.h>, <unistd.h>, <dlfcn.h>,
<sys/...>) are included by core/src/common/platform_posix.cpp and
platform_windows.cpp only (docs/packaging.md), and by tests/, tools/ and
bench/, which drive processes.

Fails (exit 1, a line per place) when a C or C++ file outside those folders
includes a header of core/src, or a CMake file outside them names core/src
(an include path), or a C or C++ file outside tests/, tools/, bench/ and
cmake/ other than the two platform files includes a system header. ./dev test runs it on the tree.

Usage: check_layering.py [ROOT]   (default: the tree this script is in)
"""
import os
import re
import subprocess
import sys

ALLOWED = ("core", "tests", "tools", "bench")
SOURCES = (".c", ".cc", ".cpp", ".h", ".hpp")
INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^">]+)[">]')
SYSTEM = re.compile(r'^\s*#\s*include\s*<(windows\.h|shellapi\.h|io\.h|unistd\.h|dlfcn\.h|'
                    r'fcntl\.h|pthread\.h|sched\.h|sys/[^>]+)>')
PLATFORM = ("core/src/common/platform_posix.cpp", "core/src/common/platform_windows.cpp")
SYSTEM_ALLOWED = ("tests", "tools", "bench", "cmake")


def git(root, *args):
    return subprocess.run(["git", "-C", root, *args], check=True, capture_output=True).stdout


def tree_files(root):
    """The files git tracks or would track where ROOT is a checkout's top
    (not its build trees), else every file below ROOT."""
    try:
        if os.path.samefile(git(root, "rev-parse", "--show-toplevel").decode().strip(), root):
            out = git(root, "ls-files", "-z", "--cached", "--others", "--exclude-standard")
            return [f for f in out.decode().split("\0")
                    if f and os.path.isfile(os.path.join(root, f))]
    except (OSError, subprocess.CalledProcessError):
        pass
    files = []
    for d, _, names in os.walk(root):
        files += [os.path.relpath(os.path.join(d, n), root).replace(os.sep, "/") for n in names]
    return files


def violations(root):
    files = tree_files(root)
    private = {f[len("core/src/"):] for f in files if f.startswith("core/src/") and f.endswith(SOURCES)}
    found = []
    for f in sorted(files):
        if f.endswith(SOURCES) and f.split("/")[0] not in SYSTEM_ALLOWED and f not in PLATFORM:
            with open(os.path.join(root, f), encoding="utf-8", errors="replace") as text:
                for n, line in enumerate(text, 1):
                    m = SYSTEM.match(line)
                    if m:
                        found.append(f"{f}:{n}: includes the system header <{m.group(1)}> "
                                     "outside core/src/common/platform_*.cpp")
        if f.split("/")[0] in ALLOWED:
            continue
        path = os.path.join(root, f)
        name = os.path.basename(f)
        if f.endswith(SOURCES):
            with open(path, encoding="utf-8", errors="replace") as text:
                for n, line in enumerate(text, 1):
                    m = INCLUDE.match(line)
                    if not m:
                        continue
                    inc = m.group(1)
                    beside = os.path.join(os.path.dirname(path), inc)
                    if "core/src/" in inc or (inc in private and not os.path.exists(beside)):
                        found.append(f"{f}:{n}: includes core's private header {inc}")
        elif name == "CMakeLists.txt" or name.endswith(".cmake"):
            with open(path, encoding="utf-8", errors="replace") as text:
                for n, line in enumerate(text, 1):
                    if "core/src" in line.split("#", 1)[0]:
                        found.append(f"{f}:{n}: puts core/src on an include path")
    return found


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
    found = violations(os.path.abspath(root))
    for v in found:
        print(v)
    if found:
        print(f"{len(found)} layering violations: use or add a public header in "
              "core/include/strata/ (docs/architecture.md), or a call in the platform "
              "files (docs/packaging.md)", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())

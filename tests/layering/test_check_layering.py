"""tools/check_layering.py on small trees with a violation planted in each
way the rule can be broken, and on the same trees kept to it."""
import os
import subprocess
import sys

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools",
                      "check_layering.py")


def write(root, path, text):
    full = os.path.join(root, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "w", encoding="utf-8") as f:
        f.write(text)


def check(root):
    r = subprocess.run([sys.executable, SCRIPT, str(root)], capture_output=True, text=True)
    return r.returncode, r.stdout.splitlines()


def clean_tree(root):
    write(root, "core/src/common/bytes.h", "#pragma once\n")
    write(root, "core/src/atlas/atlas_io.h", '#include "common/bytes.h"\n')
    write(root, "core/include/strata/scene.h", "#pragma once\n")
    write(root, "core/CMakeLists.txt", "target_include_directories(c PRIVATE src)\n")
    write(root, "tests/CMakeLists.txt",
          "target_include_directories(t PRIVATE ${PROJECT_SOURCE_DIR}/core/src)\n")
    write(root, "tests/a_test.cpp", '#include "common/bytes.h"\n')
    write(root, "gltf/CMakeLists.txt", "# not core/src: a comment\nadd_library(g x.cpp)\n")
    # A header of its own that shares a name's tail with a private one is no violation.
    write(root, "gltf/bytes.h", "#pragma once\n")
    write(root, "gltf/x.cpp", '#include "strata/scene.h"\n#include "bytes.h"\n')
    write(root, "core/src/common/platform_posix.cpp", "#include <unistd.h>\n#include <sys/mman.h>\n")
    write(root, "core/src/common/platform_windows.cpp", "#include <windows.h>\n")
    write(root, "tests/process.cpp", "#include <sys/wait.h>\n#include <windows.h>\n")


def test_a_tree_kept_to_the_rule_passes(tmp_path):
    clean_tree(tmp_path)
    assert check(tmp_path) == (0, [])


def test_a_private_include_outside_core_fails_naming_the_line(tmp_path):
    clean_tree(tmp_path)
    write(tmp_path, "capi/c.cpp", '#include "strata/scene.h"\n#include "atlas/atlas_io.h"\n')
    write(tmp_path, "cli/m.cpp", '#include "../core/src/common/bytes.h"\n')
    code, lines = check(tmp_path)
    assert code == 1
    assert lines == ["capi/c.cpp:2: includes core's private header atlas/atlas_io.h",
                     "cli/m.cpp:1: includes core's private header ../core/src/common/bytes.h"]


def test_core_src_on_an_include_path_outside_core_fails(tmp_path):
    clean_tree(tmp_path)
    write(tmp_path, "tiles/CMakeLists.txt",
          "add_library(t x.cpp)\ntarget_include_directories(t PRIVATE ${PROJECT_SOURCE_DIR}/core/src)\n")
    write(tmp_path, "cmake/extra.cmake", "include_directories(core/src)\n")
    code, lines = check(tmp_path)
    assert code == 1
    assert lines == ["cmake/extra.cmake:1: puts core/src on an include path",
                     "tiles/CMakeLists.txt:2: puts core/src on an include path"]


def test_a_system_header_outside_the_platform_files_fails(tmp_path):
    clean_tree(tmp_path)
    write(tmp_path, "core/src/common/parallel.cpp", "#include <thread>\n#include <pthread.h>\n")
    write(tmp_path, "cli/console.cpp", "#ifdef _WIN32\n#  include <windows.h>\n#endif\n")
    write(tmp_path, "edits/lib.cpp", "#include <dlfcn.h>\n#include <sys/stat.h>\n")
    code, lines = check(tmp_path)
    assert code == 1
    assert lines == [
        "cli/console.cpp:2: includes the system header <windows.h> outside "
        "core/src/common/platform_*.cpp",
        "core/src/common/parallel.cpp:2: includes the system header <pthread.h> outside "
        "core/src/common/platform_*.cpp",
        "edits/lib.cpp:1: includes the system header <dlfcn.h> outside "
        "core/src/common/platform_*.cpp",
        "edits/lib.cpp:2: includes the system header <sys/stat.h> outside "
        "core/src/common/platform_*.cpp"]

"""Writes the self-contained packages into dist/ (./dev package) from the static
Linux build and the MinGW-w64 Windows build:

    strata-<v>-linux-x64.tar.gz, strata-<v>-windows-x64.zip   CLI, library, header, licences
    strata_blender-<v>-linux-x64.zip, ...-windows-x64.zip      the Blender add-on / extension
    strata_maya-<v>.zip                                        the Maya module, both platforms
    strata-<v>-py3-none-linux_x86_64.whl, ...-win_amd64.whl     the Python package

    python3 make_dist.py SOURCE_DIR LINUX_BUILD WINDOWS_BUILD OUT_DIR

Every archive carries LICENSE (the Blender add-on its GPL plugins/blender/LICENSE
too) and THIRD-PARTY-NOTICES.txt. Entries are sorted and dated 2024-01-01, so the
same inputs give the same bytes.
"""
import glob
import io
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile

EPOCH = (2024, 1, 1, 0, 0, 0)
EPOCH_SECONDS = 1704067200


def project_version(source):
    with open(os.path.join(source, "CMakeLists.txt"), encoding="utf-8") as f:
        m = re.search(r"project\(strata VERSION ([0-9.]+)", f.read())
    if not m:
        sys.exit("no project version in CMakeLists.txt")
    return m.group(1)


class Platform:
    def __init__(self, name, library, cli, strip, wheel_tag, blender, maya):
        self.name = name  # linux-x64, windows-x64
        self.library = library  # the built library's path
        self.cli = cli
        self.strip = strip
        self.wheel_tag = wheel_tag
        self.blender = blender  # the manifest's platforms entry
        self.maya = maya  # strata.mod's PLATFORM


def stripped(platform, path, work):
    """A copy of `path` without symbols the library does not export."""
    out = os.path.join(work, platform.name, os.path.basename(path))
    os.makedirs(os.path.dirname(out), exist_ok=True)
    subprocess.run([platform.strip, "--strip-unneeded", "-o", out, path], check=True)
    return out


def read(path):
    with open(path, "rb") as f:
        return f.read()


def write_zip(path, entries):
    """entries: {archive name: (bytes, executable)}."""
    tmp = path + ".tmp"
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as z:
        for name in sorted(entries):
            data, executable = entries[name]
            info = zipfile.ZipInfo(name, EPOCH)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = (0o755 if executable else 0o644) << 16
            z.writestr(info, data)
    os.replace(tmp, path)


def write_tar_gz(path, entries):
    tmp = path + ".tmp"
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.PAX_FORMAT) as t:
        for name in sorted(entries):
            data, executable = entries[name]
            info = tarfile.TarInfo(name)
            info.size = len(data)
            info.mtime = EPOCH_SECONDS
            info.mode = 0o755 if executable else 0o644
            info.uname = info.gname = "root"
            t.addfile(info, io.BytesIO(data))
    import gzip
    with open(tmp, "wb") as f:
        with gzip.GzipFile(fileobj=f, mode="wb", mtime=EPOCH_SECONDS, filename="") as g:
            g.write(raw.getvalue())
    os.replace(tmp, path)


def python_package(source):
    """The strata package's .py files: {relative name: bytes}."""
    pkg = os.path.join(source, "python", "strata")
    return {name: read(os.path.join(pkg, name)) for name in sorted(os.listdir(pkg))
            if name.endswith(".py")}


def licences(source):
    return {"LICENSE": (read(os.path.join(source, "LICENSE")), False),
            "THIRD-PARTY-NOTICES.txt": (read(os.path.join(source, "THIRD-PARTY-NOTICES.txt")), False)}


def cli_package(source, version, platform, lib, cli, out_dir):
    top = "strata-%s-%s/" % (version, platform.name)
    entries = {top + k: v for k, v in licences(source).items()}
    entries[top + "include/strata.h"] = (read(os.path.join(source, "capi", "include", "strata.h")), False)
    if platform.name.startswith("windows"):
        # Windows looks for a program's DLLs beside it first.
        entries[top + "bin/strata.exe"] = (read(cli), True)
        entries[top + "bin/strata.dll"] = (read(lib), True)
        path = os.path.join(out_dir, "strata-%s-%s.zip" % (version, platform.name))
        write_zip(path, entries)
    else:
        entries[top + "bin/strata"] = (read(cli), True)
        entries[top + "lib/libstrata.so"] = (read(lib), True)
        path = os.path.join(out_dir, "strata-%s-%s.tar.gz" % (version, platform.name))
        write_tar_gz(path, entries)
    return path


def blender_package(source, version, platform, lib, out_dir):
    addon = os.path.join(source, "plugins", "blender", "strata_blender")
    entries = {}
    for name in sorted(os.listdir(addon)):
        if name.endswith(".py"):
            entries["strata_blender/" + name] = (read(os.path.join(addon, name)), False)
    with open(os.path.join(addon, "blender_manifest.toml"), encoding="utf-8") as f:
        manifest = f.read()
    manifest, n = re.subn(r'^platforms = \[.*\]$', 'platforms = ["%s"]' % platform.blender,
                          manifest, flags=re.M)
    if n != 1:
        sys.exit("blender_manifest.toml has no platforms line")
    entries["strata_blender/blender_manifest.toml"] = (manifest.encode("utf-8"), False)
    entries["strata_blender/LICENSE"] = (read(os.path.join(source, "plugins", "blender", "LICENSE")), False)
    entries["strata_blender/THIRD-PARTY-NOTICES.txt"] = licences(source)["THIRD-PARTY-NOTICES.txt"]
    for name, data in python_package(source).items():
        entries["strata_blender/strata/" + name] = (data, False)
    entries["strata_blender/strata/lib/" + os.path.basename(lib)] = (read(lib), True)
    path = os.path.join(out_dir, "strata_blender-%s-%s.zip" % (version, platform.name))
    write_zip(path, entries)
    return path


def maya_package(source, version, platforms, libs, out_dir):
    maya = os.path.join(source, "plugins", "maya")
    top = "strata/"
    entries = {top + k: v for k, v in licences(source).items()}
    entries[top + "README.md"] = (read(os.path.join(maya, "README.md")), False)
    # One module entry per platform, each adding the same folders: Maya reads
    # the entries whose PLATFORM matches and the library is picked by name.
    with open(os.path.join(maya, "strata.mod"), encoding="utf-8") as f:
        body = [line for line in f.read().splitlines() if line and not line.startswith("+")]
    mod = []
    for p in platforms:
        mod.append("+ PLATFORM:%s strata %s ." % (p.maya, version))
        mod.extend(body)
        mod.append("")
    entries[top + "strata.mod"] = ("\n".join(mod).encode("utf-8"), False)
    entries[top + "plug-ins/strata_maya.py"] = (read(os.path.join(maya, "plug-ins", "strata_maya.py")), False)
    for path in sorted(glob.glob(os.path.join(maya, "scripts", "*.py")) +
                       glob.glob(os.path.join(maya, "scripts", "*.mel"))):
        entries[top + "scripts/" + os.path.basename(path)] = (read(path), False)
    for path in sorted(glob.glob(os.path.join(maya, "scripts", "strata_maya_core", "*.py"))):
        entries[top + "scripts/strata_maya_core/" + os.path.basename(path)] = (read(path), False)
    for name, data in python_package(source).items():
        entries[top + "scripts/strata/" + name] = (data, False)
    for lib in libs:
        entries[top + "lib/" + os.path.basename(lib)] = (read(lib), True)
    path = os.path.join(out_dir, "strata_maya-%s.zip" % version)
    write_zip(path, entries)
    return path


def wheel(source, platform, lib, out_dir, work):
    stage = os.path.join(work, "wheel-" + platform.name)
    pkg = os.path.join(stage, "strata")
    os.makedirs(os.path.join(pkg, "lib"))
    for name, data in python_package(source).items():
        with open(os.path.join(pkg, name), "wb") as f:
            f.write(data)
    shutil.copy(lib, os.path.join(pkg, "lib", os.path.basename(lib)))
    for name in ("LICENSE", "THIRD-PARTY-NOTICES.txt"):
        shutil.copy(os.path.join(source, name), os.path.join(pkg, name))
    out = subprocess.run([sys.executable, os.path.join(source, "python", "make_wheel.py"), stage,
                          out_dir, platform.wheel_tag], check=True, capture_output=True, text=True)
    return out.stdout.strip()


def main(source, linux_build, windows_build, out_dir):
    version = project_version(source)
    linux = Platform("linux-x64", os.path.join(linux_build, "capi", "libstrata.so"),
                     os.path.join(linux_build, "cli", "strata"), "strip", "linux_x86_64",
                     "linux-x64", "linux")
    windows = Platform("windows-x64", os.path.join(windows_build, "bin", "strata.dll"),
                       os.path.join(windows_build, "bin", "strata.exe"), "x86_64-w64-mingw32-strip",
                       "win_amd64", "windows-x64", "win64")
    os.makedirs(out_dir, exist_ok=True)
    written = []
    with tempfile.TemporaryDirectory() as work:
        libs = {}
        for p in (linux, windows):
            for f in (p.library, p.cli):
                if not os.path.exists(f):
                    sys.exit("missing %s: build it first (./dev package)" % f)
            lib = stripped(p, p.library, work)
            cli = stripped(p, p.cli, work)
            libs[p.name] = lib
            written.append(cli_package(source, version, p, lib, cli, out_dir))
            written.append(blender_package(source, version, p, lib, out_dir))
            written.append(wheel(source, p, lib, out_dir, work))
        written.append(maya_package(source, version, (linux, windows), libs.values(), out_dir))
    for path in written:
        print("%10d  %s" % (os.path.getsize(path), path))


if __name__ == "__main__":
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    main(*sys.argv[1:])

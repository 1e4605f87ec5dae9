"""Writes the strata wheel from the staged package (python/CMakeLists.txt), with
the standard library only (no network, no build backend): a wheel is a zip of
the package plus <name>-<version>.dist-info/ holding METADATA, WHEEL and RECORD
(PyPA "Binary distribution format"). libstrata inside makes it platform-specific
(tag py3-none-<platform>).

    python3 make_wheel.py STAGE_DIR OUT_DIR [PLATFORM]
STAGE_DIR holds strata/ (the .py files and lib/libstrata.so or lib/strata.dll);
the version is strata/__init__.py's __version__. PLATFORM is the wheel's
platform tag (linux_x86_64, win_amd64; default: this interpreter's).
"""
import base64
import hashlib
import os
import re
import sys
import sysconfig
import zipfile

NAME = "strata"
SUMMARY = ("Legacy game terrain and textures (Torque Atlas/CHU/TQT, R&C2 tfrags, "
           "GTA V YTD) for Python, over libstrata")
# Fixed timestamps make the same inputs give the same bytes.
EPOCH = (2024, 1, 1, 0, 0, 0)


def record_hash(data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return "sha256=" + digest.decode("ascii")


def platform_tag():
    return sysconfig.get_platform().replace("-", "_").replace(".", "_")


def package_version(stage):
    with open(os.path.join(stage, NAME, "__init__.py"), encoding="utf-8") as f:
        m = re.search(r'^__version__ = "([^"]+)"', f.read(), re.M)
    if not m:
        sys.exit("no __version__ in %s/__init__.py" % NAME)
    return m.group(1)


def main(stage, out_dir, platform=None):
    version = package_version(stage)
    tag = "py3-none-" + (platform or platform_tag())
    dist_info = "%s-%s.dist-info" % (NAME, version)
    files = []
    for root, dirs, names in os.walk(os.path.join(stage, NAME)):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(names):
            if name.endswith((".pyc", ".tmp")):
                continue
            full = os.path.join(root, name)
            files.append((os.path.relpath(full, stage).replace(os.sep, "/"), full))
    meta = {
        dist_info + "/METADATA": ("Metadata-Version: 2.1\nName: %s\nVersion: %s\nSummary: %s\n"
                                  "Requires-Python: >=3.7\n" % (NAME, version, SUMMARY)),
        dist_info + "/WHEEL": ("Wheel-Version: 1.0\nGenerator: strata make_wheel.py\n"
                               "Root-Is-Purelib: false\nTag: %s\n" % tag),
    }
    os.makedirs(out_dir, exist_ok=True)
    wheel = os.path.join(out_dir, "%s-%s-%s.whl" % (NAME, version, tag))
    tmp = wheel + ".tmp"
    records = []
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as z:
        def add(arcname, data, executable=False):
            info = zipfile.ZipInfo(arcname, EPOCH)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = (0o755 if executable else 0o644) << 16
            z.writestr(info, data)
            records.append("%s,%s,%d" % (arcname, record_hash(data), len(data)))
        for arcname, full in files:
            with open(full, "rb") as f:
                add(arcname, f.read(), executable=arcname.endswith((".so", ".dll")))
        for arcname, text in meta.items():
            add(arcname, text.encode("utf-8"))
        record = dist_info + "/RECORD"
        add_record = "\n".join(records + [record + ",,"]) + "\n"
        info = zipfile.ZipInfo(record, EPOCH)
        info.compress_type = zipfile.ZIP_DEFLATED
        info.external_attr = 0o644 << 16
        z.writestr(info, add_record)
    os.replace(tmp, wheel)
    # Other versions' wheels of this platform left in OUT_DIR would make
    # `pip install OUT_DIR/*.whl` ambiguous.
    for old in os.listdir(out_dir):
        if old.endswith("-%s.whl" % tag) and os.path.join(out_dir, old) != wheel:
            os.remove(os.path.join(out_dir, old))
    print(wheel)


if __name__ == "__main__":
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    main(*sys.argv[1:])

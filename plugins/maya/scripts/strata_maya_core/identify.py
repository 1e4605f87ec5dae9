"""Which Strata translator a file is for, by the file's magic (the library's
detection, strata.detect), never by its extension. A tfrag level has no magic:
it is picked through any file of the level directory (core_index.bin,
core_data.bin, gs_ram.bin), which the library recognises by its contents."""
import os

import strata

# translator kind -> the formats (strata.detect names) it reads
FORMATS = {"atlas": ("atlas",), "chu": ("chu",), "ytd": ("ytd", "drawable"), "tfrag": ("tfrag",),
           "rc2": ("rc2-level", "rc2-disc")}


def _detect(path):
    try:
        return strata.detect(path)
    except strata.Error:  # no library: nothing is ours rather than an error per file
        return None


def is_mine(kind, path):
    fmt = _detect(path)
    if kind != "tfrag":
        return fmt in FORMATS[kind]
    if os.path.isdir(path):
        return fmt == "tfrag"
    if fmt not in (None, "tfrag"):  # a file of another format inside a level directory
        return False
    return _detect(os.path.dirname(os.path.abspath(path))) == "tfrag"


def source_of(kind, path):
    """What strata.load reads for the picked file: the level directory for tfrag."""
    if kind == "tfrag" and not os.path.isdir(path):
        return os.path.dirname(os.path.abspath(path))
    return os.path.abspath(path)

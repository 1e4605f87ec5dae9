"""Maya node names: letters, digits and underscores, not starting with a digit
(Maya's naming rule; anything else is replaced by "_")."""
import os
import re


def maya_name(text, fallback="strata"):
    name = re.sub(r"[^A-Za-z0-9_]", "_", text or "")
    if not name:
        return fallback
    return "_" + name if name[0].isdigit() else name


def group_name(source):
    """The group an import goes under: the file name without its extension, or
    the tfrag level directory's name."""
    base = os.path.basename(os.path.normpath(source))
    stem = base if os.path.isdir(source) else os.path.splitext(base)[0]
    return maya_name(stem)

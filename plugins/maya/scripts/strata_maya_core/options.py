"""The translators' option string, "name=value;name=value" as Maya hands it to
MPxFileTranslator.reader/writer and the options script
(strataTranslatorOptions.mel) builds it."""

# name: (default, type). LOD -1: the format's default level.
FIELDS = {
    "lod": (-1, int),
    "skirts": (False, bool),
    "textures": (True, bool),
    "merge": (False, bool),
    "swapRedBlue": (False, bool),
    "partial": (False, bool),
    "rebuildLods": (False, bool),
    "level": (-1, int),  # R&C2: the level id to take from a disc image; -1: the first
    "quality": (0, int),  # YTD export: the BC encoders' effort, an index of QUALITIES
}
# strata_encode_quality's order, as strata.ytd names the levels.
QUALITIES = ("default", "fast", "best")


def parse(text):
    """A dict of every field; missing ones take their default, unknown names
    are ignored (a newer options script), bad values raise ValueError."""
    out = {k: default for k, (default, _) in FIELDS.items()}
    for item in (text or "").split(";"):
        item = item.strip()
        if not item:
            continue
        name, sep, value = item.partition("=")
        name, value = name.strip(), value.strip()
        if not sep or name not in FIELDS:
            continue
        kind = FIELDS[name][1]
        try:
            number = int(value)
        except ValueError:
            raise ValueError("option %s=%r: expected an integer" % (name, value))
        if kind is bool and number not in (0, 1):
            raise ValueError("option %s=%r: expected 0 or 1" % (name, value))
        if name == "quality" and not 0 <= number < len(QUALITIES):
            raise ValueError("option quality=%r: expected 0 (default), 1 (fast) or 2 (best)"
                             % value)
        out[name] = bool(number) if kind is bool else number
    return out


def format_options(values):
    """The option string of a dict of fields (missing ones: defaults)."""
    merged = {k: values.get(k, default) for k, (default, _) in FIELDS.items()}
    return ";".join("%s=%d" % (k, int(v)) for k, v in merged.items())


DEFAULT = format_options({})

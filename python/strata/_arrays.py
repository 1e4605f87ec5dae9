"""Arrays the library fills in one copy: numpy arrays when numpy is importable
(shaped (count, components)), otherwise flat `array.array`s of
count * components scalars (Maya's Python does not always have numpy).
Nothing here loops over elements in Python.
"""
import array
import itertools

try:
    import numpy as _np
except ImportError:  # Maya without numpy; tests block it to run this path
    _np = None

HAVE_NUMPY = _np is not None

# One scalar kind per C type the ABI copies: array typecode, numpy dtype name.
FLOAT32, UINT32, INT32, UINT8 = "f", "I", "i", "B"
_DTYPES = {FLOAT32: "float32", UINT32: "uint32", INT32: "int32", UINT8: "uint8"}
for _kind in _DTYPES:
    # The ABI's scalars are 4-byte floats and integers and bytes.
    assert array.array(_kind).itemsize == (1 if _kind == UINT8 else 4), _kind


def empty(kind, count, components=1):
    """An uninitialised array for `count` elements and the address of its first
    byte (a ctypes void*; 0 when empty)."""
    if _np is not None:
        shape = (count, components) if components > 1 else (count,)
        a = _np.empty(shape, dtype=_DTYPES[kind])
        return a, (a.ctypes.data if count else 0)
    a = array.array(kind, bytes(array.array(kind).itemsize * count * components))
    return a, (a.buffer_info()[0] if count else 0)


def contiguous(values, kind, components=1):
    """`values` (a numpy array, an array.array, a flat sequence or a sequence of
    `components`-tuples) as a C-contiguous array of `kind`; returns (array,
    address, element count). The array must be kept alive while the address is
    used."""
    if _np is not None:
        a = _np.ascontiguousarray(values, dtype=_DTYPES[kind])
        if a.size % components:
            raise ValueError("%d scalars do not make %d-component elements"
                             % (a.size, components))
        a = a.reshape(-1, components) if components > 1 else a.ravel()
        return a, (a.ctypes.data if a.size else 0), a.size // components
    if isinstance(values, array.array) and values.typecode == kind:
        a = values
    else:
        seq = values.tolist() if hasattr(values, "tolist") else values
        seq = list(seq)
        if seq and not isinstance(seq[0], (int, float)):
            seq = list(itertools.chain.from_iterable(seq))
        a = array.array(kind, seq)
    if len(a) % components:
        raise ValueError("%d scalars do not make %d-component elements" % (len(a), components))
    return a, (a.buffer_info()[0] if len(a) else 0), len(a) // components


def flat(a):
    """The scalars of an array this package returned, in order, as a flat
    sequence (a numpy view or the array.array itself)."""
    return a.reshape(-1) if _np is not None and isinstance(a, _np.ndarray) else a

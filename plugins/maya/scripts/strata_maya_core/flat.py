"""Flat arrays of scalars (array.array), the form the Maya-free core works in:
Maya's Python may have no numpy. Each helper runs in C (slicing, map,
itemgetter), never a Python loop over vertices."""
import itertools
import operator
from array import array


def _as(values, typecode, numpy_dtype):
    if isinstance(values, array) and values.typecode == typecode:
        return values
    if hasattr(values, "dtype"):  # a numpy array: one bulk copy of its bytes
        out = array(typecode)
        out.frombytes(values.astype(numpy_dtype).tobytes())
        return out
    return array(typecode, values)


def floats(values):
    """Any array or sequence of numbers as a flat array('f')."""
    return _as(values, "f", "=f4")


def ints(values):
    """Any array or sequence of integers as a flat array('i') (Maya's int)."""
    return _as(values, "i", "=i4")


def doubles(values):
    return _as(values, "d", "=f8")


def split(values, k):
    """The k component arrays of a flat array of k-component elements."""
    return [values[i::k] for i in range(k)]


def interleave(parts, typecode="d"):
    """One flat array from k equally long component arrays."""
    k, n = len(parts), len(parts[0])
    out = array(typecode, bytes(array(typecode).itemsize * n * k))
    for i, part in enumerate(parts):
        out[i::k] = part if part.typecode == typecode else array(typecode, part)
    return out


def scaled(values, factor, typecode="d"):
    """values * factor."""
    return array(typecode, map(operator.mul, values, itertools.repeat(factor)))


def divided(values, divisor, typecode="f"):
    """values / divisor (division, not multiplication by 1 / divisor, so that
    dividing what `scaled` made comes back as close as a float allows)."""
    return array(typecode, map(operator.truediv, values, itertools.repeat(divisor)))


def one_minus(values):
    """1 - values, as array('f') (texture V between Strata's top-row origin and
    Maya's bottom-row one)."""
    return array("f", map(operator.sub, itertools.repeat(1.0), values))


def take(values, indices):
    """values[i] for each i in indices, same typecode."""
    if not len(indices):
        return array(values.typecode)
    picked = operator.itemgetter(*indices)(values)
    return array(values.typecode, picked if len(indices) > 1 else (picked,))


def take_elements(values, k, indices):
    """Elements (k scalars each) of a flat array at `indices`, flat."""
    return interleave([take(c, indices) for c in split(values, k)], values.typecode)

"""The int-tuple helpers that are about tuple structure only (no arithmetic),
written in Python, and pycute's ``crd2crd`` rule on the native functions."""

from abc import ABC

from . import _native


class Integer(ABC):
    """Virtual base of the integer types (``int`` and its subclasses, not
    ``bool``), as pycute's ``Integer``: ``isinstance(3, Integer)``."""

    @classmethod
    def __subclasshook__(cls, c):
        if c is bool or c is float:
            return False
        return issubclass(c, int)


def is_int(x):
    """``True`` for an int (not a bool)."""
    return isinstance(x, Integer)


def is_tuple(x):
    """``True`` for a tuple."""
    return isinstance(x, tuple)


def flatten(t):
    """The leaves of ``t`` as a flat tuple (an int is the 1-tuple of itself).

    >>> flatten(((2, 3), 4))
    (2, 3, 4)
    """
    if not isinstance(t, tuple):
        return (t,)
    out = []
    stack = [iter(t)]
    while stack:
        for x in stack[-1]:
            if isinstance(x, tuple):
                stack.append(iter(x))
                break
            out.append(x)
        else:
            stack.pop()
    return tuple(out)


def signum(a):
    """-1, 0 or 1, the sign of ``a``."""
    return (a > 0) - (a < 0)


def has_none(a):
    """``True`` when ``a`` is or holds ``None`` (a slicing coordinate)."""
    if a is None:
        return True
    return isinstance(a, tuple) and any(has_none(x) for x in a)


def slice_(crd, trg):
    """The part of ``trg`` under the ``None`` leaves of ``crd``, as CuTe's
    ``slice``: each ``None`` keeps its mode (as a 1-tuple), fixed modes
    vanish, and the kept modes of a tuple are concatenated.

    >>> slice_((None, 2), (4, 8))
    (4,)
    >>> slice_((None, (1, None)), (4, (2, 3)))
    (4, 3)
    """
    if crd is None:
        return (trg,)
    if isinstance(crd, tuple):
        if not isinstance(trg, tuple) or len(crd) != len(trg):
            raise _native_error("not_compatible", f"slice: the coordinate {crd} does not match {trg}")
        out = ()
        for c, t in zip(crd, trg):
            out += slice_(c, t)
        return out
    return ()


def crd2crd(crd, dst_shape, src_shape=None):
    """The coordinate ``crd`` (of ``src_shape``) in ``dst_shape``: mode by mode
    for tuples of the same rank, else through the index (``src_shape`` is
    needed to read a tuple coordinate as an index).

    >>> crd2crd((1, 2), 12, (4, 3))
    9
    >>> crd2crd(9, (4, 3))
    (1, 2)
    """
    if src_shape is not None:
        return _native.crd2crd_shapes(crd, src_shape, dst_shape)
    if isinstance(crd, tuple):
        if isinstance(dst_shape, tuple):
            if len(crd) != len(dst_shape):
                raise _native_error("not_compatible", f"crd2crd: {crd} and {dst_shape} differ in rank")
            return tuple(crd2crd(x, y) for x, y in zip(crd, dst_shape))
        raise _native_error("invalid_argument", f"crd2crd: the tuple coordinate {crd} needs its src_shape to become an index")
    if isinstance(dst_shape, tuple):
        return _native.idx2crd(crd, dst_shape)
    if not crd < dst_shape:
        raise _native_error("out_of_bounds", f"crd2crd: {crd} is not below {dst_shape}")
    return crd


def _native_error(kind, message):
    from .errors import class_of_kind

    return class_of_kind(kind)(message)

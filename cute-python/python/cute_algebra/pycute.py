"""A drop-in for ``import pycute``: pycute's names, signatures and printed
forms, on cute_algebra's exact implementation.

``import cute_algebra.pycute as pycute`` (or ``from cute_algebra.pycute import
*``) runs code written for pycute. Where pycute returns a wrong layout (CuTe's
rules broken: a stride that does not divide, overlapping complement modes, a
non-injective left inverse) these raise a :class:`cute_algebra.errors.CuteError`,
which is also an ``AssertionError``, what pycute raises when it notices.

``composition(A, (B0, B1, ...))`` keeps ``A``'s modes beyond the tuple, as
pycute does (CuTe C++, and ``cute_algebra.composition``, drop them).

Deliberate differences (see the package README): ``Layout``'s ``shape`` and
``stride`` are read-only and hold ints only (no symbolic values);
``logical_product(A, n)`` with an int ``n`` is the product with ``Layout(n)``
(pycute divides instead); ``Layout`` is hashable.
"""

from abc import ABC as _ABC

from . import _native
from ._native import (  # noqa: F401
    Layout, ComposedLayout, Swizzle,
    make_layout, size, cosize, coalesce, filter, complement,
    right_inverse, left_inverse, logical_divide, logical_product,
    zipped_divide, tiled_divide, zipped_product, tiled_product,
    slice_and_offset, product, inner_product, tuple_max, elem_scale,
    shape_div, prefix_product, idx2crd, crd2idx,
)
from ._tuples import (  # noqa: F401
    Integer, is_int, is_tuple, flatten, signum, slice_, has_none, crd2crd,
)


composition = _native.pycute_compat.composition


class LayoutBase(_ABC):
    """Virtual base of ``Layout`` and ``ComposedLayout`` (pycute's)."""


LayoutBase.register(Layout)
LayoutBase.register(ComposedLayout)


def is_layout(x):
    """``True`` for a ``Layout`` or ``ComposedLayout``."""
    return isinstance(x, LayoutBase)


def shiftr(a, s):
    """``a >> s``, or ``a << -s`` for a negative ``s``."""
    return a >> s if s > 0 else a << -s


def shiftl(a, s):
    """``a << s``, or ``a >> -s`` for a negative ``s``."""
    return a << s if s > 0 else a >> -s


def hier_unzip(splitter, layoutA, layoutB):
    """Apply the rank-2 ``splitter`` (a divide or product) mode by mode and
    gather its first modes into mode 0 and the rest into mode 1 (pycute's
    helper behind the zipped operations).

    The zipped operations themselves are native; this is for other
    splitters.
    """
    if layoutB is None:
        return make_layout(Layout(1, 0), layoutA)
    if not isinstance(layoutB, tuple):
        return splitter(layoutA, layoutB)
    if len(layoutA) < len(layoutB):
        from .errors import RankMismatchError

        raise RankMismatchError(f"hier_unzip: the tiler {layoutB} has more modes than {layoutA}")
    parts = [hier_unzip(splitter, layoutA[i], b) for i, b in enumerate(layoutB)]
    firsts = make_layout([p[0] for p in parts])
    rests = [p[1] for p in parts] + [layoutA[i] for i in range(len(layoutB), len(layoutA))]
    return make_layout(firsts, make_layout(rests))


__all__ = [n for n in dir() if not n.startswith("_")]

"""The executable contract of every operation (cute-dynamic's ``laws``), for
checking any answer, ours or another library's, in CuTe notation.

>>> from cute_algebra.laws import check, cute
>>> from cute_algebra import Layout
>>> cute(Layout((4, 6), (1, 4)))
'(4,6):(1,4)'
>>> check("composition", ["(4,6):(1,4)", "6:2"], "(2,3):(2,4)") is None
True
"""

from ._native import check_law as check  # noqa: F401


def _tuple(t):
    if isinstance(t, tuple):
        return "(" + ",".join(_tuple(x) for x in t) + ")"
    return str(int(t))


def cute(x):
    """CuTe's text of a layout (anything with ``shape`` and ``stride``, pycute's
    included), an int tuple, or a tiler (a tuple of layouts, ints and
    ``None``, written ``<…>`` with ``_``)."""
    if hasattr(x, "shape") and hasattr(x, "stride"):
        return _tuple(x.shape) + ":" + _tuple(x.stride)
    return _tuple(x)


def cute_tiler(t):
    """CuTe's text of a pycute-style tiler: a layout, an int ``n`` (``n:1``),
    ``None`` (``_``) or a tuple of them (``<…>``)."""
    if t is None:
        return "_"
    if isinstance(t, tuple):
        return "<" + ",".join(cute_tiler(x) for x in t) + ">"
    if hasattr(t, "shape"):
        return cute(t)
    return f"{int(t)}:1"

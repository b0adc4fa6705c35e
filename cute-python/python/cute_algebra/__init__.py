"""cute_algebra: CuTe's layout algebra for Python, on the Rust crate cute-dynamic.

Layouts take and give pycute's values (ints, tuples of ints, ``None`` for
CuTe's ``_``) and print as pycute prints them; every operation gives CuTe's
exact result, and raises (a subclass of :class:`errors.CuteError`) where
CuTe, and pycute, would return a wrong layout.

>>> from cute_algebra import Layout, composition, logical_divide
>>> A = Layout((4, 6, 8, 10), (2, 3, 5, 7))
>>> print(composition(A, Layout(6, 12)))
(2, 3):(9, 5)
>>> print(logical_divide(Layout((8, 8), (1, 8)), (Layout(2, 1), Layout(4, 1))))
((2, 4), (4, 2)):((1, 2), (8, 32))

``cute_algebra.pycute`` is a drop-in for ``import pycute``.
"""

from . import errors
from ._native import *  # noqa: F401,F403
from ._native import Layout, ComposedLayout, Swizzle
from ._tuples import flatten, signum, slice_, has_none, crd2crd, is_int, is_tuple, Integer
from .errors import CuteError
from . import atom, shim  # noqa: F401

#: Not star-exported: CuTe's names that would hide Python's builtins
#: (``cute_algebra.abs``, ``cute_algebra.zip`` still work). ``filter`` is
#: exported, as pycute exports it.
_HIDES_BUILTIN = {"abs", "zip"}

__all__ = [n for n in dir() if not n.startswith("_") and n not in _HIDES_BUILTIN]

"""Exceptions: one class per error kind of cute-dynamic, all under ``CuteError``.

``CuteError`` is a ``ValueError`` (a bad operand) and an ``AssertionError``
(what pycute raises for the same operands, when it notices), so code written
for pycute that catches ``AssertionError`` still catches ours. The message is
the Rust error's: the rule that failed and the operands in CuTe notation.

>>> from cute_algebra import Layout, composition, errors
>>> try:
...     composition(Layout((4, 6, 8), (2, 3, 5)), Layout(6, 3))
... except errors.StrideDivisibilityError as e:
...     print(e.kind)
stride_divisibility
"""


class CuteError(ValueError, AssertionError):
    """Base of every error of the layout algebra; ``kind`` names the rule."""

    kind = "error"


def _class(name, kind, doc):
    return type(name, (CuteError,), {"kind": kind, "__doc__": doc, "__module__": __name__})


#: (class name, kind, what it means), one per kind of cute-dynamic's LayoutError.
_KINDS = [
    ("ParseError", "parse", "Malformed text."),
    ("NotCongruentError", "not_congruent", "A shape and a stride (or two tuples) do not have the same tree."),
    ("NonPositiveShapeError", "non_positive_shape", "A shape leaf is zero or negative."),
    ("NotCompatibleError", "not_compatible", "A coordinate or tuple does not fit the shape it indexes."),
    ("RankMismatchError", "rank_mismatch", "A tiler or mode index has more modes than the layout."),
    ("OutOfBoundsError", "out_of_bounds", "A coordinate lies outside the layout's domain."),
    ("StrideDivisibilityError", "stride_divisibility", "Composition: a stride does not divide a shape (or back)."),
    ("ShapeDivisibilityError", "shape_divisibility", "Composition: a shape of B does not divide the part of A's mode it consumes."),
    ("CarryError", "carry", "Composition: B's mode would carry across A's modes, so CuTe's answer would be wrong."),
    ("ComplementOverlapError", "complement_overlap", "Complement: the layout's modes interleave (a stride inside the smaller modes' extent)."),
    ("LeftInverseDivisibilityError", "left_inverse_divisibility", "Left inverse: a stride is not divisible by the previous stride."),
    ("NoLeftInverseError", "no_left_inverse", "Left inverse: CuTe's candidate fails the defining property."),
    ("UnsupportedError", "unsupported", "The operation is not defined for these operands."),
    ("UnknownOperationError", "unknown_operation", "No operation of that name."),
    ("ArityError", "arity", "Wrong number of operands."),
    ("InvalidArgumentError", "invalid_argument", "An operand outside the operation's domain."),
    ("InvalidSwizzleError", "invalid_swizzle", "Swizzle parameters CuTe rejects."),
    ("ZeroDenominatorError", "zero_denominator", "A descriptor's fractional count has a zero denominator."),
    ("NonIntegralCountError", "non_integral_count", "A descriptor's fractional count is not an integer."),
    ("OutOfStorageError", "out_of_storage", "A tensor's layout reaches offsets outside its storage."),
    ("CodomainError", "codomain", "A layout's codomain is not what the operation needs."),
    ("LayoutOverflowError", "overflow", "An integer beyond 64 bits."),
    ("DivisibilityError", "divisibility", "A run-time value is not a multiple of its declared static divisor."),
    ("NonCanonicalGmmaLayoutError", "non_canonical_gmma_layout", "A shared-memory layout that no GMMA descriptor describes."),
]

_BY_KIND = {}
for _name, _kind, _doc in _KINDS:
    _BY_KIND[_kind] = globals()[_name] = _class(_name, _kind, _doc)
del _name, _kind, _doc


def class_of_kind(kind):
    """The exception class of an error kind (``CuteError`` for an unknown one)."""
    return _BY_KIND.get(kind, CuteError)


__all__ = ["CuteError", "class_of_kind"] + [n for n, _, _ in _KINDS]

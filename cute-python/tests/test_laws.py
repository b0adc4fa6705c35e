"""Every operation of cute_algebra beyond pycute's satisfies its law
(cute-dynamic's, through cute_algebra.laws.check) on random inputs, or
raises a CuteError."""

import random

import pytest

import cute_algebra as ca
from cute_algebra.errors import CuteError
from cute_algebra.laws import check, cute

import zlib

from test_differential import leaves, rand_layout, rand_shape, rebuild

N = 150


def text(x):
    if isinstance(x, (bool,)):
        return "true" if x else "false"
    if isinstance(x, int):
        return str(x)
    return cute(x)


def layout(rng, n=64):
    return ca.Layout(*rand_layout(rng, n))


UNARY = ["coalesce_x", "filter_zeros", "nullspace", "make_layout_like", "coshape", "max_alignment",
         "right_inverse", "left_inverse", "coalesce"]
BINARY = ["blocked_product", "raked_product", "max_common_layout", "max_common_vector", "layout_add"]
TILER = ["zipped_divide", "tiled_divide", "flat_divide", "zipped_product", "tiled_product",
         "flat_product"]
TUPLE = ["product_each", "abs", "coalesce_shape"]


@pytest.mark.parametrize("op", UNARY + BINARY + TILER + TUPLE)
def test_law_holds_or_raises(op):
    rng = random.Random(zlib.crc32(op.encode()))
    f = getattr(ca, op)
    lawful = raised = 0
    for _ in range(N):
        if op in UNARY:
            a = layout(rng)
            args, call = [cute(a)], (lambda: f(a))
        elif op in BINARY:
            a = layout(rng, 16)
            if op == "layout_add":
                strides = iter([rng.choice([0, 1, 2, 4, 8]) for _ in leaves(a.shape)])
                b = ca.Layout(a.shape, rebuild(a.shape, strides))
            else:
                b = layout(rng, 16)
            args, call = [cute(a), cute(b)], (lambda: f(a, b))
        elif op in TILER:
            a, b = layout(rng, 64), layout(rng, 8)
            args, call = [cute(a), cute(b)], (lambda: f(a, b))
        else:
            s = rand_shape(rng)
            args, call = [cute(s)], (lambda: f(s))
        try:
            r = call()
        except CuteError:
            raised += 1
            continue
        v = check(op, args, text(r))
        assert v is None, v
        lawful += 1
    assert lawful > N // 4, (op, lawful, raised)

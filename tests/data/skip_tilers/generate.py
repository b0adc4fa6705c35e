#!/usr/bin/env python3
"""Cases of divides and products by tilers with `_` (skip) modes, answered
by pycute (NVIDIA's Python CuTe, the documented meaning of `_`: the mode is
kept whole in the rest with a size-1 tile `1:0`).

Usage (from the repository root):

    PYTHONPATH=<dir holding pycute/> python3 tests/data/skip_tilers/generate.py 2026 60 \
        > tests/data/skip_tilers/cases.jsonl

pycute comes with the nvidia-cutlass wheel (4.2.0.0 here). Each line is
{"id", "op", "args": [A, TILER], "expected"}, in CuTe notation without
spaces. `tiled_*` and `flat_*` are pycute's zipped answer regrouped as
CuTe defines them (`result(_, repeat<R1>(_))`, `result(repeat<R0>(_),
repeat<R1>(_))`, a part of rank 1 kept as a 1-tuple, as CuTe's
`repeat<1>(_)` does); where pycute's own `tiled_*` unpacks a 1-tuple rest
instead, its answer is in the informational field "pycute".
"""
import json
import random
import sys

from pycute import (Layout, logical_divide, logical_product, make_layout,
                    tiled_divide, tiled_product, zipped_divide, zipped_product)

PYCUTE_TILED = {"tiled_divide": tiled_divide, "tiled_product": tiled_product}
from pycute.int_tuple import is_tuple, product


def text(t):
    if is_tuple(t):
        return "(" + ",".join(text(x) for x in t) + ")"
    return str(t)


def ltext(l):
    return text(l.shape) + ":" + text(l.stride)


def ttext(t):
    if t is None:
        return "_"
    if isinstance(t, tuple):
        return "<" + ",".join(ttext(x) for x in t) + ">"
    return ltext(t)


def rand_mode(rng, depth):
    """A shape mode: an integer or (rarely nested) tuple of integers."""
    if depth > 0 and rng.random() < 0.4:
        return tuple(rand_mode(rng, depth - 1) for _ in range(rng.randint(2, 3)))
    return rng.choice([2, 3, 4, 4, 6, 8, 12])


def flat(t):
    return [t] if not is_tuple(t) else [x for y in t for x in flat(y)]


def unflat(t, it):
    return next(it) if not is_tuple(t) else tuple(unflat(x, it) for x in t)


def rand_layout(rng, compact):
    rank = rng.choice([1, 2, 2, 3, 3])
    shape = tuple(rand_mode(rng, 2) for _ in range(rank))
    if rank == 1 and rng.random() < 0.5:
        shape = shape[0]
    leaves = flat(shape)
    # A compact layout over a random permutation of the leaves, sometimes
    # with a gap or a broadcast leaf.
    order = list(range(len(leaves)))
    rng.shuffle(order)
    strides = [0] * len(leaves)
    acc = 1
    for k in order:
        if not compact and rng.random() < 0.08:
            strides[k] = 0
            continue
        strides[k] = acc
        acc *= leaves[k] * (2 if not compact and rng.random() < 0.15 else 1)
    return Layout(shape, unflat(shape, iter(strides)))


def divide_tile(rng, shape):
    """An admissible tile for a mode of this shape: n:d with d and n·d
    products of leading leaves times a divisor of the next leaf."""
    leaves = flat(shape)
    prefix = [1]
    for s in leaves:
        prefix.append(prefix[-1] * s)
    def split():
        k = rng.randrange(len(leaves))
        divs = [m for m in range(1, leaves[k] + 1) if leaves[k] % m == 0]
        return prefix[k] * rng.choice(divs)
    for _ in range(20):
        d = split() if rng.random() < 0.25 else 1
        n = split()
        total = product(shape)
        if n >= 2 and d * n <= total and (d * n) % d == 0 and total % (d * n) == 0 \
                and (n * d) in [prefix[k] * m for k in range(len(leaves))
                                for m in range(1, leaves[k] + 1) if leaves[k] % m == 0]:
            return Layout(n, d)
    return Layout(leaves[0], 1)


def product_tile(rng):
    n = rng.choice([2, 3, 4])
    if rng.random() < 0.3:
        return Layout((n, 2), (1, n))
    return Layout(n, rng.choice([1, 1, 2]))


def rand_tiler(rng, layout, product_op, depth=1):
    """A by-mode tiler for `layout` with at least one `_`."""
    shape = layout.shape
    modes = list(shape) if is_tuple(shape) else [shape]
    n = rng.randint(1, len(modes))
    out = []
    for m in modes[:n]:
        r = rng.random()
        if r < 0.4:
            out.append(None)
        elif depth > 0 and is_tuple(m) and r < 0.55:
            out.append(rand_tiler(rng, Layout(m), product_op, depth - 1))
        else:
            out.append(product_tile(rng) if product_op else divide_tile(rng, m))
    if not any(x is None or isinstance(x, tuple) for x in out):
        out[rng.randrange(len(out))] = None
    if len(out) > 1 and all(x is None for x in out):
        k = rng.randrange(len(out))
        out[k] = product_tile(rng) if product_op else divide_tile(rng, modes[k])
    return tuple(out)


def tiles_size(t):
    if t is None:
        return 1
    if isinstance(t, tuple):
        return product(tuple(tiles_size(x) for x in t))
    return t.size()


def unpack(mode):
    return list(mode) if is_tuple(mode.shape) and len(mode) > 1 else [mode]


def flat_of(zipped):
    return make_layout(unpack(zipped[0]) + unpack(zipped[1]))


def tiled_of(zipped):
    # CuTe's `result(_, repeat<R1>(_))`: a rest of rank 1 stays a 1-tuple
    # (pycute's tiled_* unpacks it: `((1),8):((0),1)` for CuTe's
    # `((1),(8)):((0),(1))`, the project's convention for every tiler).
    return make_layout([zipped[0]] + unpack(zipped[1]))


OPS = {
    "logical_divide": (logical_divide, False),
    "zipped_divide": (zipped_divide, False),
    "tiled_divide": (lambda a, t: tiled_of(zipped_divide(a, t)), False),
    "flat_divide": (lambda a, t: flat_of(zipped_divide(a, t)), False),
    "logical_product": (logical_product, True),
    "zipped_product": (zipped_product, True),
    "tiled_product": (lambda a, t: tiled_of(zipped_product(a, t)), True),
    "flat_product": (lambda a, t: flat_of(zipped_product(a, t)), True),
}


# Named cases first: a kept mode of rank 2 (CuTe C++ splits it between
# tile and rest, cutlass#3514) and a kept scalar mode (CuTe C++ rejects it).
FIXED = [
    ("zipped_divide", Layout((12, (4, 8)), (7, (1, 30))), (Layout(2), None)),
    ("tiled_divide", Layout((12, (4, 8)), (7, (1, 30))), (Layout(2), None)),
    ("flat_divide", Layout((12, (4, 8)), (7, (1, 30))), (Layout(2), None)),
    ("zipped_divide", Layout((8, 12), (1, 8)), (Layout(4), None)),
    ("zipped_product", Layout((8, 12), (1, 8)), (Layout(4), None)),
    ("zipped_product", Layout((2, (4, 8)), (1, (2, 8))), (None, Layout(2))),
]


def main():
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 2026
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 50
    rng = random.Random(seed)
    for k, (op, a, t) in enumerate(FIXED):
        r = OPS[op][0](a, t)
        print(json.dumps({"id": f"named-{k}", "op": op, "args": [ltext(a), ttext(t)],
                          "expected": ltext(r)}, separators=(",", ":")))
    for op, (f, product_op) in OPS.items():
        made = 0
        while made < count:
            # A product's operand modes are compact (complementable); `_`
            # alone is a tiler too.
            a = rand_layout(rng, product_op)
            t = None if rng.random() < 0.05 else rand_tiler(rng, a, product_op)
            try:
                r = f(a, t)
            except Exception:
                continue
            # pycute composes without the admissibility checks; a product
            # whose size is not size(A)·size(tiles) is one of those silently
            # wrong answers (not about `_`): not a case.
            if product_op and r.size() != a.size() * tiles_size(t):
                continue
            case = {"id": f"{op}-{seed}-{made:03}", "op": op,
                    "args": [ltext(a), ttext(t)], "expected": ltext(r)}
            if op in PYCUTE_TILED and ltext(PYCUTE_TILED[op](a, t)) != case["expected"]:
                case["pycute"] = ltext(PYCUTE_TILED[op](a, t))
            print(json.dumps(case, separators=(",", ":")))
            made += 1


if __name__ == "__main__":
    main()

"""Differential tests against pycute (from the nvidia-cutlass wheel) on random
inputs.

For every case, pycute's answer is checked against the operation's law (the
project's single statement of it, cute-dynamic's ``laws``, through
``cute_algebra.laws.check``):

* pycute's answer satisfies the law: ours must be equal (``equal``);
* pycute's answer breaks the law (or pycute fails): ours must raise a
  ``CuteError`` (``ours-raises-pycute-wrong``; ``both-raise`` when pycute
  raised too) or return an answer that satisfies the law;
* anything else is ``other``, allowed only where both answers satisfy the
  law and differ for a known reason (``lawful_difference``: a size-1 mode's
  stride, which the function does not read; a right inverse larger than
  pycute's; the left inverse of CuTe C++'s algorithm, which we follow and
  pycute does not), or pycute is wrong and ours is lawful.

Our answer must satisfy the law whenever we return one.

The tally per operation is printed at the end of the run.
"""

import random

import pytest

pycute = pytest.importorskip("pycute")

import cute_algebra.pycute as ours  # noqa: E402
from cute_algebra.errors import CuteError  # noqa: E402
from cute_algebra.laws import check, cute, cute_tiler  # noqa: E402

N = 400  # random cases per operation


def rand_shape(rng, depth=2, rank=None):
    if rank is None:
        rank = rng.choice([1, 1, 2, 2, 3])
    if depth == 0 or rng.random() < 0.6:
        if rank == 1 and rng.random() < 0.5:
            return rng.choice([1, 2, 2, 3, 4, 4, 6, 8])
        return tuple(rng.choice([1, 2, 2, 3, 4, 4, 6, 8]) for _ in range(rank))
    return tuple(rand_shape(rng, depth - 1) for _ in range(rank))


def leaves(t):
    return [t] if not isinstance(t, tuple) else [x for c in t for x in leaves(c)]


def rebuild(t, vals):
    if not isinstance(t, tuple):
        return next(vals)
    return tuple(rebuild(c, vals) for c in t)


def rand_layout(rng, max_size=256):
    """A random layout: half the time a compact layout with permuted modes
    (and a gap or a broadcast), else random strides."""
    while True:
        shape = rand_shape(rng)
        ls = leaves(shape)
        size = 1
        for s in ls:
            size *= s
        if size <= max_size:
            break
    if rng.random() < 0.5:
        order = list(range(len(ls)))
        rng.shuffle(order)
        strides = [0] * len(ls)
        cur = rng.choice([1, 1, 1, 2, 3])
        for k in order:
            strides[k] = cur
            cur *= ls[k] * (rng.choice([1, 1, 1, 2]))
        if rng.random() < 0.15:
            strides[rng.randrange(len(ls))] = 0
    else:
        strides = [rng.choice([0, 1, 2, 3, 4, 6, 8, 12, 16, 32]) for _ in ls]
    return shape, rebuild(shape, iter(strides))


class Spec:
    """A layout (shape, stride), kept apart from a tuple of tilers."""

    def __init__(self, shape, stride):
        self.shape, self.stride = shape, stride


def spec(t):
    return Spec(*t)


def tiler_spec(rng, a_shape):
    """A layout tiler, or for a tuple-shaped A sometimes a tuple of them
    (with None for a kept mode)."""
    if isinstance(a_shape, tuple) and rng.random() < 0.4:
        k = rng.randint(1, len(a_shape))
        return tuple(None if rng.random() < 0.2 else spec(rand_layout(rng, 16)) for _ in range(k))
    return spec(rand_layout(rng, 32))


def build(lib, x):
    if x is None:
        return None
    if isinstance(x, Spec):
        return lib.Layout(x.shape, x.stride)
    return tuple(build(lib, y) for y in x)


def text_of(x):
    return cute(x) if isinstance(x, Spec) else cute_tiler(x)


def run(lib, f):
    try:
        return f(lib), None
    except Exception as e:  # pycute asserts, divides by zero, indexes out of range
        return None, e


def classify(tally, op, law_args, f, view=None):
    """Run ``f`` with both libraries and tally the outcome; fail the test on
    a disallowed one. ``view(lib, result)`` gives the part of a result the
    law is about (None: the rest is wrong)."""
    p, perr = run(pycute, f)
    o, oerr = run(ours, f)
    law_of = (lambda lib, r: cute(r)) if view is None else (lambda lib, r: _view_text(view(lib, r)))
    if oerr is not None and not isinstance(oerr, CuteError):
        raise AssertionError(f"{op}{law_args}: ours raised a non-CuteError {oerr!r}")
    p_law = None if perr is None else "pycute raised"
    if perr is None:
        try:
            p_law = check(op, law_args, law_of(pycute, p))
        except Exception as e:  # pycute's answer is not even a layout
            p_law = f"unreadable answer {p}: {e}"
    o_law = None if oerr is not None else check(op, law_args, law_of(ours, o))
    if oerr is None and o_law is not None:
        raise AssertionError(f"{op}{law_args}: our answer {o} breaks the law: {o_law}")
    if p_law is None:
        if oerr is None and (o.shape, o.stride) == (p.shape, p.stride):
            tally[(op, "equal")] += 1
            return
        if oerr is None:
            why = lawful_difference(op, o, p)
            if why:
                tally[(op, "other")] += 1
                tally[(op, "other: " + why)] += 1
                return
        raise AssertionError(
            f"{op}{law_args}: pycute's {p} satisfies the law, ours "
            + (f"raised {oerr}" if oerr is not None else f"is {o}")
        )
    if oerr is not None:
        tally[(op, "both-raise" if perr is not None else "ours-raises-pycute-wrong")] += 1
    else:
        tally[(op, "other")] += 1
        tally[(op, "other: pycute " + ("raised" if perr is not None else "wrong") + ", ours lawful")] += 1


def _view_text(v):
    if v is None:
        raise ValueError("the modes beyond the tiler are not A's")
    return cute(v)


def composition_view(a, b):
    """pycute keeps A's modes beyond a tuple tiler (CuTe C++ drops them): the
    C++ result, which the law is about, after checking the kept modes are
    A's."""

    def go(lib, r, a, b):
        if not isinstance(b, tuple):
            return r
        modes = []
        for i in range(len(r)):
            if i < len(b):
                m = go(lib, r[i], a[i], b[i])
                if m is None:
                    return None
                modes.append(m)
            elif (r[i].shape, r[i].stride) != (a[i].shape, a[i].stride):
                return None
        return lib.make_layout(modes)

    return lambda lib, r: go(lib, r, build(lib, a), b)


def lawful_difference(op, o, p):
    """Why two answers that both satisfy the law may differ, or None."""
    if same_up_to_size1_strides(o.shape, o.stride, p.shape, p.stride):
        return "a size-1 mode's stride differs"
    if op == "right_inverse" and ours.size(o) > pycute.size(p):
        return "ours larger (CuTe C++'s; pycute stops at a stride-0 mode)"
    if op == "left_inverse":
        return "CuTe C++'s algorithm, not pycute's"
    return None


def same_up_to_size1_strides(s1, d1, s2, d2):
    if isinstance(s1, tuple) != isinstance(s2, tuple):
        return False
    if not isinstance(s1, tuple):
        return s1 == s2 and (s1 == 1 or d1 == d2)
    return len(s1) == len(s2) and all(
        same_up_to_size1_strides(a, b, c, d) for a, b, c, d in zip(s1, d1, s2, d2)
    )


def cases(seed):
    return random.Random(seed)


def test_composition(tally):
    rng = cases(1)
    for _ in range(N):
        a = spec(rand_layout(rng))
        b = tiler_spec(rng, a.shape)
        classify(tally, "composition", [cute(a), text_of(b)],
                 lambda m: m.composition(build(m, a), build(m, b)),
                 view=composition_view(a, b))


def test_complement(tally):
    rng = cases(2)
    for _ in range(N):
        a = spec(rand_layout(rng))
        mx = rng.choice([1, 1, 16, 24, 64, 256, 1000])
        classify(tally, "complement", [cute(a), str(mx)],
                 lambda m: m.complement(build(m, a), mx))


def test_right_inverse(tally):
    rng = cases(3)
    for _ in range(N):
        a = spec(rand_layout(rng))
        classify(tally, "right_inverse", [cute(a)], lambda m: m.right_inverse(build(m, a)))


def test_left_inverse(tally):
    rng = cases(4)
    for _ in range(N):
        a = spec(rand_layout(rng))
        classify(tally, "left_inverse", [cute(a)], lambda m: m.left_inverse(build(m, a)))


def test_logical_divide(tally):
    rng = cases(5)
    for _ in range(N):
        a = spec(rand_layout(rng))
        b = tiler_spec(rng, a.shape)
        classify(tally, "logical_divide", [cute(a), text_of(b)],
                 lambda m: m.logical_divide(build(m, a), build(m, b)))


def test_logical_product(tally):
    rng = cases(6)
    for _ in range(N):
        a = spec(rand_layout(rng, 32))
        b = tiler_spec(rng, a.shape)
        classify(tally, "logical_product", [cute(a), text_of(b)],
                 lambda m: m.logical_product(build(m, a), build(m, b)))


def test_coalesce(tally):
    rng = cases(7)
    for _ in range(N):
        a = spec(rand_layout(rng))
        classify(tally, "coalesce", [cute(a)], lambda m: m.coalesce(build(m, a)))


def test_filter(tally):
    rng = cases(8)
    for _ in range(N):
        a = spec(rand_layout(rng))
        classify(tally, "filter", [cute(a)], lambda m: m.filter(build(m, a)))

"""The int-tuple functions against pycute's on random inputs: equal where
pycute answers, where the operation's law (cute-dynamic's, for the ones it
states) accepts pycute's answer; an exception where pycute fails."""

import random

import pytest

pycute = pytest.importorskip("pycute")

import cute_algebra.pycute as ours  # noqa: E402
from cute_algebra.errors import CuteError  # noqa: E402
from cute_algebra.laws import check, cute  # noqa: E402

from test_differential import rand_layout, rand_shape  # noqa: E402

N = 300


def rand_coord(rng, shape, holes=False):
    if isinstance(shape, tuple):
        if rng.random() < 0.2:
            return rng.randrange(ours.product(shape))
        return tuple(rand_coord(rng, s, holes) for s in shape)
    if holes and rng.random() < 0.3:
        return None
    return rng.randrange(shape)


def compare(tally, name, f, law=None):
    try:
        p, perr = f(pycute), None
    except Exception as e:
        p, perr = None, e
    try:
        o, oerr = f(ours), None
    except CuteError as e:
        o, oerr = None, e
    if perr is None:
        if law is not None and check(law[0], law[1], cute(p) if not isinstance(p, int) else str(p)) is not None:
            # pycute's answer breaks the law: ours must raise or be lawful
            assert oerr is not None or check(law[0], law[1], cute(o)) is None, (name, o)
            tally[(name, "ours-raises-pycute-wrong" if oerr else "other")] += 1
            return
        assert oerr is None and o == p, f"{name}: pycute {p!r}, ours {o!r} ({oerr})"
        tally[(name, "equal")] += 1
    elif oerr is None:
        # pycute fails where cute-dynamic's operation is defined (e.g.
        # elem_scale of a tuple by an int): ours must satisfy the law
        assert law is not None, f"{name}: pycute raised {perr!r}, ours gave {o!r}"
        v = check(law[0], law[1], cute(o) if not isinstance(o, int) else str(o))
        assert v is None, v
        tally[(name, "other")] += 1
    else:
        tally[(name, "both-raise")] += 1


def test_int_tuple_functions(tally):
    rng = random.Random(11)
    for _ in range(N):
        s = rand_shape(rng)
        t = rand_shape(rng)
        n = rng.choice([1, 2, 3, 4, 6, 8, 12])
        compare(tally, "product", lambda m: m.product(s))
        compare(tally, "flatten", lambda m: m.flatten(s))
        compare(tally, "tuple_max", lambda m: m.tuple_max(s))
        compare(tally, "shape_div", lambda m: m.shape_div(s, n),
                ("shape_div", [cute(s), str(n)]))
        compare(tally, "shape_div", lambda m: m.shape_div(s, t),
                ("shape_div", [cute(s), cute(t)]))
        compare(tally, "prefix_product", lambda m: m.prefix_product(s),
                ("prefix_product", [cute(s), "1"]))
        compare(tally, "prefix_product", lambda m: m.prefix_product(s, n),
                ("prefix_product", [cute(s), str(n)]))
        compare(tally, "elem_scale", lambda m: m.elem_scale(s, t),
                ("elem_scale", [cute(s), cute(t)]))
        compare(tally, "inner_product", lambda m: m.inner_product(s, t),
                ("inner_product", [cute(s), cute(t)]))
        c = rand_coord(rng, s)
        compare(tally, "crd2idx", lambda m: m.crd2idx(c, s))
        shape, stride = rand_layout(rng)
        c = rand_coord(rng, shape)
        compare(tally, "crd2idx", lambda m: m.crd2idx(c, shape, stride))
        i = rng.randrange(ours.product(s) * 2)
        compare(tally, "idx2crd", lambda m: m.idx2crd(i, s))
        ch = rand_coord(rng, s, holes=True)
        compare(tally, "slice_", lambda m: m.slice_(ch, s))
        compare(tally, "has_none", lambda m: m.has_none(ch))
        compare(tally, "crd2crd", lambda m: m.crd2crd(i % ours.product(s), s))

"""cute_algebra.pycute has pycute's names and signatures, prints as pycute
prints, and the shim makes ``import pycute`` load it."""

import inspect
import os
import subprocess
import sys

import pytest

pycute = pytest.importorskip("pycute")

import cute_algebra  # noqa: E402
import cute_algebra.pycute as ours  # noqa: E402

#: pycute's module-level names that are not its API: what its star imports
#: leak from the standard library.
NOT_API = {"reduce", "chain", "Union", "ABC"}


def pycute_names():
    return sorted(n for n in dir(pycute) if not n.startswith("_") and n not in NOT_API
                  and not inspect.ismodule(getattr(pycute, n)))


def test_every_pycute_name_present():
    missing = [n for n in pycute_names() if not hasattr(ours, n)]
    assert missing == []


def params(f):
    try:
        sig = inspect.signature(f)
    except (TypeError, ValueError):
        return None
    return [(p.name, p.kind if p.kind == p.VAR_POSITIONAL else None,
             None if p.default is p.empty else repr(p.default)) for p in sig.parameters.values()]


# pycute's Layout(_shape, _stride=None): ours names them shape and stride
# (the attributes' names); positional use is the same.
SIGNATURE_DIFFERENCES = {"Layout"}


@pytest.mark.parametrize("name", pycute_names())
def test_same_signature(name):
    p, o = getattr(pycute, name), getattr(ours, name)
    if name in SIGNATURE_DIFFERENCES or inspect.isclass(p) and name in ("Integer", "LayoutBase"):
        return
    target_p = p.__init__ if inspect.isclass(p) else p
    target_o = o if inspect.isclass(o) else o
    sp, so = params(target_p), params(target_o)
    if inspect.isclass(p) and sp is not None:
        sp = sp[1:]  # self
    assert sp == so, (name, sp, so)


def test_printed_forms_match():
    cases = [((4, 8), (1, 4)), (4, 1), ((4,), (1,)), (((2, 2), (4, 2)), ((1, 8), (2, 16))), ((), ())]
    for s, d in cases:
        a, b = pycute.Layout(s, d), ours.Layout(s, d)
        assert str(a) == str(b) and repr(a) == repr(b)
    sa, sb = pycute.Swizzle(3, 4, 3), ours.Swizzle(3, 4, 3)
    assert (str(sa), repr(sa)) == (str(sb), repr(sb))
    ca = pycute.ComposedLayout(sa, 2, pycute.Layout((8, 8), (8, 1)))
    cb = ours.ComposedLayout(sb, 2, ours.Layout((8, 8), (8, 1)))
    assert (str(ca), repr(ca)) == (str(cb), repr(cb))
    assert [ca(i) for i in range(64)] == [cb(i) for i in range(64)]


def test_layout_protocol_matches():
    a, b = pycute.Layout(((2, 3), 4), ((1, 2), 6)), ours.Layout(((2, 3), 4), ((1, 2), 6))
    assert len(a) == len(b) and a.size() == b.size() and a.cosize() == b.cosize()
    assert [a(i) for i in range(30)] == [b(i) for i in range(30)]
    assert a((1, 2), 3) == b((1, 2), 3) and a(1, 3) == b(1, 3)
    assert str(a[0]) == str(b[0]) and str(a[-1]) == str(b[-1]) and str(a[0:2]) == str(b[0:2])
    assert str(a(None, 2)) == str(b(None, 2)) and str(a((1, None), None)) == str(b((1, None), None))
    assert b == ours.Layout(((2, 3), 4), ((1, 2), 6)) and b != ours.Layout((6, 4), (1, 6))
    assert hash(b) == hash(ours.Layout(((2, 3), 4), ((1, 2), 6)))
    assert ours.is_layout(b) and not ours.is_layout((2, 3)) and ours.is_int(3) and not ours.is_int(True)


def test_shim_serves_import_pycute():
    env = dict(os.environ, PYTHONPATH=cute_algebra.shim.PATH)
    code = "import pycute, cute_algebra; assert pycute.Layout is cute_algebra.Layout; print(pycute.composition(pycute.Layout((4,6,8,10),(2,3,5,7)), pycute.Layout(6,12)))"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "(2, 3):(9, 5)"


def test_pickle_and_index_ints():
    import pickle

    L = ours.Layout(((2, 3), 4), ((1, 2), 6))
    assert pickle.loads(pickle.dumps(L)) == L

    class Idx:
        def __init__(self, v):
            self.v = v

        def __index__(self):
            return self.v

    assert ours.Layout((Idx(4), 8))(Idx(5)) == 5
    with pytest.raises(TypeError):
        ours.Layout((4, 8))(1.0)
    with pytest.raises(TypeError):
        ours.Layout((True, 8))

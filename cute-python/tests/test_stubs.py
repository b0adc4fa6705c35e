"""The stub file names every public native function and class, and every
stubbed name exists."""

import ast
import os

from cute_algebra import _native


def stub_names():
    path = os.path.join(os.path.dirname(_native.__file__), "_native.pyi")
    tree = ast.parse(open(path).read())
    return {n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))} | {
        t.id for n in tree.body if isinstance(n, ast.AnnAssign) for t in [n.target]
    }


def test_stubs_cover_the_native_module():
    public = {n for n in dir(_native) if not n.startswith("_")}
    stubbed = stub_names()
    assert public - stubbed == set()
    helpers = {"IntTuple", "Coord", "Tiler", "LayoutLike", "AnyLayout", "Operand", "_PycuteCompat"}
    assert {n for n in stubbed - public if n not in helpers} == set()

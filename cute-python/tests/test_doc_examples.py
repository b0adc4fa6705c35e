"""The docstring examples of the package (Python modules and the native
functions and classes) run and give what they say."""

import doctest
import inspect

import pytest

import cute_algebra
from cute_algebra import _native, _tuples, errors, laws

MODULES = [cute_algebra, _tuples, errors, laws]


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_module_examples(module):
    failures, tried = doctest.testmod(module, verbose=False, optionflags=doctest.ELLIPSIS)
    assert failures == 0


def native_objects():
    for name, obj in sorted(vars(_native).items()):
        if not name.startswith("_") and (inspect.isbuiltin(obj) or inspect.isclass(obj)):
            yield name, obj


def test_native_examples():
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    tried = 0
    for name, obj in native_objects():
        for t in finder.find(obj, name, globs={}):
            runner.run(t)
            tried += len(t.examples)
    assert runner.failures == 0
    assert tried >= 20, tried


def test_every_native_name_documented():
    missing = [n for n, o in native_objects() if not (o.__doc__ or "").strip()]
    assert missing == []

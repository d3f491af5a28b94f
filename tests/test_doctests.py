"""The examples in the package's docstrings are run, so an example a reader trusts stays true."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import lawsearch

MODULES = sorted(m.name for m in pkgutil.walk_packages(lawsearch.__path__, "lawsearch.")
                 if m.name != "lawsearch.__main__")


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str):
    module = importlib.import_module(name)
    failed, attempted = doctest.testmod(module, optionflags=doctest.ELLIPSIS, report=True, verbose=False)
    assert failed == 0, f"{name}: {failed} of {attempted} docstring examples fail (see above)"


def test_the_examples_are_found():
    found = sum(len(doctest.DocTestFinder().find(importlib.import_module(n))) for n in MODULES)
    assert found > 50, f"only {found} docstrings with examples found: is the package walked?"

"""Every ``>>>`` example in tabletop/ runs and shows what the code really returns."""

from __future__ import annotations

import doctest
import importlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from tabletop import i18n

REPO = Path(__file__).resolve().parents[1]


def _modules_with_examples() -> list[str]:
    names = []
    for path in sorted((REPO / "tabletop").rglob("*.py")):
        if ">>>" in path.read_text(encoding="utf-8"):
            parts = list(path.relative_to(REPO).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            names.append(".".join(parts))
    return names


MODULES = _modules_with_examples()


@pytest.fixture(autouse=True)
def _keep_language() -> Iterator[None]:
    """An example may set the language (i18n's does); the other tests keep theirs."""
    before = i18n.get_language()
    yield
    i18n.set_language(before)


def test_there_are_examples() -> None:
    assert "tabletop.games.xenocard.payment" in MODULES


@pytest.mark.parametrize("name", MODULES)
def test_examples_hold(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)  # prints what fails
    assert result.attempted > 0, f"{name}: no example found"
    assert result.failed == 0, f"{name}: {result.failed} of {result.attempted} examples fail"

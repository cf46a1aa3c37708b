"""Translatable messages as plain data (rendered by :mod:`tabletop.i18n`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Message:
    """A catalogue key with parameters; hashable and JSON-friendly."""

    key: str
    params: tuple[tuple[str, Any], ...] = ()


def msg(key: str, **params: Any) -> Message:
    """Build a :class:`Message` with sorted parameters."""
    return Message(key, tuple(sorted(params.items())))

"""Writing the small TOML files the program makes itself (decks, user card files).

Only what those files hold: strings, integers, booleans, lists of those and
inline tables of them. No third-party writer is bundled for so little; what is
written here is read back by :func:`tabletop.core.files.load_toml` (tests check the
round trip).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

__all__ = ["toml_key", "toml_value"]

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


def toml_key(key: str) -> str:
    """A key as TOML writes it: bare when it may be (``ember_knight``), else quoted."""
    return key if _BARE_KEY.fullmatch(key) else json.dumps(key, ensure_ascii=False)


def toml_value(value: Any) -> str:
    """One value in TOML: ``"text"``, ``3``, ``true``, ``["a", "b"]``, ``{ en = "x" }``.

    Raises TypeError for anything else (a float or a date is never written by the
    program, so one here is a bug).
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        # A JSON string (no ASCII escaping) is a valid TOML basic string.
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, Mapping):
        inner = ", ".join(f"{toml_key(str(k))} = {toml_value(v)}" for k, v in value.items())
        return "{ " + inner + " }" if inner else "{}"
    raise TypeError(f"cannot write {type(value).__name__} {value!r} as TOML")

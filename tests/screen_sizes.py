"""The three screens every changed window is checked on, shared by the matrix tests.

1280x720 (the smallest supported laptop) and 2560x1440 (the largest common
monitor) bound the UI scale the layout has to hold; 1600x900 sits between them
on the same 16:9 curve, so the default suite runs the two ends and ``pytest -m
soak`` adds the middle one. One list here keeps the ids and the soak choice the
same in every file.
"""

from __future__ import annotations

from typing import Any

import pytest

SMALL = (1280, 720)
MIDDLE = (1600, 900)
LARGE = (2560, 1440)


def size_id(size: tuple[int, int]) -> str:
    """``(w, h)`` in pixels -> ``"WxH"``, the id the matrix tests show."""
    return f"{size[0]}x{size[1]}"


def size_params(*before: Any) -> list[Any]:
    """Pytest params over the three screens, the middle one marked ``soak``.

    ``before`` are values put ahead of the size in each param (for a
    multi-argument parametrize such as ``("game_id", "size")``); with none,
    each param is just the size.
    """
    out = []
    for size in (SMALL, MIDDLE, LARGE):
        marks = (pytest.mark.soak,) if size == MIDDLE else ()
        ident = "-".join([*(str(b) for b in before), size_id(size)])
        out.append(pytest.param(*before, size, id=ident, marks=marks))
    return out


SCREEN_SIZES = size_params()

"""The newest line of the side panel's log when it is taller than the log's room.

The log (:class:`~tabletop.ui.panels.LogPanel`) shows whole rows only (QA16 #20: the
newest line used to be drawn clipped by the heading, its first row cut in half). An
older line that does not fit shows its last rows; the newest one shows its first rows,
which say who did what, the last of them ended with an ellipsis (the whole line: key L).
"""

from __future__ import annotations

import pygame

from tabletop.core.text_chars import printable
from tabletop.ui.textwrap_ja import wrap_text

__all__ = ["first_rows", "rows_that_fit"]


def rows_that_fit(room: int, font: pygame.font.Font) -> int:
    """How many whole rows of ``font`` fit into ``room`` pixels of height, one
    ``get_linesize()`` apart (0 when not even one does)."""
    height, step = font.get_height(), max(1, font.get_linesize())
    if room < height:
        return 0
    return 1 + (room - height) // step


def first_rows(text: str, font: pygame.font.Font, width: int, rows: int) -> list[str]:
    """The first ``rows`` rows of ``text`` wrapped at ``width`` pixels (the log's own
    wrapping, :func:`~tabletop.ui.textwrap_ja.wrap_text`); when rows are left out the
    last one shown ends with "…" and still fits ``width``. ``rows`` < 1: none."""
    if rows < 1:
        return []
    lines = wrap_text(printable(text), font, max(1, width))
    if len(lines) <= rows:
        return lines
    shown = lines[:rows]
    last = shown[-1]
    while last and font.size(last.rstrip() + "…")[0] > width:
        last = last[:-1]
    shown[-1] = last.rstrip() + "…"
    return shown

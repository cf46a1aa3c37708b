"""Beside or under the table: where the table's side panel goes in a window.

A window taller than wide always has the panel under the table
(:func:`~tabletop.ui.viewport.portrait`). A nearly square one (QA16 #20: at 1000x1000
Arc's table used about half the height, the panel beside it leaving the table a
narrow strip) has it under the table too when that makes the table markedly bigger
(:data:`GAIN`): how much depends on the game's table (Arc's and Conan's are wide,
絵師100人展's nearly as tall as a square window's part beside the panel).

Only at a UI scale of 100% or less: above it the table follows the chosen scale as far
as its side panel fits (:mod:`~tabletop.ui.table_fit`, which reckons with the panel
beside the table in such a window), so nothing there changes.
"""

from __future__ import annotations

from tabletop.ui.viewport import PANEL_BELOW_SHARE, Viewport, panel_width, portrait

__all__ = ["GAIN", "SQUARISH", "panel_under"]

#: A window at least this tall for its width may put the panel under the table.
SQUARISH = 0.8
#: ... when the table's scale (pixels per mm) there is at least this many times its
#: scale beside the panel.
GAIN = 1.05


def panel_under(window: tuple[int, int], table_mm: tuple[float, float],
                factor: float = 1.0, need_px: int = 0,
                columns_px: int | None = None) -> int | None:
    """The least height (pixels) of the side panel under the table of ``table_mm``
    (width, height in mm) in a ``window`` (pixels) at the chosen UI scale ``factor``
    (as taken), or None when it goes beside the table. A portrait window: its
    :data:`~tabletop.ui.viewport.PANEL_BELOW_SHARE` of the height. A nearly square one:
    that share or ``need_px`` (the panel's parts at the scale, so the coach box and the
    log keep their lines: ``table_fit.panel_height``), whichever is more, when the
    table is then :data:`GAIN` times bigger than beside the panel. Where the panel is
    laid out in columns under the table (``columns_px``: their least height,
    :func:`~tabletop.ui.panel_columns.under_need`), that height alone in either window:
    the share is for a stacked panel."""
    w, h = window
    share = round(h * PANEL_BELOW_SHARE)
    if portrait(window):
        return share if columns_px is None else min(h - 1, columns_px)
    if factor > 1.0 or h < w * SQUARISH:
        return None
    least = min(h - 1, max(share, need_px) if columns_px is None else columns_px)
    beside = Viewport(*table_mm)
    beside.fit(window, panel_width(w, factor))
    under = Viewport(*table_mm)
    under.fit_above_panel(window, least)
    return least if under.scale >= beside.scale * GAIN else None

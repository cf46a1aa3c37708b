"""The side panel under the table of a nearly square window, in three columns.

Under the table the panel spans the window's width; stacked as beside the table it
was one column 1000 px wide at 1000x1000 (the phase tracker's two columns 500 px
apart, buttons 490 px wide, the coach box one long line, a pending question leaving
the log no line). Laid out here instead, side by side (all rectangles in window
pixels):

* left, as wide as the panel beside the table: the turn title, both seats' counts and
  the phase tracker, so it looks and wraps as it does there;
* middle, the rest of the width: the free-mode banner and the "Not saved" marker
  when shown, the coach box (:data:`~tabletop.ui.table_fit.COACH_LINES` lines) and the
  game log (:data:`~tabletop.ui.table_fit.LOG_LINES` lines);
* right: the question box when one is pending, over the buttons in a grid of
  :data:`BUTTON_COLS` columns, each :data:`BUTTON_W` wide (about as wide as beside the
  table).

Only where the middle keeps :data:`MIDDLE_MIN` pixels (at scale 1.0); narrower, the
panel stays one column (:func:`columns` returns None). A portrait window keeps its
stacked panel (its height is a share of the window, ``viewport.PANEL_BELOW_SHARE``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import pygame

from tabletop.ui.table_fit import BUTTON_H, GAP, PAD, banner_height, coach_height, log_height

__all__ = ["BUTTON_COLS", "BUTTON_W", "MIDDLE_MIN", "QUESTION_H", "PanelColumns",
           "button_rows", "columns", "draw_separators", "under_need"]

#: A button's width in the grid (pixels at scale 1.0; beside the table at 1280x720
#: they are about 140 wide).
BUTTON_W = 140
#: Buttons side by side in the right column (fewer when there are fewer buttons).
BUTTON_COLS = 3
#: The middle column's least width (pixels at scale 1.0): the coach box's sentences
#: and the log's lines read in it as beside the table.
MIDDLE_MIN = 260
#: The room kept above the buttons for a question (pixels at scale 1.0): two lines of
#: its prompt and a row of its answer buttons (Arc's combat-card question: Pass), so
#: the panel's height does not change when one comes.
QUESTION_H = 2 * 22 + BUTTON_H + 14


@dataclass(frozen=True)
class PanelColumns:
    """Where the parts of a panel under the table go (window pixels).

    Attributes:
        tracker: the left column; the tracker draws in it as in a panel that wide.
        middle: the banners, the coach box and the log (inside the panel's pads).
        right: the question box and the buttons (inside the panel's pads).
        button_cols: buttons side by side in ``right``.
    """

    tracker: pygame.Rect
    middle: pygame.Rect
    right: pygame.Rect
    button_cols: int


def button_rows(commands: int, cols: int) -> int:
    """Rows of ``commands`` buttons laid ``cols`` side by side. Raises ValueError for
    no column."""
    if cols < 1:
        raise ValueError(f"a grid of buttons has at least one column, got {cols}")
    return -(-commands // cols)


def columns(panel: pygame.Rect, tracker_w: int, commands: int,
            scale: float) -> PanelColumns | None:
    """The three columns of ``panel`` (window pixels, under the table) whose tracker is
    ``tracker_w`` pixels wide (the panel's width beside the table), with ``commands``
    buttons at UI ``scale``; None when the middle column would be narrower than
    :data:`MIDDLE_MIN` (the panel then stays one column)."""
    pad = round(PAD * scale)
    gap = max(4, round(GAP * scale))
    cols = max(1, min(BUTTON_COLS, commands))
    right_w = cols * round(BUTTON_W * scale) + (cols - 1) * gap
    tracker = pygame.Rect(panel.x, panel.y, tracker_w, panel.h)
    right = pygame.Rect(panel.right - pad - right_w, panel.y + pad, right_w,
                        max(0, panel.h - 2 * pad))
    middle = pygame.Rect(tracker.right, panel.y + pad, right.x - 2 * pad - tracker.right,
                         max(0, panel.h - 2 * pad))
    if middle.w < round(MIDDLE_MIN * scale):
        return None
    return PanelColumns(tracker, middle, right, cols)


def under_need(fonts: Any, commands: int, scale: float, tracker_px: int,
               banner_h: int = 0) -> int:
    """The least height (window pixels) of a panel in :func:`columns` at UI ``scale``:
    the tallest of its columns, the tracker ``tracker_px`` tall (as drawn:
    ``table_fit.tracker_need``), the middle with the free-mode banner's place
    (``banner_h`` or one line: ``table_fit.banner_height``), the coach box's and the
    log's least lines, the right with :data:`QUESTION_H` over the buttons' rows;
    :data:`~tabletop.ui.table_fit.PAD` between parts and at both ends."""
    cols = max(1, min(BUTTON_COLS, commands))
    rows = button_rows(commands, cols)
    middle = (max(banner_h, banner_height(fonts)) + coach_height(fonts) + log_height(fonts)
              + 4 * PAD)
    right = QUESTION_H + rows * BUTTON_H + (rows - 1) * GAP + 3 * PAD
    return max(tracker_px, math.ceil(max(middle, right) * scale))


def draw_separators(panel: pygame.Surface, laid: PanelColumns, origin: tuple[int, int],
                    colour: Any) -> None:
    """A thin line between the columns on ``panel`` (a surface whose top-left is window
    pixel ``origin``), half way across the gap before the middle and the right one."""
    ox, oy = origin
    for x in (laid.middle.x - 4, laid.right.x - round((laid.right.x - laid.middle.right) / 2)):
        pygame.draw.line(panel, colour, (x - ox, laid.middle.y - oy),
                         (x - ox, laid.middle.bottom - oy), 1)

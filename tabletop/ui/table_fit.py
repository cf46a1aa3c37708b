"""How far the table follows a chosen UI scale above 100% (QA16 #4).

The table takes the chosen scale as far as its layout fits the window, by the same
mechanism as the menu-like screens (:mod:`tabletop.ui.screen_fit`): it says what it
needs at scale 1.0 (``TableScene.layout_need``) and
:meth:`tabletop.ui.app.App.scale_for` caps the scale with it; the covers, dialogs and
help pages over a table follow the table's scale.

What it needs, in window pixels:

* the side panel, top to bottom, grows with the scale: the phase tracker (title,
  both seats' counts, the phases and the step: :data:`TRACKER_H`), the free-mode
  banner's place (always kept, so switching free mode never changes the scale), the
  coach box with :data:`COACH_LINES` lines of text (who acts and what they can do), the
  game log's heading and :data:`LOG_LINES` lines, the question box's place where it
  is taller than the coach's (a question takes the coach box's place:
  :func:`question_height`, always kept, so a question opening never changes the scale
  and never takes the log's lines, QA16b #11), the buttons (:data:`BUTTON_H` each
  row, :data:`GAP` apart), :data:`PAD` between the parts and at the bottom (:func:`panel_height`);
* the table area beside it keeps :data:`TABLE_AREA_W` pixels at the window's own
  scale (it does not grow with the chosen one: the card faces' text floor follows the
  window, ``App._make_manager``), the width at which the card names of the small
  faces stay whole at the floor (:func:`table_need`).

A portrait window (``viewport.portrait``) has the panel under the table: its height
(a share of the window) then holds the panel's parts.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from tabletop.ui.viewport import PANEL_BELOW_SHARE, panel_width, portrait

__all__ = ["BUTTON_H", "COACH_LINES", "COACH_PX", "GAP", "LOG_LINES", "LOG_PX", "PAD",
           "QUESTION_LINES", "QUESTION_PX", "TABLE_AREA_W", "TRACKER_H", "banner_height",
           "banner_need", "coach_height", "log_height", "panel_height", "panel_room",
           "question_height", "table_fixed", "table_need", "tracker_need"]

#: The phase tracker's room at scale 1.0 (pixels; sized for its longest case).
TRACKER_H = 176
#: A row of buttons and the least gap between rows (pixels at scale 1.0).
BUTTON_H = 34
GAP = 6
#: Room between the panel's parts (pixels at scale 1.0).
PAD = 8
#: Lines of text the coach box always has room for (who acts and two below it), and
#: lines of the game log under its heading.
COACH_LINES = 3
LOG_LINES = 3
#: Their text sizes at scale 1.0 (``coach_panel.BASE_PX``, ``panels.LogPanel``).
COACH_PX = 14
LOG_PX = 14
#: Lines of a question's prompt the panel keeps room for (the mulligan's and Conan's
#: press on / rest take three at 1366x768) and their size (``TableDraw._make_panel``).
QUESTION_LINES = 3
QUESTION_PX = 15
#: The table area's least width (pixels at the window's own scale 1.0): measured on
#: the four games' tables at 1280x720 (issue 16 QA, 4), narrower than this the small
#: faces cut names they show whole at 100% (Xenocard's from 820, Arc's more).
TABLE_AREA_W = 860


def _linesize(fonts: Any, size: int, bold: bool = False) -> int:
    """One line's height (pixels) of ``fonts`` (a :class:`~tabletop.ui.fonts.Fonts`) at
    ``size``: measured above the fonts' floor (it follows the window) and brought back."""
    at = max(size, int(getattr(fonts, "floor_px", 0)))
    line: int = fonts.get(at, bold).get_linesize()
    return math.ceil(line * size / at)


def coach_height(fonts: Any, lines: int = COACH_LINES) -> int:
    """The coach box's height (pixels at scale 1.0) with ``lines`` lines of text: who
    acts (bold, beside its Hide button) and the rest below, as ``CoachPanel`` lays it
    out: 6 pixels of padding, a gap of a quarter of the text size before each line
    below (1 line: who acts alone, while a question says the rest). Raises ValueError
    for no line."""
    if lines < 1:
        raise ValueError(f"the coach box shows who acts, got {lines} lines")
    pad, gap = 6, max(2, COACH_PX // 4)
    who = max(_linesize(fonts, COACH_PX, True), _linesize(fonts, COACH_PX - 1, True) + 4)
    return 2 * pad + who + (lines - 1) * (gap + _linesize(fonts, COACH_PX))


def log_height(fonts: Any, lines: int = LOG_LINES) -> int:
    """The game log's height (pixels at scale 1.0) with its heading and ``lines`` rows,
    as ``LogPanel.draw`` lays them out (3 pixels between lines, 6 under the heading, 4
    at the bottom)."""
    head = _linesize(fonts, LOG_PX, True)
    return 2 + head + 6 + lines * (_linesize(fonts, LOG_PX) + 3) + 4


def question_height(fonts: Any, lines: int = QUESTION_LINES) -> int:
    """The question box's place (pixels at scale 1.0) with ``lines`` lines of prompt
    and a row of answer buttons, as ``TableState._decision_height`` sizes it (14 pixels
    of padding inside its frame). Raises ValueError for no line."""
    if lines < 1:
        raise ValueError(f"a question has a prompt, got {lines} lines")
    return lines * _linesize(fonts, QUESTION_PX) + BUTTON_H + 14


def banner_height(fonts: Any) -> int:
    """The free-mode banner's least place (pixels at scale 1.0): one bold line, a pad."""
    return _linesize(fonts, 16, True) + PAD


def banner_need(label: Any, size: tuple[int, int], base: float) -> int:
    """The free-mode banner's place (pixels at scale 1.0) in a window ``size`` pixels
    big whose own scale is ``base``: its words as ``label(width)`` draws them
    (``TableDraw._free_banner_label``, wrapped: two lines in Japanese on a narrow
    panel) at the window's own scale in the panel's width there, and a pad."""
    width = size[0] if portrait(size) else panel_width(size[0])
    height: int = label(width - 2 * round(PAD * base)).get_height()
    return math.ceil(height / base) + PAD


def panel_height(fonts: Any, button_rows: int, banner_h: int = 0,
                 question: bool = False) -> int:
    """The side panel's least height (pixels at scale 1.0): tracker, free-mode banner
    (``banner_h`` when taller than one line: :func:`banner_need`), coach box
    (:func:`coach_height`; with ``question``, the question box's, :func:`question_height`,
    where that is more: the coach gives way to a question, which names who is asked;
    the table's scale cap beside the table), log (:func:`log_height`) and
    ``button_rows`` rows of buttons, :data:`PAD` between them and at the bottom.
    Raises ValueError for no button row (every table has its Menu button)."""
    if button_rows < 1:
        raise ValueError(f"a table has at least one row of buttons, got {button_rows}")
    buttons = button_rows * BUTTON_H + (button_rows - 1) * GAP
    banner = max(banner_h, banner_height(fonts))
    coach = coach_height(fonts)
    if question:  # the coach box gives way to it (panel_room): the question names who
        coach = max(coach, question_height(fonts))
    parts = (TRACKER_H, banner, coach, log_height(fonts), buttons)
    return sum(parts) + (len(parts) - 1) * PAD + PAD


def panel_room(fonts: Any, scale: float, top: int, bottom: int,
               pad: int, question: bool = False) -> tuple[int, int]:
    """Where the coach box may reach in the side panel's room from ``top`` to ``bottom``
    (pixels, at UI ``scale``), and the room it leaves the log when it can
    (``CoachPanel.place``'s ``bottom`` and ``min_below``): above the log's
    :data:`LOG_LINES` lines, as far as the room leaves the coach box its
    :data:`COACH_LINES` (the coach never takes the log's lines, nor the log the coach's,
    QA16 #4: a Japanese free-mode banner at 1366x768); with no room for the coach's
    lines, all of it, the log keeping 60 pixels (at scale 1.0) when the coach's text
    leaves them. While a ``question`` is open (its box under this room, saying who is
    asked) the coach box gives way first where the room holds the log's lines: it keeps
    what the log leaves (who acts and more where they fit, the room
    :func:`panel_height` counts; else nothing: QA16b #11, the log had none at 1366x768
    at the window's own scale); where the room holds no log lines anyway (1280x720 at
    100%), the coach keeps who acts and the log the rest."""
    log_least = round(log_height(fonts) * scale) + pad  # the coach box's pad above it
    room = bottom - top
    if question and room >= round(log_height(fonts) * scale):
        keep = min(log_least, room)
    elif question:  # no room for the log's lines anyway: the coach says who acts
        keep = room - round(coach_height(fonts, 1) * scale)
    else:
        keep = min(log_least, bottom - top - round(coach_height(fonts) * scale))
    if keep > 0:
        return bottom - keep, 0
    return bottom, round(60 * scale)


def tracker_need(tracker: Any, view: Any, size: tuple[int, int], base: float,
                 width: int | None = None) -> int:
    """The phase tracker's height (pixels at scale 1.0) in a window ``size`` pixels big
    whose own scale is ``base``: :data:`TRACKER_H`, or more where its phases take more
    rows (Conan's, Japanese names: the table then gives it the room it draws in,
    ``TableDraw._make_panel``), with room for a step line even while none is shown.
    ``tracker`` is a :class:`~tabletop.ui.panels.PhaseTracker`, drawn once at the
    window's own scale on a scratch surface (what it remembers of its last real draw
    is kept). ``width``: the tracker's own (pixels), where it is not the panel's (the
    left column of a panel under the table, ``ui.panel_columns``)."""
    if width is None:
        width = size[0] if portrait(size) else panel_width(size[0])
    kept = (tracker.chips, tracker.label_rects, tracker.lit)
    scratch = pygame.Surface((max(1, width), size[1]))
    used = int(tracker.draw(scratch, scratch.get_rect(), view, base))
    tracker.chips, tracker.label_rects, tracker.lit = kept
    if not view.step:
        used += math.ceil(max(12, round(15 * base)) * 1.45)
    return max(TRACKER_H, math.ceil(used / base))


def table_need(fonts: Any, button_rows: int, size: tuple[int, int],
               base: float, tracker_h: int = TRACKER_H,
               banner_h: int = 0) -> tuple[int, int]:
    """What grows with the UI scale, as pixels at scale 1.0, in a window ``size`` pixels
    big whose own scale is ``base``: the side panel's width (its share of this window,
    ``viewport.panel_width``) and least height (:func:`panel_height`, with a tracker
    ``tracker_h`` tall: :func:`tracker_need`, a banner ``banner_h``); in a portrait
    window the panel spans the width, its height the share under the table."""
    # beside the table a question stands between the coach and the buttons (QA16b #11)
    height = (panel_height(fonts, button_rows, banner_h, not portrait(size))
              + max(0, tracker_h - TRACKER_H))
    if portrait(size):
        return 1, height
    return max(1, round(panel_width(size[0], 1.0 / base))), height


def table_fixed(size: tuple[int, int], base: float) -> tuple[int, int]:
    """What does not grow with the chosen scale (window pixels) in a window ``size``
    pixels big whose own scale is ``base``: beside the panel, the table area's
    :data:`TABLE_AREA_W` at that scale; under a portrait window's table, the part of
    the height the table keeps above the panel."""
    if portrait(size):
        return 0, size[1] - round(size[1] * PANEL_BELOW_SHARE)
    return round(TABLE_AREA_W * base), 0

"""How far the menu-like screens follow the chosen UI scale (issue 16).

The settings offer a UI scale (75%-200%) on top of the window's own
(:func:`~tabletop.ui.theme.ui_scale`). A help page lays itself out at any scale
(``scales_freely``); so does the table, as far as its side panel and table area fit
(:func:`free_cap`, :mod:`tabletop.ui.table_fit`); a menu-like screen (menu, settings,
deck builder, lessons list) takes the chosen scale as far as its layout fits the
window: its scale is

    min(window scale x chosen factor, the largest 1/8 step at which it fits),

never below the window's own scale (the size each screen is designed for). Each such
screen says how big it needs to be at scale 1.0, in window pixels, from its own layout
numbers (``layout_need()`` on the scene; the numbers below are the ones its
``build`` uses), and :meth:`tabletop.ui.app.App.scale_for` asks the screen in front.
Below 100% every screen follows the chosen scale (smaller always fits).

Sizes here are pixels at UI scale 1.0 (a 1280x720 window at 100%).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

__all__ = ["DECKS_LIST_ROWS", "DECKS_TOOLBAR", "LESSON_LINE_H", "LESSON_TEXT_W",
           "MENU_GAP", "MENU_LEFT", "MENU_MARGIN", "MENU_RIGHT", "MENU_RIGHT_SAVES",
           "MENU_SETUP_MIN", "STEPS", "deck_builder_need", "fit_scale", "free_cap",
           "lessons_need", "menu_columns", "menu_need", "screen_cap", "settings_need",
           "toolbar_button_w", "toolbar_name_w"]

#: Scales come in steps of 1/8 (as :func:`~tabletop.ui.theme.ui_scale`).
STEPS = 8

# The menu (tabletop/ui/menu.py): outer margin and the gap between its three columns;
# each side column's width (designed, and the least it is narrowed to on a tight
# window); the setup column's least width, at which its two-column rows still fit: the
# deck beside who plays it (``narrow`` below 440 inside its 20-pixel padding), the
# 280-pixel "Who goes first" beside the mode's 170 (tabletop/ui/settings_menu.py).
MENU_MARGIN = 32
MENU_GAP = 24
MENU_HEADER = 104
MENU_LEFT = (300, 240)
MENU_RIGHT = (330, 280)
#: The right column while it lists unfinished games (wider: fewer lines each).
MENU_RIGHT_SAVES = (400, 310)
MENU_SETUP_MIN = 2 * 20 + 280 + 12 + 170 + 2  # and 2 for each part's rounding at any scale
#: The setup column, top to bottom: padding, heading, per seat (label, deck row, status),
#: "Who goes first" and its drop-down, the least gap, Start's status line, Start, padding.
_SETUP_ROWS = (20, 40) + (28, 44, 38) * 2 + (28, 40, 16, 32, 56, 20)
#: The games column: padding, heading, one button per game, the User folder block
#: (heading, path, Open) and the room it keeps above it, padding.
_GAMES_TOP, _GAME_ROW, _FOLDER_BLOCK = 16 + 36, 54, 28 + 44 + 44 + 12

# The deck builder (tabletop/ui/deck_builder.py).
_DECKS_MARGIN, _DECKS_GAP, _DECKS_TOP = 16, 8, 96
#: Card rows (with their notes) the pool shows at least.
DECKS_LIST_ROWS = 6
#: The name field in the toolbar: as designed (a quarter of the window at most), least.
_DECKS_NAME = (280, 200)
#: The toolbar's buttons, left to right (catalogue keys ``decks.<name>``).
DECKS_TOOLBAR = ("new", "save", "rename", "duplicate", "delete", "import", "export",
                  "folder")


def fit_scale(need: tuple[int, int], size: tuple[int, int],
              fixed: tuple[int, int] = (0, 0)) -> float:
    """The largest scale, in steps of 1/8, at which a layout ``need`` pixels big at scale
    1.0 fits a window ``size`` pixels big beside ``fixed`` window pixels of it that do not
    grow with the scale (the table area, :mod:`tabletop.ui.table_fit`); 0.0 for a window
    smaller than 1/8 of it. Raises ValueError for a need that is not positive."""
    if need[0] <= 0 or need[1] <= 0:
        raise ValueError(f"a layout needs a positive size, got {need}")
    raw = min(max(0, size[0] - fixed[0]) / need[0], max(0, size[1] - fixed[1]) / need[1])
    return math.floor(raw * STEPS + 1e-9) / STEPS


def _fit_of(scene: Any, size: tuple[int, int]) -> float:
    """:func:`fit_scale` of a scene's ``layout_need()`` (and ``layout_fixed()``, if it
    says one) in a window ``size`` pixels big."""
    fixed = getattr(scene, "layout_fixed", None)
    return fit_scale(scene.layout_need(), size, fixed() if callable(fixed) else (0, 0))


def free_cap(scenes: Sequence[Any], size: tuple[int, int], base: float) -> float | None:
    """The cap on the chosen scale while a scene that lays itself out at any scale
    (``scales_freely``) is on the stack: the topmost such scene stating a
    ``layout_need()`` (a table) takes it as far as that fits, never below ``base`` (the
    window's own scale), and what lies over it follows; None when none states one
    (a help page over the menu: the chosen scale whole)."""
    for scene in reversed(scenes):
        if getattr(scene, "scales_freely", False) and callable(
                getattr(scene, "layout_need", None)):
            return max(base, _fit_of(scene, size))
    return None


def screen_cap(scenes: Sequence[Any], size: tuple[int, int], base: float) -> float:
    """The largest scale the screen in front (the topmost opaque scene and what lies
    over it) lays out in a window ``size`` pixels big: the least :func:`fit_scale` of
    their ``layout_need()``; ``base`` (the window's own scale) when the screen in front
    says nothing (it keeps the window's scale, as before issue 16) and never below it."""
    front = 0
    for index, scene in enumerate(scenes):
        if getattr(scene, "opaque", True):
            front = index
    caps: list[float] = []
    for index, scene in enumerate(scenes[front:]):
        need = getattr(scene, "layout_need", None)
        if callable(need):
            caps.append(_fit_of(scene, size))
        elif index == 0:
            return base
    return max(base, min(caps)) if caps else base


# ---------------------------------------------------------------------- the menu


def menu_columns(room: int, px: Any, saves: bool) -> tuple[int, int]:
    """The menu's left and right column widths (pixels) in ``room`` pixels for all three
    columns (the window less margins and gaps), ``px`` turning scale-1 pixels into the
    menu's: as designed while the setup column keeps :data:`MENU_SETUP_MIN`, else each
    narrowed in proportion down to its least width."""
    left, right = MENU_LEFT, MENU_RIGHT_SAVES if saves else MENU_RIGHT
    wide = px(left[0]) + px(right[0])
    short = px(MENU_SETUP_MIN) - (room - wide)
    if short <= 0:
        return px(left[0]), px(right[0])
    give = px(left[0] - left[1]) + px(right[0] - right[1])
    taken = min(1.0, short / give) if give > 0 else 0.0
    return (px(left[0]) - round(px(left[0] - left[1]) * taken),
            px(right[0]) - round(px(right[0] - right[1]) * taken))


def menu_need(games: int, saves: bool) -> tuple[int, int]:
    """The window size (pixels at scale 1.0) the menu needs to show everything: ``games``
    buttons in the games column, the setup column with its rows side by side, the side
    columns at their least widths (the right one wider with ``saves`` listed)."""
    right = MENU_RIGHT_SAVES if saves else MENU_RIGHT
    width = 2 * MENU_MARGIN + 2 * MENU_GAP + MENU_LEFT[1] + right[1] + MENU_SETUP_MIN
    games_h = _GAMES_TOP + games * _GAME_ROW + _FOLDER_BLOCK + 16
    body = max(sum(_SETUP_ROWS), games_h)
    return width, MENU_MARGIN + MENU_HEADER + body + MENU_MARGIN


# ---------------------------------------------------------------------- other screens


def settings_need(rows: int, step: int = 41) -> tuple[int, int]:
    """The window size (pixels at scale 1.0) the settings screen needs for ``rows`` rows
    ``step`` pixels apart: title, intro, the rows' panel, the foot with Reset and Back
    (tabletop/ui/settings_screen.py); as wide as a 330-pixel label beside a 560-pixel
    value, inside the panel's padding."""
    width = 2 * 32 + 2 * 12 + 330 + 12 + 560 + 10
    height = 32 - 10 + 60 + 26 + 16 + rows * step + 28 + 46 + 32
    return width, height


def toolbar_button_w(fonts: Any, labels: Iterable[str]) -> int:
    """The width (pixels at scale 1.0) each deck builder toolbar button needs: the widest
    of ``labels`` (measured with ``fonts``, a :class:`~tabletop.ui.fonts.Fonts`, at the
    buttons' 16 px) and the button's padding."""
    # measured above the fonts' floor (it follows the window) and brought back to 16 px
    size = max(16, int(getattr(fonts, "floor_px", 0)))
    font = fonts.get(size)
    widest = math.ceil(max((font.size(text)[0] for text in labels), default=60) * 16 / size)
    return widest + 12  # the button's padding (tabletop.ui.theme.fit_id)


def toolbar_name_w(room: int, button_w: int, px: Any) -> int:
    """The deck builder's name field width (pixels) in a toolbar ``room`` pixels wide
    (the window less its margins), ``px`` turning scale-1 pixels into the builder's:
    280 at scale 1 (a quarter of the window at most), narrowed to 200 while the
    buttons, each ``button_w`` at scale 1, would not fit beside it."""
    count = len(DECKS_TOOLBAR)
    buttons = count * int(px(button_w)) + count * int(px(_DECKS_GAP))
    widest = min(int(px(_DECKS_NAME[0])), (room + 2 * int(px(_DECKS_MARGIN))) // 4)
    return max(int(px(_DECKS_NAME[1])), min(widest, room - buttons))


def deck_builder_need(fonts: Any, labels: Iterable[str]) -> tuple[int, int]:
    """The window size (pixels at scale 1.0) the deck builder needs: its toolbar as wide
    as the name field at its least and the widest of the toolbar's ``labels`` on each of
    its buttons (:func:`toolbar_button_w`); as high as the bars, the filters and
    :data:`DECKS_LIST_ROWS` card rows (44 px) with the pool's heading and hint."""
    count = len(DECKS_TOOLBAR)
    width = (2 * _DECKS_MARGIN + _DECKS_NAME[1] + _DECKS_GAP
             + count * toolbar_button_w(fonts, labels) + (count - 1) * _DECKS_GAP)
    pool = 10 + 84 + 28 + 4 + DECKS_LIST_ROWS * 44 + 4 + 36 + 10
    return width, _DECKS_MARGIN + _DECKS_TOP + pool + _DECKS_MARGIN


#: The lessons list's text column at its least (beside Start; narrower, the summaries wrap
#: into more lines than the window's height gains), and a summary line's height.
LESSON_TEXT_W = 600
LESSON_LINE_H = 28


def lessons_need(fonts: Any, games: int, summaries: Sequence[str]) -> tuple[int, int]:
    """The window size (pixels at scale 1.0) the lessons list needs
    (tabletop/ui/lessons_menu.py): the 260-pixel tabs column (a 54-pixel tab per one of
    ``games``, Back) beside the list, its text :data:`LESSON_TEXT_W` wide beside the
    140-pixel Start; as high as the tabs or the lessons shown: each a 32-pixel title,
    its summary (each of ``summaries``, measured with ``fonts`` at the 15-pixel
    ``#howto`` size and wrapped at that width) and its steps line, 14 pixels apart."""
    width = 2 * 32 + 260 + 20 + 2 * 14 + LESSON_TEXT_W + 20 + 140
    size = max(15, int(getattr(fonts, "floor_px", 0)))
    font = fonts.get(size)
    rows = 14
    for text in summaries:
        lines = max(1, math.ceil(font.size(text)[0] * 15 / size / (LESSON_TEXT_W - 16)))
        rows += 32 + (lines + 1) * LESSON_LINE_H + 14
    tabs = 14 + games * 54 + 46 + 14 + 20
    return width, 32 + 64 + max(tabs, rows) + 32

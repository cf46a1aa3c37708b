"""Why a game of the menu's game list cannot be chosen, in one line (issues 12 and 16).

A game whose card files do not load used to print its whole error (file, card, field,
the list of known effects) under its button; the list then ran past the panel and the
next game's button lay over the "User folder" block. Now the list shows one line: the
reason itself when it fits the panel's width at the text box's font, else a short
"Not available (point here for why)" whose tool tip holds the whole reason.
"""

from __future__ import annotations

from typing import Any

from tabletop import i18n
from tabletop.ui.theme import themed_size

__all__ = ["one_line", "tip"]

#: The text box's object id in the games panel (the menu theme's problem colour).
OBJECT_ID = "#howto_problem"
#: Room kept free inside the line (pixels at scale 1) for the text box's own margins.
SLACK_PX = 4


def one_line(menu: Any, reason: str, width: int) -> str:
    """The line the game list of ``menu`` (a :class:`~tabletop.ui.menu.MenuScene`)
    shows for ``reason`` in a column ``width`` pixels wide: the reason itself when it is
    one line that fits at the box's font, else the short "Not available" text."""
    size, bold = themed_size(OBJECT_ID, menu.app.scale)
    room = width - round(SLACK_PX * menu.app.scale)
    if "\n" not in reason and menu.app.fonts.get(size, bold).size(reason)[0] <= room:
        return reason
    return i18n.t("readable.game_unavailable_short")


def tip(box: Any, line: str, reason: str, wrap_width: int) -> None:
    """Give the game list's text ``box`` (a pygame_gui element, or None when the panel
    had no room for it) the whole ``reason`` as its tool tip, wrapped at ``wrap_width``
    pixels, when ``line`` is short of it."""
    if box is not None and line != reason:
        box.set_tooltip(reason, wrap_width=wrap_width)

"""The menu's parts of issue 16's settings: the "Settings" button in its header and the
"Mode" choice (a new game in rules mode or free mode, remembered) beside "Who goes
first". Built into the menu's widgets (``menu.widgets``) so they are rebuilt with it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel

from tabletop import i18n

__all__ = ["mode_menu", "open_settings", "settings_button"]

#: The Mode drop-down's options: rules enforced, or free mode (ALL-R3).
MODES = ("rules", "free")


def open_settings(menu: Any) -> None:
    """Show the settings screen over the menu (Esc or Back returns to it)."""
    from tabletop.ui.settings_screen import SettingsScene

    menu.app.push(SettingsScene(menu.app))


def settings_button(menu: Any, anchor: pygame.Rect, px: Callable[[float], int]) -> int:
    """The header's "Settings" button, its right edge at ``anchor.left`` (pixels), as tall
    as ``anchor``; returns the room it takes with the gap before it."""
    text = i18n.t("settings.open")
    text_w: int = menu.app.fonts.get(round(16 * menu.app.scale)).size(text)[0]
    width = max(px(130), text_w + px(36))
    rect = pygame.Rect(anchor.left - width, anchor.top, width, anchor.height)
    menu.widgets["settings"] = UIButton(rect, text, menu.app.ui,
                                        command=lambda: open_settings(menu))
    return width + px(16)


def mode_menu(menu: Any, panel: Any, row: pygame.Rect, first_w: int, narrow: bool,
              px: Callable[[float], int]) -> int:
    """"Mode" and its drop-down (Rules mode / Free mode): beside the "Who goes first"
    drop-down (``row``: its row, the drop-down ``first_w`` wide at the left) when there
    is room, else on the row below. Returns the y of the row it took."""
    ui, add = menu.app.ui, menu.widgets.__setitem__
    options: list[str | tuple[str, str]] = [(i18n.t("menu.rules_mode"), "rules"),
                                            (i18n.t("menu.free_mode"), "free")]
    current = options[1] if menu.free_mode else options[0]
    gap = px(12)
    rest = row.width - first_w - gap
    if not narrow and rest >= px(170):
        x, width = row.x + first_w + gap, min(rest, px(240))
        add("mode_label", UILabel(pygame.Rect(x, row.y - px(28), width, px(26)),
                                  i18n.t("menu.mode"), ui, container=panel))
        add("mode", UIDropDownMenu(options, current, pygame.Rect(x, row.y, width, row.height),
                                   ui, container=panel))
        return row.y
    y = row.y + row.height + px(6)
    width = first_w if narrow else min(row.width, px(280))
    label_w = row.width - width - px(6)
    add("mode_label", UILabel(pygame.Rect(row.x, y + px(7), label_w, px(26)),
                              i18n.t("menu.mode"), ui, container=panel))
    add("mode", UIDropDownMenu(options, current,
                               pygame.Rect(row.right - width, y, width, row.height), ui,
                               container=panel))
    return y

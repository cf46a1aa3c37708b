"""The menu's parts of issue 16's settings: the "Settings" button beside Quit and the
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


def settings_button(menu: Any, rect: pygame.Rect, container: Any) -> UIButton:
    """The menu's "Settings" button at ``rect`` (pixels, in ``container``), kept in the
    menu's widgets as ``"settings"``."""
    from tabletop.ui.theme import fit_id

    text = i18n.t("settings.open")
    button = UIButton(rect, text, menu.app.ui, container=container,
                      command=lambda: open_settings(menu),
                      object_id=fit_id(menu.app.fonts, text, rect.width, menu.app.scale))
    menu.widgets["settings"] = button
    return button


def mode_menu(menu: Any, panel: Any, row: pygame.Rect, first_w: int, narrow: bool,
              px: Callable[[float], int], limit: int) -> int:
    """"Mode" and its drop-down (Rules mode / Free mode): beside the "Who goes first"
    drop-down (``row``: its row, the drop-down ``first_w`` wide at the left) when there
    is room, else on the row below if that ends above ``limit`` (pixels in the panel),
    else not at all (a small window: the mode is then the one chosen in the settings
    screen). Returns the y of the row it took."""
    ui, add = menu.app.ui, menu.widgets.__setitem__
    options: list[str | tuple[str, str]] = [(i18n.t("menu.rules_mode"), "rules"),
                                            (i18n.t("menu.free_mode"), "free")]
    current = options[1] if menu.free_mode else options[0]
    gap = px(12)
    rest = row.width - first_w - gap
    if not narrow and rest >= px(170):
        x, width = row.x + first_w + gap, rest
        add("mode_label", UILabel(pygame.Rect(x, row.y - px(28), width, px(26)),
                                  i18n.t("menu.mode"), ui, container=panel))
        add("mode", UIDropDownMenu(options, current, pygame.Rect(x, row.y, width, row.height),
                                   ui, container=panel))
        return row.y
    y = row.y + row.height + px(6)
    if y + row.height > limit:
        return row.y
    width = first_w if narrow else min(row.width, px(280))
    label_w = row.width - width - px(6)
    add("mode_label", UILabel(pygame.Rect(row.x, y + px(7), label_w, px(26)),
                              i18n.t("menu.mode"), ui, container=panel))
    add("mode", UIDropDownMenu(options, current,
                               pygame.Rect(row.right - width, y, width, row.height), ui,
                               container=panel))
    return y

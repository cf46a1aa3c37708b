"""The menu's one line about deck files that cannot be loaded (issue 16 QA 5).

Under the game buttons: one button, "3 deck files cannot be loaded: Details", whose
dialog lists every file of every game with why (``GameChoice.broken_decks``). The
lists themselves used to be drawn in the games column, pushing the next games'
buttons over the "User folder" block; one row whatever the number of files and games
keeps the column in its panel.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
from pygame_gui.elements import UIButton

from tabletop import i18n
from tabletop.ui import dialogs

__all__ = ["row", "show"]


def _broken(menu: Any) -> list[tuple[str, str]]:
    """(game name, reason) of every deck file that cannot be loaded, game by game; a
    reason has one line per problem of the file."""
    return [(i18n.t(f"game.{gid}"), why) for gid, choice in menu.games.items()
            if not choice.error for _, why in sorted(choice.broken_decks.items())]


def show(menu: Any) -> None:
    """A dialog listing every problem of each deck file that cannot be loaded (one
    bullet each, QA16b #13), with its game."""
    body = i18n.t("usercontent.problems_body",
                  problems="\n".join(f"• {game}: {line}" for game, why in _broken(menu)
                                     for line in why.splitlines()))
    dialogs.message(menu.app, "menuqa16.decks_broken_title", body, width=720, height=420)


def row(menu: Any, panel: Any, x: int, y: int, width: int,
        px: Callable[[float], int]) -> int:
    """The row at (``x``, ``y``) in ``panel``, ``width`` pixels wide, kept in
    ``menu.widgets["broken_decks"]`` when some deck file cannot be loaded; returns the
    y under it (``y`` when there is none)."""
    from tabletop.ui.theme import fit_id

    n = len(_broken(menu))
    if n == 0:
        return y
    count = i18n.t("menuqa16.decks_broken_one") if n == 1 else \
        i18n.t("menuqa16.decks_broken_count", n=n)
    text = f"{count}: {i18n.t('menuqa16.details')}"
    if menu.app.fonts.get(round(14 * menu.app.scale)).size(text)[0] > width - px(16):
        # a narrow column: the short form, at a readable size rather than cut
        text = f"{i18n.t('menuqa16.decks_broken_short', n=n)}: {i18n.t('menuqa16.details')}"
    height = px(34)
    menu.widgets["broken_decks"] = UIButton(
        pygame.Rect(x, y, width, height), text, menu.app.ui, container=panel,
        command=lambda: show(menu),
        object_id=fit_id(menu.app.fonts, text, width, menu.app.scale, "#problem"))
    return y + height + px(4)

"""The menu's part of the user's decks (issue 16): the user's deck files offered in the
deck choice beside the ready-made decks, and the **Decks** button opening the builder.

A user deck is offered under the id ``my:<file stem>`` (so it never takes the place of
a ready-made deck of the same file name), its legality checked by the rules like any
deck (a card the rules do not know is named by its id). A file that cannot be read is
listed among the broken decks, named with its field.
"""

from __future__ import annotations

import logging
from functools import partial
from typing import Any

import pygame
from pygame_gui.elements import UIButton

from tabletop import i18n
from tabletop.core.deck_files import load_user_decks
from tabletop.ui.host import Host

__all__ = ["USER_PREFIX", "add_user_decks", "decks_button"]

log = logging.getLogger(__name__)

#: Prefix of the menu's ids of the user's decks.
USER_PREFIX = "my:"


def add_user_decks(choice: Any) -> None:
    """Add the user's decks of ``choice.game_id`` to the menu's ``choice`` (a
    :class:`tabletop.ui.menu.GameChoice` whose rules loaded): good ones to ``decks``,
    unreadable ones to ``broken_decks``. Never raises."""
    rules = choice.rules
    if rules is None:
        return
    try:
        found = load_user_decks(choice.game_id, None, rules.deck_options)
    except Exception as exc:  # noqa: BLE001 - the user's folder must never stop the menu
        log.error("user decks of %s not read: %s", choice.game_id, exc)
        return
    for deck_id, deck in found.decks.items():
        choice.decks[USER_PREFIX + deck_id] = deck
    choice.broken_decks.update(found.broken)


def open_builder(app: Host, game: str) -> None:
    """Show the deck builder at ``game``."""
    from tabletop.ui.deck_builder import DeckBuilderScene

    app.replace(DeckBuilderScene(app, game or None))


def decks_button(app: Host, game: str, rect: pygame.Rect, container: Any) -> Any:
    """The menu's "Decks" button (a pygame_gui button in ``container`` at ``rect``)."""
    return UIButton(rect, i18n.t("decks.menu_button"), app.ui, container=container,
                    object_id="#decks", command=partial(open_builder, app, game))

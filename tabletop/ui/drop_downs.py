"""Esc closes an open drop-down list, and does nothing else (QA16b #3).

pygame_gui's drop-downs take no keys, so an Esc pressed while a list was open went on
to the screen below it, which went back (the deck builder to the menu, the CSV mapping
screen away, a "Changes not saved" question drawn under the still open list) or did
nothing at all (the menu). The app asks :func:`close_open` before any widget or
scene sees an Esc: one place for every screen, dialogs included.
"""

from __future__ import annotations

from typing import Any

import pygame
from pygame_gui.elements import UIDropDownMenu

__all__ = ["close_open", "open_lists"]


def open_lists(manager: Any) -> list[UIDropDownMenu]:
    """The drop-downs of ``manager`` (a pygame_gui UIManager) whose list is open now."""
    return [element for element in manager.get_sprite_group().sprites()
            if isinstance(element, UIDropDownMenu)
            and element.current_state is not None
            and element.current_state is element.menu_states.get("expanded")]


def close_open(manager: Any, event: pygame.event.Event) -> bool:
    """When ``event`` is an Esc key press and a drop-down list of ``manager`` is open:
    close every open list at once (as a click outside it would, the choice unchanged)
    and return True, the Esc spent. False otherwise, nothing changed."""
    if event.type != pygame.KEYDOWN or getattr(event, "key", None) != pygame.K_ESCAPE:
        return False
    lists = open_lists(manager)
    for drop in lists:
        # the transition pygame_gui makes in update() for a click outside, done now so
        # that nothing drawn or handled after this Esc sees the list open
        expanded = drop.current_state
        if expanded is not None:
            expanded.finish()
        drop.current_state = drop.menu_states["closed"]
        drop.current_state.selected_option = drop.selected_option
        drop.current_state.start()
    return bool(lists)

"""The result box over the table when a game is over: who won, who resigned, and
the "Back to the menu" button, laid out once for both the drawing and the button.

The box is built around what it holds (QA16 #20, s88.png: it was sized from the
heading alone with fixed pixels, so at 1600x900 the button sat on its lower edge):
the heading, the resignation line when there is one, then the button, each
``margin`` apart and the box ``margin`` beyond them on every side, all scaled with
the UI. Pure arithmetic over sizes: no drawing here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from tabletop.core.engine import resigned_seat
from tabletop.i18n import t
from tabletop.ui.panels import seat_name

__all__ = ["ResultLayout", "result_layout", "result_texts", "scene_layout"]


@dataclass(frozen=True)
class ResultLayout:
    """Where the result box's parts go (window pixels).

    Attributes:
        box: the shaded box.
        heading: the "Player 2 wins!" text's rectangle.
        why: the "Player 1 resigned." line's rectangle (None when nobody resigned).
        button: the "Back to the menu" button.
        margin: the room kept between the parts and around them (pixels).
    """

    box: pygame.Rect
    heading: pygame.Rect
    why: pygame.Rect | None
    button: pygame.Rect
    margin: int


def result_layout(area: pygame.Rect, heading: tuple[int, int], why: tuple[int, int] | None,
                  scale: float) -> ResultLayout:
    """The result box centred in ``area`` (the table's part of the window) for a
    heading of size ``heading`` and a resignation line of size ``why`` (pixels, None:
    nobody resigned), at UI ``scale``. The button is 240 x 44 at scale 1 (never
    narrower than the texts above it need less than), the margin 16 at scale 1."""
    margin = max(8, round(16 * scale))
    gap = max(4, round(8 * scale))
    button_size = (round(240 * scale), round(44 * scale))
    parts = [heading] + ([why] if why is not None else []) + [button_size]
    inner_w = max(w for w, _ in parts)
    inner_h = sum(h for _, h in parts) + gap * (len(parts) - 1) + margin  # the button apart
    box = pygame.Rect(0, 0, inner_w + 4 * margin, inner_h + 2 * margin)
    box.center = area.center
    box.clamp_ip(area)
    y = box.y + margin
    head = pygame.Rect((0, y), heading)
    head.centerx = box.centerx
    y = head.bottom + gap
    why_rect = None
    if why is not None:
        why_rect = pygame.Rect((0, y), why)
        why_rect.centerx = box.centerx
        y = why_rect.bottom + gap
    button = pygame.Rect((0, y + margin), button_size)
    button.centerx = box.centerx
    return ResultLayout(box, head, why_rect, button, margin)


def result_texts(scene: Any) -> tuple[pygame.Surface, pygame.Surface | None]:
    """The heading ("Player 2 wins!" or a draw) and the resignation line (None when
    nobody resigned) of ``scene``'s finished game, rendered through its text cache."""
    state = scene.game.state
    text = (t("table.game_over_win", player=seat_name(state.winner))
            if state.winner is not None else t("table.game_over_draw"))
    heading = scene.text.get(text, max(22, round(34 * scene.scale)), (255, 236, 150), True)
    resigned = resigned_seat(state)
    why = None if resigned is None else scene.text.get(
        t("table.game_over_resigned", player=seat_name(resigned)),
        max(14, round(18 * scene.scale)), (232, 236, 228))
    return heading, why


def scene_layout(scene: Any) -> ResultLayout:
    """:func:`result_layout` for the table ``scene`` (its table area, texts, UI scale)."""
    heading, why = result_texts(scene)
    return result_layout(pygame.Rect(scene.viewport.area), heading.get_size(),
                         None if why is None else why.get_size(), scene.scale)

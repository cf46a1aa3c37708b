"""The computer's moved card lands in its slot when the UI scale or the window changes
(issue 16, a club tester: "after I changed the UI scale during a game, a card the
computer moved was drawn in the wrong slot").

Reproduced: the glide of the moved card kept the pixel points of the layout it started
in, so after a new scale (or a resize) it went on to the old place, a wrong slot of
the new table, and jumped only when it ended. Now the table re-aims a running glide
when it is laid out again (:mod:`tabletop.ui.slide_refit`). The drawn place is checked
against the state's zone of the card.
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from computer_helpers import Gate, run_until, vs_computer
from ui_helpers import frames

from tabletop.core.seat_player import Level
from tabletop.ui.computer_seat import Pace

PERSON, COMPUTER = 0, 1
PACE = Pace(think=0.0, glide=1.0, hold=1.0)


def _change(app: Any, how: str) -> None:
    if how == "scale":
        # what the settings screen's UI scale row calls; smaller, as 1280x720 has no
        # room for a bigger table panel (QA16 #4)
        app.set_ui_scale(0.75)
    else:
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1600, h=900,
                                             size=(1600, 900)))


def _lands_in_its_zone(scene: Any, game: Any, vid: int) -> None:
    """The card is drawn inside the zone the state has it in."""
    sprite = scene.by_iid[vid]
    assert sprite.zone == game.state.zone_of(game.resolve(vid))
    assert scene.zone_rect(sprite.zone).collidepoint(sprite.rect.center)


@pytest.mark.parametrize("how", ["scale", "resize"])
def test_a_glide_under_way_goes_to_the_slot_of_the_new_layout(how: str) -> None:
    """The computer's card is gliding when the scale (or the window) changes: from then
    on it glides to where it lies on the new table, and lands there."""
    app, game, scene = vs_computer("arc", {COMPUTER: Level.EASY}, first=COMPUTER, pace=PACE)
    assert run_until(app, lambda: scene.slide is not None, limit=600)
    slide = scene.slide
    vid = slide.iid
    old_way = (slide.end[0] - slide.start[0], slide.end[1] - slide.start[1])
    old_mm = scene.viewport.scale
    app.frame(0.01)
    _change(app, how)
    app.frame(0.01)
    assert scene.slide is slide  # the same glide, still under way
    assert slide.end == scene.by_iid[vid].rect.topleft
    ratio = scene.viewport.scale / old_mm
    assert ratio != 1.0
    way = (slide.end[0] - slide.start[0], slide.end[1] - slide.start[1])
    assert all(abs(w - o * ratio) <= 1 for w, o in zip(way, old_way, strict=True))
    app.frame(0.9)
    assert scene.slide is not None
    x, y = scene.slide.pos()
    assert abs(x - slide.end[0]) <= 2 and abs(y - slide.end[1]) <= 2
    app.frame(0.2)
    assert scene.slide is None
    _lands_in_its_zone(scene, game, vid)


def test_a_scale_changed_while_the_computer_thinks() -> None:
    """The scale changes while the computer thinks: its card then glides from where it
    is drawn on the new table to its slot there."""
    gate = Gate()
    app, game, scene = vs_computer("arc", {COMPUTER: Level.EASY}, first=COMPUTER, pace=PACE,
                                   factory=gate)
    for _ in range(60):
        if gate.calls:
            break
        app.frame(1 / 60)
    assert gate.calls and not scene.computer.played  # thinking
    app.set_ui_scale(1.5)
    frames(app, 2)
    hand = scene.zone_rect(f"p{COMPUTER}.hand")
    gate.open()
    assert run_until(app, lambda: scene.slide is not None, limit=600)
    slide = scene.slide
    assert slide.end == scene.by_iid[slide.iid].rect.topleft
    card = scene.by_iid[slide.iid].rect
    assert hand.collidepoint(slide.start[0] + card.w // 2, slide.start[1] + card.h // 2)
    frames(app, 2, dt=0.6)
    assert scene.slide is None
    _lands_in_its_zone(scene, game, slide.iid)

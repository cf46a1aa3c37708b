"""What a change at the table redraws (issue 14): the background (felt, zone outlines,
the labels of empty zones) only when it shows something else."""

from __future__ import annotations

import pygame
from ui_helpers import arc_position, frames, table_at

from tabletop.core.actions import Action


def test_the_background_is_kept_unless_a_zone_empties_or_fills() -> None:
    app, game, scene, labels = table_at("arc", arc_position("main"))
    kept = scene._bg
    assert kept is not None
    pixels = pygame.image.tobytes(kept, "RGB")
    assert scene.propose(Action.make("next_phase", scene.viewer)).ok  # no zone empties
    frames(app, 1)
    assert scene._bg is kept
    seat = scene.viewer
    assert scene.propose(Action.make("set_free_mode", seat, on=True)).ok
    for iid in list(game.state.zones[f"p{seat}.characters"].cards):  # the row emptied
        assert scene.propose(Action.make("manual_move", seat, card=iid,
                                         zone=f"p{seat}.resources")).ok
    frames(app, 1)
    assert scene._bg is not None  # its label is drawn now (patched in: ui/backdrop.py)
    assert pygame.image.tobytes(scene._bg, "RGB") != pixels

"""Hot-seat play (ALL-R2): the cover comes up before the other seat's cards are drawn.

The table scene reports every card it draws face up through ``face_listener``
(viewer, instance id); the renderer reports every face it hands out through
``on_face``. The tests check that no frame ever showed a hand to the wrong seat,
and that the cover is the top scene whenever the seat in control changes.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
from ui_helpers import arc_position, click, frames, key, make_app  # noqa: E402

from tabletop.core.engine import Game  # noqa: E402
from tabletop.core.rules import GameSetup, load_rules  # noqa: E402
from tabletop.ui.cover import ARM_DELAY, HotseatCover  # noqa: E402
from tabletop.ui.table import TableScene  # noqa: E402

POSITION = arc_position("attack")


class Recorder:
    """Every (viewer, iid) drawn face up, and every card id handed out face up."""

    def __init__(self, app, game, scene):
        self.app, self.game, self.scene = app, game, scene
        self.faces: list[tuple[int, int]] = []
        self.leaks: list[str] = []
        self.frames_under_cover = 0
        scene.face_listener = self.on_face

    def on_face(self, viewer: int, iid: int) -> None:
        state = self.game.state
        zone = state.zone_of(iid)
        other_hand = f"p{1 - viewer}.hand"
        if zone == other_hand:
            self.leaks.append(f"viewer {viewer} saw {state.cards[iid].card_id} in {zone}")
        if isinstance(self.app.stack.top, HotseatCover):
            self.frames_under_cover += 1
        self.faces.append((viewer, iid))


def start(position=POSITION):
    app = make_app()
    game = Game(load_rules("arc"), GameSetup("arc", seed=2, position=position))
    app.game = game
    scene = TableScene(app, game, cover_at_start=False)
    app.stack.replace(scene)
    frames(app, 2)
    return app, game, scene, game.state.data["labels"], Recorder(app, game, scene)


def dismiss_cover(app) -> None:
    frames(app, int(ARM_DELAY * 60) + 3)
    key(app, pygame.K_SPACE)


def test_cover_before_the_other_hand_when_the_turn_passes():
    app, game, scene, labels, rec = start(dict(POSITION, phase="main"))
    try:
        frames(app, 2)
        assert rec.faces and not rec.leaks  # seat 0 sees its own hand
        key(app, pygame.K_e)  # end turn
        assert game.state.active == 1
        assert isinstance(app.stack.top, HotseatCover)
        assert app.stack.top.seat == 1
        assert scene.viewer == 0  # the view switches only after the cover
        frames(app, 5)
        dismiss_cover(app)
        assert app.stack.top is scene
        assert scene.viewer == 1 and scene.viewport.flipped
        rec.faces.clear()
        frames(app, 2)
        drawn = {iid for _, iid in rec.faces}
        assert labels["kraken"] in drawn  # seat 1 now sees its own hand
        assert labels["queen"] not in drawn  # and never seat 0's
        assert not rec.leaks
        assert rec.frames_under_cover == 0
    finally:
        app.shutdown()


def test_cover_when_blockers_are_asked_and_back():
    app, game, scene, labels, rec = start()
    try:
        click(app, scene.card_rect(labels["duelist"]).center)
        key(app, pygame.K_a)
        assert game.state.pending.kind == "blockers"
        assert isinstance(app.stack.top, HotseatCover) and app.stack.top.seat == 1
        frames(app, 3)
        dismiss_cover(app)
        assert scene.viewer == 1 and scene.decisions.kind == "blockers"
        # Assign the warden to block the duelist: click blocker, then attacker.
        click(app, scene.card_rect(labels["warden"]).center)
        assert scene.decisions.picked == labels["warden"]
        click(app, scene.card_rect(labels["duelist"]).center)
        assert scene.decisions.assign == {labels["warden"]: labels["duelist"]}
        # Click again to take it back, then assign again.
        click(app, scene.card_rect(labels["warden"]).center)
        assert scene.decisions.assign == {}
        click(app, scene.card_rect(labels["warden"]).center)
        click(app, scene.card_rect(labels["duelist"]).center)
        click(app, scene.decisions.buttons["confirm_blocks"].get_abs_rect().center)
        assert game.state.pending.kind == "combat_card" and game.state.pending.seat == 1
        assert app.stack.top is scene  # same seat decides again: no cover
        click(app, scene.decisions.buttons["pass"].get_abs_rect().center)
        # Now the attacker's combat card: back to seat 0, behind the cover.
        assert game.state.pending.seat == 0
        assert isinstance(app.stack.top, HotseatCover) and app.stack.top.seat == 0
        frames(app, 3)
        dismiss_cover(app)
        assert scene.viewer == 0
        click(app, scene.decisions.buttons["pass"].get_abs_rect().center)
        assert game.state.pending is None and game.state.step == ""
        assert labels["duelist"] in game.state.zones["p0.discard"].cards  # 3 vs 4: lost
        frames(app, 2)
        assert not rec.leaks
        assert rec.frames_under_cover == 0
    finally:
        app.shutdown()


def test_refused_block_shows_reason_and_keeps_state():
    app, game, scene, labels, rec = start()
    try:
        click(app, scene.card_rect(labels["duelist"]).center)
        key(app, pygame.K_a)
        dismiss_cover(app)
        before = game.state.fingerprint()
        # Seat 1 tries to play a combat card before blockers are confirmed: refused.
        from ui_helpers import drag

        chill = scene.card_rect(labels["chill"])
        drag(app, (chill.x + 8, chill.centery), scene.zone_rect("p1.combat").center)
        assert game.state.fingerprint() == before
        assert scene.toast.visible and scene.toast.key.startswith("refusal.")
    finally:
        app.shutdown()


def test_cover_at_start_hides_the_first_hand():
    app = make_app()
    game = Game(load_rules("arc"), GameSetup("arc", seed=2, position=POSITION))
    app.start_game(game)
    scene = app.stack.scenes[0]
    rec = Recorder(app, game, scene)
    frames(app, 2)
    assert isinstance(app.stack.top, HotseatCover)
    assert rec.faces == []  # nothing of the table drawn under the cover
    dismiss_cover(app)
    frames(app, 1)
    assert rec.faces and not rec.leaks
    app.shutdown()

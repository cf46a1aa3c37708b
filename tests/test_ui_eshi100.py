"""絵師100人展 in the real window, driven by posted mouse events (tests/ui_helpers.py).

The position is the ESHI-R4 scenario's: player 1 has Crimson Brushstroke (cost 2,
power 3) on square 0 with two Mural Giants on squares 1 and 2; player 2 has a
Blank Canvas on square 4 touching it, a Gallery Warden (defence 5, cost 2) on 15
and a Curator's Seal on 11. Assertions look at the game state and at what the
scene shows (lit cells, toast, the decision box, the cover, drawn placements).
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from ui_helpers import click, drag, frames, key, make_app, move  # noqa: E402

from tabletop.core.engine import Game  # noqa: E402
from tabletop.core.rules import GameSetup, load_rules  # noqa: E402
from tabletop.core.scenario import build_setup, load_scenario  # noqa: E402
from tabletop.games.eshi100 import board  # noqa: E402
from tabletop.resources import resource_path  # noqa: E402
from tabletop.ui.cover import ARM_DELAY, HotseatCover  # noqa: E402
from tabletop.ui.games.eshi100 import Eshi100UI  # noqa: E402
from tabletop.ui.games.eshi100_cards import screen_corner  # noqa: E402
from tabletop.ui.table import TableScene  # noqa: E402

SCENARIO = "eshi_r4_connect_payment.toml"


class Table:
    """A window on the ESHI-R4 position, recording every face drawn per viewer."""

    def __init__(self, size: tuple[int, int] = (1280, 720)) -> None:
        scenario = load_scenario(resource_path("scenarios", "eshi100", SCENARIO))
        self.app = make_app(size)
        self.game = Game(load_rules("eshi100"), build_setup(scenario))
        self.app.game = self.game
        self.scene = TableScene(self.app, self.game, cover_at_start=False)
        self.app.stack.replace(self.scene)
        self.labels: dict[str, int] = self.game.state.data["labels"]
        self.leaks: list[str] = []
        self.scene.face_listener = self._on_face
        frames(self.app, 2)

    def _on_face(self, viewer: int, iid: int) -> None:
        zone = self.game.state.zone_of(iid)
        if zone == f"p{1 - viewer}.hand":
            self.leaks.append(f"seat {viewer} saw a card of {zone}")

    @property
    def state(self):
        return self.game.state

    def hand(self, seat: int = 0) -> list[int]:
        return list(self.state.zones[f"p{seat}.hand"].cards)

    def centre(self, iid: int) -> tuple[int, int]:
        rect = self.scene.card_rect(iid)
        assert rect is not None
        return rect.center

    def cell(self, square: int) -> tuple[int, int]:
        return self.scene.cell_rect("cell:grid/" + board.cell_of_square(square)).center

    def button(self, command: str) -> tuple[int, int]:
        return self.scene.decisions.buttons[command].get_abs_rect().center

    def dismiss_cover(self) -> None:
        frames(self.app, int(ARM_DELAY * 60) + 3)
        key(self.app, pygame.K_SPACE)


@pytest.fixture
def table():
    t = Table()
    yield t
    t.app.shutdown()


def test_the_plugin_is_found(table):
    assert isinstance(table.scene.ui, Eshi100UI)


def test_legal_squares_light_up_while_dragging(table):
    card = table.hand()[0]
    drag(table.app, table.centre(card), table.cell(5), release=False)
    lit = table.scene.drag.lit_cells
    legal = table.game.rules.legal_squares(table.state, 0, card)
    assert lit == {"cell:grid/" + board.cell_of_square(s) for s in legal}
    assert "cell:grid/" + board.cell_of_square(4) not in lit  # the opponent's recovered card
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=table.cell(5), button=1,
                                         touch=False))
    frames(table.app, 2)


def test_legal_placement_by_drag(table):
    card = table.hand()[0]
    drag(table.app, table.centre(card), table.cell(5))
    assert table.state.zone_of(card) == "grid"
    assert board.square_of(table.state, card) == 5
    # drawn on its square, upright for its owner
    sprite = table.scene.by_iid[card]
    assert sprite.rect.center == pytest.approx(table.cell(5), abs=1)
    assert sprite.turn == 0


def test_illegal_placement_is_refused_with_the_reason(table):
    card = table.hand()[0]
    before = table.state.fingerprint()
    drag(table.app, table.centre(card), table.cell(9))  # not next to a recovered card
    assert table.state.fingerprint() == before
    assert table.scene.toast.key == "refusal.eshi100.square_not_reachable"
    assert "ESHI-R2" in table.scene.toast.full_text
    assert table.scene.slide is not None and table.scene.slide.iid == card


def test_hand_boost_by_dropping_on_the_discard_pile(table):
    card = table.hand()[0]
    drag(table.app, table.centre(card), table.scene.zone_rect("p0.discard").center)
    assert table.state.zone_of(card) == "p0.discard"
    assert len(table.hand()) == 3  # 2 - 1 + 2


def test_consumption_refused_when_disconnected_then_accepted(table):
    lab = table.labels
    click(table.app, table.centre(lab["brush"]))
    panel = table.scene.decisions
    assert panel.kind == "use" and panel.pick.chosen == [lab["brush"]]
    hint = panel.pick.hint(table.game.rules, table.state)
    assert lab["g1"] in hint.candidates and lab["canvas"] in hint.candidates
    assert lab["g2"] not in hint.candidates  # it would not hang together
    assert not panel.buttons["eshi_use"].is_enabled
    before = table.state.fingerprint()
    click(table.app, table.centre(lab["g2"]))
    assert table.scene.toast.key == "refusal.eshi100.consume_disconnected"
    assert panel.pick.chosen == [lab["brush"]]
    assert table.state.fingerprint() == before
    click(table.app, table.centre(lab["canvas"]))  # the opponent's card: counted, not damaged
    assert panel.pick.chosen == [lab["brush"], lab["canvas"]]
    assert panel.buttons["eshi_use"].is_enabled
    click(table.app, table.button("eshi_use"))
    state = table.state
    assert state.pending is not None and state.pending.kind == "defend"
    assert not state.cards[lab["brush"]].face_up  # own consumed card: damaged
    assert state.cards[lab["canvas"]].face_up  # the opponent's: stays recovered


def test_cancel_closes_the_choice(table):
    click(table.app, table.centre(table.labels["brush"]))
    assert table.scene.decisions.kind == "use"
    assert not table.scene.controls.enabled["next_phase"]
    click(table.app, table.button("eshi_cancel"))
    assert table.scene.decisions.kind == ""
    assert table.scene.decisions.buttons == {}


def test_cover_comes_before_the_defenders_prompt(table):
    lab = table.labels
    click(table.app, table.centre(lab["brush"]))
    click(table.app, table.centre(lab["canvas"]))
    click(table.app, table.button("eshi_use"))
    scene = table.scene
    assert table.state.pending.seat == 1
    assert isinstance(table.app.stack.top, HotseatCover) and table.app.stack.top.seat == 1
    assert scene.viewer == 0 and scene.decisions.decision is None  # not shown to seat 0
    frames(table.app, 3)
    table.dismiss_cover()
    assert scene.viewer == 1 and scene.decisions.kind == "defend"
    # A wrong payment first: the Warden alone (cost 2) cannot be confirmed.
    click(table.app, table.centre(lab["warden"]))
    assert not scene.decisions.buttons["eshi_defend"].is_enabled
    click(table.app, table.centre(lab["seal"]))
    assert scene.decisions.buttons["eshi_defend"].is_enabled
    click(table.app, table.button("eshi_defend"))
    state = table.state
    assert state.pending is None and state.zone_of(lab["brush"]) == "grid"  # 3 vs 5: fails
    assert not state.cards[lab["warden"]].face_up
    frames(table.app, 2)
    assert not table.leaks


def test_other_hand_never_drawn_face_up(table):
    lab = table.labels
    frames(table.app, 2)
    click(table.app, table.centre(lab["brush"]))
    click(table.app, table.centre(lab["canvas"]))
    click(table.app, table.button("eshi_use"))
    table.dismiss_cover()
    click(table.app, table.button("eshi_no_defence"))
    frames(table.app, 3)
    assert not table.leaks
    # The other seat's hand zone holds backs only in every view built so far.
    for sprite in table.scene.sprites:
        if sprite.zone == f"p{1 - table.scene.viewer}.hand":
            assert sprite.card.hidden


def test_the_other_seats_cards_are_turned_half_way(table):
    scene, lab = table.scene, table.labels
    for name in ("warden", "seal", "canvas"):
        sprite = scene.by_iid[lab[name]]
        assert sprite.placed.rotation_deg == 180 and sprite.turn == 180
    for name in ("brush", "g1", "g2"):
        sprite = scene.by_iid[lab[name]]
        assert sprite.placed.rotation_deg == 0 and sprite.turn == 0
    # Placed by square, not by list order: the Warden lies on square 15 (top right).
    warden = scene.by_iid[lab["warden"]].rect
    assert warden.center == pytest.approx(table.cell(15), abs=1)
    # Seat 1's view: its own cards upright, seat 0's upside down.
    click(table.app, table.centre(lab["brush"]))
    click(table.app, table.centre(lab["canvas"]))
    click(table.app, table.button("eshi_use"))
    table.dismiss_cover()
    assert scene.viewer == 1
    assert scene.by_iid[lab["warden"]].turn == 0
    assert scene.by_iid[lab["g1"]].turn == 180
    assert scene.by_iid[lab["warden"]].rect.center == pytest.approx(table.cell(15), abs=1)


def test_connectors_drawn_per_viewer_and_none_on_damaged_cards(table):
    ui: Eshi100UI = table.scene.ui
    rules = table.game.rules
    frames(table.app, 1)
    drawn = {(i, c): (m, t) for i, c, m, t in ui.badges}
    brush = table.labels["brush"]
    mine = rules.usable_connectors(table.state, brush, 0)
    for corner in mine:
        assert drawn[(brush, screen_corner(corner, 0))][0]
    canvas = table.labels["canvas"]  # turned 180: its own corners appear opposite
    for corner in rules.usable_connectors(table.state, canvas, 0):
        assert drawn[(canvas, screen_corner(corner, 180))][0]
    # After the attack the Brushstroke is damaged: seat 1 sees no connectors on it.
    click(table.app, table.centre(brush))
    click(table.app, table.centre(canvas))
    click(table.app, table.button("eshi_use"))
    table.dismiss_cover()
    frames(table.app, 1)
    assert not table.state.cards[brush].face_up
    assert table.scene.viewer == 1
    assert not [b for b in ui.badges if b[0] == brush]
    assert [b for b in ui.badges if b[0] == canvas]


def test_hover_outlines_the_connect_and_explains(table):
    lab = table.labels
    move(table.app, table.centre(lab["g1"]))
    ui: Eshi100UI = table.scene.ui
    group = table.game.rules.connect_of(table.state, 0, 1)
    assert ui.hovered_connect == group and lab["brush"] in group
    card = table.game.rules.cards["mural_giant"]
    words = " ".join(ui.explain(card, table.scene.by_iid[lab["g1"]].card))
    assert "Connect cost 4" in words and f"{len(group)} cards" in words


def test_challenge_by_selecting_two_cards(table):
    # Go to the challenge phase by placing a card, then select two... only one is left:
    # draw more with a hand boost first (discard 1, draw 2 -> challenge phase, 3 cards).
    card = table.hand()[0]
    drag(table.app, table.centre(card), table.scene.zone_rect("p0.discard").center)
    assert table.state.phase == "challenge"
    a, b = table.hand()[:2]
    click(table.app, table.centre(a))
    rect = table.scene.card_rect(b)
    click(table.app, (rect.right - 6, rect.centery))
    assert sorted(table.scene.selected) == sorted([a, b])
    key(table.app, pygame.K_c)
    assert table.state.zone_of(a) == "p0.discard" and table.state.zone_of(b) == "p0.discard"


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_frames_draw_at_every_size(size):
    t = Table(size)
    try:
        move(t.app, t.centre(t.labels["g1"]))
        click(t.app, t.centre(t.labels["brush"]))
        frames(t.app, 2)
        assert t.scene.decisions.kind == "use"
    finally:
        t.app.shutdown()


# ---------------------------------------------------------------------- other decisions


def position_table(position: dict) -> tuple:
    """A window on a hand-made position (no cover at the start)."""
    from tabletop.core.rules import GameSetup

    app = make_app()
    game = Game(load_rules("eshi100"), GameSetup("eshi100", seed=1, position=position))
    app.game = game
    scene = TableScene(app, game, cover_at_start=False)
    app.stack.replace(scene)
    frames(app, 2)
    return app, game, scene, game.state.data["labels"]


DECKS = {"p0.deck": ["chalk_sprite"] * 5, "p1.deck": ["chalk_sprite"] * 5}


def test_recover_by_clicking_the_damaged_card():
    app, game, scene, lab = position_table({
        "turn": 3, "active": 0, "phase": "prepare",
        "zones": {**DECKS, "p0.hand": ["ink_comet"],
                  "grid": [{"card": "mural_giant", "owner": 0, "label": "giant",
                            "face_up": False, "counters": {"square": 0}}]}})
    try:
        assert scene.decisions.kind == "recover"
        assert not scene.decisions.buttons["eshi_recover"].is_enabled
        click(app, scene.card_rect(lab["giant"]).center)
        assert scene.decisions.marked == [lab["giant"]]
        click(app, scene.decisions.buttons["eshi_recover"].get_abs_rect().center)
        assert game.state.cards[lab["giant"]].face_up and game.state.phase == "action"
    finally:
        app.shutdown()


def test_challenge_button_then_counter_behind_the_cover():
    app, game, scene, lab = position_table({
        "turn": 3, "active": 0, "phase": "challenge",
        "zones": {**DECKS,
                  "p0.hand": [{"card": "ink_comet", "label": "a"},
                              {"card": "frame_wall", "label": "b"}, "chalk_sprite"],
                  "p1.hand": [{"card": "easel_guard", "label": "x"},
                              {"card": "pastel_mist", "label": "y"}, "blank_canvas"]}})
    leaks: list[int] = []
    scene.face_listener = lambda viewer, iid: leaks.append(iid) if game.state.zone_of(
        iid) == f"p{1 - viewer}.hand" else None
    try:
        click(app, scene.card_rect(lab["a"]).center)
        rect = scene.card_rect(lab["b"])
        click(app, (rect.right - 6, rect.centery))
        assert scene.controls.enabled["eshi_challenge"]
        click(app, scene.controls.buttons["eshi_challenge"].get_abs_rect().center)
        assert game.state.pending.kind == "counter" and game.state.pending.seat == 1
        assert isinstance(app.stack.top, HotseatCover)
        assert scene.decisions.decision is None  # seat 1's options never shown to seat 0
        frames(app, int(ARM_DELAY * 60) + 3)
        key(app, pygame.K_SPACE)
        assert scene.viewer == 1 and scene.decisions.kind == "counter"
        click(app, scene.card_rect(lab["x"]).center)
        rect = scene.card_rect(lab["y"])
        click(app, (rect.centerx, rect.centery))
        assert sorted(scene.decisions.marked) == sorted([lab["x"], lab["y"]])
        click(app, scene.decisions.buttons["eshi_counter"].get_abs_rect().center)
        assert game.state.zone_of(lab["x"]) == "p1.discard"
        assert game.state.zone_of(lab["y"]) == "p1.discard"
        assert not leaks
    finally:
        app.shutdown()


def test_hand_limit_discard():
    hand = [{"card": "chalk_sprite", "label": f"h{i}"} for i in range(7)]
    app, game, scene, lab = position_table({
        "turn": 3, "active": 0, "phase": "end", "zones": {**DECKS, "p0.hand": hand}})
    try:
        assert scene.decisions.kind == "hand_limit"
        for name in ("h0", "h6"):
            rect = scene.card_rect(lab[name])
            point = next((rect.x + dx, rect.centery) for dx in range(2, rect.w, 3)
                         if scene._card_at_px((rect.x + dx, rect.centery)) == lab[name])
            click(app, point)
        assert scene.decisions.buttons["eshi_discard"].is_enabled
        click(app, scene.decisions.buttons["eshi_discard"].get_abs_rect().center)
        assert game.state.zone_of(lab["h0"]) == "p0.discard"
        assert game.state.active == 1
    finally:
        app.shutdown()


def test_a_whole_bot_game_through_the_window():
    """Random legal moves to the end, every hand-over covered, nothing hidden drawn."""
    from tabletop.core.bot import RandomBot
    from tabletop.core.selfplay import setup_for
    from tabletop.games.eshi100 import load_decks

    rules = load_rules("eshi100")
    app = make_app()
    game = Game(rules, setup_for(rules, 5, load_decks(rules=rules)))
    app.game = game
    scene = TableScene(app, game, cover_at_start=False)
    app.stack.replace(scene)
    leaks: list[int] = []
    scene.face_listener = lambda viewer, iid: leaks.append(iid) if game.state.zone_of(
        iid) == f"p{1 - viewer}.hand" else None
    bot = RandomBot(7)
    try:
        for step in range(400):
            if game.state.game_over:
                break
            if isinstance(app.stack.top, HotseatCover):
                assert scene.decisions.decision is None or \
                    scene.decisions.decision.seat == scene.viewer
                app.stack.top.dismiss()
                frames(app, 1)
            action = bot.choose(game)
            assert action is not None
            assert game.propose(action).ok
            frames(app, 1)
            if step % 7 == 0 and scene.sprites:  # hover something now and then
                move(app, scene.sprites[step % len(scene.sprites)].rect.center)
        assert game.state.game_over
        frames(app, 2)
        assert not leaks
    finally:
        app.shutdown()


# -- the drop rule: the square the card lies on most decides (docs/ui-plugins.md) ------

def _snap_table(active: int = 0) -> tuple:
    """Player ``active``'s action phase: one card in hand, one own card on its start
    square (the only lit squares are the start square and its neighbours are not)."""
    start = board.START_SQUARE[active]
    hand = {"card": "mural_giant", "label": "h"}
    mine = {"card": "gilded_frame_dragon", "owner": active, "label": "d", "face_up": False,
            "counters": {"square": start}}
    zones = {"p0.deck": ["chalk_sprite"] * 5, "p1.deck": ["chalk_sprite"] * 5,
             f"p{active}.hand": [hand], f"p{1 - active}.hand": ["chalk_sprite"],
             "grid": [mine]}
    position = {"turn": 3, "active": active, "phase": "action", "zones": zones}
    game = Game(load_rules("eshi100"),
                GameSetup("eshi100", 1, 0, ({"cards": []}, {"cards": []}), ("a", "b"),
                          position))
    app = make_app((1280, 720))
    app.game = game
    scene = TableScene(app, game, cover_at_start=False)
    app.stack.replace(scene)
    frames(app, 2)
    return app, game, scene, game.state.data["labels"]


def test_a_card_dropped_mostly_on_an_unlit_square_is_refused_and_the_own_card_stays():
    app, game, scene, labels = _snap_table()
    try:
        lit = "cell:grid/" + board.cell_of_square(0)
        unlit = scene.cell_rect("cell:grid/" + board.cell_of_square(1))
        before = game.state.fingerprint()
        # 10 px towards the lit start square: a sliver over it, the rest over square 1
        drag(app, scene.card_rect(labels["h"]).center, (unlit.centerx - 10, unlit.centery),
             steps=20, release=False)
        assert scene.drag.lit_cells == {lit}
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, touch=False,
                                             pos=(unlit.centerx - 10, unlit.centery)))
        frames(app, 3)
        assert game.state.fingerprint() == before
        assert board.square_of(game.state, labels["d"]) == 0  # the own card stays
        assert game.state.zones["p0.discard"].cards == []
        assert scene.toast.key == "refusal.eshi100.square_not_reachable"
        assert "square B1" in scene.toast.full_text
        assert scene.slide is not None and scene.slide.iid == labels["h"]
    finally:
        app.shutdown()


def test_a_card_dropped_mostly_on_a_lit_square_lands_there():
    app, game, scene, labels = _snap_table()
    try:
        unlit = scene.cell_rect("cell:grid/" + board.cell_of_square(1))
        # 60 % of a square's width towards the start square: mostly on square 0
        end = (unlit.centerx - round(unlit.width * 0.6), unlit.centery)
        drag(app, scene.card_rect(labels["h"]).center, end, steps=20)
        assert board.square_of(game.state, labels["h"]) == 0
        assert game.state.zone_of(labels["d"]) == "p0.discard"  # replaced (ESHI-R2)
    finally:
        app.shutdown()


def test_player_2_is_told_the_square_as_player_2_sees_it():
    app, game, scene, labels = _snap_table(active=1)
    try:
        assert scene.viewer == 1
        # square 14 is player 2's second column of their own bottom row
        target = scene.cell_rect("cell:grid/" + board.cell_of_square(14)).center
        drag(app, scene.card_rect(labels["h"]).center, target, steps=20)
        assert game.state.zone_of(labels["h"]) == "p1.hand"
        assert scene.toast.key == "refusal.eshi100.square_not_reachable"
        assert "square B1" in scene.toast.full_text
    finally:
        app.shutdown()


# ---------------------------------------------------------------------- issue 10


def _to_the_defence(table: Table) -> None:
    lab = table.labels
    click(table.app, table.centre(lab["brush"]))
    click(table.app, table.centre(lab["canvas"]))
    click(table.app, table.button("eshi_use"))
    table.dismiss_cover()
    frames(table.app, 2)


def test_the_defence_box_words_the_lit_defence_cards(table):
    """Issue 10: while Player 2 chooses a defence, the box beside the grid never says
    they can pay for no defence card while a payable one is lit; both come from one
    computation (the defend decision's payable cards)."""
    _to_the_defence(table)
    ui: Eshi100UI = table.scene.ui
    warden = table.labels["warden"]
    assert table.scene.viewer == 1 and table.scene.decisions.kind == "defend"
    assert table.game.rules.usable_cards(table.state, 1) == [warden]
    text = " ".join(ui.comparison_text)
    assert "can pay for no defence card" not in text
    assert "Player 2 can pay for 1 lit defence card" in text
    assert "Succeeds if not defended" in text
    # once the Warden is chosen the box compares it (5 against 3: fails)
    click(table.app, table.centre(warden))
    frames(table.app, 1)
    assert "The attack fails" in ui.comparison_text


def test_the_grid_has_labels_from_the_viewers_side(table):
    """Issue 10: column letters under the grid and row numbers left of it, each seat
    reading A1 at its own bottom-left, the names its messages use."""
    from ui_helpers import FRAME

    drawn: list[tuple[str, tuple[int, int]]] = []
    scene = table.scene
    real_get = scene.text.get

    def spy(text, *args, **kwargs):
        surf = real_get(text, *args, **kwargs)
        drawn.append((text, surf.get_size()))
        return surf

    scene.text.get = spy
    try:
        table.app.frame(FRAME)
    finally:
        scene.text.get = real_get
    texts = [t for t, _ in drawn]
    for label in ("A", "B", "C", "D", "1", "2", "3", "4"):
        assert label in texts, label
    # the refusal names the square by the same labels: square 1 is B1 for player 1
    card = table.hand()[0]
    drag(table.app, table.centre(card), table.cell(9))
    assert "square B3" in table.scene.toast.full_text


def test_a_grid_card_that_cannot_be_used_says_why_when_clicked():
    """Issue 10: no click passes in silence. Player 1's damaged Gilded Frame Dragon on
    the start square is clicked: the toast gives the rule (ESHI-R4, damaged); a
    recovered Mural Giant standing alone (connect cost 4) says its connect is too small."""
    app, game, scene, labels = _snap_table()
    try:
        before = game.state.fingerprint()
        click(app, scene.card_rect(labels["d"]).center)
        assert scene.toast.key == "refusal.eshi100.card_damaged"
        assert "ESHI-R4" in scene.toast.full_text
        assert game.state.fingerprint() == before
        drag(app, scene.card_rect(labels["h"]).center, scene.cell_rect(
            "cell:grid/" + board.cell_of_square(0)).center, steps=12)
        assert board.square_of(game.state, labels["h"]) == 0  # the giant replaces the dragon
    finally:
        app.shutdown()
    giant = {"card": "mural_giant", "owner": 0, "label": "g", "counters": {"square": 0}}
    app, game, scene, lab = position_table({
        "turn": 3, "active": 0, "phase": "action",
        "zones": {**DECKS, "p0.hand": ["ink_comet"], "grid": [giant]}})
    try:
        click(app, scene.card_rect(lab["g"]).center)
        assert scene.toast.key == "refusal.eshi100.connect_too_small"
        assert "connect cost is 4" in scene.toast.full_text
    finally:
        app.shutdown()

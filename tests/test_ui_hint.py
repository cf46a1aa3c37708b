"""The hint (issue 12 §4): on request (button, key H) one sensible legal move for the
person who must act, its card and target lit, why in a sentence; from the seat's own
view; gone once the game moves on; none for a computer's seat."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from computer_helpers import Gate, new_game, run_until, vs_computer, wait_until
from ui_helpers import click, frames, key, make_app, widget_centre

from tabletop.core.engine import Game
from tabletop.core.rules import game_ids
from tabletop.core.seat_player import Level, budget_for, make_player
from tabletop.core.view import view_id
from tabletop.ui.computer_seat import moving_card
from tabletop.ui.hint import Hint
from tabletop.ui.panels import render_message
from tabletop.ui.table import TableScene


def _unhurried(rules, level, seed):
    """The hint's player with its normal iterations and no wall-clock cap."""
    budget = budget_for(rules.game_id, level)
    assert budget is not None
    return make_player(rules, level, seed, replace(budget, seconds=3600.0))


def _two_persons_at(game_id: str, seed: int = 3, kind: str = "") -> tuple[object, Game, TableScene]:
    """A hot-seat window (two persons) on a new game, played by the easy players until
    the acting seat may make a move of ``kind`` (any move when "")."""
    game = new_game(game_id, seed, {})
    for n in range(400):
        seat = game.rules.acting_seat(game.state)
        legal = game.rules.legal_actions(game.state, seat)
        if game.state.turn >= 2 and (not kind or any(a.kind == kind for a in legal)):
            break
        choice = make_player(game.rules, Level.EASY, n).choose(game.rules, game.state, seat)
        assert choice is not None and game.propose(choice.action).ok
    app = make_app()
    scene = TableScene(app, game, cover_at_start=False)
    app.game = game
    app.stack.replace(scene)
    frames(app, 2)
    return app, game, scene


def _wait_hint(app: object, scene: TableScene) -> None:
    assert run_until(app, lambda: scene.hint.thought is None, limit=400)
    app.frame(1 / 60)  # type: ignore[attr-defined]


@pytest.mark.parametrize("game_id", game_ids())
def test_key_h_lights_one_legal_move_and_says_why(game_id):
    app, game, scene = _two_persons_at(game_id)
    seat = scene.viewer
    key(app, pygame.K_h)
    _wait_hint(app, scene)
    shown = scene.hint.shown
    assert shown is not None and shown.seat == seat
    assert game.check(shown.action).ok  # a legal move of the acting seat
    line = scene.coach_override()
    assert line.lit == shown.lit
    said = render_message(line.what, "en")
    assert said and said == render_message(shown.reason, "en")
    assert render_message(line.who, "en") == f"Hint for Player {seat + 1}"
    card = moving_card(shown.action)
    if card is not None:  # the card to take is lit
        assert view_id(game.state, seat, card) in shown.lit
    assert f"Hint: {said}" in scene._log_lines


def test_the_hint_button_gives_a_hint_with_the_place_to_drop_on():
    """Arc, a resource to play: the Hint button (two columns of buttons, beside the
    others) lights the card and outlines the resource row it goes to."""
    app, game, scene = _two_persons_at("arc", kind="play_resource")
    button = scene.controls.buttons["hint"]
    assert scene.controls.enabled["hint"] and button.text == "Hint"
    click(app, widget_centre(button))
    _wait_hint(app, scene)
    shown = scene.hint.shown
    assert shown is not None and shown.action.kind == "play_resource"  # (seed 3)
    assert shown.place is not None and shown.place.kind == "zone"
    assert shown.place.key == f"p{scene.viewer}.resources"
    assert shown.place.card in shown.lit


def test_the_hint_goes_when_the_game_moves_on():
    app, game, scene = _two_persons_at("xenocard")
    key(app, pygame.K_h)
    _wait_hint(app, scene)
    shown = scene.hint.shown
    assert shown is not None
    assert scene.propose(shown.action).ok
    assert scene.hint.shown is None
    frames(app, 2)
    assert scene.hint.shown is None


def test_a_hint_being_thought_about_is_thrown_away_when_the_game_changes():
    app, game, scene = _two_persons_at("arc", kind="play_resource")
    gate = Gate()
    scene.hint = Hint(scene, factory=gate)
    key(app, pygame.K_h)
    assert run_until(app, lambda: gate.calls == 1, limit=50)
    assert render_message(scene.coach_override().what, "en") == "Looking for a good move…"
    legal = game.rules.legal_actions(game.state, scene.viewer)
    assert scene.propose(next(a for a in legal if a.kind == "play_resource")).ok
    gate.open()
    assert wait_until(lambda: gate.answered == 1)
    frames(app, 10)
    assert gate.answered == 1 and scene.hint.shown is None


def test_no_hint_for_the_computers_seat():
    """While the computer must act, the person asking for a hint is told why there is
    none; nothing is thought about."""
    gate = Gate()
    app, game, scene = vs_computer("arc", {1: Level.EASY}, first=1, factory=gate)
    assert game.rules.acting_seat(game.state) == 1
    key(app, pygame.K_h)
    assert scene.hint.thought is None and scene.hint.shown is None
    assert scene.toast.visible
    gate.open()


def test_the_hint_reads_only_what_the_seat_sees():
    """The other seat's hand holds other cards (same count): the hint is the same."""
    hints = []
    for swap in (False, True):
        app, game, scene = _two_persons_at("eshi100", seed=4)
        seat = scene.viewer
        other = 1 - seat
        if swap:
            hand = game.state.zones[f"p{other}.hand"].cards
            deck = game.state.zones[f"p{other}.deck"].cards
            for a, b in zip(hand, deck, strict=False):
                ca, cb = game.state.cards[a], game.state.cards[b]
                ca.card_id, cb.card_id = cb.card_id, ca.card_id
        # iterations only: a wall-clock cap would make the answer depend on load
        scene.hint = Hint(scene, factory=_unhurried)
        key(app, pygame.K_h)
        _wait_hint(app, scene)
        assert scene.hint.shown is not None
        hints.append(scene.hint.shown.action)
    assert hints[0] == hints[1]

"""Whole 絵師100人展 games through the core (ESHI-R1..R7, ALL-R1, ALL-R2).

Bot games are played to the end; hypothesis drives random legal play (each
step picks one of ``legal_actions``) and checks after every action: cards are
never lost or duplicated, the grid holds at most one card per square and only
cards with a square, damaged cards are face down and known to both seats
(ESHI-H1), ``legal_actions`` never offers a refused action, and nobody sees the
other seat's hand. Replays and saves give the same game.
"""

from __future__ import annotations

import game_helpers as helpers
import pytest
from game_helpers import bots
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.core.actions import Action
from tabletop.core.bot import play_game
from tabletop.core.engine import Game, replay
from tabletop.core.rules import GameSetup
from tabletop.core.view import view_for
from tabletop.games import eshi100
from tabletop.games.eshi100 import board

RULES = eshi100.load()
DECKS = eshi100.load_decks(rules=RULES)
SEEDS = st.integers(min_value=0, max_value=100_000)
MAX_ACTIONS = 2000


def setup_for(seed: int) -> GameSetup:
    return helpers.setup_for(RULES, DECKS, seed)


def check_invariants(game: Game) -> None:
    state = game.state
    seen = [iid for zone in state.zones.values() for iid in zone.cards]
    assert len(seen) == len(set(seen)) == len(state.cards) == 80
    squares = [board.square_of(state, iid) for iid in state.zones["grid"].cards]
    assert None not in squares and len(squares) == len(set(squares))
    for iid in state.zones["grid"].cards:
        card = state.cards[iid]
        assert card.known_to == (set() if card.face_up else {0, 1})
    for zid, zone in state.zones.items():
        if zid != "grid":
            assert all(state.cards[i].face_up for i in zone.cards)
    for viewer in (0, 1):
        view = view_for(state, viewer)
        assert all(cv.card_id is None for cv in view.zones[f"p{1 - viewer}.hand"])
        assert all(cv.card_id is not None for cv in view.zones["grid"])


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4, 5])
def test_full_game_between_random_bots_ends(seed: int) -> None:
    game = play_game(RULES, setup_for(seed), bots(seed), MAX_ACTIONS)
    state = game.state
    assert state.result == "win" and state.winner in (0, 1)
    loser = 1 - state.winner
    points = len(state.zones[f"p{state.winner}.victory"].cards)
    # 3 points, or the loser's deck ran out (ESHI-R6)
    assert points >= 3 or not state.zones[f"p{loser}.deck"].cards
    check_invariants(game)


@settings(max_examples=30, deadline=None)
@given(st.data(), SEEDS)
def test_random_legal_play_keeps_the_invariants(data: st.DataObject, seed: int) -> None:
    game = Game(RULES, setup_for(seed), track_reveals=False)
    for _ in range(120):
        if game.state.game_over:
            break
        seat = RULES.acting_seat(game.state)
        assert RULES.legal_actions(game.state, 1 - seat) == []
        actions = RULES.legal_actions(game.state, seat)
        assert actions, "the seat to act always has a legal action"
        action = data.draw(st.sampled_from(actions))
        assert game.propose(action).ok, action
        check_invariants(game)


@settings(max_examples=15, deadline=None)
@given(SEEDS)
def test_same_seed_and_actions_give_the_same_game_and_replay(seed: int) -> None:
    first = play_game(RULES, setup_for(seed), bots(seed), MAX_ACTIONS)
    second = play_game(RULES, setup_for(seed), bots(seed), MAX_ACTIONS)
    assert first.actions == second.actions
    assert first.state.fingerprint() == second.state.fingerprint()
    setup = GameSetup.from_json(first.setup.to_json())
    actions = [Action.from_json(a.to_json()) for a in first.actions]
    assert replay(RULES, setup, actions).state.fingerprint() == first.state.fingerprint()


@settings(max_examples=10, deadline=None)
@given(SEEDS)
def test_undo_then_redo_of_a_placement_restores_the_state(seed: int) -> None:
    game = Game(RULES, setup_for(seed))
    players = bots(seed)
    checked = 0
    while not game.state.game_over and checked < 3 and len(game.history) < MAX_ACTIONS:
        action = players[RULES.acting_seat(game.state)].choose(game)
        assert action is not None and game.propose(action).ok
        if action.kind == "place" and game.state.pending is None and game.can_undo(action.seat):
            after = game.state.fingerprint()
            assert game.undo(action.seat).ok and game.redo(action.seat).ok
            assert game.state.fingerprint() == after
            checked += 1

"""Whole 絵師100人展 games through the core (ESHI-R1..R7).

Bot games are played to the end; hypothesis drives random legal play (each
step picks one of ``legal_actions``) and checks after every action: the grid
holds at most one card per square and only cards with a square, damaged cards
are face down and known to both seats (ESHI-H1). The properties every game holds
(cards kept, legal actions, determinism, saves, hidden views, undo) are in
``tests/test_conformance.py``.
"""

from __future__ import annotations

import game_helpers as helpers
import pytest
from game_helpers import bots
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.core.bot import play_game
from tabletop.core.engine import Game
from tabletop.core.rules import GameSetup
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
    squares = [board.square_of(state, iid) for iid in state.zones["grid"].cards]
    assert None not in squares and len(squares) == len(set(squares))
    for iid in state.zones["grid"].cards:
        card = state.cards[iid]
        assert card.known_to == (set() if card.face_up else {0, 1})
    for zid, zone in state.zones.items():
        if zid != "grid":
            assert all(state.cards[i].face_up for i in zone.cards)


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
        actions = RULES.legal_actions(game.state, seat)
        assert actions, "the seat to act always has a legal action"
        action = data.draw(st.sampled_from(actions))
        assert game.propose(action).ok, action
        check_invariants(game)

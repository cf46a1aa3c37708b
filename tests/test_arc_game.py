"""Whole Arc games played by RandomBots through the core (ARC-R1..R7, ALL-R1).

Whole games end by a deck running out; undo/redo of a draw-free action round-trips
(hypothesis, 25 seeds). The properties every game holds (cards kept, legal actions,
determinism, saves, hidden views, undo barriers) are in ``tests/test_conformance.py``.
"""

from __future__ import annotations

from collections.abc import Callable

import game_helpers as helpers
import pytest
from game_helpers import bots
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.core.actions import Action
from tabletop.core.bot import play_game
from tabletop.core.engine import Game
from tabletop.core.rules import GameSetup
from tabletop.games import arc

RULES = arc.load()
DECKS = arc.load_decks(rules=RULES)
SEEDS = st.integers(min_value=0, max_value=100_000)
MAX_ACTIONS = 3000


def setup_for(seed: int) -> GameSetup:
    return helpers.setup_for(RULES, DECKS, seed)


def step_through(seed: int, each: Callable[[Game, Action], None]) -> Game:
    """Play a bot game, calling ``each(game, action)`` after every applied action."""
    return helpers.step_through(RULES, setup_for(seed), seed, MAX_ACTIONS, each)


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4])
def test_full_game_between_random_bots_ends(seed: int) -> None:
    game = play_game(RULES, setup_for(seed), bots(seed), MAX_ACTIONS)
    state = game.state
    assert state.result in ("win", "draw")
    assert (state.winner is None) == (state.result == "draw")
    # ARC-R1: the game ended because a deck ran out.
    assert any(not state.zones[f"p{s}.deck"].cards for s in (0, 1))


DRAW_FREE = ("play_resource", "attack")


@settings(max_examples=25, deadline=None)
@given(SEEDS)
def test_undo_then_redo_of_a_draw_free_action_restores_the_state(seed: int) -> None:
    checked = 0

    def each(game: Game, action: Action) -> None:
        nonlocal checked
        if action.kind not in DRAW_FREE or checked >= 3 or game.state.game_over:
            return
        after = game.state.fingerprint()
        assert game.can_undo(action.seat)
        assert game.undo(action.seat).ok
        assert game.state.fingerprint() != after
        assert game.redo(action.seat).ok
        assert game.state.fingerprint() == after
        checked += 1

    step_through(seed, each)

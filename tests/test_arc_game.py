"""Whole Arc games played by RandomBots through the core (ARC-R1..R7, ALL-R1, ALL-R2).

Properties (hypothesis, 25 seeds each): cards are never lost or duplicated,
``legal_actions`` never offers a refused action, the same seed and actions give
the same game, a save replays to the same state, undo/redo round-trips, undo
never crosses a milled card, and a seat's view never shows the other seat's
hand or deck.
"""

from __future__ import annotations

from collections.abc import Callable

import game_helpers as helpers
import pytest
from game_helpers import assert_only_legal_actions, bots
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.core.actions import Action
from tabletop.core.bot import play_game
from tabletop.core.engine import Game, replay
from tabletop.core.rules import GameSetup
from tabletop.core.view import view_for
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


def check_conservation(game: Game) -> None:
    state = game.state
    seen: list[int] = [iid for zone in state.zones.values() for iid in zone.cards]
    assert len(seen) == len(set(seen)) == len(state.cards) == 80
    for zid, zone in state.zones.items():
        for iid in zone.cards:
            assert state.zone_of(iid) == zid


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4])
def test_full_game_between_random_bots_ends(seed: int) -> None:
    game = play_game(RULES, setup_for(seed), bots(seed), MAX_ACTIONS)
    state = game.state
    assert state.result in ("win", "draw")
    assert (state.winner is None) == (state.result == "draw")
    # ARC-R1: the game ended because a deck ran out.
    assert any(not state.zones[f"p{s}.deck"].cards for s in (0, 1))
    check_conservation(game)


def test_legal_actions_never_contain_a_refused_action() -> None:
    for seed in (10, 11):
        step_through(seed, lambda game, _: assert_only_legal_actions(game))


@settings(max_examples=25, deadline=None)
@given(SEEDS)
def test_cards_are_never_lost_or_duplicated(seed: int) -> None:
    step_through(seed, lambda game, _: check_conservation(game))


@settings(max_examples=25, deadline=None)
@given(SEEDS)
def test_same_seed_and_actions_give_the_same_game_and_replay(seed: int) -> None:
    first = play_game(RULES, setup_for(seed), bots(seed), MAX_ACTIONS)
    second = play_game(RULES, setup_for(seed), bots(seed), MAX_ACTIONS)
    assert first.actions == second.actions
    assert first.state.fingerprint() == second.state.fingerprint()
    again = replay(RULES, first.setup, first.actions)
    assert again.state.fingerprint() == first.state.fingerprint()
    # Saves go through JSON: the set-up and actions round-trip too.
    setup = GameSetup.from_json(first.setup.to_json())
    actions = [Action.from_json(a.to_json()) for a in first.actions]
    assert replay(RULES, setup, actions).state.fingerprint() == first.state.fingerprint()


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


@settings(max_examples=25, deadline=None)
@given(SEEDS)
def test_undo_never_crosses_a_milled_card(seed: int) -> None:
    where: dict[int, str] = {}

    def each(game: Game, action: Action) -> None:
        state = game.state
        now = {iid: state.zone_of(iid) for iid in state.cards}
        milled = any(where.get(iid, "").endswith(".deck") and zone.endswith(".discard")
                     for iid, zone in now.items())
        if milled:  # a hidden deck card became public: an undo barrier
            assert game.history[-1].reveals
            assert not game.can_undo(action.seat)
        where.clear()
        where.update(now)

    step_through(seed, each)


@settings(max_examples=25, deadline=None)
@given(SEEDS)
def test_a_view_never_shows_the_other_seats_hand_or_deck(seed: int) -> None:
    def each(game: Game, _: Action) -> None:
        state = game.state
        for viewer in (0, 1):
            view = view_for(state, viewer)
            other = 1 - viewer
            for zone in (f"p{other}.hand", f"p{other}.deck", f"p{viewer}.deck"):
                assert all(cv.card_id is None for cv in view.zones[zone])
            for zone in (f"p{viewer}.hand", "p0.characters", "p1.discard"):
                assert all(cv.card_id is not None for cv in view.zones[zone])
        # ALL-R2 in the log: the other seat reads only "draws a card".
        last = state.log[-1]
        if last.public.key == "log.arc.draws":
            assert "cards" not in dict(last.public.params)

    step_through(seed, each)

"""Whole Xenocard games played by RandomBots through the core (XENO-R1..R8, ALL-R1, ALL-R2).

Properties (hypothesis, 15 seeds each): cards are never lost or duplicated and
every card in a slot zone has its own slot, ``legal_actions`` never offers a
refused action, the same seed and actions give the same game (and a save
replays to it), and a seat's view never shows the other seat's hand or deck.
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
from tabletop.games import xenocard
from tabletop.games.xenocard.zones import SLOTS, slot_of

RULES = xenocard.load()
DECKS = xenocard.load_decks(rules=RULES)
SEEDS = st.integers(min_value=0, max_value=100_000)
MAX_ACTIONS = 3000


def setup_for(seed: int) -> GameSetup:
    return helpers.setup_for(RULES, DECKS, seed)


def step_through(seed: int, each: Callable[[Game, Action], None]) -> Game:
    """Play a bot game, calling ``each(game, action)`` after every applied action."""
    return helpers.step_through(RULES, setup_for(seed), seed, MAX_ACTIONS, each)


def check_conservation(game: Game, _: Action | None = None) -> None:
    state = game.state
    seen = [iid for zone in state.zones.values() for iid in zone.cards]
    assert len(seen) == len(set(seen)) == len(state.cards) == 80
    for seat in (0, 1):
        for kind in SLOTS:
            zone = state.zones[f"p{seat}.{kind}"]
            taken = [slot_of(state, i) for i in zone.cards]
            assert len(zone.cards) <= 4 and None not in taken and len(set(taken)) == len(taken)
        for weapon in state.zones[f"p{seat}.weapons"].cards:
            holder = int(state.data["equipped"][str(weapon)])
            assert state.zone_of(holder) in (f"p{seat}.standby", f"p{seat}.field")


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4, 5])
def test_full_game_between_random_bots_ends_by_an_impossible_draw(seed: int) -> None:
    game = play_game(RULES, setup_for(seed), bots(seed), MAX_ACTIONS)
    state = game.state
    assert state.result == "win" and state.winner is not None
    loser = 1 - state.winner
    assert not state.zones[f"p{loser}.deck"].cards  # XENO-R1
    check_conservation(game)


def test_bots_see_every_kind_of_play_and_battle() -> None:
    kinds: set[str] = set()
    steps: set[str] = set()

    def each(game: Game, action: Action) -> None:
        kinds.add(action.kind)
        steps.update(e.step for e in RULES.battle_events(game.state))

    for seed in range(8):
        step_through(seed, each)
    assert kinds >= {"set_card", "move", "equip", "level_up", "set_situation", "play_event",
                     "next_phase", "decide"}
    assert steps == {"melee", "shooting", "all", "ballistic"}


def test_legal_actions_never_contain_a_refused_action() -> None:
    for seed in (10, 11):
        step_through(seed, lambda game, _: assert_only_legal_actions(game))


@settings(max_examples=15, deadline=None)
@given(SEEDS)
def test_cards_are_never_lost_or_duplicated(seed: int) -> None:
    step_through(seed, check_conservation)


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


@settings(max_examples=15, deadline=None)
@given(SEEDS)
def test_a_view_never_shows_the_other_seats_hand_or_deck(seed: int) -> None:
    def each(game: Game, _: Action) -> None:
        state = game.state
        for viewer in (0, 1):
            view = view_for(state, viewer)
            other = 1 - viewer
            for zone in (f"p{other}.hand", f"p{other}.deck", f"p{viewer}.deck"):
                assert all(cv.card_id is None for cv in view.zones[zone])
            for zone in (f"p{viewer}.hand", "p0.field", "p1.dump", "p0.trash"):
                assert all(cv.card_id is not None for cv in view.zones[zone])
        last = state.log[-1]
        if last.public.key == "log.xenocard.draws":
            assert "cards" not in dict(last.public.params)

    step_through(seed, each)

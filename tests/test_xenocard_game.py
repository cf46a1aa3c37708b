"""Whole Xenocard games played by RandomBots through the core (XENO-R1..R8).

Properties (hypothesis, 15 seeds): every card in a slot zone has its own slot and
every weapon a holder in play. The properties every game holds (cards kept, legal
actions, determinism, saves, hidden views) are in ``tests/test_conformance.py``.
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
from tabletop.games import xenocard
from tabletop.games.xenocard.state import xeno
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


def check_slots(game: Game, _: Action | None = None) -> None:
    state = game.state
    for seat in (0, 1):
        for kind in SLOTS:
            zone = state.zones[f"p{seat}.{kind}"]
            taken = [slot_of(state, i) for i in zone.cards]
            assert len(zone.cards) <= 4 and None not in taken and len(set(taken)) == len(taken)
        for weapon in state.zones[f"p{seat}.weapons"].cards:
            holder = xeno(state).equipped[weapon]
            assert state.zone_of(holder) in (f"p{seat}.standby", f"p{seat}.field")


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4, 5])
def test_full_game_between_random_bots_ends_by_an_impossible_draw(seed: int) -> None:
    game = play_game(RULES, setup_for(seed), bots(seed), MAX_ACTIONS)
    state = game.state
    assert state.result == "win" and state.winner is not None
    loser = 1 - state.winner
    assert not state.zones[f"p{loser}.deck"].cards  # XENO-R1
    check_slots(game)


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


@settings(max_examples=15, deadline=None)
@given(SEEDS)
def test_every_slot_card_has_its_own_slot_and_every_weapon_a_holder(seed: int) -> None:
    step_through(seed, check_slots)

"""Whole Conan games: sensible bots, random legal play, scenarios (CONAN-R1..R20, ALL-R1/R2).

Properties (hypothesis, modest example counts): random legal play to the end
keeps the zone rules (at most 3 Foes a zone, one kind) and the Move records. The
worked combat examples in ``scenarios/conan`` run through ``tabletop check``. The
properties every game holds (cards kept, legal actions, determinism, saves, hidden
views) are in ``tests/test_conformance.py``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.cli import main as cli_main
from tabletop.core.bot import RandomBot
from tabletop.core.engine import Game
from tabletop.core.selfplay import play_one, run_selfplay, setup_for
from tabletop.games import conan
from tabletop.games.conan.data import all_records
from tabletop.games.conan.zones import FOE_ZONES, ZONE_CAPACITY

ROOT = Path(__file__).resolve().parent.parent
RULES = conan.load()
DECKS = conan.load_decks(rules=RULES)
TOTAL = sum(len(d.card_list(p)) for d in DECKS.values() for p in d.sections)
SEEDS = st.integers(min_value=0, max_value=100_000)
MAX_ACTIONS = 4000
SCENARIOS = sorted((ROOT / "scenarios" / "conan").glob("*.toml"))


def check_invariants(game: Game) -> None:
    state = game.state
    db = RULES.cards
    for zone in FOE_ZONES:
        foes = state.zones[zone].cards
        assert len(foes) <= ZONE_CAPACITY
        assert len({db[state.cards[i].card_id]["creature"] for i in foes}) <= 1
    move_cards = {r.card for r in all_records(state)}
    assert move_cards == set(state.zones["moves"].cards)


def random_game(seed: int, each: bool = True) -> Game:
    game = Game(RULES, setup_for(RULES, seed, DECKS), track_reveals=False)
    bots = [RandomBot(seed * 2 + 1), RandomBot(seed * 2 + 2)]
    for _ in range(MAX_ACTIONS):
        if game.state.game_over:
            break
        action = bots[RULES.acting_seat(game.state)].choose(game)
        assert action is not None
        verdict = game.propose(action)
        assert verdict.ok, (action, verdict.reason)
        if each:
            check_invariants(game)
    return game


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_worked_example_scenarios_pass_tabletop_check(path: Path) -> None:
    assert cli_main(["check", str(path)]) == 0


def test_at_least_eight_worked_examples_ship() -> None:
    assert len(SCENARIOS) >= 8


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_sensible_bots_finish_a_game(seed: int) -> None:
    game, record = play_one(RULES, seed, DECKS, max_actions=6000, max_turns=150)
    assert game.state.result in ("win", "draw")
    assert record.cause in ("renown", "defeat", "foe_exhaustion", "draw")
    check_invariants(game)


def test_selfplay_report_counts_results_and_caps_apart() -> None:
    report = run_selfplay(RULES, DECKS, games=4, seed=20)
    assert sum(report.causes.values()) + report.caps == 4
    assert report.caps <= 1
    assert "cap hits (no result, not counted)" in report.summary()


@settings(max_examples=8, deadline=None)
@given(SEEDS)
def test_random_legal_play_keeps_the_zone_rules(seed: int) -> None:
    game = random_game(seed)
    assert game.state.game_over

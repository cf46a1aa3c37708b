"""Whole Conan games: sensible bots, random legal play, saves, scenarios (CONAN-R1..R20, ALL-R1/R2).

Properties (hypothesis, modest example counts): random legal play to the end
never loses or duplicates a card and keeps the zone rules (at most 3 Foes a
zone, one kind); the same seed and actions give the same game; a save replays
to the same state. The worked combat examples in ``scenarios/conan`` run
through ``tabletop check``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from game_helpers import assert_only_legal_actions
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.cli import main as cli_main
from tabletop.core.bot import RandomBot, play_game
from tabletop.core.engine import Game, replay
from tabletop.core.persistence import load_save, save_game
from tabletop.core.selfplay import play_one, run_selfplay, setup_for
from tabletop.core.view import view_for
from tabletop.games import conan
from tabletop.games.conan.zones import FOE_ZONES, ZONE_CAPACITY

ROOT = Path(__file__).resolve().parent.parent
RULES = conan.load()
DECKS = conan.load_decks(rules=RULES)
TOTAL = sum(len(d.card_list(p)) for d in DECKS.values() for p in d.sections)
SEEDS = st.integers(min_value=0, max_value=100_000)
MAX_ACTIONS = 4000
SCENARIOS = sorted((ROOT / "scenarios" / "conan").glob("*.toml"))


def cards_in_game(game: Game) -> int:
    setup = game.setup
    return sum(len(ids) for deck in setup.decks for ids in deck.values())


def check_invariants(game: Game) -> None:
    state = game.state
    seen = [iid for zone in state.zones.values() for iid in zone.cards]
    assert len(seen) == len(set(seen)) == len(state.cards) == cards_in_game(game)
    for zid, zone in state.zones.items():
        for iid in zone.cards:
            assert state.zone_of(iid) == zid
    db = RULES.cards
    for zone in FOE_ZONES:
        foes = state.zones[zone].cards
        assert len(foes) <= ZONE_CAPACITY
        assert len({db[state.cards[i].card_id]["creature"] for i in foes}) <= 1
    move_cards = {r["card"] for r in state.data.get("moves", [])}
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
def test_random_legal_play_keeps_cards_and_zone_rules(seed: int) -> None:
    game = random_game(seed)
    assert game.state.game_over


@settings(max_examples=6, deadline=None)
@given(seed=SEEDS)
def test_same_seed_same_game_and_save_replays(seed: int, tmp_path_factory: pytest.TempPathFactory
                                              ) -> None:
    first = play_game(RULES, setup_for(RULES, seed, DECKS), [RandomBot(seed), RandomBot(seed + 1)],
                      MAX_ACTIONS)
    second = play_game(RULES, setup_for(RULES, seed, DECKS), [RandomBot(seed), RandomBot(seed + 1)],
                       MAX_ACTIONS)
    assert first.actions == second.actions
    assert first.state.fingerprint() == second.state.fingerprint()
    assert replay(RULES, first.setup, first.actions).state.fingerprint() == \
        first.state.fingerprint()
    path = tmp_path_factory.mktemp("saves") / f"conan-{seed}.json"
    save_game(first, path)
    assert load_save(path).state.fingerprint() == first.state.fingerprint()


def test_legal_actions_are_all_accepted_and_only_for_the_acting_seat() -> None:
    game = Game(RULES, setup_for(RULES, 7, DECKS), track_reveals=False)
    bots = [RandomBot(1), RandomBot(2)]
    for _ in range(600):
        if game.state.game_over:
            break
        assert_only_legal_actions(game)
        assert game.propose(bots[RULES.acting_seat(game.state)].choose(game)).ok


def test_views_hide_hands_decks_and_face_down_moves() -> None:
    game = Game(RULES, setup_for(RULES, 3, DECKS), track_reveals=False)
    bots = [RULES.make_bot(1), RULES.make_bot(2)]
    for _ in range(400):
        if game.state.game_over:
            break
        state = game.state
        for viewer in (0, 1):
            view = view_for(state, viewer)
            other = 1 - viewer
            for zone in (f"p{viewer}.deck", f"p{other}.deck", f"p{viewer}.foe_deck"):
                assert all(cv.card_id is None for cv in view.zones[zone])
            for zone in (f"p{other}.hand", f"p{other}.foe_hand"):
                for cv, iid in zip(view.zones[zone], state.zones[zone].cards, strict=True):
                    # hidden unless revealed (CONAN-R13); a hidden card has no id (ALL-R2)
                    assert (cv.card_id is not None) == (viewer in state.cards[iid].known_to)
                    assert (cv.iid == iid) == (cv.card_id is not None)
            for cv, iid in zip(view.zones["moves"], state.zones["moves"].cards, strict=True):
                inst = state.cards[iid]
                if not inst.face_up:
                    assert (cv.card_id is not None) == (viewer in inst.known_to)
        assert game.propose(bots[RULES.acting_seat(state)].choose(game)).ok

"""The resolution playback the window shows (tabletop.games.conan.playback): pure and
faithful to the rules (CONAN-R10, R14..R16)."""

from __future__ import annotations

import copy
from pathlib import Path

from tabletop.core.actions import Action
from tabletop.core.engine import Game
from tabletop.core.scenario import build_setup, load_scenario
from tabletop.games import conan
from tabletop.games.conan.icons import BLOCKED, HIT
from tabletop.games.conan.playback import trace, zone_beats

ROOT = Path(__file__).resolve().parent.parent
RULES = conan.load()


def gap_game() -> tuple[Game, dict[str, int]]:
    """The gap scenario (CONAN-R10) up to the Barbarian decision."""
    sc = load_scenario(ROOT / "scenarios" / "conan" / "conan_r10_gap_two_initiatives.toml")
    game = Game(RULES, build_setup(sc))
    labels = game.state.data["labels"]
    steps = [(1, "place_foe_move", {"card": labels["arrows"], "foe": labels["bandit"]}),
             (1, "place_foe_move", {"card": labels["cleave"], "foe": labels["spearman"]}),
             (1, "next_phase", {}),
             (0, "place_move", {"card": labels["slash"], "character": labels["conan"],
                                "target": "center/gap1"}),
             (0, "next_phase", {})]
    for seat, kind, args in steps:
        assert game.propose(Action.make(kind, seat, **args)).ok
    return game, labels


def test_trace_shows_the_gap_fight_initiative_by_initiative_and_changes_nothing():
    game, labels = gap_game()
    before = copy.deepcopy(game.state)
    action = Action.make("decide", 0, choice=["pass"])
    beats = trace(RULES, game.state, action)
    assert game.state.data == before.data and game.state.zones == before.zones
    assert [b.initiative for b in beats] == [4, 3]  # initiative 1: the Spearman is down
    arrows, slash = beats
    assert {s.attacker for s in arrows.strikes} == {labels["bandit"]}
    assert sum(s.damage for s in arrows.strikes) == 2
    assert all(c.outcome == HIT for s in arrows.strikes for c in s.clashes)
    # The gap card: its left side fights one Foe, its right side the other.
    assert {s.target for s in slash.strikes} == {labels["bandit"], labels["spearman"]}
    assert {s.side for s in slash.strikes} == {"left", "right"}
    assert set(slash.defeated) == {labels["bandit"], labels["spearman"]}
    # The same numbers as the rules themselves.
    assert game.propose(action).ok
    assert game.state.cards[labels["conan"]].counters.get("damage") == 2


def test_zone_beats_marks_blocked_slots():
    game, labels = gap_game()
    state = copy.deepcopy(game.state)
    beats = zone_beats(state, RULES.cards, "center")
    outcomes = {c.outcome for b in beats for s in b.strikes for c in s.clashes}
    assert outcomes <= {HIT, BLOCKED, "glancing"}
    assert all(c.facing is not None for b in beats for s in b.strikes
               if s.target_card is not None for c in s.clashes if c.facing_icon)

"""The fight's beats, recorded by the rules as they resolve it (tabletop.games.conan.playback),
and the table as of each beat rebuilt from them (CONAN-R10, R14..R16)."""

from __future__ import annotations

import copy
from pathlib import Path

from tabletop.core.actions import Action
from tabletop.core.engine import Game
from tabletop.core.scenario import build_setup, load_scenario
from tabletop.games import conan
from tabletop.games.conan.icons import BLOCKED, HIT
from tabletop.games.conan.playback import Fall, Initiative, Outcome, ZoneStart, fight, show

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


def test_the_rules_record_the_gap_fight_initiative_by_initiative():
    game, labels = gap_game()
    assert game.propose(Action.make("decide", 0, choice=["pass"])).ok
    found = fight(game.state)
    assert found is not None
    beats = [b for b in found.beats if isinstance(b, Initiative)]
    assert [b.initiative for b in beats] == [4, 3]  # initiative 1: the Spearman is down
    arrows, slash = beats
    assert {s.attacker for s in arrows.strikes} == {labels["bandit"]}
    assert sum(s.damage for s in arrows.strikes) == 2
    assert all(c.outcome == HIT for s in arrows.strikes for c in s.clashes)
    # The gap card: its left side fights one Foe, its right side the other.
    assert {s.target for s in slash.strikes} == {labels["bandit"], labels["spearman"]}
    assert {s.side for s in slash.strikes} == {"left", "right"}
    assert set(slash.defeated) == {labels["bandit"], labels["spearman"]}
    falls = [b for b in found.beats if isinstance(b, Fall)]
    assert [set(f.fallen) for f in falls] == [{labels["bandit"], labels["spearman"]}]
    assert isinstance(found.beats[0], ZoneStart) and found.beats[0].zone == "center"
    # The same numbers as the rules' own state.
    assert game.state.cards[labels["conan"]].counters.get("damage") == 2


def test_the_beats_mark_blocked_slots_with_typed_outcomes():
    game, _ = gap_game()
    assert game.propose(Action.make("decide", 0, choice=["pass"])).ok
    found = fight(game.state)
    assert found is not None
    clashes = [c for b in found.beats if isinstance(b, Initiative)
               for s in b.strikes for c in s.clashes]
    assert clashes and all(isinstance(c.outcome, Outcome) for c in clashes)
    assert {c.outcome for c in clashes} <= {HIT, BLOCKED, "glancing"}


def test_show_brings_a_copy_to_each_beat_as_the_rules_left_it():
    """The table as of each beat, from the beats alone, equals the rules' real moment."""
    game, labels = gap_game()
    before = copy.deepcopy(game.state)
    assert game.propose(Action.make("decide", 0, choice=["pass"])).ok
    found = fight(game.state)
    assert found is not None
    shown = game.state.clone()
    for beat in found.beats:
        show(shown, game.state, beat)
        if isinstance(beat, ZoneStart):
            assert shown.zone_of(labels["bandit"]) == "center"
            assert "damage" not in shown.cards[labels["conan"]].counters
        if isinstance(beat, Fall):
            assert shown.zone_of(labels["bandit"]) == "p0.chronicle"
    assert shown.cards[labels["conan"]].counters.get("damage") == 2
    assert len(shown.log) < len(game.state.log) and shown.pending is None
    assert before.pending is not None  # the copy came after the action: none before it

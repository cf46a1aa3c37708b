"""Scenario files (tabletop.core.scenario): parsing, running, reporting.

The runner is tested on the toy game of tests/test_persistence.py; every
shipped scenario (``scenarios/**/*.toml``) is run through the real rules.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_persistence import toy_loader

from tabletop.core.engine import Game
from tabletop.core.rules import GameRules, GameSetup, load_rules
from tabletop.core.scenario import ScenarioError, load_scenario, run_scenario

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = sorted((ROOT / "scenarios").glob("**/*.toml"))

GOOD = """
game = "toy"
seed = 5
first = 0
title = { en = "Playing cards", ja = "カードを出す" }
description = "The toy game: play from hand, a cat asks a question."

[position]
turn = 2
phase = "main"
[position.zones]
"p0.hand" = [{ card = "ant", label = "ant" }, { card = "cat", label = "cat" }]
"p0.deck" = ["dog", "elk"]
"p0.table" = [{ card = "bee", label = "bee", tapped = true, counters = { damage = 1 } }]
"p1.hand" = [{ card = "fox", label = "fox" }]

[[step]]
seat = 1
action = "play"
args = { card = "$fox" }
expect = "toy.not_your_turn"
[step.after]
count = { "p1.hand" = 1 }

[[step]]
seat = 0
action = "play"
args = { card = "$ant" }
expect = "legal"
[step.after]
zone = { "p0.table" = ["bee", "ant"], "p0.hand" = ["$cat"] }
contains = { "p0.table" = ["ant", "$bee"] }
where = { "$ant" = "p0.table" }
tapped = ["$ant", "$bee"]
counters = { "$bee" = { damage = 1 } }
winner = "none"
phase = "main"
turn = 2
active = 0
pending = "none"

[[step]]
seat = 0
action = "play"
args = { card = "$cat" }
[step.after]
winner = 0
pending = "toy.meow"
"""


def write(tmp_path: Path, text: str, name: str = "s.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_good_scenario_passes(tmp_path: Path) -> None:
    scenario = load_scenario(write(tmp_path, GOOD))
    assert scenario.display_title("ja") == "カードを出す"
    assert scenario.description["en"].startswith("The toy game")
    report = run_scenario(scenario, toy_loader)
    assert report.passed, report.lines()
    assert [s.got for s in report.steps] == ["toy.not_your_turn", "legal", "legal"]
    assert [s.index for s in report.steps] == [1, 2, 3]
    assert all(f.ok for s in report.steps for f in s.facts)
    assert len(report.steps[1].facts) >= 10
    assert all(line.startswith("  ok") for line in report.lines())


def test_failed_fact_is_reported(tmp_path: Path) -> None:
    text = GOOD.replace('count = { "p1.hand" = 1 }', 'count = { "p1.hand" = 3 }')
    report = run_scenario(write(tmp_path, text), toy_loader)
    assert not report.passed
    step = report.steps[0]
    assert step.status == "fail" and step.got == "toy.not_your_turn"
    assert "count p1.hand" in step.explanation and "expected 3, got 1" in step.explanation
    assert report.steps[1].passed  # a fact failure does not stop the run
    assert any("FAIL step 1" in line for line in report.lines())


def test_wrong_reason_code_is_reported(tmp_path: Path) -> None:
    text = GOOD.replace('expect = "toy.not_your_turn"', 'expect = "toy.not_in_hand"')
    report = run_scenario(write(tmp_path, text), toy_loader)
    step = report.steps[0]
    assert step.status == "fail"
    assert step.expected == "toy.not_in_hand" and step.got == "toy.not_your_turn"
    assert "expected refusal 'toy.not_in_hand', got refusal 'toy.not_your_turn'" in \
        step.explanation
    assert report.steps[1].passed  # nothing changed on the table: the run goes on


def test_refused_but_expected_legal_skips_the_rest(tmp_path: Path) -> None:
    text = GOOD.replace('expect = "toy.not_your_turn"', 'expect = "legal"')
    report = run_scenario(write(tmp_path, text), toy_loader)
    assert report.steps[0].status == "fail"
    assert "expected a legal action, but the rules refused it: toy.not_your_turn" in \
        report.steps[0].explanation
    assert [s.status for s in report.steps[1:]] == ["skipped", "skipped"]
    assert report.failures == [report.steps[0]]


def test_legal_but_expected_refusal(tmp_path: Path) -> None:
    text = GOOD.replace('args = { card = "$ant" }\nexpect = "legal"',
                        'args = { card = "$ant" }\nexpect = "toy.not_in_hand"')
    report = run_scenario(write(tmp_path, text), toy_loader)
    assert report.steps[1].got == "legal" and report.steps[1].status == "fail"
    assert "but the action was legal" in report.steps[1].explanation


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ('seed = 1\n', "game"),
        ('game = "toy"\nseed = "x"\n', "seed"),
        ('game = "toy"\nfirst = 2\n', "first"),
        ('game = "toy"\nsteps = []\n', "steps"),
        ('game = "toy"\n[[step]]\naction = "play"\n', "step[1].seat"),
        ('game = "toy"\n[[step]]\nseat = 0\n', "step[1].action"),
        ('game = "toy"\n[[step]]\nseat = 0\naction = "x"\nexpect = 3\n', "step[1].expect"),
        ('game = "toy"\n[[step]]\nseat = 0\naction = "x"\n[step.after]\ncolour = 1\n',
         "step[1].after.colour"),
        ('game = "toy"\n[[step]]\nseat = 0\naction = "x"\n[step.after]\nwinner = 3\n',
         "step[1].after.winner"),
        ('game = "toy"\n[[step]]\nseat = 0\naction = "x"\n[step.after]\n'
         'count = { "p0.hand" = "two" }\n', "step[1].after.count.p0.hand"),
        ('game = "toy"\n[decks]\np0 = ["ant"]\n', "decks.p1"),
        ('game = "toy"\ntitle = { fr = "x" }\n', "title.fr"),
    ],
)
def test_broken_file_names_the_field(tmp_path: Path, text: str, field: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    assert info.value.field == field
    assert str(path) in str(info.value) and f"field '{field}'" in str(info.value)


def test_syntax_error(tmp_path: Path) -> None:
    path = write(tmp_path, 'game = "toy\n')
    with pytest.raises(ScenarioError, match="not valid TOML") as info:
        load_scenario(path)
    assert str(path) in str(info.value)


@pytest.mark.parametrize(
    ("old", "new", "field"),
    [
        ('game = "toy"', 'game = "chess"', "game"),
        ('args = { card = "$ant" }', 'args = { card = "$nobody" }', "step[2].args.card"),
        ('"p0.deck" = ["dog", "elk"]', '"p7.deck" = ["dog"]', "position"),
        ('"p0.deck" = ["dog", "elk"]', '"p0.deck" = ["unicorn"]', "position"),
        ('count = { "p1.hand" = 1 }', 'count = { "p1.hat" = 1 }', "step[1].after.count.p1.hat"),
        ('tapped = ["$ant", "$bee"]', 'tapped = ["$ant", "$wasp"]', "step[2].after.tapped"),
    ],
)
def test_runtime_file_errors(tmp_path: Path, old: str, new: str, field: str) -> None:
    assert old in GOOD
    path = write(tmp_path, GOOD.replace(old, new))
    with pytest.raises(ScenarioError) as info:
        run_scenario(path, toy_loader)
    assert info.value.field == field, str(info.value)


def test_inline_decks(tmp_path: Path) -> None:
    text = ('game = "toy"\nseed = 3\n[decks]\np0 = ["ant", "bee", "cat"]\n'
            'p1 = { cards = { dog = 2, elk = 1 } }\n'
            '[[step]]\nseat = 0\naction = "draw"\n'
            '[step.after]\ncount = { "p0.deck" = 0, "p0.hand" = 3, "p1.hand" = 2 }\n'
            'contains = { "p1.hand" = ["dog"] }\n')
    report = run_scenario(write(tmp_path, text), toy_loader)
    assert report.passed, report.lines()
    setup = report.game.setup if report.game else None
    assert setup is not None and setup.decks[1] == {"cards": ["dog", "dog", "elk"]}


def test_unknown_ready_made_deck(tmp_path: Path) -> None:
    text = 'game = "toy"\n[decks]\np0 = "no_such_deck"\np1 = "no_such_deck"\n'
    with pytest.raises(ScenarioError) as info:
        run_scenario(write(tmp_path, text), toy_loader)
    assert info.value.field == "decks.p0"


def test_crash_in_rules_is_a_failure_not_an_exception(tmp_path: Path) -> None:
    def crashing_loader(game: str) -> GameRules:
        rules = toy_loader(game)

        def apply(state: object, action: object, prepared: object = None) -> None:
            raise RuntimeError("boom")

        rules.apply = apply  # type: ignore[method-assign]
        return rules

    text = ('game = "toy"\n[position]\nphase = "main"\n'
            '[position.zones]\n"p0.hand" = [{ card = "ant", label = "a" }]\n'
            '[[step]]\nseat = 0\naction = "play"\nargs = { card = "$a" }\n'
            '[[step]]\nseat = 0\naction = "end_turn"\n')
    report = run_scenario(write(tmp_path, text), crashing_loader)
    assert not report.passed
    assert report.steps[0].got == "crash" and "RuntimeError: boom" in report.steps[0].explanation
    assert report.steps[1].status == "skipped"


@pytest.mark.parametrize("path", SHIPPED, ids=[str(p.relative_to(ROOT)) for p in SHIPPED])
def test_shipped_scenarios_hold(path: Path) -> None:
    scenario = load_scenario(path)
    pytest.importorskip(f"tabletop.games.{scenario.game}")
    report = run_scenario(scenario)
    assert report.passed, "\n".join([str(path), *report.lines()])


def test_some_scenarios_ship() -> None:
    assert len([p for p in SHIPPED if p.parent.name == "arc"]) >= 3


def test_arc_wrong_reason_and_failed_fact(tmp_path: Path) -> None:
    pytest.importorskip("tabletop.games.arc")
    text = (ROOT / "scenarios" / "arc" / "arc_r4_costs.toml").read_text(encoding="utf-8")
    text = text.replace('expect = "arc.bad_payment"', 'expect = "arc.cost_unpayable"')
    text = text.replace('untapped = ["$g3", "$knight"]', 'untapped = ["$g2", "$knight"]')
    report = run_scenario(write(tmp_path, text))
    assert [s.status for s in report.steps] == ["pass", "fail", "fail", "pass"]
    wrong, fact = report.steps[1], report.steps[2]
    assert wrong.expected == "arc.cost_unpayable" and wrong.got == "arc.bad_payment"
    assert "[ARC-R4]" in wrong.explanation  # the rules' own words and ruling id
    assert "untapped $g2" in fact.explanation and "tapped" in fact.explanation


XENO_WHOLE_LABELS = """
game = "xenocard"
seed = 1
first = 0
title = "Whole labels as decision options"

[position]
turn = 5
active = 0
phase = "set"
[position.zones]
"p0.deck" = ["deck_rookie", "deck_rookie", "deck_rookie"]
"p1.deck" = ["husk_crawler", "husk_crawler", "husk_crawler"]
"p0.hand" = [{ card = "deck_rookie", label = "a" }, { card = "deck_rookie", label = "b" },
             "deck_rookie", "deck_rookie", "deck_rookie", "deck_rookie", "deck_rookie",
             "deck_rookie", "deck_rookie"]
"p1.hand" = [{ card = "quick_thinking", label = "quick" }]

[[step]]
seat = 0
action = "next_phase"
[step.after]
pending = "block"

[[step]]
seat = 1
action = "decide"
args = { choice = ["$quick"] }
note = "A block-phase event without a target: the option is the card alone."
[step.after]
where = { "$quick" = "p1.trash" }
pending = "block"

[[step]]
seat = 1
action = "decide"
args = { choice = ["pass"] }
[step.after]
pending = "adjust"

[[step]]
seat = 0
action = "decide"
args = { choice = ["$a", "$b"] }
note = "Adjust: the discards are whole labels."
[step.after]
where = { "$a" = "p0.trash", "$b" = "p0.trash" }
count = { "p0.hand" = 7 }
"""


def test_a_whole_label_is_a_decision_option(tmp_path: Path) -> None:
    """Scenario format (issue 10): "$label" alone as a decision option, as the docs say
    (Xenocard adjust discards, a block-phase event without a target)."""
    pytest.importorskip("tabletop.games.xenocard")
    report = run_scenario(write(tmp_path, XENO_WHOLE_LABELS))
    assert report.passed, "\n".join(report.lines())
    assert report.steps[1].args["choice"] == [str(report.game.state.data["labels"]["quick"])]


# --------------------------------------------------------------------------- issue 10 facts


def _shipped(game_dir: str, name: str) -> str:
    return (ROOT / "scenarios" / game_dir / name).read_text(encoding="utf-8")


def _failed_facts(report: object) -> list[str]:
    return [f"{f.name}: {f.detail}" for s in report.steps for f in s.facts if not f.ok]


ESHI_FACTS = "eshi_faces_squares_power.toml"
XENO_FACTS = "xeno_facts_slots_atk_hp.toml"
ARC_FACTS = "arc_facts_power_undo_end.toml"
CONAN_MOVES = "conan_r11_start_in_conan_move.toml"


def test_face_facts_face_up_face_down_recovered_damaged(tmp_path: Path) -> None:
    """Scenario format (issue 10): a card's face; 絵師100人展 grid cards recovered/damaged."""
    pytest.importorskip("tabletop.games.eshi100")
    text = _shipped("eshi100", ESHI_FACTS)
    assert run_scenario(write(tmp_path, text)).passed
    wrong = text.replace('damaged = ["$brush", "$warden", "$seal"]',
                         'damaged = ["$brush", "$canvas"]')
    wrong = wrong.replace('face_down = ["$warden"]', 'face_up = ["$warden"]')
    failed = _failed_facts(run_scenario(write(tmp_path, wrong)))
    assert failed == ["damaged $canvas: expected $canvas damaged, but it is recovered",
                      "face_up $warden: expected $warden face_up, but it is face_down"]


def test_grid_face_words_need_a_card_on_the_grid(tmp_path: Path) -> None:
    pytest.importorskip("tabletop.games.eshi100")
    text = _shipped("eshi100", ESHI_FACTS).replace(
        'recovered = ["$canvas", "$g1"]\n', 'recovered = ["$canvas", "$g1"]\n'
        'contains = { "p0.hand" = ["chalk_sprite"] }\n', 1)
    text = text.replace('"p0.hand" = ["chalk_sprite", "chalk_sprite"]',
                        '"p0.hand" = [{ card = "chalk_sprite", label = "h" }, "chalk_sprite"]')
    text = text.replace('recovered = ["$canvas", "$g1"]\n', 'recovered = ["$canvas", "$h"]\n')
    failed = _failed_facts(run_scenario(write(tmp_path, text)))
    assert failed == ["recovered $h: expected $h recovered, but it stands on no place "
                      "(it is in p0.hand)"]


def test_face_words_of_another_game_are_a_file_error(tmp_path: Path) -> None:
    pytest.importorskip("tabletop.games.arc")
    text = _shipped("arc", ARC_FACTS).replace("can_undo = true\n",
                                              'can_undo = true\ndamaged = ["$duelist"]\n', 1)
    with pytest.raises(ScenarioError) as info:
        run_scenario(write(tmp_path, text))
    assert info.value.field == "step[1].after.damaged"
    assert "arc has no damaged cards" in info.value.problem


def test_place_fact_reads_xenocard_slots_and_eshi_squares(tmp_path: Path) -> None:
    """Scenario format (issue 10): a card's slot (Xenocard) or grid square (絵師100人展)."""
    pytest.importorskip("tabletop.games.xenocard")
    pytest.importorskip("tabletop.games.eshi100")
    xeno = _shipped("xenocard", XENO_FACTS)
    assert run_scenario(write(tmp_path, xeno, "x.toml")).passed
    xeno = xeno.replace('place = { "$walker" = "front.left", "$sergeant" = "s2"',
                        'place = { "$walker" = "back.left", "$sergeant" = "s1"')
    assert _failed_facts(run_scenario(write(tmp_path, xeno, "x.toml"))) == [
        "place $walker: expected 'back.left', got 'front.left'",
        "place $sergeant: expected 's1', got 's2'"]
    eshi = _shipped("eshi100", ESHI_FACTS).replace('place = { "$warden" = "D4" }',
                                                   'place = { "$warden" = "A1" }')
    assert _failed_facts(run_scenario(write(tmp_path, eshi, "e.toml"))) == [
        "place $warden: expected 'A1', got 'D4'"]


def test_derived_numbers_are_the_games_own_stats() -> None:
    """Scenario format (issue 10): ``GameRules.derived`` answers from each game's stat
    functions (Conan prowess/damage/wounds, Arc power, Xenocard ATK/HP, 絵師 power)."""
    for game in ("arc", "conan", "eshi100", "xenocard"):
        pytest.importorskip(f"tabletop.games.{game}")
    from tabletop.games.arc import combat
    from tabletop.games.conan import stats as conan_stats
    from tabletop.games.eshi100 import attack
    from tabletop.games.xenocard import stats as xeno_stats

    conan = run_scenario(ROOT / "scenarios" / "conan" / CONAN_MOVES).game
    state, rules = conan.state, conan.rules
    hero = state.data["labels"]["conan"]
    assert rules.derived(state, hero) == {
        "prowess": conan_stats.prowess_now(state, rules.cards, hero),
        "damage": conan_stats.stat(state, rules.cards, hero, "damage"),
        "health": conan_stats.stat(state, rules.cards, hero, "health"),
        "vitality": conan_stats.stat(state, rules.cards, hero, "vitality"),
        "wounds": conan_stats.counter(state, hero, "wound"),
        "damage_taken": conan_stats.counter(state, hero, "damage"),
        "health_left": conan_stats.health_left(state, rules.cards, hero)}
    assert rules.derived(state, state.data["labels"]["parry"]) == {}  # a Move has no stats
    arc = run_scenario(ROOT / "scenarios" / "arc" / "arc_r5_double_block.toml").game
    for iid in arc.state.cards:
        if arc.rules.cards[arc.state.cards[iid].card_id].number("power") is not None:
            assert arc.rules.derived(arc.state, iid) == {
                "power": combat.power(arc.state, arc.rules.cards, iid)}
    xeno = run_scenario(ROOT / "scenarios" / "xenocard" / XENO_FACTS).game
    walker = xeno.state.data["labels"]["walker"]
    assert xeno.rules.derived(xeno.state, walker) == {
        "atk": xeno_stats.atk(xeno.state, xeno.rules.cards, walker),
        "hp": xeno_stats.hp(xeno.state, xeno.rules.cards, walker), "damage": 0}
    assert xeno.rules.derived(xeno.state, walker)["atk"] == 4  # the Arc Blade's, XENO-R7
    eshi = run_scenario(ROOT / "scenarios" / "eshi100" / ESHI_FACTS).game
    brush = eshi.state.data["labels"]["brush"]
    assert eshi.rules.derived(eshi.state, brush) == {
        "power": attack.power(eshi.state, eshi.rules.cards, brush)}


def test_derived_fact_reports_wrong_and_unknown_numbers(tmp_path: Path) -> None:
    pytest.importorskip("tabletop.games.conan")
    text = _shipped("conan", CONAN_MOVES)
    assert run_scenario(write(tmp_path, text)).passed
    text = text.replace('derived = { "$conan" = { prowess = 1, damage = 4 } }',
                        'derived = { "$conan" = { prowess = 2, damage = 4 }, '
                        '"$bandit" = { atk = 1 } }')
    assert _failed_facts(run_scenario(write(tmp_path, text))) == [
        "derived $conan: expected {'prowess': 2, 'damage': 4}, got {'prowess': 1, 'damage': 4}",
        "derived $bandit: the card has no number 'atk' (it has: damage, damage_taken, health, "
        "health_left, prowess, wounds)"]


def test_pending_fact_checks_seat_kind_and_options_by_label_and_words(tmp_path: Path) -> None:
    """Scenario format (issue 10): the pending decision's seat, kind and options."""
    pytest.importorskip("tabletop.games.arc")
    text = _shipped("arc", ARC_FACTS)
    report = run_scenario(write(tmp_path, text))
    assert report.passed, "\n".join(report.lines())
    wrong = text.replace('{ seat = 1, kind = "blockers", options = ["$caller>$duelist"] }',
                         '{ seat = 0, kind = "blockers", options = [] }')
    wrong = wrong.replace('includes = ["Tide Caller blocks Flame Duelist"]',
                          'includes = ["Flame Duelist blocks Tide Caller"]')
    wrong = wrong.replace('excludes = ["$cry@$caller"]', 'excludes = ["pass"]')
    failed = _failed_facts(run_scenario(write(tmp_path, wrong)))
    labels = report.game.state.data["labels"]
    pair = f"{labels['caller']}>{labels['duelist']}"
    assert failed[0] == ("pending: seat: expected 0, got 1; options: expected exactly []"
                         " (the decision: seat 1, kind 'blockers', options "
                         f"['Tide Caller blocks Flame Duelist [{pair}]'])")
    assert "includes: ['Flame Duelist blocks Tide Caller'] not offered" in failed[1]
    assert "excludes: ['pass'] offered" in failed[2]
    assert len(failed) == 3


@pytest.mark.parametrize(
    ("pending", "field"),
    [
        ('{ seat = 2 }', "step[1].after.pending.seat"),
        ('{ kind = "x", choices = [] }', "step[1].after.pending.choices"),
        ('{ options = "pass" }', "step[1].after.pending.options"),
        ('3', "step[1].after.pending"),
    ],
)
def test_pending_table_errors_name_the_field(tmp_path: Path, pending: str, field: str) -> None:
    text = f'game = "toy"\n[[step]]\nseat = 0\naction = "x"\n[step.after]\npending = {pending}\n'
    with pytest.raises(ScenarioError) as info:
        load_scenario(write(tmp_path, text))
    assert info.value.field == field


def test_end_facts_result_and_end_cause(tmp_path: Path) -> None:
    """Scenario format (issue 10): how the game ended (winner, result, end cause)."""
    pytest.importorskip("tabletop.games.arc")
    text = _shipped("arc", ARC_FACTS).replace('end_cause = "deck_out"', 'end_cause = "resign"')
    text = text.replace('result = "win"', 'result = "draw"')
    assert _failed_facts(run_scenario(write(tmp_path, text))) == [
        "result: expected 'draw', got 'win'", "end_cause: expected 'resign', got 'deck_out'"]


UNDO = """
game = "toy"
[position]
phase = "main"
[position.zones]
"p0.hand" = [{ card = "ant", label = "ant" }, { card = "bee", label = "bee" }]

[[step]]
seat = 0
action = "play"
args = { card = "$ant" }
[step.after]
can_undo = true
can_redo = false

[[step]]
seat = 1
action = "undo"
expect = "cannot_undo"

[[step]]
seat = 0
action = "undo"
[step.after]
where = { "$ant" = "p0.hand" }
can_undo = { p0 = false, p1 = false }
can_redo = { p0 = true }

[[step]]
seat = 0
action = "redo"
[step.after]
where = { "$ant" = "p0.table" }
can_redo = false

[[step]]
seat = 0
action = "redo"
expect = "cannot_redo"
"""


def test_undo_and_redo_steps_with_can_undo_and_can_redo(tmp_path: Path) -> None:
    """Scenario format (issue 10): undo/redo steps for a seat; can_undo/can_redo facts."""
    report = run_scenario(write(tmp_path, UNDO), toy_loader)
    assert report.passed, "\n".join(report.lines())
    assert [s.got for s in report.steps] == ["legal", "cannot_undo", "legal", "legal",
                                             "cannot_redo"]
    wrong = UNDO.replace("can_redo = { p0 = true }", "can_redo = { p0 = false }")
    assert _failed_facts(run_scenario(write(tmp_path, wrong), toy_loader)) == [
        "can_redo p0: expected False, got True"]
    broken = UNDO.replace('seat = 1\naction = "undo"',
                          'seat = 1\naction = "undo"\nargs = { n = 1 }')
    with pytest.raises(ScenarioError) as info:
        load_scenario(write(tmp_path, broken))
    assert info.value.field == "step[2].args"


def test_conan_position_declares_placed_moves(tmp_path: Path) -> None:
    """Scenario format (issue 10): a Conan position in the Conan Move phase with Moves
    already placed (``position.data.moves``) plays on from there."""
    pytest.importorskip("tabletop.games.conan")
    from tabletop.games.conan import battlefield as bf
    from tabletop.games.conan.data import turn_data

    text = _shipped("conan", CONAN_MOVES)
    report = run_scenario(write(tmp_path, text))
    assert report.passed, "\n".join(report.lines())
    fresh = Game(report.game.rules, report.game.setup)
    state, labels = fresh.state, fresh.state.data["labels"]
    assert state.phase == "conan_move" and turn_data(state).conan_zones == ("center",)
    slash = next(r for r in bf.moves(state) if r.card == labels["slash"])
    assert (slash.by, slash.target, slash.foe) == (labels["conan"], "center/foe1/left",
                                                            False)
    foe_move = bf.move_of_foe(state, labels["bandit"])
    assert foe_move is not None and foe_move.card == labels["arrows"]
    assert state.cards[labels["arrows"]].owner == 1  # the enemy's Move
    assert not state.visible_to(labels["arrows"], 0) and state.visible_to(labels["arrows"], 1)
    assert not state.visible_to(labels["slash"], 1) and state.visible_to(labels["slash"], 0)
    contact = bf.contacts(state, "center")
    assert [(c.hero, c.foe_card) for c in contact] == [(labels["slash"], labels["arrows"])]


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [
        ('target = "center/foe1/left"', 'target = "center/foe9/left"',
         "'center/foe9/left' is not a free place (free: "),
        ('    { card = "$slash", by = "$conan", target = "center/foe1/left" },\n', "",
         "card 'move_slash' has no entry in position.data.moves"),
        ('{ card = "$cleave", foe = "$spearman" }', '{ card = "$cleave", foe = "$bandit" }',
         "this Foe has a Move already"),
        ('by = "$conan"', 'by = "$bandit"', "not the turn player's Conan"),
        ('{ card = "$cleave", foe = "$spearman" }', '{ card = "$nobody", foe = "$spearman" }',
         "unknown card label '$nobody'"),
    ],
)
def test_conan_declared_moves_errors(tmp_path: Path, old: str, new: str, problem: str) -> None:
    pytest.importorskip("tabletop.games.conan")
    text = _shipped("conan", CONAN_MOVES)
    assert old in text
    with pytest.raises(ScenarioError) as info:
        run_scenario(write(tmp_path, text.replace(old, new, 1)))
    assert info.value.field == "position" and problem in info.value.problem


PHASE_ZONES = {
    "arc": {"p0.deck": ["red_ember_hills"] * 3, "p1.deck": ["blue_tide_pool"] * 3,
            "p0.hand": ["red_ember_hills"]},
    "conan": {"conan": ["conan_wanderer"], "p0.deck": ["move_parry"] * 5,
              "p1.deck": ["move_parry"] * 5, "p1.foe_deck": ["foe_hill_bandit"] * 3,
              "p0.hand": ["move_parry"]},
    "eshi100": {"p0.deck": ["chalk_sprite"] * 3, "p1.deck": ["chalk_sprite"] * 3,
                "p0.hand": ["chalk_sprite"]},
    "xenocard": {"p0.deck": ["deck_rookie"] * 3, "p1.deck": ["husk_crawler"] * 3,
                 "p0.hand": ["deck_rookie"]},
}


@pytest.mark.parametrize("game_id", sorted(PHASE_ZONES))
def test_a_position_in_any_phase_goes_on(game_id: str) -> None:
    """Scenario format (issue 10): a position may start in any of the game's phases; the
    game then waits for a seat that has something legal to do (never stuck)."""
    pytest.importorskip(f"tabletop.games.{game_id}")
    rules = load_rules(game_id)
    stuck = []
    for phase in rules.phases:
        position = {"turn": 3, "phase": phase, "zones": PHASE_ZONES[game_id]}
        state = Game(rules, GameSetup(game_id, 1, 0, position=position)).state
        if not state.game_over and not rules.legal_actions(state, rules.acting_seat(state)):
            stuck.append(f"{phase} (now {state.phase}/{state.step})")
    assert stuck == []

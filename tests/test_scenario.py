"""Scenario files (tabletop.core.scenario): parsing, running, reporting.

The runner is tested on the toy game of tests/test_persistence.py; every
shipped scenario (``scenarios/**/*.toml``) is run through the real rules.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_persistence import toy_loader

from tabletop.core.rules import GameRules
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

        def apply(state: object, action: object) -> None:
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

"""What the window says matches what it shows (issue 12, newcomer QA): the 絵師100人展
defence box names its own buttons (Defend / Don't defend / Clear, never the use box's
Confirm / Cancel), in a game and in a lesson, in both languages; Arc lesson 3 teaches
picking the resources that pay by clicking them, and refuses the drop made without
the picks with the step's nudge."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_ui_eshi100 import Table
from ui_helpers import click, drag, frames

from tabletop import i18n
from tabletop.core.lesson import Lesson
from tabletop.core.rules import load_rules
from tabletop.ui.games.eshi100_decisions import _COMMANDS
from tabletop.ui.lesson import LessonScene
from tabletop.ui.panels import render_message

ROOT = Path(__file__).resolve().parent.parent / "assets" / "lessons"
#: The buttons of each 絵師100人展 decision box.
BOXES = _COMMANDS


def _labels(commands: tuple[str, ...]) -> set[str]:
    return {i18n.t(f"button.{c}") for c in commands}


def _named_buttons(text: str, lang: str) -> set[str]:
    """The 絵師 button labels ``text`` tells the player to press."""
    every = _labels(tuple(c for box in BOXES.values() for c in box))
    if lang == "ja":  # a button is quoted: 「防御する」
        return {m for m in re.findall("「([^」]+)」", text) if m in every}
    # "Press Defend, or Clear": a label as a whole word, capitalised as on the button
    return {label for label in every if re.search(rf"(?<![\w']){re.escape(label)}\b", text)}


#: Each box's words (catalogue keys) in the game and in the coach line.
_WORDS = {
    "use": ("eshi100ui.pick_done", "eshi100ui.cost_zero", "coach.eshi100.can.use"),
    "defend": ("eshi100ui.how_defend", "eshi100ui.pick_done_defend",
               "eshi100ui.cost_zero_defend", "coach.eshi100.what.defend"),
    "recover": ("eshi100ui.how_recover", "coach.eshi100.what.recover"),
    "counter": ("eshi100ui.how_counter", "coach.eshi100.what.counter"),
    "hand_limit": ("eshi100ui.how_hand_limit", "coach.eshi100.what.hand_limit"),
    "target": ("eshi100ui.how_target", "coach.eshi100.what.target"),
}


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("kind", sorted(_WORDS))
def test_every_eshi_box_and_coach_line_names_only_that_boxs_buttons(kind: str,
                                                                  lang: str) -> None:
    """"Press Confirm, or Cancel" under the defence box (QA shot 146) is the kind of
    mistake: each box's words name its own buttons and no other box's."""
    i18n.set_language(lang)
    try:
        shown = _labels(BOXES[kind])
        for key in _WORDS[kind]:
            text = i18n.t(key, n=2, cost=2, can="")
            named = _named_buttons(text, lang)
            assert named and named <= shown, (key, text, named, shown)
    finally:
        i18n.set_language("en")


def _prompt_names_only_its_own_buttons(panel: object, lang: str) -> None:
    kind = panel.kind  # type: ignore[attr-defined]
    text = panel.prompt_text(lang)  # type: ignore[attr-defined]
    named = _named_buttons(text, lang)
    shown = _labels(tuple(panel.buttons))  # type: ignore[attr-defined]
    assert named <= shown, f"{kind}: {text!r} names {named - shown}, shown {shown}"


def _defending(lang: str) -> Table:
    """The ESHI-R4 position: Player 1 attacks with Crimson Brushstroke, Player 2 takes
    over and is asked to defend."""
    table = Table()
    table.app.set_language(lang)
    frames(table.app, 2)
    lab = table.labels
    click(table.app, table.centre(lab["brush"]))
    _prompt_names_only_its_own_buttons(table.scene.decisions, lang)  # the use box
    click(table.app, table.centre(lab["canvas"]))
    _prompt_names_only_its_own_buttons(table.scene.decisions, lang)
    click(table.app, table.button("eshi_use"))
    table.dismiss_cover()
    assert table.scene.decisions.kind == "defend"
    return table


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_games_defence_prompt_names_the_defence_boxs_buttons(lang: str) -> None:
    """QA shot 146: "Press Confirm, or Cancel" under Defend / Don't defend / Clear."""
    table = _defending(lang)
    lab = table.labels
    panel = table.scene.decisions
    click(table.app, table.centre(lab["warden"]))  # cost 2: one more card to choose
    _prompt_names_only_its_own_buttons(panel, lang)
    click(table.app, table.centre(lab["seal"]))  # the payment is complete
    assert panel.buttons["eshi_defend"].is_enabled
    text = panel.prompt_text(lang)
    assert i18n.t("button.eshi_defend") in text and i18n.t("button.eshi_clear") in text
    _prompt_names_only_its_own_buttons(panel, lang)
    click(table.app, table.button("eshi_defend"))
    assert table.state.pending is None  # the button it named did it


def _lesson_at(path: Path, index: int, lang: str = "en") -> tuple[object, LessonScene]:
    from ui_helpers import make_app

    app = make_app(lang=lang)
    app.set_language(lang)
    lesson = Lesson.load(path)
    scene = LessonScene(app, lesson, load_rules(lesson.game), pace=0.0)
    app.stack.replace(scene)
    run = scene.run
    while run.index < index:
        if run.waits_for_next:
            assert run.next().ok
        elif run.others_turn:
            assert run.play_other().ok
        else:
            expected = run.expected()
            assert expected is not None and run.propose(expected).ok
    scene._refresh()
    frames(app, 2)
    return app, scene


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_lessons_free_defence_names_defend(lang: str) -> None:
    """絵師 lesson 2: Pastel Mist costs 0; the step says click it, then Defend, and the
    box shows that button."""
    path = ROOT / "eshi100" / "eshi_defence_challenge.toml"
    index = next(s.index - 1 for s in Lesson.load(path).steps
                 if s.step.action == "decide" and s.seat == 0
                 and s.step.args.get("choice") == ["$mist"])
    app, scene = _lesson_at(path, index, lang)
    assert scene.decisions.kind == "defend"
    rect = scene.card_rect(scene.view_id(scene.run.labels["mist"]))
    assert rect is not None
    click(app, rect.center)
    # in a lesson the step's words ask the question (the box keeps only its buttons)
    step = scene.run.step
    assert step is not None
    said = step.say.get(lang)
    assert i18n.t("button.eshi_defend") in _named_buttons(said, lang)
    assert _named_buttons(said, lang) <= _labels(tuple(scene.decisions.buttons))
    assert scene.decisions.buttons["eshi_defend"].is_enabled
    click(app, scene.decisions.buttons["eshi_defend"].get_abs_rect().center)
    frames(app, 2)
    assert scene.run.index > step.index - 1  # the button the words name did it


def _arc_pay_step() -> tuple[object, LessonScene]:
    path = ROOT / "arc" / "arc_actions.toml"
    index = next(s.index - 1 for s in Lesson.load(path).steps
                 if "payment" in s.step.args)
    return _lesson_at(path, index)


def _px(scene: LessonScene, label: str) -> tuple[int, int]:
    rect = scene.card_rect(scene.view_id(scene.run.labels[label]))
    assert rect is not None, label
    return rect.center


def test_arc_lesson_3_pays_with_the_resources_clicked() -> None:
    """ARC-H8: the three resources clicked are the ones tapped (one Ember Hills of the
    two, either copy), and the other Ember Hills stays untapped for Spark Squire."""
    app, scene = _arc_pay_step()
    run = scene.run
    state = run.game.state
    r2 = run.labels["r2"]  # the copy the step does not light: a learner may take it
    for label in ("r2", "g1", "g2"):
        click(app, _px(scene, label))
    drag(app, _px(scene, "ambush"), _px(scene, "siren"))
    frames(app, 2)
    assert state.zone_of(run.labels["siren"]) == "p1.discard"
    tapped = {i for i in state.zones["p0.resources"].cards if state.cards[i].tapped}
    assert r2 in tapped and len(tapped) == 3
    untapped = [i for i in state.zones["p0.resources"].cards if not state.cards[i].tapped]
    assert [state.cards[i].card_id for i in untapped] == ["red_ember_hills"]


def test_arc_lesson_3_refuses_the_drop_without_picks_with_the_nudge() -> None:
    app, scene = _arc_pay_step()
    run = scene.run
    step = run.step
    before = run.game.state.fingerprint()
    drag(app, _px(scene, "ambush"), _px(scene, "siren"))
    frames(app, 3)
    assert run.step is step and run.game.state.fingerprint() == before
    assert step is not None and step.nudge is not None
    assert step.nudge.en in render_message(scene.toast.message, scene.lang)

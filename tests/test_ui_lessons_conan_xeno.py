"""The Conan and Xenocard lessons played in the window by posted mouse events.

Each lesson (``assets/lessons/conan/*.toml``, ``assets/lessons/xenocard/*.toml``,
contract D) is opened on the real table at its position; every learner step is
done as a newcomer does it (drag the lit card to the lit place, click the
question's button or Next phase), the other seat's steps are played by the lesson
and narrated, and the lesson must reach its end with the game where the file says.
A wrong drag is refused with the rules' or the lesson's reason and the step's nudge.

The table is wired to the lesson the way contract D describes it (learner's moves
through ``LessonRun.propose``, the other seat's through ``play_other``, notes through
``next``), so the lessons' content is checked on the real drops and buttons.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from tabletop.core.actions import Action, Verdict  # noqa: E402
from tabletop.core.lesson import Lesson  # noqa: E402
from tabletop.core.rules import load_rules  # noqa: E402
from tabletop.core.scenario import render_text  # noqa: E402
from tabletop.games.conan import battlefield as bf  # noqa: E402
from tabletop.games.conan import foes  # noqa: E402
from tabletop.ui.games.conan_drag import make_plan  # noqa: E402
from tests.ui_helpers import click, drag, frames, key, make_app, texts  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent / "assets" / "lessons"
LESSONS = sorted([*ROOT.glob("conan/*.toml"), *ROOT.glob("xenocard/*.toml")])


class LessonTable:
    """A lesson in the window (:class:`~tabletop.ui.lesson.LessonScene`, the real table
    at the lesson's position), with every verdict the learner's moves got recorded."""

    def __init__(self, path: Path, size: tuple[int, int] = (1280, 720), lang: str = "en"):
        from tabletop.ui.lesson import LessonScene

        self.lesson = Lesson.load(path)
        self.rules = load_rules(self.lesson.game)
        self.app = make_app(size, lang)
        self.app.set_language(lang)
        self.scene = LessonScene(self.app, self.lesson, self.rules, pace=0.0)
        self.app.stack.replace(self.scene)
        self.game = self.scene.game
        self.run = self.scene.run
        self.labels = self.run.labels
        self.refused: list[Verdict] = []
        judged = self.game.propose

        def propose(action: Action) -> Verdict:
            verdict = judged(action)
            if not verdict.ok and action.seat == self.run.learner:
                self.refused.append(verdict)
            return verdict

        self.game.propose = propose  # type: ignore[method-assign]
        frames(self.app, 2)

    # -- the table between the learner's moves ----------------------------------
    def settle(self) -> None:
        """Skip fight playbacks, click Next on notes (the coach panel is the button) and
        let the program play the opponent's steps, until the learner must move."""
        for _ in range(400):
            ui = self.scene.ui
            playback = getattr(ui, "playback", None)
            if playback is not None and getattr(playback, "active", True):
                key(self.app, pygame.K_ESCAPE)
                continue
            if self.run.done:
                return
            self.check_places()
            if self.run.waits_for_next:
                frames(self.app, 1)
                assert self.scene.next_rect.w > 0, "no Next button on a note step"
                index = self.run.index
                click(self.app, self.scene.next_rect.center)
                assert self.run.index > index, "Next did not move the lesson on"
                continue
            if self.run.others_turn:
                frames(self.app, 1)
                continue
            return
        raise AssertionError(f"the table never settled (step {self.run.step})")

    # -- pixels -----------------------------------------------------------------
    def grab_point(self, iid: int) -> tuple[int, int]:
        """A pixel where ``iid`` is the topmost card: where a player takes it."""
        rect = self.scene.card_rect(iid)
        assert rect is not None, f"card {iid} is not drawn"
        points = [(rect.x + dx, rect.y + dy) for dy in range(rect.h // 3, rect.h, 6)
                  for dx in range(2, rect.w, 4)
                  if self.scene._card_at_px((rect.x + dx, rect.y + dy)) == iid]
        assert points, f"card {iid} is covered everywhere"
        return points[len(points) // 2]

    def check_places(self) -> None:
        """Every place and card the current step lights is on the table now."""
        for place in self.run.places():
            assert self.place_rect(place).w > 0, (self.run.step, place)
        for vid in self.run.lit():
            assert self.scene.card_rect(vid) is not None, (self.run.step, vid)

    def place_rect(self, place: str) -> pygame.Rect:
        """Where the lesson frames ``place``: a layout zone or cell, or a place the
        game's plugin names (Conan's rows and Move places, ``place_shape``)."""
        try:
            return self.scene.cell_rect(place) if place.startswith("cell:") else \
                self.scene.zone_rect(place)
        except (KeyError, ValueError):
            shape = self.scene.ui.place_shape(self.scene, place)
            assert shape is not None, f"{place} names no place now"
            xs, ys = zip(*(self.mm(c) for c in shape.corners()), strict=True)
            return pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))

    def mm(self, point: tuple[float, float]) -> tuple[int, int]:
        x, y = self.scene.viewport.to_px(*point)
        return round(x), round(y)

    def drop_centre(self, iid: int, target: tuple[int, int]) -> None:
        """Drag ``iid`` so that the card's centre ends on pixel ``target``."""
        start = self.grab_point(iid)
        rect = self.scene.card_rect(iid)
        off = (start[0] - rect.centerx, start[1] - rect.centery)
        drag(self.app, start, (target[0] + off[0], target[1] + off[1]))

    def button(self, option: str) -> None:
        buttons = self.scene.decisions.buttons
        assert option in buttons, f"no button {option!r} (buttons: {sorted(buttons)})"
        click(self.app, buttons[option].get_abs_rect().center)

    def dialog_pick(self, naming: str | None = None) -> None:
        """Answer the plugin's dialog (who plays a Move, which Minor Foes pay): the
        answer that names ``naming``, else the first (Conan plays the Move)."""
        dialog = getattr(self.scene.ui, "dialog", None)
        if dialog is None:
            return
        labels = dialog.labels
        index = next((i for i, text in enumerate(labels) if naming and naming in text), 0)
        click(self.app, dialog.button(index).get_abs_rect().center)

    def name(self, iid: int) -> str:
        return self.rules.cards[self.game.state.cards[iid].card_id].display_name("en")

    # -- one learner step by mouse ----------------------------------------------
    def play_step(self) -> None:
        """Do the current learner step with the mouse, as its ``say`` tells."""
        want = self.run.expected()
        assert want is not None
        state = self.game.state
        kind = want.kind
        if kind == "next_phase":
            click(self.app, self.scene.controls.buttons["next_phase"].get_abs_rect().center)
        elif kind == "decide" and state.pending is not None \
                and state.pending.kind == "chronicle_loss":  # one dialog answer a selection
            names = [self.name(int(i)) for i in want.get("choice")]
            dialog = self.scene.ui.dialog
            assert dialog is not None
            index = next(i for i, text in enumerate(dialog.labels)
                         if all(n in text for n in names))
            click(self.app, dialog.button(index).get_abs_rect().center)
        elif kind == "decide":
            self.button(str(want.get("choice")[0]))
        elif kind == "play_card":
            self.drop_centre(want.get("card"), self.scene.zone_rect(f"p{want.seat}.side").center)
        elif kind == "place_foe":
            target = next(t for t in foes.foe_targets(state, self.rules.cards, want.get("card"))
                          if t.zone == want.get("zone") and t.position == want.get("position"))
            self.drop_centre(want.get("card"), self.mm(target.shape.center))
            cost = want.get("cost") or ()
            self.dialog_pick(self.name(cost[0]) if cost else None)
        elif kind == "place_foe_move":
            plan = make_plan(state, self.rules.cards, want.seat, want.get("card"))
            assert plan is not None and str(want.get("foe")) in plan.shapes  # lit
            self.drop_centre(want.get("card"), self.mm(plan.shapes[str(want.get("foe"))].center))
            self.dialog_pick()
        elif kind == "place_move":
            target = bf.find_target(state, want.get("target"))
            assert target is not None
            self.drop_centre(want.get("card"), self.mm(target.shape.center))
            self.dialog_pick()
        elif kind in ("move", "set_card"):
            slot = self.scene.cell_rect(f"cell:{want.get('slot')}")
            self.drop_centre(want.get("card"), slot.center)
        elif kind == "equip":
            self.drop_centre(want.get("weapon"), self.scene.card_rect(want.get("holder")).center)
        elif kind == "play_event":
            self.drop_centre(want.get("card"), self.scene.card_rect(want.get("target")).center)
        else:
            raise AssertionError(f"no mouse gesture for {kind}")
        frames(self.app, 2)


def refusal_text(verdict: Verdict, rules: Any) -> str:
    return render_text(verdict.message, "en", rules.cards) if verdict.message else verdict.reason


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_each_lesson_is_played_to_its_end_by_mouse(path: Path):
    table = LessonTable(path)
    try:
        table.settle()
        while not table.run.done:
            step = table.run.step
            before = table.run.index
            table.check_places()  # every lit place is framed on the table
            table.play_step()
            assert not table.refused, (f"step {step.index} ({step.step.action}) refused: "
                                       f"{refusal_text(table.refused[0], table.rules)}")
            assert table.run.index > before, \
                f"step {step.index} ({step.step.action}) was not taken by the mouse gesture"
            table.settle()
        assert table.run.done
        frames(table.app, 2)
        title = table.lesson.title.en
        assert any(f"Lesson complete: {title}" in text for text in texts(table.app))
    finally:
        table.app.shutdown()


def play_until(table: LessonTable, action: str) -> None:
    """Play the lesson by mouse up to its first learner step of kind ``action``."""
    table.settle()
    while table.run.step is not None and table.run.step.step.action != action:
        table.play_step()
        table.settle()
    assert table.run.step is not None


def shown(table: LessonTable) -> str:
    """The refusal box's words, as the window shows them."""
    toast = table.scene.toast
    return render_text(toast.message, "en", table.rules.cards)


def test_conan_a_legal_but_wrong_move_is_refused_naming_the_lesson_move_and_the_nudge():
    table = LessonTable(ROOT / "conan" / "c1_first_fight.toml")
    try:
        play_until(table, "place_move")
        state, labels = table.game.state, table.labels
        place = bf.find_target(state, "center/foe1/left")
        assert place is not None
        # Slash is a legal Move there, but the lesson's step is Parry.
        table.drop_centre(labels["slash"], table.mm(place.shape.center))
        table.dialog_pick()
        words = shown(table)
        assert "not this lesson's step" in words and "Parry" in words  # the lesson's move
        assert "Drag the lit Parry onto the lit place" in words  # the step's nudge
        assert table.game.state.zone_of(labels["slash"]) == "p0.hand"  # nothing changed
        assert table.run.step is not None and table.run.step.step.action == "place_move"
        table.play_step()  # the lit card to the lit place: taken
        assert not table.refused and table.game.state.zone_of(labels["parry"]) == "moves"
    finally:
        table.app.shutdown()


def test_xenocard_a_wrong_drop_gets_its_reason_and_the_nudge_and_changes_nothing():
    table = LessonTable(ROOT / "xenocard" / "x1_move_set_battle.toml")
    try:
        play_until(table, "set_card")
        labels = table.labels
        nudge = "Drag the lit Navigator Ilse from your hand onto the lit standby slot"
        # A battle card straight onto the battle field: sent back with the rules'
        # reason (XENO-R6) and the step's nudge.
        field = table.scene.cell_rect("cell:p0.field/front.right")
        table.drop_centre(labels["ilse"], field.center)
        words = shown(table)
        assert "free slot of your standby area" in words and nudge in words
        assert table.game.state.zone_of(labels["ilse"]) == "p0.hand"
        # A legal but different standby slot: the lesson's refusal, naming its move.
        other = table.scene.cell_rect("cell:p0.standby/s3")
        table.drop_centre(labels["ilse"], other.center)
        words = shown(table)
        assert "not this lesson's step" in words and nudge in words
        assert table.game.state.zone_of(labels["ilse"]) == "p0.hand"
        table.play_step()
        assert not table.refused and table.game.state.zone_of(labels["ilse"]) == "p0.standby"
    finally:
        table.app.shutdown()


# ------------------------------------------------------------ newcomer QA, round 12


def _hold(table: LessonTable, iid: int, to: tuple[int, int]) -> None:
    """Pick ``iid`` up and carry it to pixel ``to`` without letting go."""
    drag(table.app, table.grab_point(iid), to, release=False)


def _let_go(table: LessonTable, at: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1, touch=False))
    frames(table.app, 2)


def test_conan_lesson_drags_light_only_the_steps_place():
    """README: while the learner drags, only the step's place lights up. QA: lesson 1
    step 10 lit both sides of the Bandit's Move, lesson 2 step 9 the Captain's,
    Skeleton's and Bandit's places, and the Broadsword in Prepare the Conan spot too."""
    table = LessonTable(ROOT / "conan" / "c1_first_fight.toml")
    try:
        play_until(table, "play_card")  # the Broadsword, to the side
        sword = table.labels["sword"]
        side = table.scene.zone_rect("p0.side").center
        _hold(table, sword, side)
        drag_state = table.scene.drag
        assert drag_state is not None
        assert "conan" in drag_state.zones  # the same move onto the Conan spot counts
        with table.scene._step_drops_only():
            assert set(drag_state.zones) == {"p0.side"}
            assert not drag_state.cells
        _let_go(table, side)
        assert table.game.state.zone_of(sword) == "p0.side"
        table.settle()
        play_until(table, "place_move")  # Parry, left of the Bandit's Move
        place = bf.find_target(table.game.state, "center/foe1/left")
        assert place is not None
        _hold(table, table.labels["parry"], table.mm(place.shape.center))
        plan = table.scene.ui.plan
        assert plan is not None and set(plan.shapes) == {"center/foe1/left"}
        _let_go(table, table.mm(place.shape.center))
        assert table.scene.ui.dialog is None  # Conan alone: no "Who plays Parry?"
        assert table.game.state.zone_of(table.labels["parry"]) == "moves"
    finally:
        table.app.shutdown()
    table = LessonTable(ROOT / "conan" / "c2_enemy_side.toml")
    try:
        play_until(table, "place_foe_move")  # Arrow Volley onto the Bandit
        want = table.run.expected()
        assert want is not None
        bandit = want.get("foe")
        _hold(table, want.get("card"), table.scene.card_rect(bandit).center)
        plan = table.scene.ui.plan
        assert plan is not None and set(plan.shapes) == {str(bandit)}
        _let_go(table, table.mm(plan.shapes[str(bandit)].center))
        assert table.game.state.zone_of(want.get("card")) == "moves"
    finally:
        table.app.shutdown()


def test_the_steps_place_is_lit_before_the_card_is_picked_up():
    """QA: before the drag the step's place was only a dim outline. It is filled with
    the place colour (blue over the brown felt) under its pulsing edge."""
    table = LessonTable(ROOT / "conan" / "c1_first_fight.toml")
    try:
        play_until(table, "place_move")
        place = bf.find_target(table.game.state, "center/foe1/left")
        assert place is not None
        centre = table.mm(place.shape.center)
        frames(table.app, 1)
        lit = table.app.screen.get_at(centre)
        places = table.run.places
        table.run.places = lambda: ()  # type: ignore[method-assign]
        frames(table.app, 1)
        plain = table.app.screen.get_at(centre)
        table.run.places = places  # type: ignore[method-assign]
        assert lit.b > lit.r and lit.b - plain.b >= 25, (lit, plain)
    finally:
        table.app.shutdown()


def test_a_refused_next_phase_names_no_empty_question():
    """QA: "Next phase waits for your answer first:  Click Rest under the question."
    with no question on screen (the lesson's say asks it): one sentence, one space,
    then the nudge naming the lit button."""
    table = LessonTable(ROOT / "conan" / "c1_first_fight.toml")
    try:
        table.settle()
        while not (table.run.learners_move and table.run.step is not None
                   and table.run.step.step.args.get("choice") == ["rest"]):
            table.play_step()
            table.settle()
        table.scene.run_command("next_phase")
        frames(table.app, 1)
        words = shown(table)
        assert "  " not in words and "question" not in words, words
        assert words == "Next phase waits for your answer first. Click the lit Rest button."
    finally:
        table.app.shutdown()

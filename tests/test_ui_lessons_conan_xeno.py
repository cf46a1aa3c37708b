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
from tabletop.core.engine import Game  # noqa: E402
from tabletop.core.lesson import Lesson, LessonRun  # noqa: E402
from tabletop.core.rules import load_rules  # noqa: E402
from tabletop.core.scenario import build_setup, render_text  # noqa: E402
from tabletop.games.conan import battlefield as bf  # noqa: E402
from tabletop.games.conan import foes  # noqa: E402
from tabletop.ui.games.conan_drag import make_plan  # noqa: E402
from tests.ui_helpers import click, drag, frames, key, make_app  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent / "assets" / "lessons"
LESSONS = sorted([*ROOT.glob("conan/*.toml"), *ROOT.glob("xenocard/*.toml")])


class LessonTable:
    """A window showing a lesson: the table at its position, moves judged by the lesson."""

    def __init__(self, path: Path, size: tuple[int, int] = (1280, 720), lang: str = "en"):
        from tabletop.ui.table import TableScene

        self.lesson = Lesson.load(path)
        self.rules = load_rules(self.lesson.game)
        self.app = make_app(size, lang)
        self.game = Game(self.rules, build_setup(self.lesson.scenario, self.rules))
        self.app.game = self.game
        self.scene = TableScene(self.app, self.game, cover_at_start=False)
        self.app.stack.replace(self.scene)
        self.run = LessonRun(self.lesson, self.rules, game=self.game)
        self.refused: list[Verdict] = []
        self.scene.propose = self._propose  # the learner's moves go through the lesson
        self.labels = self.run.labels
        frames(self.app, 2)

    def _propose(self, action: Action) -> Verdict:
        verdict = self.run.propose(action)
        if not verdict.ok:
            self.refused.append(verdict)
            self.scene.show_refusal(verdict)
        return verdict

    # -- the table between the learner's moves ----------------------------------
    def settle(self) -> None:
        """Skip fight playbacks, take the hand-over cover, play notes and the
        opponent's steps until the learner must move (or the lesson is done)."""
        from tabletop.ui.cover import ARM_DELAY, HotseatCover

        for _ in range(300):
            ui = self.scene.ui
            playback = getattr(ui, "playback", None)
            if playback is not None and getattr(playback, "active", True):
                key(self.app, pygame.K_ESCAPE)
                continue
            if isinstance(self.app.stack.top, HotseatCover):
                frames(self.app, int(ARM_DELAY * 60) + 3)
                key(self.app, pygame.K_SPACE)
                frames(self.app, 2)
                continue
            if self.run.done:
                return
            if self.run.waits_for_next:
                assert self.run.next().ok
                continue
            if self.run.others_turn:
                step = self.run.step
                verdict = self.run.play_other()
                assert verdict.ok, f"step {step.index}: {verdict.reason}"
                frames(self.app, 2)
                continue
            return
        raise AssertionError("the table never settled")

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
            table.play_step()
            assert not table.refused, (f"step {step.index} ({step.step.action}) refused: "
                                       f"{refusal_text(table.refused[0], table.rules)}")
            assert table.run.index == before + 1, \
                f"step {step.index} ({step.step.action}) was not taken by the mouse gesture"
            table.settle()
        assert table.run.done
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
        assert [v.reason for v in table.refused] == ["lesson.wrong_move"]
        words = shown(table)
        assert "Parry" in words  # the lesson's move, named
        assert "Drag the lit Parry onto the lit place" in words  # the step's nudge
        assert table.game.state.zone_of(labels["slash"]) == "p0.hand"  # nothing changed
        assert table.run.step.step.action == "place_move"
        table.refused.clear()
        table.play_step()  # the lit card to the lit place: taken
        assert not table.refused and table.game.state.zone_of(labels["parry"]) == "moves"
    finally:
        table.app.shutdown()


def test_xenocard_a_wrong_drop_is_sent_back_with_its_reason_and_a_wrong_slot_gets_the_nudge():
    table = LessonTable(ROOT / "xenocard" / "x1_move_set_battle.toml")
    try:
        play_until(table, "set_card")
        labels = table.labels
        # A battle card straight onto the battle field: the table sends it back with
        # the rules' reason (XENO-R6) before anything is proposed.
        field = table.scene.cell_rect("cell:p0.field/front.right")
        table.drop_centre(labels["ilse"], field.center)
        assert not table.refused
        assert "free slot of your standby area" in shown(table)
        assert table.game.state.zone_of(labels["ilse"]) == "p0.hand"
        # A legal but different standby slot is the lesson's refusal, naming its move.
        table.drop_centre(labels["ilse"], table.scene.cell_rect("cell:p0.standby/s3").center)
        assert [v.reason for v in table.refused] == ["lesson.wrong_move"]
        words = shown(table)
        assert "Navigator Ilse" in words and "onto the lit standby slot" in words  # nudge
        assert table.game.state.zone_of(labels["ilse"]) == "p0.hand"
        table.refused.clear()
        table.play_step()
        assert not table.refused and table.game.state.zone_of(labels["ilse"]) == "p0.standby"
    finally:
        table.app.shutdown()

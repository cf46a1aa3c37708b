"""A lesson on the real table (issue 12 §3, docs/lessons.md).

:class:`LessonScene` is the game's own :class:`~tabletop.ui.table.TableScene` at the
lesson's position, with :class:`~tabletop.core.lesson.LessonRun` deciding what counts:

* the learner's seat stays at the computer all lesson (no hand-over cover: the other
  seat is played by the program, and its hidden cards stay hidden, ALL-R2);
* every move of the learner goes through the lesson (:class:`LessonGame`), so while a
  card is dragged only the step's drops light up, and a wrong drop is refused with its
  reason plus the step's nudge, in the table's refusal box;
* the step's text, its lit cards and the progress show through the coach panel
  (``TableScene.coach_override``, contract B), and only they glow; its drop places are
  framed on the table, and so is the button whose action is the step's move (Next
  phase, End turn, a decision's button) while it is; the decision box gets no frame of
  its own (it would point at a button the step does not ask for);
  a question of the rules (blockers, a defence) keeps its buttons in the decision box,
  its words being the step's own;
* the other seat's steps are played by themselves (the step's words may name a card
  still hidden in its hand, ALL-R2, so they are told once the move is on the table),
  the moved card gliding to its place; then their words stay until a newcomer has
  read them (:func:`reading_time`), the coach box being a **Next** button meanwhile
  (a click, Enter or Space goes on sooner); a ``note`` step waits for **Next**;
* at the end "Lesson complete" offers the lessons list again (``on_back``) and the
  finished lesson is reported (``on_complete``).
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace

import pygame

from tabletop import i18n
from tabletop.core.actions import Action, Verdict
from tabletop.core.coach import CoachLine, playback_line
from tabletop.core.engine import Game
from tabletop.core.lesson import Lesson, LessonRun
from tabletop.core.messages import Message, msg
from tabletop.core.position import PositionError
from tabletop.core.rules import GameRules, GameSetup
from tabletop.core.scenario import ScenarioError, build_setup
from tabletop.ui import dialogs
from tabletop.ui.computer_seat import drawn_at, glide_from
from tabletop.ui.decisions import DecisionPanel
from tabletop.ui.frame_policy import soonest
from tabletop.ui.host import Host
from tabletop.ui.panels import PANEL_BG
from tabletop.ui.table import TableScene

__all__ = ["LessonGame", "LessonScene", "reading_time"]

log = logging.getLogger(__name__)

#: Seconds the opponent's move and its words stay before any reading time: time to
#: look at the table where the card landed (a newcomer looking away a moment).
LOOK_S = 6.0
#: A newcomer's reading pace: English words and Japanese characters per second
#: (about 120 words and 250 characters a minute).
WORDS_PER_S = 2.0
JA_CHARS_PER_S = 250 / 60
#: Commands of the table that make no sense in a lesson (refused with a reason).
_OFF_COMMANDS = ("resign", "free_mode", "undo", "redo", "reveal", "tap")
#: Seconds the opponent's moved card takes to glide to its place.
GLIDE_S = 0.6
#: Seconds between two frames while the step's places or buttons pulse (30 a second).
PULSE_S = 1 / 30
#: Seconds after the lesson went on by itself (the opponent's words read) during which
#: Next (Enter, Space, a click) is not taken: the press was meant for the words that
#: just went, and would skip the new ones unread (QA: one Enter went from 9 to 11).
NEXT_GRACE_S = 1.0
PLACE_EDGE = (90, 220, 255)
#: The step's places are filled with this (RGBA) under their pulsing edge, so a place
#: reads as lit before the card is picked up, not as a dim outline (QA).
PLACE_FILL = (90, 220, 255, 70)


def reading_time(text: str) -> float:
    """Seconds a newcomer needs for the opponent's narrated move: :data:`LOOK_S` plus
    ``text`` read at about 120 English words or 250 Japanese characters a minute."""
    words = len(text.split())
    if words <= 3 and len(text) > 20:  # Japanese: no spaces between words
        return LOOK_S + len("".join(text.split())) / JA_CHARS_PER_S
    return LOOK_S + words / WORDS_PER_S


class LessonGame(Game):
    """A game whose learner's moves go through the lesson (:class:`LessonRun`).

    ``check`` and ``propose`` of the learner's seat answer as the lesson does, so the
    table lights only the step's drops and refuses any other move with the nudge;
    the other seat moves only through :meth:`LessonRun.play_other`; undo and redo are
    off (every step builds on the one before).
    """

    def __init__(self, rules: GameRules, setup: GameSetup) -> None:
        super().__init__(rules, setup)
        self.run: LessonRun | None = None

    def check(self, action: Action) -> Verdict:
        """The lesson's verdict for the learner's seat; the rules' for the other."""
        if self.run is None or action.seat != self.run.learner:
            return super().check(action)
        return self.run.check(action)

    def propose(self, action: Action) -> Verdict:
        """The learner's move, judged by the lesson; the other seat's is refused (the
        program plays it)."""
        if self.run is None:
            return super().propose(action)
        if action.seat != self.run.learner:
            return Verdict.refuse("lesson.opponent_moves")
        return self.run.propose(action)

    def can_undo(self, seat: int) -> bool:
        """Never during a lesson."""
        return False

    def can_redo(self, seat: int) -> bool:
        """Never during a lesson."""
        return False

    def undo(self, seat: int) -> Verdict:
        """Refused: a lesson goes forward only."""
        return Verdict(False, "lesson.no_undo", msg("lesson.no_undo"))

    def redo(self, seat: int) -> Verdict:
        """Refused: a lesson goes forward only."""
        return Verdict(False, "lesson.no_undo", msg("lesson.no_undo"))


class LessonScene(TableScene):
    """The lesson's game on the real table (see the module docstring).

    ``pace`` scales the opponent's reading time (0: it moves at the next frame, for
    tests). Raises ScenarioError when the lesson does not fit its game (the menu shows
    it instead of opening the table).
    """

    #: Plugins that light drop places of their own (Conan's shapes) light only those the
    #: step takes (``scene.game.check``), as the table's own zones and cells here.
    only_step_drops = True

    def __init__(self, app: Host, lesson: Lesson, rules: GameRules,
                 on_back: Callable[[], None] | None = None,
                 on_complete: Callable[[Lesson], None] | None = None,
                 pace: float = 1.0) -> None:
        try:
            game = LessonGame(rules, build_setup(lesson.scenario, rules))
        except PositionError as exc:
            raise ScenarioError(lesson.path, "position", str(exc)) from None
        self.run = LessonRun(lesson, rules, game)
        game.run = self.run
        self.lesson = lesson
        self.on_back = on_back
        self.on_complete = on_complete
        self.pace = pace
        #: Seconds its last move's words stay in the coach panel, and the step then.
        self.narrate_left = 0.0
        self.narrated_at = -1
        #: Seconds since the lesson last went on by itself (large: never yet).
        self.since_auto = NEXT_GRACE_S
        #: (step index, moves played) when Hint was pressed: its hint is shown then.
        self.hinted: tuple[int, int] | None = None
        self.next_rect = pygame.Rect(0, 0, 0, 0)
        self._completed = False
        self._framed: tuple[tuple[object, ...], list[str]] | None = None
        super().__init__(app, game, cover_at_start=False)
        self.decisions.__class__ = _quiet_prompt(type(self.decisions))
        self.coach_override = self.coach_line
        self.viewer = lesson.learner
        self.viewport.set_viewer(self.viewer)
        self.forget_private()
        self._refresh()

    # -- the learner's seat stays at the computer ---------------------------------------
    def _sync_viewer(self) -> None:
        """No hand-over: the learner keeps the computer, the program plays the other seat."""
        return None

    def _decision_height(self, width: int) -> int:
        """The decision box holds only its buttons (its question is the step's text)."""
        return self.decisions.buttons_height(width, self.scale, self.app.fonts) + \
            round(8 * self.scale)

    def coach_line(self) -> CoachLine:
        """What the coach panel shows now: the lesson's step; on a note step with a last
        row saying how to go on (the whole panel is the Next button then). While a fight
        or battle is played back, what the playback shows (the step's words would run
        ahead of the picture)."""
        shown = self.ui.shown_state(self)
        if shown is not self.game.state:
            return playback_line(self.rules, shown, self.viewer)
        told = self.run.narration() if self._narrating() else None
        if told is not None:
            return replace(told, progress=(*told.progress, *self._next_row()))
        line = self.run.coach()
        if self.run.waits_for_next:
            line = replace(line, progress=(*line.progress, *self._next_row()))
        nudge = self.run.nudge()
        if nudge is not None and self.hinted == self._hint_key():
            # the step's nudge as advice, in the coach box, over the step's own words
            line = replace(line, who=msg("lesson.who_hint"),
                           what=msg("lesson.hinted", say=line.what, nudge=nudge))
        return line

    def _next_row(self) -> tuple[Message, ...]:
        """The "Next" row, while Next can be pressed (not while a fight is played back)."""
        return (msg("lesson.next_row"),) if self.shows_next else ()

    def _hint_key(self) -> tuple[int, int]:
        return (self.run.index, len(self.game.history))

    # -- input -------------------------------------------------------------------------
    def run_command(self, command: str) -> None:
        """The table's buttons; Menu goes back to the lessons, Hint repeats the step's
        nudge (the lesson's move, not the bot's), resign / free mode / undo / redo are
        off with a reason."""
        if command == "menu":
            self.back()
        elif command == "hint":  # the lesson's own hint: what this step asks for
            # advice, not a refusal: told in the coach box (no red box, no log entry)
            # until the learner moves (QA)
            if self.run.nudge() is not None:
                self.toast.clear()
                self.hinted = self._hint_key()
        elif command in _OFF_COMMANDS:
            key = "lesson.no_undo" if command in ("undo", "redo") else "lesson.not_in_lesson"
            self.show_refusal(Verdict(False, key, msg(key)))
        else:
            super().run_command(command)

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Next (its button, Enter or Space) on a note step and while the opponent's move
        is told; the table's input otherwise."""
        if self.shows_next and not self.cover_pending and \
                dialogs.top_dialog(self.app.ui) is None:
            # a press just after the lesson went on by itself was meant for the words
            # that went: it is swallowed, so one press never skips a step unread
            early = self.since_auto < NEXT_GRACE_S
            if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and \
                    getattr(event, "button", 0) == 1 and self._on_next(event.pos):
                if event.type == pygame.MOUSEBUTTONUP and not early:
                    self.next()
                return None
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN,
                                                               pygame.K_KP_ENTER,
                                                               pygame.K_SPACE):
                if not early:
                    self.next()
                return None
        return super().handle_event(event)

    def show_refusal(self, verdict: Verdict) -> None:
        """A refusal in the box, with the step's nudge after its reason (any refusal: a
        drop the table refused, a greyed-out button, the rules, the lesson)."""
        super().show_refusal(self.run.with_nudge(_without_quiet_prompt(verdict)))

    def slide_back(self, iid: int, start: tuple[int, int]) -> None:
        """A dropped card goes home; a drop that meant nothing at all still gets the
        step's nudge, so the learner is never left without a word."""
        super().slide_back(iid, start)
        nudge = self.run.nudge()
        if nudge is not None and not self.toast.message:
            self.toast.show(nudge, "lesson.nudge", "")

    def _on_next(self, pos: tuple[int, int]) -> bool:
        """Is ``pos`` on the Next button (the coach panel, but for its Hide button)?"""
        return self.next_rect.collidepoint(pos) and \
            not self.coach.button_rect.collidepoint(pos)

    @property
    def shows_next(self) -> bool:
        """The coach box is the Next button now: a note step, or the opponent's move
        being told; never while a fight is played back (its keys are the playback's,
        and the words wait until it is over)."""
        if self.ui.playing(self):
            return False
        return self.run.waits_for_next or self._narrating()

    def next(self) -> None:
        """Move on from a note step, or from the opponent's move once read."""
        if self._narrating():
            self.narrate_left = 0.0
            self._finish_if_done()
            return
        if self.run.next().ok:
            self._refresh()
            self._finish_if_done()

    def back(self) -> None:
        """Leave the lesson for the lessons list (or the menu)."""
        if self.on_back is not None:
            self.on_back()
        else:
            self.app.back_to_menu()

    # -- the opponent ------------------------------------------------------------------
    def _idle(self) -> bool:
        return (not self.cover_pending and self.slide is None and self.drag is None
                and not self.ui.playing(self) and dialogs.top_dialog(self.app.ui) is None)

    def update(self, dt: float) -> None:
        """The table's animations; the opponent's move once the table is still, then its
        words held until read (or Next); "Lesson complete" once all is told."""
        super().update(dt)
        self.since_auto += dt
        if not self._idle():
            # the words are read only while they are shown on a still table: not
            # during a fight's playback (the coach shows the playback then), a glide
            # or a dialog
            return
        if self._narrating():
            self.narrate_left = max(0.0, self.narrate_left - dt)
            if not self._narrating():  # read: the lesson goes on by itself
                self.since_auto = 0.0
        step = self.run.step
        if step is None:  # everything played: complete once the last words are read
            if not self._narrating():
                self._finish_if_done()
            return
        if not self.run.others_turn or self._narrating():
            return
        action = self.run.expected()
        start = self._drawn_at(action)
        verdict = self.run.play_other()
        if verdict.ok and start is not None and action is not None:
            self._glide(action, start)
        if not verdict.ok:  # a lesson that does not fit its rules: say so, do not loop
            log.error("%s: step %d: the opponent's move was refused: %s",
                      self.lesson.path, step.index, verdict.reason)
            self.show_refusal(verdict)
            self.run = _Stuck.wrap(self.run)
            return
        self.narrated_at = self.run.index
        self.narrate_left = self.pace * reading_time(step.say.get(self.lang))

    def frame_due(self) -> float | None:
        """The table's dues; now when the opponent is to move or the lesson is to be
        completed; the reading time left; while the step's places, buttons or Next
        pulse, a frame every :data:`PULSE_S`."""
        due = super().frame_due()
        if self.cover_pending:
            return due
        narrating = self._narrating()
        if self._idle() and not narrating:
            step = self.run.step
            if (step is None and self.run.done and not self._completed) or \
                    (step is not None and self.run.others_turn):
                return 0.0
        if narrating:
            due = soonest(due, self.narrate_left)
        if self.shows_next or self.run.places() or \
                (self._framed is not None and self._framed[1]):
            due = soonest(due, PULSE_S)
        return due

    def _narrating(self) -> bool:
        """The opponent's last move is being told (until read, or the learner moves)."""
        return self.narrate_left > 0 and self.narrated_at == self.run.index

    def _drawn_at(self, action: Action | None) -> tuple[int, int] | None:
        return drawn_at(self, action)

    def _glide(self, action: Action, start: tuple[int, int]) -> None:
        """The opponent's moved card glides from where it lay to where it landed."""
        glide_from(self, action, start, GLIDE_S)

    def _finish_if_done(self) -> None:
        if not self.run.done or self._completed:
            return
        self._completed = True
        if self.on_complete is not None:
            self.on_complete(self.lesson)
        title = msg("lesson.complete_title", title=self.lesson.title.message())
        # Enter takes the first answer and Esc goes back too: the table under the dialog
        # has nothing left to play, so closing it onto the table would strand the learner
        window = dialogs.choose(self.app, title, msg("lesson.complete_body"),
                                [("lesson.back", self.back),
                                 ("lesson.restart", self.restart)],
                                default=0, on_cancel=self.back)
        _mark_default(window, i18n.t("lesson.back"))

    def restart(self) -> None:
        """Start the same lesson again."""
        self.app.replace(LessonScene(self.app, self.lesson, self.rules, self.on_back,
                                     self.on_complete, self.pace))

    # -- drawing -----------------------------------------------------------------------
    @contextmanager
    def _step_drops_only(self) -> Iterator[None]:
        """While drawing: the drag's lit zones, cells and target cards narrowed to the
        step's places and cards (README: only the step's place lights up). A drop the
        step takes elsewhere (the same move onto the Conan spot, say) still counts: the
        drag's targets are given back after drawing."""
        drag = self.drag
        step = self.run.step
        if drag is None or step is None or not step.highlight:
            yield
            return
        places, lit = set(self.run.places()), self.run.lit()
        zones, cells, cards = drag.zones, drag.cells, drag.cards
        if places:  # a step naming no place (a card onto a card) keeps the zones lit
            drag.zones = {k: v for k, v in zones.items() if k in places}
            drag.cells = {k: v for k, v in cells.items() if k in places}
        drag.cards = {k: v for k, v in cards.items() if k in lit}
        try:
            yield
        finally:
            drag.zones, drag.cells, drag.cards = zones, cells, cards

    def _make_lit(self) -> None:
        """The drag's lit places: only the step's (:meth:`_step_drops_only`)."""
        with self._step_drops_only():
            super()._make_lit()

    def _draw_marks(self, surface: pygame.Surface) -> None:
        """The table's marks, the drag's lit target cards only the step's."""
        with self._step_drops_only():
            super()._draw_marks(surface)

    def step_buttons(self) -> list[str]:
        """The buttons whose action is the current step's move now: ``"controls:<name>"``
        (Next phase, End turn, Challenge...) and ``"decision:<name>"`` (a decision's
        option button: Pass, Fight...); none on a note, on the opponent's steps, or
        while the move is a drag. Checked again when the step, the position or the
        selection change (and a few times a second, for a decision box's own picks)."""
        if not self.run.learners_move or self._narrating():
            return []
        key = (self.run.index, len(self.game.history), tuple(self.selected),
               self.decisions.decision, tuple(self.decisions.buttons),
               pygame.time.get_ticks() // 250)  # a decision box keeps its own picks
        if self._framed is not None and self._framed[0] == key:
            return self._framed[1]
        found: list[str] = []
        for name, button in list(self.controls.buttons.items()):
            action = self.command_action(name) if button.is_enabled else None
            if action is not None and self.run.check(action).ok:
                found.append(f"controls:{name}")
        decision = self.decisions.decision
        for name, button in list(self.decisions.buttons.items()):
            # only a button that answers with its own option: a plugin's action_for may
            # act on its picks (eshi100's Use forgets them), so it is never probed
            if decision is None or name not in decision.options or not button.is_enabled:
                continue
            if self.run.check(Action.make("decide", self.viewer, choice=[name])).ok:
                found.append(f"decision:{name}")
        self._framed = (key, found)
        return found

    def _make_panel(self) -> pygame.Surface:
        """The side panel without the decision box's own gold frame: in a lesson the
        step says which button to press, and that one is framed (:meth:`step_buttons`)."""
        panel = super()._make_panel()
        if self.decisions.decision is not None:  # its prompt is empty here (_QuietPrompt)
            box = self.decision_rect.move(-self.panel_rect.x, -self.panel_rect.y)
            pygame.draw.rect(panel, PANEL_BG, box.inflate(8, 8))
        return panel

    def draw(self, surface: pygame.Surface) -> None:
        """The table, the step's drop places framed, and Next on a note step."""
        super().draw(surface)
        if self.cover_pending:
            return
        width = max(3, round(4 * self.scale))
        pulse = 0.65 + 0.35 * math.sin(pygame.time.get_ticks() / 260.0)
        edge = tuple(round(c * pulse) for c in PLACE_EDGE)
        for place in self.run.places():
            try:
                rect = self.cell_rect(place) if place.startswith("cell:") else \
                    self.zone_rect(place)
            except (KeyError, ValueError):
                # not a layout cell: a place the game's plugin names (Conan's rows and
                # Move places, GameUI.place_shape), framed as its exact turned shape
                shape_of = getattr(self.ui, "place_shape", None)
                shape = shape_of(self, place) if shape_of is not None else None
                if shape is not None:
                    corners = [self.viewport.to_px(*c) for c in shape.corners()]
                    _fill_polygon(surface, corners)
                    pygame.draw.polygon(surface, edge, corners, width)
                continue
            framed = rect.inflate(width * 2, width * 2)
            radius = round(6 * self.scale)
            _fill_rect(surface, framed, radius)
            pygame.draw.rect(surface, edge, framed, width, border_radius=radius)
        for name in self.step_buttons():
            part, _, command = name.partition(":")
            buttons = self.controls.buttons if part == "controls" else self.decisions.buttons
            button = buttons.get(command)
            if button is not None:
                pygame.draw.rect(surface, edge, button.rect.inflate(width * 2 + 4,
                                                                    width * 2 + 4),
                                 width, border_radius=round(6 * self.scale))
        self.next_rect = pygame.Rect(0, 0, 0, 0)
        if self.shows_next and self.coach.shown and self.coach.rect.w > 0:
            # the coach panel itself is the Next button: framed, pulsing, easy to hit
            self.next_rect = self.coach.rect.copy()
            pygame.draw.rect(surface, edge, self.next_rect.inflate(width * 2, width * 2),
                             width, border_radius=10)


def _fill_rect(surface: pygame.Surface, rect: pygame.Rect, radius: int) -> None:
    """:data:`PLACE_FILL` over ``rect`` (rounded), blended."""
    if rect.w <= 0 or rect.h <= 0:
        return
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, PLACE_FILL, layer.get_rect(), border_radius=radius)
    surface.blit(layer, rect.topleft)


def _fill_polygon(surface: pygame.Surface, corners: list[tuple[float, float]]) -> None:
    """:data:`PLACE_FILL` over the polygon ``corners`` (pixels), blended."""
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    box = pygame.Rect(int(min(xs)), int(min(ys)), int(max(xs) - min(xs)) + 2,
                      int(max(ys) - min(ys)) + 2)
    if box.w <= 0 or box.h <= 0:
        return
    layer = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.polygon(layer, PLACE_FILL, [(x - box.x, y - box.y) for x, y in corners])
    surface.blit(layer, box.topleft)


def _without_quiet_prompt(verdict: Verdict) -> Verdict:
    """"Next phase waits for your answer first: {prompt}" with the prompt the lesson keeps
    quiet (:class:`_QuietPrompt`) said without it ("first:  Click Rest", QA): the step's
    nudge that follows names the button."""
    message = verdict.message
    if message is None or message.key != "refusal.table.off_answer_first":
        return verdict
    params = dict(message.params)
    if params.get("prompt"):
        return verdict
    return replace(verdict, message=msg("lesson.off_answer_first", command=params["command"]))


def _mark_default(window: object, label: str) -> None:
    """Show the answer Enter gives (labelled ``label``) as chosen: filled, not just the
    border a hovered button gets, so a mouse resting on "Start again" is never taken
    for where Enter goes (QA)."""
    from pygame_gui.elements import UIButton

    container = getattr(window, "get_container", None)
    if container is None:
        return
    for element in container().elements:
        if isinstance(element, UIButton) and element.text == label:
            element.select()  # type: ignore[no-untyped-call]


class _QuietPrompt(DecisionPanel):
    """A decision box whose question is asked by the lesson's step instead (its text in
    the coach panel says what to click and why): the box keeps only its buttons, so the
    step's text keeps its room in the side panel at every size and language."""

    def prompt_text(self, lang: str) -> str:
        """Nothing: the coach panel shows the lesson's step."""
        return ""


def _quiet_prompt(cls: type[DecisionPanel]) -> type[DecisionPanel]:
    """``cls`` (the game's decision box) with the prompt left to the lesson."""
    if issubclass(cls, _QuietPrompt):
        return cls
    return type(f"Lesson{cls.__name__}", (_QuietPrompt, cls), {})


class _Stuck(LessonRun):
    """A run whose opponent step the rules refused: it stops there (no retry loop)."""

    @classmethod
    def wrap(cls, run: LessonRun) -> LessonRun:
        run.__class__ = cls
        return run

    @property
    def others_turn(self) -> bool:
        return False

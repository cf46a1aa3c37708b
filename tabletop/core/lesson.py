"""Guided lessons: a scenario file with narration, highlights and a learner seat.

A lesson file (``assets/lessons/<game>/<id>.toml``, format in ``docs/lessons.md``)
is a scenario file (``docs/scenarios.md``) plus a ``[lesson]`` table and, in each
``[[step]]``, the fields ``say``, ``highlight``, ``match`` and ``nudge``. The
scenario part is read by :func:`tabletop.core.scenario.parse_scenario` unchanged
(composition: the lesson fields are taken out first), so the position, the
labels, the steps' actions and their ``[step.after]`` facts mean exactly what
they mean in a scenario.

:meth:`Lesson.load` reads and checks a file (errors raise
:class:`~tabletop.core.scenario.ScenarioError` naming the file and the field;
unknown fields are errors). :class:`LessonRun` plays it: the learner's moves go
through :meth:`LessonRun.propose` (refused with the rules' reason plus the
step's nudge, or with ``lesson.wrong_move`` naming the expected move), the
other seat's steps through :meth:`LessonRun.play_other`, ``note`` steps through
:meth:`LessonRun.next`. :meth:`LessonRun.coach` is the step as a
:class:`~tabletop.core.coach.CoachLine` (contract B) for the table's coach panel.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

from tabletop.core.actions import Action, Verdict
from tabletop.core.coach import CoachLine
from tabletop.core.engine import Game
from tabletop.core.files import FileProblem, load_toml
from tabletop.core.messages import Message, msg
from tabletop.core.position import PositionError
from tabletop.core.rules import GameRules
from tabletop.core.scenario import (
    FactResult,
    Scenario,
    ScenarioError,
    Step,
    _resolve,
    build_setup,
    check_facts,
    parse_scenario,
)
from tabletop.core.view import view_id

__all__ = [
    "NOTE",
    "Lesson",
    "LessonRun",
    "LessonStep",
    "LessonText",
    "Match",
    "lesson_files",
]

#: The step action that only shows its ``say`` and waits for "Next".
NOTE = "note"
_LESSON_KEYS = {"id", "order", "title", "summary", "learner"}
_LESSON_STEP_KEYS = {"say", "highlight", "match", "nudge"}
_LANGS = ("en", "ja")
_ZONE_PREFIX = "zone:"
#: Refusal messages that already carry the step's nudge.
_NUDGED = ("lesson.refused", "refusal.lesson.wrong_move")
_CELL_PREFIX = "cell:"
#: A card's instance id inside a decision option ("12>34", "left@12"), not "foe1".
_ID_IN_TEXT = re.compile(r"(?<![A-Za-z0-9_])\d+(?![A-Za-z0-9_])")


class Match(StrEnum):
    """How a learner's move is compared with the step's ``action`` + ``args``."""

    #: Same kind, and every argument the step writes has that value (lists compared
    #: as sets: blockers, consumed cards, discards); arguments it leaves out are free.
    EXACT = "exact"
    #: Any legal action of the step's kind whose result satisfies ``[step.after]``.
    KIND = "kind"


@dataclass(frozen=True)
class LessonText:
    """One text of a lesson in English and Japanese (both required)."""

    en: str
    ja: str

    def message(self) -> Message:
        """The text as a :class:`Message`; the catalogues' ``lesson.text`` picks the
        language (``"{en}"`` / ``"{ja}"``), so it follows the viewer's choice."""
        return msg("lesson.text", en=self.en, ja=self.ja)

    def get(self, lang: str) -> str:
        """The text in ``lang`` (English for a language the lesson does not have)."""
        return self.ja if lang == "ja" else self.en


@dataclass(frozen=True)
class LessonStep:
    """One step: the scenario ``step`` (seat, action, args, after) plus its teaching.

    ``highlight`` entries are ``"$label"`` (a card), ``"zone:<zone id>"`` or
    ``"cell:<zone id>/<cell>"`` (a drop place). ``nudge`` is shown with any
    refusal of this step (None for the other seat's steps and notes).
    """

    step: Step
    say: LessonText
    highlight: tuple[str, ...]
    match: Match
    nudge: LessonText | None

    @property
    def index(self) -> int:
        """1-based, as in the file (``step[3]``)."""
        return self.step.index

    @property
    def seat(self) -> int:
        """The seat this step belongs to."""
        return self.step.seat

    @property
    def is_note(self) -> bool:
        """A ``note`` step: its ``say`` is shown until "Next" is clicked."""
        return self.step.action == NOTE


@dataclass(frozen=True)
class Lesson:
    """A parsed, checked lesson file (see ``docs/lessons.md``)."""

    path: Path
    scenario: Scenario
    id: str
    order: int
    title: LessonText
    summary: LessonText
    learner: int
    steps: tuple[LessonStep, ...]

    @property
    def game(self) -> str:
        """The game id (``arc``, ``eshi100``...)."""
        return self.scenario.game

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Lesson:
        """Read and check a lesson file. Raises ScenarioError("<file>: field '<f>': ...")."""
        where = Path(path)
        try:
            data = load_toml(where)
        except FileProblem as exc:
            raise ScenarioError(where, exc.field, exc.problem) from None
        return cls.parse(data, where)

    @classmethod
    def parse(cls, data: Mapping[str, Any], path: str | os.PathLike[str]) -> Lesson:
        """Check parsed TOML ``data`` as a lesson. Raises ScenarioError (file, field)."""
        where = Path(path)
        raw = dict(data)
        head = raw.pop("lesson", None)
        if not isinstance(head, dict):
            raise ScenarioError(where, "lesson", "missing [lesson] table (id, order, title, "
                                                 "summary, learner)")
        unknown = set(head) - _LESSON_KEYS
        if unknown:
            raise ScenarioError(where, f"lesson.{sorted(unknown)[0]}",
                                f"unknown field (known: {', '.join(sorted(_LESSON_KEYS))})")
        lesson_id = head.get("id")
        if not isinstance(lesson_id, str) or not lesson_id or not all(
                c.isalnum() or c == "_" for c in lesson_id):
            raise ScenarioError(where, "lesson.id", "expected an id of letters, digits and _")
        order = head.get("order", 0)
        if not isinstance(order, int) or isinstance(order, bool):
            raise ScenarioError(where, "lesson.order", f"expected an integer, got {order!r}")
        learner = head.get("learner", 0)
        if learner not in (0, 1) or isinstance(learner, bool):
            raise ScenarioError(where, "lesson.learner", f"expected 0 or 1, got {learner!r}")
        title = _text(where, "lesson.title", head.get("title"))
        summary = _text(where, "lesson.summary", head.get("summary"))
        raw_steps = raw.get("step", [])
        if not isinstance(raw_steps, list) or not raw_steps:
            raise ScenarioError(where, "step", "expected [[step]] tables (at least one)")
        extras: list[dict[str, Any]] = []
        plain: list[Any] = []
        for n, entry in enumerate(raw_steps, start=1):
            if not isinstance(entry, dict):
                raise ScenarioError(where, f"step[{n}]", "expected a table")
            extra = {k: entry[k] for k in _LESSON_STEP_KEYS if k in entry}
            rest = {k: v for k, v in entry.items() if k not in _LESSON_STEP_KEYS}
            if rest.get("action") == NOTE:
                rest.setdefault("seat", learner)
                if rest.get("args") or rest.get("after") or "expect" in rest:
                    name = next(k for k in ("args", "after", "expect") if k in rest)
                    raise ScenarioError(where, f"step[{n}].{name}",
                                        "a note step only says something (no args, "
                                        "after or expect)")
            if "expect" in rest:
                raise ScenarioError(where, f"step[{n}].expect", "a lesson step is always "
                                    "a legal move (write refusals as scenario files)")
            extras.append(extra)
            plain.append(rest)
        raw["step"] = plain
        scenario = parse_scenario(raw, where)
        labels = _declared_labels(scenario)
        steps = tuple(_lesson_step(where, s, extra, learner, labels)
                      for s, extra in zip(scenario.steps, extras, strict=True))
        return cls(where, scenario, lesson_id, order, title, summary, int(learner), steps)


def _text(where: Path, name: str, value: Any) -> LessonText:
    if not isinstance(value, dict):
        raise ScenarioError(where, name, 'expected { en = "...", ja = "..." }')
    bad = set(value) - set(_LANGS)
    if bad:
        raise ScenarioError(where, f"{name}.{sorted(bad)[0]}", "unknown language (use en, ja)")
    for lang in _LANGS:
        text = value.get(lang)
        if not isinstance(text, str) or not text.strip():
            raise ScenarioError(where, f"{name}.{lang}", "missing or empty (every lesson "
                                                         "text is in en and ja)")
    return LessonText(value["en"].strip(), value["ja"].strip())


def _declared_labels(scenario: Scenario) -> set[str]:
    """The labels the file's ``[position.zones]`` gives its cards."""
    zones = (scenario.position or {}).get("zones", {})
    found: set[str] = set()
    if isinstance(zones, dict):
        for cards in zones.values():
            for card in cards if isinstance(cards, list) else ():
                if isinstance(card, dict) and isinstance(card.get("label"), str):
                    found.add(card["label"])
    return found


def _lesson_step(where: Path, step: Step, extra: Mapping[str, Any], learner: int,
                 labels: set[str]) -> LessonStep:
    name = step.where
    say = _text(where, f"{name}.say", extra.get("say"))
    highlight = extra.get("highlight", [])
    if not isinstance(highlight, list) or not all(isinstance(h, str) for h in highlight):
        raise ScenarioError(where, f"{name}.highlight",
                            'expected a list like ["$card", "zone:p0.hand", "cell:grid/A1"]')
    for i, entry in enumerate(highlight):
        field_name = f"{name}.highlight[{i}]"
        if entry.startswith("$"):
            if entry[1:] not in labels:
                known = ", ".join(f"${k}" for k in sorted(labels)) or "none"
                raise ScenarioError(where, field_name,
                                    f"unknown card label {entry} (labels: {known})")
        elif entry.startswith(_CELL_PREFIX):
            if "/" not in entry[len(_CELL_PREFIX):]:
                raise ScenarioError(where, field_name, 'expected "cell:<zone id>/<cell>"')
        elif not entry.startswith(_ZONE_PREFIX) or len(entry) == len(_ZONE_PREFIX):
            raise ScenarioError(where, field_name,
                                'expected "$label", "zone:<zone id>" or "cell:<zone>/<cell>"')
    match_word = extra.get("match", Match.EXACT.value)
    if match_word not in {m.value for m in Match}:
        raise ScenarioError(where, f"{name}.match", f'expected "exact" or "kind", got '
                                                    f"{match_word!r}")
    nudge = None
    if "nudge" in extra:
        if step.seat != learner or step.action == NOTE:
            raise ScenarioError(where, f"{name}.nudge", "only the learner's moves have a "
                                                        "nudge (it is shown with a refusal)")
        nudge = _text(where, f"{name}.nudge", extra["nudge"])
    return LessonStep(step, say, tuple(highlight), Match(match_word), nudge)


def lesson_files(root: str | os.PathLike[str], game: str | None = None) -> list[Path]:
    """The lesson files under ``root`` (``assets/lessons``): ``<game>/*.toml``, sorted."""
    base = Path(root)
    games = [base / game] if game else sorted(p for p in base.iterdir() if p.is_dir())
    return sorted(p for g in games if g.is_dir() for p in g.glob("*.toml"))


# --------------------------------------------------------------------------- running


class LessonRun:
    """A lesson being played: the game at its position and the current step.

    ``game`` is built from the lesson's scenario (``build_setup``); pass ``game`` to
    use one built elsewhere from the same set-up (the window's). Raises ScenarioError
    when the position, a label, a zone of a highlight or a step's args do not fit the
    game (naming the field).
    """

    def __init__(self, lesson: Lesson, rules: GameRules, game: Game | None = None) -> None:
        self.lesson = lesson
        self.rules = rules
        if game is None:
            try:
                game = Game(rules, build_setup(lesson.scenario, rules))
            except PositionError as exc:
                raise ScenarioError(lesson.path, "position", str(exc)) from None
        self.game = game
        self.labels: dict[str, int] = dict(game.state.data.get("labels", {}))
        self._index = 0
        self._last_other: LessonStep | None = None
        self._check_places()

    def _check_places(self) -> None:
        zones = self.game.state.zones
        for step in self.lesson.steps:
            _resolve(self.lesson.scenario, f"{step.step.where}.args", step.step.args,
                     self.labels)
            for i, entry in enumerate(step.highlight):
                if entry.startswith(_ZONE_PREFIX):
                    zone = entry[len(_ZONE_PREFIX):]
                elif entry.startswith(_CELL_PREFIX):
                    # the zone is up to the first "/": a cell may hold more (Conan's
                    # Move places are "cell:center/foe1/left", "cell:center/gap1")
                    zone = entry[len(_CELL_PREFIX):].partition("/")[0]
                else:
                    continue
                if zone not in zones:
                    raise ScenarioError(self.lesson.path,
                                        f"{step.step.where}.highlight[{i}]",
                                        f"no zone {zone!r} in {self.lesson.game} (zones: "
                                        f"{', '.join(sorted(zones))})")

    # -- where we are -----------------------------------------------------------
    @property
    def step(self) -> LessonStep | None:
        """The current step (None once the lesson is complete)."""
        steps = self.lesson.steps
        return steps[self._index] if self._index < len(steps) else None

    @property
    def index(self) -> int:
        """0-based index of the current step (== number of steps when done)."""
        return self._index

    @property
    def done(self) -> bool:
        """Every step has been played."""
        return self._index >= len(self.lesson.steps)

    @property
    def learner(self) -> int:
        """The seat the learner plays."""
        return self.lesson.learner

    @property
    def waits_for_next(self) -> bool:
        """The current step is a note: it waits for "Next" (:meth:`next`)."""
        step = self.step
        return step is not None and step.is_note

    @property
    def others_turn(self) -> bool:
        """The current step is the other seat's move, played by :meth:`play_other`."""
        step = self.step
        return step is not None and not step.is_note and step.seat != self.learner

    @property
    def learners_move(self) -> bool:
        """The current step waits for a move of the learner (:meth:`propose`)."""
        step = self.step
        return step is not None and not step.is_note and step.seat == self.learner

    def expected(self) -> Action | None:
        """The current step's action with labels resolved (None for a note or when done)."""
        step = self.step
        if step is None or step.is_note:
            return None
        args = _resolve(self.lesson.scenario, f"{step.step.where}.args", step.step.args,
                        self.labels)
        return Action.make(step.step.action, step.seat, **args)

    # -- moves ------------------------------------------------------------------
    def check(self, action: Action) -> Verdict:
        """What :meth:`propose` would answer, without playing anything (the window
        lights only the drops this accepts)."""
        return self._judge(action, play=False)

    def propose(self, action: Action) -> Verdict:
        """The learner's move: played and the lesson moved on when it is this step's
        move; else refused with the rules' reason (their code and rule kept) plus the
        step's nudge, or with ``lesson.wrong_move`` naming the expected move (a legal
        move that is not the lesson's). Never changes the game when refused."""
        return self._judge(action, play=True)

    def play_other(self) -> Verdict:
        """Play the current step when it is the other seat's (the opponent's) move and
        move on. Refused ``lesson.not_others_turn`` otherwise; a step the rules refuse
        (a broken lesson) is returned as their refusal and the lesson does not move."""
        step, action = self.step, self.expected()
        if step is None or action is None or step.seat == self.learner:
            return Verdict.refuse("lesson.not_others_turn")
        return self._play(step, action)

    def next(self) -> Verdict:
        """"Next" on a note step: move on. Refused ``lesson.no_note`` on other steps."""
        if not self.waits_for_next:
            return Verdict.refuse("lesson.no_note")
        self._index += 1
        return Verdict.legal()

    def _judge(self, action: Action, play: bool) -> Verdict:
        step = self.step
        if step is None:
            return Verdict.refuse("lesson.complete")
        if step.is_note:
            return Verdict.refuse("lesson.press_next")
        if step.seat != self.learner or action.seat != self.learner:
            return Verdict.refuse("lesson.opponent_moves")
        verdict = Game.check(self.game, action)
        if not verdict.ok:
            return self._with_nudge(step, verdict)
        labels = self._matches(step, action)
        if labels is None:
            return self._wrong(step)
        if not play:
            return verdict
        return self._play(step, action, labels)

    def _play(self, step: LessonStep, action: Action,
              labels: dict[str, int] | None = None) -> Verdict:
        labels = self.labels if labels is None else labels
        if step.step.after and not self._facts_hold(action, labels):
            return self._wrong(step)
        # on to the next step first: the game's listeners (the window) ask the lesson
        # about the new position while the move is being announced
        self._index += 1
        before, self.labels = self.labels, labels
        verdict = Game.propose(self.game, action)
        if not verdict.ok:
            self._index -= 1
            self.labels = before
            return self._with_nudge(step, verdict) if step.seat == self.learner else verdict
        if step.seat != self.learner:
            self._last_other = step
        return verdict

    def look(self, iid: int) -> tuple[object, ...]:
        """What the learner can tell card ``iid`` apart by: its card id (None while
        hidden from the learner), owner, zone, the place it stands on
        (:meth:`GameRules.place_of`), face, tapped state and counters. Two cards
        that look the same are the same card to ``match = "exact"``."""
        state = self.game.state
        card = state.cards[iid]
        seen = card.card_id if state.visible_to(iid, self.learner) else None
        return (seen, card.owner, state.zone_of(iid), self.rules.place_of(state, iid),
                card.face_up, card.tapped, tuple(sorted(card.counters.items())))

    def _ids_in(self, value: Any) -> list[int]:
        """The card instance ids in an argument value, in order."""
        cards = self.game.state.cards
        if isinstance(value, bool):
            return []
        if isinstance(value, int):
            return [value] if value in cards else []
        if isinstance(value, str):
            return [int(m) for m in _ID_IN_TEXT.findall(value) if int(m) in cards]
        return []

    def _shape(self, value: Any) -> object:
        """``value`` with every card id replaced by how the card looks (:meth:`look`)."""
        cards = self.game.state.cards
        if isinstance(value, int) and not isinstance(value, bool) and value in cards:
            return ("card", self.look(value))
        if isinstance(value, str):
            parts = _ID_IN_TEXT.split(value)
            ids = _ID_IN_TEXT.findall(value)
            out: list[object] = [parts[0]]
            for num, rest in zip(ids, parts[1:], strict=True):
                out.append(self.look(int(num)) if int(num) in cards else num)
                out.append(rest)
            return tuple(out)
        return value

    def _matches(self, step: LessonStep, action: Action) -> dict[str, int] | None:
        """The labels after ``action`` when it is the step's move (None: it is not).

        ``exact``: an argument the step writes with a ``$label`` accepts any card that
        looks the same to the learner (:meth:`look`: two copies of a card in one hand),
        and the label then names the copy played, so later steps follow it (a label
        that named that copy takes the one left)."""
        if action.kind != step.step.action:
            return None
        if step.match is Match.KIND:
            return self.labels
        want = self.expected()
        assert want is not None
        pairs: list[tuple[int, int]] = []
        for name, value in want.args:
            got = action.get(name)
            carded = "$" in str(step.step.args.get(name, ""))
            if not carded:
                if isinstance(value, tuple) and isinstance(got, tuple):
                    if sorted(map(str, value)) != sorted(map(str, got)):
                        return None
                elif got != value:
                    return None
                continue
            wants = list(value) if isinstance(value, tuple) else [value]
            if isinstance(value, tuple) != isinstance(got, tuple):
                return None
            gots = list(got) if isinstance(got, tuple) else [got]
            if len(wants) != len(gots):
                return None
            # lists are sets (blockers, consumed cards, discards): pair each wanted entry
            # with one that looks the same, the very same entry first
            free = list(gots)
            for w in wants:
                same = [g for g in free if g == w] or \
                    [g for g in free if self._shape(g) == self._shape(w)]
                if not same:
                    return None
                free.remove(same[0])
                pairs += list(zip(self._ids_in(w), self._ids_in(same[0]), strict=True))
        return self._rebound(pairs)

    def _rebound(self, pairs: list[tuple[int, int]]) -> dict[str, int] | None:
        """The labels with each wanted card ``w`` of ``pairs`` renamed to the copy
        ``g`` played, and a label on such a copy moved to a wanted card left over;
        None when the pairs contradict each other."""
        chosen: dict[int, int] = {}
        for w, g in pairs:
            if chosen.setdefault(w, g) != g:
                return None
        if len(set(chosen.values())) != len(chosen):
            return None
        swap = {w: g for w, g in chosen.items() if w != g}
        if not swap:
            return self.labels
        left = [w for w in swap if w not in swap.values()]
        taken = [g for g in swap.values() if g not in swap]
        for g in taken:  # a copy played in a wanted card's stead hands it its label
            twin = next((w for w in left if self.look(w) == self.look(g)), None)
            if twin is not None:
                swap[g] = twin
                left.remove(twin)
        return {label: swap.get(iid, iid) for label, iid in self.labels.items()}

    def _facts_hold(self, action: Action, labels: dict[str, int]) -> bool:
        return all(f.ok for f in self.trial_facts(action, labels))

    def trial_facts(self, action: Action,
                    labels: Mapping[str, int] | None = None) -> list[FactResult]:
        """The current step's ``[step.after]`` facts as they would stand after
        ``action``, played on a copy of the game (the game itself is not changed);
        one failed ``legal`` result when the rules refuse ``action``. ``labels``: the
        labels to read them with (default: the run's). For lesson authors and tests:
        why a move was taken as a wrong one."""
        step = self.step
        if step is None:
            return []
        labels = self.labels if labels is None else labels
        trial = Game.__new__(Game)
        trial.__dict__.update(self.game.__dict__)
        trial.state = self.game.state.clone()
        trial.history = list(self.game.history)
        trial.redo_stack = list(self.game.redo_stack)
        trial.listeners = []
        verdict = Game.propose(trial, action)
        if not verdict.ok:
            return [FactResult("legal", False, f"refused: {verdict.reason}")]
        return check_facts(self.lesson.scenario, step.step, trial.state, labels, trial)

    def with_nudge(self, verdict: Verdict) -> Verdict:
        """A refusal met at the current learner's step (a drop the table itself refused,
        a greyed-out button) with the step's nudge after its reason; any other verdict
        (or one already nudged) as it is."""
        step = self.step
        if verdict.ok or not self.learners_move or step is None or \
                (verdict.message is not None and verdict.message.key in _NUDGED):
            return verdict
        return self._with_nudge(step, verdict)

    def nudge(self) -> Message | None:
        """The current learner's step's nudge (None when no learner's move is awaited)."""
        step = self.step
        return self._nudge(step) if step is not None and self.learners_move else None

    def _nudge(self, step: LessonStep) -> Message:
        return step.nudge.message() if step.nudge is not None else msg("lesson.nudge_default")

    def _with_nudge(self, step: LessonStep, verdict: Verdict) -> Verdict:
        reason = verdict.message if verdict.message is not None else \
            msg(f"refusal.{verdict.reason}")
        return Verdict(False, verdict.reason,
                       msg("lesson.refused", reason=reason, nudge=self._nudge(step)),
                       verdict.rule)

    def _wrong(self, step: LessonStep) -> Verdict:
        want = self.expected()
        described = self.rules.describe(self.game.state, want) if want is not None else None
        return Verdict(False, "lesson.wrong_move",
                       msg("refusal.lesson.wrong_move",
                           move=described if described is not None else step.say.message(),
                           nudge=self._nudge(step)))

    # -- what the table shows -----------------------------------------------------
    def lit(self) -> frozenset[int]:
        """View ids (as the learner sees them) of the current step's ``$label`` cards."""
        step = self.step
        return frozenset() if step is None else self._lit_of(step)

    def _lit_of(self, step: LessonStep) -> frozenset[int]:
        state = self.game.state
        out: set[int] = set()
        for entry in step.highlight:
            iid = self.labels.get(entry[1:]) if entry.startswith("$") else None
            if iid is not None and iid in state.cards:
                out.add(view_id(state, self.learner, iid))
        return frozenset(out)

    def places(self) -> tuple[str, ...]:
        """The current step's drop places: zone ids and cell keys (``cell:grid/A1``)."""
        step = self.step
        if step is None:
            return ()
        return tuple(h[len(_ZONE_PREFIX):] if h.startswith(_ZONE_PREFIX) else h
                     for h in step.highlight if not h.startswith("$"))

    def coach(self) -> CoachLine:
        """The current step for the coach panel (contract B): who acts, the step's
        ``say``, its cards lit (view ids of the learner's view), and the progress.

        Before the opponent's move only "Your opponent plays…" is said: its ``say``
        names the card it plays, which may still be hidden in its hand (ALL-R2); the
        ``say`` is told once the move is made (:meth:`narration`)."""
        step = self.step
        total = len(self.lesson.steps)
        if step is None:
            return CoachLine(who=msg("lesson.who_done"), what=msg("lesson.complete_body"),
                             lit=frozenset(),
                             progress=(msg("lesson.progress", n=total, total=total),))
        progress = (msg("lesson.progress", n=self._index + 1, total=total),)
        if step.is_note:
            who = msg("lesson.who_note")
        elif step.seat == self.learner:
            who = msg("lesson.who_you")
        else:
            return CoachLine(who=msg("lesson.who_opponent"), what=msg("lesson.opponent_plays"),
                             lit=frozenset(), progress=progress)
        return CoachLine(who=who, what=step.say.message(), lit=self.lit(), progress=progress)

    @property
    def last_other(self) -> LessonStep | None:
        """The opponent's step played last (None before its first move)."""
        return self._last_other

    def narration(self) -> CoachLine | None:
        """The opponent's last move told in its own words (its ``say``), now that it is
        on the table; its ``$label`` cards lit as the learner sees them."""
        step = self._last_other
        if step is None:
            return None
        total = len(self.lesson.steps)
        return CoachLine(who=msg("lesson.who_opponent"), what=step.say.message(),
                         lit=self._lit_of(step),
                         progress=(msg("lesson.progress", n=step.index, total=total),))

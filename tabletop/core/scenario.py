"""Scenario files: an exact position, a list of proposed actions, and what must hold.

One TOML format (documented in ``docs/scenarios.md``) serves rules tests, bug
reports ("from this position, this drop should be legal") and, later, guided
tutorials. :func:`load_scenario` parses and checks a file (errors raise
:class:`ScenarioError` naming the file and the field); :func:`run_scenario`
plays it through the game's rules and returns a :class:`ScenarioReport` with
one :class:`StepResult` per step.

A step's outcome is ``"legal"`` or the refusal reason code (e.g.
``"arc.cost_unpayable"``). When a step's outcome differs from ``expect`` in a
way that changed the table (expected a refusal but the action was legal, or
the reverse), the later steps are skipped: they would run from a position the
author never meant. The step actions ``undo`` and ``redo`` are carried out by
the game's history (:meth:`Game.undo`, :meth:`Game.redo`, ALL-H1) instead of
being proposed; facts that need the rules (``derived``, ``place``,
``end_cause``...) ask the game's hooks (:meth:`GameRules.derived`,
:meth:`GameRules.place_of`, :attr:`GameRules.face_words`).
"""

from __future__ import annotations

import os
import re
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from tabletop.core.actions import Action, Verdict
from tabletop.core.decks import MAX_COUNT, DeckError, load_deck
from tabletop.core.engine import Game
from tabletop.core.files import FileProblem, load_toml
from tabletop.core.messages import Message
from tabletop.core.model import GameState
from tabletop.core.position import PositionError
from tabletop.core.rules import GameRules, GameSetup, load_rules

__all__ = [
    "FACTS",
    "HISTORY_ACTIONS",
    "FactResult",
    "Scenario",
    "ScenarioError",
    "ScenarioReport",
    "Step",
    "StepResult",
    "build_setup",
    "check_facts",
    "load_scenario",
    "parse_scenario",
    "render_text",
    "run_scenario",
]

RulesLoader = Callable[[str], GameRules]

_TOP_KEYS = {"game", "seed", "first", "decks", "title", "description", "position", "step",
             "options"}
_STEP_KEYS = {"seat", "action", "args", "expect", "after", "note"}
#: Fact names allowed in ``[step.after]``.
FACTS = ("count", "zone", "contains", "where", "tapped", "untapped", "counters", "winner",
         "phase", "step", "turn", "active", "pending", "face_up", "face_down", "recovered",
         "damaged", "place", "derived", "result", "end_cause", "can_undo", "can_redo")
#: Step actions the runner carries out itself (the engine's undo and redo, ALL-H1)
#: instead of proposing them to the rules.
HISTORY_ACTIONS = ("undo", "redo")
_LABEL_LISTS = ("tapped", "untapped", "face_up", "face_down", "recovered", "damaged")
_PENDING_KEYS = {"seat", "kind", "options", "includes", "excludes"}


class ScenarioError(ValueError):
    """The scenario file itself is wrong (syntax, a missing or invalid field, an
    unknown game, zone, card label or deck). ``path``/``field``/``problem`` as in
    the message ``<file>: field '<field>': <problem>``.
    """

    def __init__(self, path: str | os.PathLike[str], field: str, problem: str) -> None:
        self.path, self.field, self.problem = str(path), field, problem
        where = f"field '{field}': " if field else ""
        super().__init__(f"{self.path}: {where}{problem}")


# --------------------------------------------------------------------------- parsed form


@dataclass(frozen=True)
class Step:
    """One ``[[step]]``: ``seat`` proposes ``action`` with ``args``; ``index`` is 1-based."""

    index: int
    seat: int
    action: str
    args: Mapping[str, Any]
    expect: str
    after: Mapping[str, Any]
    note: str = ""

    @property
    def where(self) -> str:
        """The field prefix naming this step in error messages, e.g. ``step[2]``."""
        return f"step[{self.index}]"


@dataclass(frozen=True)
class Scenario:
    """A parsed, checked scenario file (see ``docs/scenarios.md``)."""

    path: Path
    game: str
    seed: int
    first: int
    decks: Mapping[str, Any]
    title: Mapping[str, str]
    description: Mapping[str, str]
    position: Mapping[str, Any] | None
    steps: tuple[Step, ...]
    options: Mapping[str, Any] = field(default_factory=dict)

    def display_title(self, lang: str = "en") -> str:
        """The title in ``lang`` (English, then the file name, as fallbacks)."""
        return self.title.get(lang) or self.title.get("en") or self.path.stem


# --------------------------------------------------------------------------- results


@dataclass(frozen=True)
class FactResult:
    """One checked fact: ``name`` like ``count p1.deck``, ``ok``, and ``detail``
    (``"expected 3, got 2"`` style text)."""

    name: str
    ok: bool
    detail: str


@dataclass(frozen=True)
class StepResult:
    """The outcome of one step.

    ``status`` is ``"pass"``, ``"fail"`` or ``"skipped"``; ``got`` is
    ``"legal"``, a refusal reason code, ``"crash"`` or ``""`` (skipped);
    ``explanation`` says in plain words why a step failed (or the refusal
    message when it passed as expected). ``args`` are the arguments as
    proposed (labels replaced by instance ids); ``written`` as in the file.
    """

    index: int
    seat: int
    action: str
    args: Mapping[str, Any]
    expected: str
    got: str
    facts: tuple[FactResult, ...]
    status: str
    explanation: str = ""
    written: Mapping[str, Any] = field(default_factory=dict)

    @property
    def passed(self) -> bool:
        """True when the outcome and every fact held."""
        return self.status == "pass"


@dataclass
class ScenarioReport:
    """The result of :func:`run_scenario`. ``error`` is set when the set-up crashed."""

    scenario: Scenario
    steps: list[StepResult] = field(default_factory=list)
    error: str = ""
    game: Game | None = None

    @property
    def passed(self) -> bool:
        """True when the set-up worked and every step passed."""
        return not self.error and all(s.passed for s in self.steps)

    @property
    def failures(self) -> list[StepResult]:
        """The steps that failed (skipped steps are not failures)."""
        return [s for s in self.steps if s.status == "fail"]

    def lines(self) -> list[str]:
        """The report as text lines, one per step plus one per failed fact."""
        out: list[str] = []
        if self.error:
            out.append(f"  FAIL set-up: {self.error}")
        for step in self.steps:
            call = f"p{step.seat}.{step.action}({_format_args(step.written or step.args)})"
            if step.status == "pass":
                said = f" - {step.explanation}" if step.explanation else ""
                out.append(f"  ok   step {step.index}: {call} -> {step.got}{said}")
            elif step.status == "skipped":
                out.append(f"  skip step {step.index}: {call} (an earlier step went astray)")
            else:
                out.append(f"  FAIL step {step.index}: {call} -> {step.got or '?'}; "
                           f"{step.explanation}")
            for fact in step.facts:
                if not fact.ok:
                    out.append(f"       fact {fact.name}: {fact.detail}")
        return out


def _format_args(args: Mapping[str, Any]) -> str:
    return ", ".join(f"{k}={v!r}" for k, v in args.items())


# --------------------------------------------------------------------------- parsing


def load_scenario(path: str | os.PathLike[str]) -> Scenario:
    """Read and check a scenario file. Raises ScenarioError (file, field)."""
    where = Path(path)
    try:
        data = load_toml(where)
    except FileProblem as exc:
        raise ScenarioError(where, exc.field, exc.problem) from None
    return parse_scenario(data, where)


def _texts(where: Path, name: str, value: Any) -> dict[str, str]:
    if value is None:
        return {}
    if isinstance(value, str):
        return {"en": value}
    if not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values()):
        raise ScenarioError(where, name, 'expected a string or { en = "...", ja = "..." }')
    bad = set(value) - {"en", "ja"}
    if bad:
        raise ScenarioError(where, f"{name}.{sorted(bad)[0]}", "unknown language (use en, ja)")
    return dict(value)


def parse_scenario(data: Mapping[str, Any], path: str | os.PathLike[str]) -> Scenario:
    """Check parsed TOML ``data`` as a scenario. Raises ScenarioError (file, field)."""
    where = Path(path)
    unknown = set(data) - _TOP_KEYS
    if unknown:
        name = sorted(unknown)[0]
        hint = " (did you mean [[step]]?)" if name == "steps" else ""
        raise ScenarioError(where, name, f"unknown field{hint}")
    game = data.get("game")
    if not isinstance(game, str) or not game:
        raise ScenarioError(where, "game", "missing or not a string (e.g. game = \"arc\")")
    seed = data.get("seed", 1)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ScenarioError(where, "seed", f"expected an integer, got {seed!r}")
    first = data.get("first", 0)
    if first not in (0, 1) or isinstance(first, bool):
        raise ScenarioError(where, "first", f"expected 0 or 1, got {first!r}")
    decks = data.get("decks", {})
    if not isinstance(decks, dict):
        raise ScenarioError(where, "decks", "expected a table like { p0 = \"deck id\", ... }")
    for key, spec in decks.items():
        if key not in ("p0", "p1"):
            raise ScenarioError(where, f"decks.{key}", "expected p0 or p1")
        if not isinstance(spec, str | list | dict):
            raise ScenarioError(where, f"decks.{key}",
                                "expected a deck id, a list of card ids or a table of piles")
    if decks and set(decks) != {"p0", "p1"}:
        missing = ({"p0", "p1"} - set(decks)).pop()
        raise ScenarioError(where, f"decks.{missing}", "missing (give both decks or none)")
    position = data.get("position")
    if position is not None and not isinstance(position, dict):
        raise ScenarioError(where, "position", "expected a table")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise ScenarioError(where, "options", "expected a table")
    raw_steps = data.get("step", [])
    if not isinstance(raw_steps, list):
        raise ScenarioError(where, "step", "expected [[step]] tables")
    steps = tuple(_parse_step(where, n, raw) for n, raw in enumerate(raw_steps, start=1))
    return Scenario(where, game, seed, int(first), dict(decks),
                    _texts(where, "title", data.get("title")),
                    _texts(where, "description", data.get("description")),
                    position, steps, dict(options))


def _parse_step(where: Path, index: int, raw: Any) -> Step:
    name = f"step[{index}]"
    if not isinstance(raw, dict):
        raise ScenarioError(where, name, "expected a table")
    unknown = set(raw) - _STEP_KEYS
    if unknown:
        raise ScenarioError(where, f"{name}.{sorted(unknown)[0]}", "unknown field")
    seat = raw.get("seat")
    if seat not in (0, 1) or isinstance(seat, bool):
        raise ScenarioError(where, f"{name}.seat", f"expected 0 or 1, got {seat!r}")
    action = raw.get("action")
    if not isinstance(action, str) or not action:
        raise ScenarioError(where, f"{name}.action", "missing or not a string (an action kind)")
    args = raw.get("args", {})
    if not isinstance(args, dict):
        raise ScenarioError(where, f"{name}.args", "expected a table")
    if action in HISTORY_ACTIONS and args:
        raise ScenarioError(where, f"{name}.args", f"{action} takes no arguments (it takes "
                                                   "back or replays the seat's own action)")
    expect = raw.get("expect", "legal")
    if not isinstance(expect, str) or not expect:
        raise ScenarioError(where, f"{name}.expect",
                            "expected \"legal\" or a refusal reason code")
    after = raw.get("after", {})
    if not isinstance(after, dict):
        raise ScenarioError(where, f"{name}.after", "expected a table of facts")
    _check_fact_shapes(where, f"{name}.after", after)
    note = raw.get("note", "")
    if not isinstance(note, str):
        raise ScenarioError(where, f"{name}.note", "expected a string")
    return Step(index, int(seat), action, dict(args), expect, dict(after), note)


def _check_fact_shapes(where: Path, name: str, after: Mapping[str, Any]) -> None:
    for fact, value in after.items():
        field_name = f"{name}.{fact}"
        if fact not in FACTS:
            raise ScenarioError(where, field_name,
                                f"unknown fact (known: {', '.join(FACTS)})")
        if fact in ("count", "zone", "contains", "where", "counters") and not isinstance(
                value, dict):
            raise ScenarioError(where, field_name, "expected a table")
        if fact == "count":
            for zone, n in value.items():
                if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                    raise ScenarioError(where, f"{field_name}.{zone}",
                                        f"expected a card count, got {n!r}")
        elif fact in ("zone", "contains"):
            for zone, ids in value.items():
                if not isinstance(ids, list) or not all(isinstance(c, str) for c in ids):
                    raise ScenarioError(where, f"{field_name}.{zone}",
                                        "expected a list of card ids or \"$label\"s")
        elif fact == "where":
            for label, zone in value.items():
                if not isinstance(zone, str):
                    raise ScenarioError(where, f"{field_name}.{label}", "expected a zone id")
        elif fact in _LABEL_LISTS:
            if not isinstance(value, list) or not all(
                    isinstance(v, str) and v.startswith("$") for v in value):
                raise ScenarioError(where, field_name, "expected a list of \"$label\"s")
        elif fact == "place":
            if not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values()):
                raise ScenarioError(where, field_name,
                                    'expected a table like { "$card" = "front.left" }')
        elif fact == "derived":
            if not isinstance(value, dict) or not all(
                    isinstance(nums, dict) and all(
                        isinstance(n, int) and not isinstance(n, bool) for n in nums.values())
                    for nums in value.values()):
                raise ScenarioError(where, field_name,
                                    'expected a table like { "$card" = { power = 5 } }')
        elif fact == "result":
            if value not in ("win", "draw", "none"):
                raise ScenarioError(where, field_name,
                                    f'expected "win", "draw" or "none", got {value!r}')
        elif fact in ("can_undo", "can_redo"):
            if not isinstance(value, bool) and not (
                    isinstance(value, dict) and set(value) <= {"p0", "p1"}
                    and all(isinstance(v, bool) for v in value.values())):
                raise ScenarioError(where, field_name,
                                    "expected true/false (the step's seat) or "
                                    "{ p0 = true, p1 = false }")
        elif fact == "pending":
            _check_pending_shape(where, field_name, value)
        elif fact == "counters":
            for label, counts in value.items():
                if not isinstance(counts, dict) or not all(
                        isinstance(n, int) and not isinstance(n, bool) for n in counts.values()):
                    raise ScenarioError(where, f"{field_name}.{label}",
                                        "expected a table like { damage = 1 }")
        elif fact == "winner":
            if value not in (0, 1, "draw", "none") or isinstance(value, bool):
                raise ScenarioError(where, field_name,
                                    f"expected 0, 1, \"draw\" or \"none\", got {value!r}")
        elif fact in ("turn", "active"):
            if not isinstance(value, int) or isinstance(value, bool):
                raise ScenarioError(where, field_name, f"expected an integer, got {value!r}")
        elif not isinstance(value, str):  # phase, step, end_cause
            raise ScenarioError(where, field_name, f"expected a string, got {value!r}")


def _check_pending_shape(where: Path, name: str, value: Any) -> None:
    """``pending`` is a decision kind (``"none"``: nothing pending) or a table of
    ``seat``, ``kind``, ``options`` / ``includes`` / ``excludes`` (lists of option
    ids, ``$label`` texts or the options' words)."""
    if isinstance(value, str):
        return
    if not isinstance(value, dict):
        raise ScenarioError(where, name, 'expected a decision kind or a table like '
                                         '{ seat = 1, kind = "blockers", options = [...] }')
    unknown = set(value) - _PENDING_KEYS
    if unknown:
        raise ScenarioError(where, f"{name}.{sorted(unknown)[0]}",
                            f"unknown field (known: {', '.join(sorted(_PENDING_KEYS))})")
    seat = value.get("seat", 0)
    if seat not in (0, 1) or isinstance(seat, bool):
        raise ScenarioError(where, f"{name}.seat", f"expected 0 or 1, got {seat!r}")
    if not isinstance(value.get("kind", ""), str):
        raise ScenarioError(where, f"{name}.kind", "expected a decision kind")
    for key in ("options", "includes", "excludes"):
        entries = value.get(key, [])
        if not isinstance(entries, list) or not all(isinstance(e, str) for e in entries):
            raise ScenarioError(where, f"{name}.{key}",
                                "expected a list of options (ids, \"$label\" texts or words)")


# --------------------------------------------------------------------------- running


def _counted_pile(scenario: Scenario, name: str, ids: Mapping[str, Any]) -> list[str]:
    """A ``{ card_id = count }`` table as a list; counts are capped like deck files'
    (:data:`~tabletop.core.decks.MAX_COUNT`) before anything is expanded, so a typo of
    300,000,000 copies is refused instead of exhausting memory."""
    for cid, n in ids.items():
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_COUNT:
            shown = n if isinstance(n, int) and abs(n) < 10**12 else "a huge number"
            raise ScenarioError(scenario.path, f"{name}.{cid}",
                                f"expected a count from 1 to {MAX_COUNT}, got {shown!r}")
    return [cid for cid, n in ids.items() for _ in range(n)]


def _deck_piles(scenario: Scenario, seat_key: str, spec: Any,
                rules: GameRules | None = None) -> tuple[dict[str, list[str]], str]:
    name = f"decks.{seat_key}"
    if isinstance(spec, list):
        if not all(isinstance(c, str) for c in spec):
            raise ScenarioError(scenario.path, name, "expected a list of card ids")
        return {"cards": list(spec)}, "inline"
    if isinstance(spec, dict):
        piles: dict[str, list[str]] = {}
        for pile, ids in spec.items():
            if isinstance(ids, list) and all(isinstance(c, str) for c in ids):
                piles[pile] = list(ids)
            elif isinstance(ids, dict):
                piles[pile] = _counted_pile(scenario, f"{name}.{pile}", ids)
            else:
                raise ScenarioError(scenario.path, f"{name}.{pile}",
                                    "expected a list of card ids or a table { card_id = count }")
        return piles, "inline"
    from tabletop.resources import resource_path

    try:
        deck_file = resource_path("assets", "decks", scenario.game, f"{spec}.toml")
    except (FileNotFoundError, ValueError):
        raise ScenarioError(scenario.path, name,
                            f"no ready-made deck {spec!r} in assets/decks/{scenario.game}"
                            ) from None
    try:
        if rules is None:
            deck = load_deck(deck_file)
        else:
            deck = load_deck(deck_file, list(rules.cards), rules.deck_options)
    except DeckError as exc:
        raise ScenarioError(scenario.path, name, f"the deck file is broken: {exc}") from None
    return {pile: deck.card_list(pile) for pile in deck.sections}, deck.id


def build_setup(scenario: Scenario, rules: GameRules | None = None) -> GameSetup:
    """The :class:`GameSetup` a scenario starts from. Raises ScenarioError for a bad deck.

    With the game's ``rules``, a ready-made deck named by id is also checked
    against the game's card ids and deck options.
    """
    decks: list[dict[str, list[str]]] = []
    names: list[str] = []
    for key in ("p0", "p1"):
        if key in scenario.decks:
            piles, deck_name = _deck_piles(scenario, key, scenario.decks[key], rules)
            decks.append(piles)
            names.append(deck_name)
    return GameSetup(scenario.game, scenario.seed, scenario.first, tuple(decks), tuple(names),
                     scenario.position, dict(scenario.options))


_LABEL_IN_TEXT = re.compile(r"\$([A-Za-z_][A-Za-z0-9_]*)")


def _resolve(scenario: Scenario, name: str, value: Any, labels: Mapping[str, int],
             as_text: bool = False) -> Any:
    """Replace ``"$label"`` by the instance id (an int), and ``$label`` inside a longer
    string (decision options such as ``"$guard>$drake"``) by the id's digits.

    The entries of a ``choice`` list are decision options, which are strings in every
    game (``Decision.options``): there a whole ``"$label"`` becomes the id's digits
    too, so ``choice = ["$a", "$b"]`` answers a decision that offers those cards."""
    if isinstance(value, str) and "$" in value:
        def lookup(label: str) -> int:
            if label not in labels:
                known = ", ".join(f"${k}" for k in sorted(labels)) or "none"
                raise ScenarioError(scenario.path, name,
                                    f"unknown card label ${label} (labels: {known})")
            return labels[label]

        whole = _LABEL_IN_TEXT.fullmatch(value)
        if whole and not as_text:
            return lookup(whole.group(1))
        return _LABEL_IN_TEXT.sub(lambda m: str(lookup(m.group(1))), value)
    if isinstance(value, list):
        return [_resolve(scenario, f"{name}[{i}]", v, labels, as_text)
                for i, v in enumerate(value)]
    if isinstance(value, dict):
        return {k: _resolve(scenario, f"{name}.{k}", v, labels, as_text or k == "choice")
                for k, v in value.items()}
    return value


def render_text(message: Any, lang: str = "en", cards: Mapping[str, Any] | None = None) -> str:
    """A message (core or i18n ``Message``) as text; the key itself if no catalogue has it.

    With ``cards`` (a game's CardDb), card names (``card.<id>`` messages) are
    taken from the card data, where they live, rather than the catalogue.
    """
    if message is None:
        return ""
    try:
        from tabletop import i18n
    except ImportError:  # pragma: no cover - the catalogue module is optional here
        return message.key if isinstance(message, Message) else str(message)

    def convert(value: Any) -> Any:
        if isinstance(value, Message):
            if cards is not None and value.key.startswith("card.") and value.key[5:] in cards:
                return cards[value.key[5:]].display_name(lang)
            return i18n.Message(value.key, tuple((k, convert(v)) for k, v in value.params))
        if isinstance(value, list | tuple):
            return tuple(convert(v) for v in value)
        return value

    converted = convert(message)
    if isinstance(converted, i18n.Message):
        return converted.render(lang)
    return str(converted)


def _verdict_text(verdict: Verdict, cards: Mapping[str, Any] | None = None) -> str:
    text = render_text(verdict.message, cards=cards) if verdict.message is not None else ""
    if verdict.message is not None and text == verdict.message.key:
        text = ""  # no catalogue text: the reason code already says it
    rule = f" [{verdict.rule}]" if verdict.rule else ""
    return f"{text}{rule}".strip()


def run_scenario(source: str | os.PathLike[str] | Scenario,
                 rules_loader: RulesLoader = load_rules) -> ScenarioReport:
    """Play a scenario through its game's rules and report every step.

    ``source`` is a file path or a parsed :class:`Scenario`. Raises
    ScenarioError when the file is wrong (syntax, fields, unknown game, deck,
    zone or label, or a position the game rejects) or the game's own card or
    layout files are broken (the message names that file). A crash inside the rules
    does not raise: it is reported as a failed step (or ``report.error``).
    """
    scenario = source if isinstance(source, Scenario) else load_scenario(source)
    try:
        rules = rules_loader(scenario.game)
    except KeyError:
        raise ScenarioError(scenario.path, "game", f"unknown game {scenario.game!r}") from None
    except ValueError as exc:  # a broken card or layout file of the game: name it
        raise ScenarioError(scenario.path, "game", f"the data files of {scenario.game!r} are "
                                                   f"broken: {exc}") from None
    setup = build_setup(scenario, rules)
    report = ScenarioReport(scenario)
    try:
        game = Game(rules, setup)
    except PositionError as exc:
        raise ScenarioError(scenario.path, "position", str(exc)) from None
    except Exception as exc:  # a rules bug: report it, do not crash the runner
        report.error = f"the game could not be set up: {type(exc).__name__}: {exc}"
        return report
    report.game = game
    labels: dict[str, int] = dict(game.state.data.get("labels", {}))
    stopped = False
    for step in scenario.steps:
        args = _resolve(scenario, f"{step.where}.args", step.args, labels)
        if stopped:
            report.steps.append(StepResult(step.index, step.seat, step.action, args,
                                           step.expect, "", (), "skipped", "", step.args))
            continue
        result, stopped = _run_step(scenario, game, step, args, labels)
        result = replace(result, written=step.args)
        report.steps.append(result)
    return report


def _run_step(scenario: Scenario, game: Game, step: Step, args: dict[str, Any],
              labels: Mapping[str, int]) -> tuple[StepResult, bool]:
    """Run one step; return its result and whether later steps must be skipped."""
    action = Action.make(step.action, step.seat, **args)
    try:
        if step.action == "undo":
            verdict = game.undo(step.seat)
        elif step.action == "redo":
            verdict = game.redo(step.seat)
        else:
            verdict = game.propose(action)
    except Exception as exc:  # a rules bug must show up as a failure, not a crash
        return StepResult(step.index, step.seat, step.action, args, step.expect, "crash", (),
                          "fail", f"the rules crashed: {type(exc).__name__}: {exc}"), True
    got = "legal" if verdict.ok else verdict.reason
    expected = step.expect
    if got != expected:
        if expected == "legal":
            why = f"expected a legal action, but the rules refused it: {got}"
            text = _verdict_text(verdict, game.rules.cards)
            if text:
                why += f" ({text})"
            stop = True
        elif verdict.ok:
            why = (f"expected refusal {expected!r}, but the action was legal "
                   f"(and has been carried out)")
            stop = True
        else:
            why = f"expected refusal {expected!r}, got refusal {got!r}"
            text = _verdict_text(verdict, game.rules.cards)
            if text:
                why += f" ({text})"
            stop = False
        return StepResult(step.index, step.seat, step.action, args, expected, got, (), "fail",
                          why), stop
    facts = tuple(check_facts(scenario, step, game.state, labels, game))
    bad = [f for f in facts if not f.ok]
    if bad:
        why = "; ".join(f"{f.name}: {f.detail}" for f in bad)
        return StepResult(step.index, step.seat, step.action, args, expected, got, facts,
                          "fail", f"after the step, {why}"), False
    note = "" if verdict.ok else _verdict_text(verdict, game.rules.cards)
    return StepResult(step.index, step.seat, step.action, args, expected, got, facts, "pass",
                      note), False


def _zone(scenario: Scenario, state: GameState, name: str, zone_id: str) -> list[int]:
    if zone_id not in state.zones:
        known = ", ".join(sorted(state.zones))
        raise ScenarioError(scenario.path, name, f"no zone {zone_id!r} in this game "
                                                 f"(zones: {known})")
    return state.zones[zone_id].cards


def _label(scenario: Scenario, name: str, value: str, labels: Mapping[str, int]) -> int:
    iid = _resolve(scenario, name, value, labels)
    if not isinstance(iid, int):
        raise ScenarioError(scenario.path, name, f"expected a \"$label\", got {value!r}")
    return iid


def _card_ref(state: GameState, value: str, labels: Mapping[str, int],
              scenario: Scenario, name: str) -> str:
    """A fact entry as a card id: ``"$label"`` becomes the labelled card's id."""
    if value.startswith("$"):
        return state.cards[_label(scenario, name, value, labels)].card_id
    return value


def check_facts(scenario: Scenario, step: Step, state: GameState,
                labels: Mapping[str, int], game: Game | None = None) -> list[FactResult]:
    """Check the ``[step.after]`` facts of ``step`` against ``state``.

    ``game`` (whose ``state`` this is) answers the facts that need the rules or the
    history: ``place``, ``derived``, ``end_cause``, ``recovered``/``damaged``,
    ``pending`` options in words, ``can_undo``/``can_redo``. Raises ScenarioError for
    a fact naming an unknown zone or label, for a face word the game does not have,
    or for a fact that needs ``game`` when none is given.
    """
    results: list[FactResult] = []
    base = f"{step.where}.after"

    def add(name: str, ok: bool, expected: Any, got: Any) -> None:
        results.append(FactResult(name, ok, "holds" if ok else
                                  f"expected {expected!r}, got {got!r}"))

    for fact, value in step.after.items():
        name = f"{base}.{fact}"
        if fact == "count":
            for zone_id, n in value.items():
                cards = _zone(scenario, state, f"{name}.{zone_id}", zone_id)
                add(f"count {zone_id}", len(cards) == n, n, len(cards))
        elif fact == "zone":
            for zone_id, ids in value.items():
                cards = _zone(scenario, state, f"{name}.{zone_id}", zone_id)
                want = [_card_ref(state, c, labels, scenario, f"{name}.{zone_id}") for c in ids]
                have = [state.cards[i].card_id for i in cards]
                add(f"zone {zone_id}", want == have, want, have)
        elif fact == "contains":
            for zone_id, ids in value.items():
                cards = _zone(scenario, state, f"{name}.{zone_id}", zone_id)
                have_ids = [state.cards[i].card_id for i in cards]
                missing: list[str] = []
                pool = Counter(have_ids)
                for entry in ids:
                    if entry.startswith("$"):
                        if _label(scenario, f"{name}.{zone_id}", entry, labels) not in cards:
                            missing.append(entry)
                    elif pool[entry] > 0:
                        pool[entry] -= 1
                    else:
                        missing.append(entry)
                results.append(FactResult(
                    f"contains {zone_id}", not missing,
                    "holds" if not missing else f"missing {missing!r}; the zone holds "
                                                f"{have_ids!r}"))
        elif fact == "where":
            for label, zone_id in value.items():
                iid = _label(scenario, f"{name}.{label}", label, labels)
                _zone(scenario, state, f"{name}.{label}", zone_id)
                got = state.zone_of(iid)
                add(f"where {label}", got == zone_id, zone_id, got)
        elif fact in ("face_up", "face_down", "recovered", "damaged"):
            results += _face_facts(scenario, name, fact, value, state, labels, game)
        elif fact == "place":
            rules = _needs_game(scenario, name, game).rules
            for label, want in value.items():
                iid = _label(scenario, f"{name}.{label}", label, labels)
                got_place = rules.place_of(state, iid) or "none"
                add(f"place {label}", got_place == want, want, got_place)
        elif fact == "derived":
            rules = _needs_game(scenario, name, game).rules
            for label, nums in value.items():
                iid = _label(scenario, f"{name}.{label}", label, labels)
                have_nums = rules.derived(state, iid)
                unknown = sorted(set(nums) - set(have_nums))
                if unknown:
                    results.append(FactResult(
                        f"derived {label}", False,
                        f"the card has no number {unknown[0]!r} (it has: "
                        f"{', '.join(sorted(have_nums)) or 'none'})"))
                    continue
                got_nums = {k: have_nums[k] for k in nums}
                add(f"derived {label}", got_nums == dict(nums), dict(nums), got_nums)
        elif fact == "result":
            result = str(state.result) or "none"
            add("result", result == value, value, result)
        elif fact == "end_cause":
            rules = _needs_game(scenario, name, game).rules
            cause = rules.end_cause(state) if state.game_over else "none"
            add("end_cause", cause == value, value, cause)
        elif fact in ("can_undo", "can_redo"):
            history = _needs_game(scenario, name, game)
            ask = history.can_undo if fact == "can_undo" else history.can_redo
            wanted = {step.seat: value} if isinstance(value, bool) else {
                int(k[1]): v for k, v in value.items()}
            for seat, want in sorted(wanted.items()):
                add(f"{fact} p{seat}", ask(seat) == want, want, ask(seat))
        elif fact in ("tapped", "untapped"):
            for label in value:
                iid = _label(scenario, name, label, labels)
                tapped = state.cards[iid].tapped
                want_tapped = fact == "tapped"
                results.append(FactResult(
                    f"{fact} {label}", tapped == want_tapped,
                    "holds" if tapped == want_tapped else
                    f"expected {label} {fact}, but it is {'tapped' if tapped else 'untapped'}"))
        elif fact == "counters":
            for label, counts in value.items():
                iid = _label(scenario, f"{name}.{label}", label, labels)
                counters = state.cards[iid].counters
                want_counts = {k: int(v) for k, v in counts.items()}
                got_counts = {k: counters.get(k, 0) for k in want_counts}
                add(f"counters {label}", got_counts == want_counts, want_counts, got_counts)
        elif fact == "winner":
            if state.result == "":
                got_w: Any = "none"
            elif state.result == "draw":
                got_w = "draw"
            else:
                got_w = state.winner
            add("winner", got_w == value, value, got_w)
        elif fact == "pending" and isinstance(value, dict):
            results.append(_pending_fact(scenario, name, value, state, labels, game))
        elif fact == "pending":
            pending = state.pending
            got_p = "none" if pending is None else str(getattr(pending, "kind", pending))
            add("pending", got_p == value, value, got_p)
        else:  # phase, step, turn, active
            got_v = getattr(state, fact)
            add(fact, got_v == value, value, got_v)
    return results


def _needs_game(scenario: Scenario, name: str, game: Game | None) -> Game:
    if game is None:
        raise ScenarioError(scenario.path, name, "this fact needs the running game "
                                                 "(check_facts(..., game=...))")
    return game


def _face_facts(scenario: Scenario, name: str, fact: str, value: list[str], state: GameState,
                labels: Mapping[str, int], game: Game | None) -> list[FactResult]:
    """``face_up``/``face_down`` for any card; a game's own face words
    (``GameRules.face_words``, e.g. 絵師100人展's ``recovered``/``damaged``) only for
    cards standing on a place (``GameRules.place_of``)."""
    out: list[FactResult] = []
    words = {"face_up": True, "face_down": False}
    on_place = None
    if fact not in words:
        rules = _needs_game(scenario, name, game).rules
        if fact not in rules.face_words:
            known = ", ".join(["face_up", "face_down", *rules.face_words])
            raise ScenarioError(scenario.path, name, f"{rules.game_id} has no {fact} cards "
                                                     f"(face facts here: {known})")
        words = dict(rules.face_words)
        on_place = rules.place_of
    want = words[fact]
    opposite = next((w for w, up in words.items() if up != want), "")
    for label in value:
        iid = _label(scenario, name, label, labels)
        up = state.cards[iid].face_up
        if on_place is not None and on_place(state, iid) is None:
            out.append(FactResult(f"{fact} {label}", False,
                                  f"expected {label} {fact}, but it stands on no place "
                                  f"(it is in {state.zone_of(iid)})"))
            continue
        out.append(FactResult(f"{fact} {label}", up == want,
                              "holds" if up == want else
                              f"expected {label} {fact}, but it is {opposite}"))
    return out


def _option_texts(game: Game | None, state: GameState, decision: Any, option: str) -> set[str]:
    """Everything an option may be called in a scenario: its id and its words in
    each language (as the deciding seat reads them)."""
    names = {option}
    if game is None:
        return names
    from tabletop.core.refusals import option_words

    words = option_words(game.rules, state, decision, option)
    for lang in ("en", "ja"):
        names.add(render_text(words, lang, game.rules.cards))
    return names


def _option_shown(game: Game | None, state: GameState, decision: Any, option: str) -> str:
    """An option for a report: its English words, and its id when that differs."""
    if game is None:
        return option
    from tabletop.core.refusals import option_words

    words = render_text(option_words(game.rules, state, decision, option), "en",
                        game.rules.cards)
    return option if words == option else f"{words} [{option}]"


def _pending_fact(scenario: Scenario, name: str, value: Mapping[str, Any], state: GameState,
                  labels: Mapping[str, int], game: Game | None) -> FactResult:
    """The pending decision's seat, kind and options (see :func:`_check_pending_shape`)."""
    pending = state.pending
    if pending is None:
        return FactResult("pending", False, f"expected a decision {dict(value)!r}, but "
                                            "nothing is pending")
    problems: list[str] = []
    if "seat" in value and pending.seat != value["seat"]:
        problems.append(f"seat: expected {value['seat']}, got {pending.seat}")
    if "kind" in value and pending.kind != value["kind"]:
        problems.append(f"kind: expected {value['kind']!r}, got {pending.kind!r}")
    offered = {opt: _option_texts(game, state, pending, opt) for opt in pending.options}

    def matches(entry: str) -> list[str]:
        return [opt for opt, names in offered.items() if entry in names]

    shown = [_option_shown(game, state, pending, opt) for opt in pending.options]
    for key in ("options", "includes", "excludes"):
        if key not in value:
            continue
        entries = _resolve(scenario, f"{name}.{key}", list(value[key]), labels, as_text=True)
        found = {e: matches(e) for e in entries}
        if key == "excludes":
            bad = [e for e, hits in found.items() if hits]
            if bad:
                problems.append(f"excludes: {bad!r} offered")
            continue
        missing = [e for e, hits in found.items() if not hits]
        if missing:
            problems.append(f"{key}: {missing!r} not offered")
        if key == "options":
            covered = {opt for hits in found.values() for opt in hits}
            extra = [o for o in pending.options if o not in covered]
            if extra or len(entries) != len(pending.options):
                problems.append(f"options: expected exactly {entries!r}")
    if problems:
        return FactResult("pending", False,
                          "; ".join(problems) + f" (the decision: seat {pending.seat}, kind "
                                                f"{pending.kind!r}, options {shown!r})")
    return FactResult("pending", True, "holds")

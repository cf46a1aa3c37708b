"""The ability language shared by every game: a card's abilities as data (issue 15).

A card's ``[[card.ability]]`` tables say what the printed card says, in five
parts, each a *word* the game registered in its :class:`Vocabulary`:

* ``when``: the timing or trigger (``"on_set"`` or ``{ trigger = "start_of_turn",
  whose = "own" }``); a string is a word without parameters;
* ``if``: conditions, all of which must hold (``[{ condition = "hand_at_least", n = 3 }]``);
* ``whom``: the target (``{ target = "battle_card", side = "opponent", count = 1 }``);
  who chooses, and how many, are parameters of the target word;
* ``what``: the effects, carried out in order (``[{ effect = "damage", amount = 2 }]``);
* ``how_long``: ``"instant"`` (the default), ``"end_of_turn"``,
  ``"end_of_combat"``, ``"while_in_play"``, ``"permanent"`` or
  ``{ turns = 2, counted = "own" | "opponent" | "either" }``.

Each game registers its words once (:meth:`Vocabulary.trigger`, ``condition``,
``target``, ``effect``): the word's parameters, and for effects how to check,
resolve and value them. The rules, the bots, the coach and the card face all
read the same registry, so an effect is never spread over the schema, the rules,
the bot and the face. Parsing is strict: an unknown word or parameter, a wrong
kind or a duration the effect does not allow raises
:class:`~tabletop.core.cards.CardDataError` naming the file, the card and the
field path (``ability[0].what[1].amount``).

Effects with a duration are kept in force as :class:`Active` records;
:func:`tick` ends them at the boundaries the games report (the end of a turn,
of a combat, a source leaving play).

>>> from tabletop.core.abilities import Vocabulary, Param
>>> vocab: Vocabulary[object] = Vocabulary("demo")
>>> _ = vocab.trigger("on_play")
>>> _ = vocab.effect("draw", (Param("n", int, default=1, minimum=1),))
>>> raw = [{"when": "on_play", "what": [{"effect": "draw", "n": 2}]}]
>>> ability, = vocab.parse("demo.toml", "scout", raw)
>>> ability.when.word, ability.what[0]["n"], ability.how_long.duration
('on_play', 2, <Duration.INSTANT: 'instant'>)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any, Generic, TypeVar

from tabletop.core.actions import LEGAL, Verdict
from tabletop.core.cards import CardDataError, value_problem, wanted
from tabletop.core.messages import Message, msg

__all__ = [
    "Ability", "Active", "Boundary", "Counted", "Duration", "EffectSpec", "Lasting", "Param",
    "Part", "Use", "Vocabulary", "WordSpec", "tick",
]

Ctx = TypeVar("Ctx")


class Part(StrEnum):
    """The five parts of an ability; the catalogue keys ``ability.<game>.<part>.<word>``."""

    WHEN = "when"
    IF = "if"
    WHOM = "whom"
    WHAT = "what"
    HOW_LONG = "how_long"


#: The key that names the word in a part's table (``{ effect = "draw", n = 2 }``).
WORD_KEY: Mapping[Part, str] = {
    Part.WHEN: "trigger", Part.IF: "condition", Part.WHOM: "target", Part.WHAT: "effect",
}


class Duration(StrEnum):
    """How long an effect lasts (issue 15 "how long")."""

    INSTANT = "instant"
    END_OF_COMBAT = "end_of_combat"
    END_OF_TURN = "end_of_turn"
    WHILE_IN_PLAY = "while_in_play"
    TURNS = "turns"
    PERMANENT = "permanent"


class Counted(StrEnum):
    """Whose turns count down a duration of N turns (XENO-H5 counts the owner's)."""

    OWN = "own"
    OPPONENT = "opponent"
    EITHER = "either"


class Boundary(StrEnum):
    """A moment the game reports to :func:`tick`: lasting effects may end there."""

    END_OF_COMBAT = "end_of_combat"
    END_OF_TURN = "end_of_turn"
    LEFT_PLAY = "left_play"


@dataclass(frozen=True)
class Param:
    """One parameter of a word: its Python kind, default and limits.

    ``required`` parameters have no default. ``choices`` limits a value,
    ``item_choices`` the items of a list value. Integers are checked against
    ``minimum``/``maximum`` (inclusive).
    """

    name: str
    kind: type | tuple[type, ...]
    required: bool = False
    default: Any = None
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    item_choices: tuple[Any, ...] = ()


@dataclass(frozen=True)
class Use:
    """One use of a registered word on a card, with its parameters filled in.

    ``params`` holds every declared parameter (defaults filled); read them with
    ``use["amount"]`` or :meth:`number`.
    """

    word: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def __getitem__(self, key: str) -> Any:
        """A declared parameter; KeyError names the word when it has none."""
        try:
            return self.params[key]
        except KeyError:
            raise KeyError(f"word {self.word!r} has no parameter {key!r}") from None

    def get(self, key: str, default: Any = None) -> Any:
        """A parameter, or ``default`` when it is unset."""
        value = self.params.get(key)
        return default if value is None else value

    def number(self, key: str, default: int = 0) -> int:
        """An integer parameter, or ``default``."""
        value = self.params.get(key)
        return value if isinstance(value, int) and not isinstance(value, bool) else default


@dataclass(frozen=True)
class Lasting:
    """How long an ability's effects last: a :class:`Duration`, and for
    ``TURNS`` how many turns and whose turns count."""

    duration: Duration = Duration.INSTANT
    turns: int = 0
    counted: Counted = Counted.OWN


@dataclass(frozen=True)
class Ability:
    """One ability of a card: when, if, whom, what, how long (issue 15).

    ``index`` is the ability's place on its card (0 for the first), so a rule,
    a log line or an :class:`Active` can name "this card's second ability".
    """

    when: Use
    conditions: tuple[Use, ...] = ()
    whom: Use | None = None
    what: tuple[Use, ...] = ()
    how_long: Lasting = Lasting()
    index: int = 0


@dataclass(frozen=True)
class WordSpec(Generic[Ctx]):
    """A registered word: name, parameters, one line for the docs.

    Conditions carry ``test(ctx, use) -> bool``; targets carry
    ``candidates(ctx, use) -> instance ids`` (who chooses and how many are the
    target's own parameters). Triggers need neither: the game fires them.
    """

    part: Part
    name: str
    params: tuple[Param, ...] = ()
    doc: str = ""
    test: Callable[[Ctx, Use], bool] | None = None
    candidates: Callable[[Ctx, Use], Sequence[int]] | None = None


def _no_check(ctx: Any, use: Use, targets: Sequence[int]) -> Verdict:
    return LEGAL


def _no_value(ctx: Any, use: Use, targets: Sequence[int]) -> float:
    return 0.0


@dataclass(frozen=True)
class EffectSpec(WordSpec[Ctx]):
    """A registered effect: everything every part of the program needs of it.

    * ``resolve(ctx, use, targets)`` carries it out (targets: instance ids chosen
      for the ability's ``whom``, empty when it has none);
    * ``check(ctx, use, targets) -> Verdict`` refuses what may not be done now
      (beyond the target word's own candidates);
    * ``value(ctx, use, targets) -> float`` is the bots' estimate of its worth to
      the acting seat (positive: good for that seat), in the game's evaluation
      units;
    * ``needs_target``: an ability with this effect must say ``whom``;
    * ``durations``: the durations it may be given (instant only by default).

    Its words for the card face, the coach and the log are the catalogue entry
    ``ability.<game>.what.<name>``, formatted with its parameters.
    """

    resolve: Callable[[Ctx, Use, Sequence[int]], None] | None = None
    check: Callable[[Ctx, Use, Sequence[int]], Verdict] = _no_check
    value: Callable[[Ctx, Use, Sequence[int]], float] = _no_value
    needs_target: bool = False
    durations: frozenset[Duration] = frozenset({Duration.INSTANT})


class Vocabulary(Generic[Ctx]):
    """One game's ability words: the one registry of its triggers, conditions,
    targets and effects (issue 15). ``Ctx`` is the game's resolution context.

    Registering a name twice in one part raises ValueError (a misspelt second
    registration would silently shadow the first).
    """

    def __init__(self, game: str) -> None:
        self.game = game
        self._words: dict[Part, dict[str, WordSpec[Ctx]]] = {
            part: {} for part in (Part.WHEN, Part.IF, Part.WHOM, Part.WHAT)}

    # -- registration --------------------------------------------------------

    def _add(self, spec: WordSpec[Ctx]) -> WordSpec[Ctx]:
        table = self._words[spec.part]
        if spec.name in table:
            raise ValueError(f"{self.game}: {spec.part} word {spec.name!r} registered twice")
        table[spec.name] = spec
        return spec

    def trigger(self, name: str, params: tuple[Param, ...] = (), doc: str = "") -> WordSpec[Ctx]:
        """Register a timing or trigger word (the game fires it, see :meth:`triggered`)."""
        return self._add(WordSpec(Part.WHEN, name, params, doc))

    def condition(self, name: str, test: Callable[[Ctx, Use], bool],
                  params: tuple[Param, ...] = (), doc: str = "") -> WordSpec[Ctx]:
        """Register a condition word; ``test(ctx, use)`` says whether it holds."""
        return self._add(WordSpec(Part.IF, name, params, doc, test=test))

    def target(self, name: str, candidates: Callable[[Ctx, Use], Sequence[int]],
               params: tuple[Param, ...] = (), doc: str = "") -> WordSpec[Ctx]:
        """Register a target word; ``candidates(ctx, use)`` lists the instance ids
        that may be chosen (what lights up while dragging)."""
        return self._add(WordSpec(Part.WHOM, name, params, doc, candidates=candidates))

    def effect(self, name: str, params: tuple[Param, ...] = (), doc: str = "", *,
               resolve: Callable[[Ctx, Use, Sequence[int]], None] | None = None,
               check: Callable[[Ctx, Use, Sequence[int]], Verdict] = _no_check,
               value: Callable[[Ctx, Use, Sequence[int]], float] = _no_value,
               needs_target: bool = False,
               durations: frozenset[Duration] = frozenset({Duration.INSTANT}),
               instant: bool = True) -> EffectSpec[Ctx]:
        """Register an effect word (see :class:`EffectSpec` for the callables).
        ``instant=False``: an effect that only makes sense while it lasts (Arc's
        pump): ``how_long`` must be one of ``durations``, never instant."""
        spec: EffectSpec[Ctx] = EffectSpec(Part.WHAT, name, params, doc, resolve=resolve,
                                           check=check, value=value,
                                           needs_target=needs_target,
                                           durations=(durations | {Duration.INSTANT}
                                                      if instant else durations))
        self._add(spec)
        return spec

    # -- lookup --------------------------------------------------------------

    def words(self, part: Part) -> Mapping[str, WordSpec[Ctx]]:
        """The registered words of one part, by name (for docs and ``validate``)."""
        return self._words[part]

    def spec(self, part: Part, name: str) -> WordSpec[Ctx]:
        """The registered word ``name`` of ``part``; KeyError names game and part."""
        try:
            return self._words[part][name]
        except KeyError:
            raise KeyError(f"{self.game}: no {part} word {name!r}") from None

    def effect_spec(self, use: Use) -> EffectSpec[Ctx]:
        """The registered effect of ``use`` (a ``what`` entry)."""
        spec = self.spec(Part.WHAT, use.word)
        assert isinstance(spec, EffectSpec)
        return spec

    def holds(self, ctx: Ctx, ability: Ability) -> bool:
        """Do all of ``ability``'s conditions hold in ``ctx``?"""
        for use in ability.conditions:
            test = self.spec(Part.IF, use.word).test
            if test is not None and not test(ctx, use):
                return False
        return True

    def candidates(self, ctx: Ctx, ability: Ability) -> list[int]:
        """Instance ids that ``ability``'s ``whom`` may choose now (empty without one)."""
        if ability.whom is None:
            return []
        find = self.spec(Part.WHOM, ability.whom.word).candidates
        return list(find(ctx, ability.whom)) if find is not None else []

    def check(self, ctx: Ctx, ability: Ability, targets: Sequence[int]) -> Verdict:
        """The first refusal of any of ``ability``'s effects for ``targets``, or LEGAL."""
        for use in ability.what:
            verdict = self.effect_spec(use).check(ctx, use, targets)
            if not verdict:
                return verdict
        return LEGAL

    def resolve(self, ctx: Ctx, ability: Ability, targets: Sequence[int]) -> None:
        """Carry out ``ability``'s effects in order on ``targets``."""
        for use in ability.what:
            do = self.effect_spec(use).resolve
            if do is not None:
                do(ctx, use, targets)

    def value(self, ctx: Ctx, ability: Ability, targets: Sequence[int]) -> float:
        """The bots' estimate of ``ability``'s worth (sum over its effects)."""
        return sum(self.effect_spec(use).value(ctx, use, targets) for use in ability.what)

    @staticmethod
    def triggered(abilities: Sequence[Ability], trigger: str,
                  match: Callable[[Use], bool] | None = None) -> Iterator[Ability]:
        """The abilities among ``abilities`` whose ``when`` is ``trigger`` (and,
        when given, whose trigger parameters ``match`` accepts)."""
        for ability in abilities:
            if ability.when.word == trigger and (match is None or match(ability.when)):
                yield ability

    # -- words ---------------------------------------------------------------

    def describe_use(self, part: Part, use: Use) -> Message:
        """One word in plain words: catalogue ``ability.<game>.<part>.<word>``.

        A string parameter whose value has a catalogue entry
        ``ability.<game>.value.<value>`` is given as that text (an attribute's or a
        side's name in the reader's language), any other as it is. A value that reads
        differently (``amount = 0`` meaning "all") has its own entry
        ``ability.<game>.<part>.<word>__<param>_<value>``, used when present."""
        from tabletop.i18n import has_text

        params = {k: (msg(f"ability.{self.game}.value.{v}")
                      if isinstance(v, str) and v and has_text(f"ability.{self.game}.value.{v}")
                      else v) for k, v in use.params.items()}
        key = f"ability.{self.game}.{part}.{use.word}"
        for name, value in sorted(use.params.items()):
            if isinstance(value, (int, str)) and has_text(f"{key}__{name}_{value}"):
                return msg(f"{key}__{name}_{value}", **params)
        return msg(key, **params)

    def describe(self, ability: Ability) -> Message:
        """The whole ability in one sentence (card face, hover, coach, log):
        catalogue ``ability.sentence`` with ``when``, ``if``, ``whom``, ``what`` and
        ``how_long`` parts (empty parts are empty strings)."""
        what = [self.describe_use(Part.WHAT, u) for u in ability.what]
        conditions = [self.describe_use(Part.IF, u) for u in ability.conditions]
        return msg(
            "ability.sentence",
            when=self.describe_use(Part.WHEN, ability.when),
            cond=msg("ability.if", conditions=_joined(conditions)) if conditions else "",
            what=_joined(what),
            whom=(msg("ability.whom", target=self.describe_use(Part.WHOM, ability.whom))
                  if ability.whom is not None else ""),
            how_long=_lasting_msg(ability.how_long),
        )

    # -- parsing -------------------------------------------------------------

    def parse(self, file: str, cid: str, raw: Any, where: str = "ability") -> tuple[Ability, ...]:
        """The abilities of card ``cid`` from its ``ability`` value (a list of tables).

        Raises CardDataError(file, cid, "ability[i].<part>...", problem) for an
        unknown part, word or parameter, a wrong kind or value, a missing target
        for an effect that needs one, or a duration an effect does not allow (the
        first of :meth:`parse_each`'s problems).
        """
        sound, problems = self.parse_each(file, cid, raw, where)
        if problems:
            raise problems[0]
        return sound

    def parse_each(self, file: str, cid: str, raw: Any, where: str = "ability"
                   ) -> tuple[tuple[Ability, ...], tuple[CardDataError, ...]]:
        """Like :meth:`parse`, but ``(the sound abilities, every problem)``: each
        ability on its own and each part, word and parameter of it even after another
        one failed (a broken field does not hide the next one), so ``tabletop
        validate`` names them all. Problems come in field order."""
        if not isinstance(raw, list):
            return (), (CardDataError(file, cid, where, "expected [[card.ability]] tables"),)
        sound: list[Ability] = []
        problems: list[CardDataError] = []
        for i, entry in enumerate(raw):
            ability = self._parse_one(file, cid, entry, f"{where}[{i}]", i, problems)
            if ability is not None:
                sound.append(ability)
        return tuple(sound), tuple(problems)

    def _parse_one(self, file: str, cid: str, entry: Any, where: str, index: int,
                   problems: list[CardDataError]) -> Ability | None:
        """One ability table, or None when it is broken (each problem appended)."""
        before = len(problems)

        def bad(at: str, problem: str) -> None:
            problems.append(CardDataError(file, cid, at, problem))

        if not isinstance(entry, dict):
            bad(where, "expected a table")
            return None
        known = {str(p) for p in Part}
        for extra in sorted(set(entry) - known):
            bad(f"{where}.{extra}", "unknown part (expected when, if, whom, what, how_long)")
        when: Use | None = None
        if "when" not in entry:
            bad(f"{where}.when", "missing: one of " + ", ".join(sorted(self._words[Part.WHEN])))
        else:
            when = self._use(file, cid, Part.WHEN, entry["when"], f"{where}.when", problems)
        conditions = [self._use(file, cid, Part.IF, raw, f"{where}.if[{i}]", problems)
                      for i, raw in enumerate(_listed(file, cid, entry.get("if", []),
                                                      f"{where}.if", problems))]
        whom = (self._use(file, cid, Part.WHOM, entry["whom"], f"{where}.whom", problems)
                if "whom" in entry else None)
        raw_what = _listed(file, cid, entry.get("what", []), f"{where}.what", problems)
        if not raw_what and "what" not in entry:
            bad(f"{where}.what", "missing: an ability does something (effects: "
                + ", ".join(sorted(self._words[Part.WHAT])) + ")")
        elif not raw_what and isinstance(entry.get("what"), list):
            bad(f"{where}.what", "missing: an ability does something (an empty list)")
        what = [self._use(file, cid, Part.WHAT, raw, f"{where}.what[{i}]", problems)
                for i, raw in enumerate(raw_what)]
        written = "how_long" in entry
        lasting = _parse_lasting(file, cid, entry.get("how_long", "instant"),
                                 f"{where}.how_long", problems)
        # An effect word known but with a broken parameter still says whether it
        # needs a target and how long it may last: those problems are told too.
        for raw in raw_what:
            word = raw if isinstance(raw, str) else raw.get(WORD_KEY[Part.WHAT]) \
                if isinstance(raw, dict) else None
            spec = self._words[Part.WHAT].get(word) if isinstance(word, str) else None
            if not isinstance(spec, EffectSpec):
                continue
            if spec.needs_target and "whom" not in entry:
                bad(f"{where}.whom", f"missing: effect {word!r} needs a target")
            if lasting is not None and lasting.duration not in spec.durations:
                allowed = ", ".join(sorted(str(d) for d in spec.durations))
                if not written:
                    bad(f"{where}.how_long", f"missing: effect {word!r} lasts: write "
                        f"how_long = one of {allowed}")
                else:
                    bad(f"{where}.how_long", f"effect {word!r} lasts only {allowed}, "
                        f"got {_lasting_word(lasting)}")
        if len(problems) > before or when is None:
            return None
        return Ability(when, tuple(u for u in conditions if u is not None), whom,
                       tuple(u for u in what if u is not None), lasting or Lasting(), index)

    def _use(self, file: str, cid: str, part: Part, raw: Any, where: str,
             problems: list[CardDataError]) -> Use | None:
        """One word with its parameters, or None when it is broken (each problem of
        it appended: every unknown parameter, every bad or missing value)."""
        def bad(at: str, problem: str) -> None:
            problems.append(CardDataError(file, cid, at, problem))

        key = WORD_KEY[part]
        table = self._words[part]
        known_words = ", ".join(sorted(table)) or "(none)"
        given: dict[str, Any] = {}
        if isinstance(raw, str):
            name = raw
        elif isinstance(raw, dict):
            word = raw.get(key)
            if not isinstance(word, str):
                bad(f"{where}.{key}", f"missing or not a text: one of {known_words}")
                return None
            name, given = word, {k: v for k, v in raw.items() if k != key}
        else:
            bad(where, f"expected a word or a table like {{ {key} = \"...\" }}")
            return None
        if name not in table:
            bad(where, f"unknown {key} {name!r}; known: {known_words}")
            return None
        spec = table[name]
        declared = {p.name: p for p in spec.params}
        before = len(problems)
        for extra in sorted(set(given) - set(declared)):
            allowed = ", ".join(sorted(declared)) or "none"
            bad(f"{where}.{extra}", f"unknown parameter of {name!r} (it takes {allowed})")
        values: dict[str, Any] = {}
        for p in spec.params:
            if p.name in given:
                problem = value_problem(p.kind, given[p.name], p.choices, p.minimum, p.maximum,
                                        p.item_choices)
                if problem:
                    bad(f"{where}.{p.name}", problem)
                else:
                    value = given[p.name]
                    values[p.name] = tuple(value) if isinstance(value, list) else value
            elif p.required:
                bad(f"{where}.{p.name}",
                    "missing: " + wanted(p.kind, p.choices, p.minimum, p.maximum))
            else:
                values[p.name] = p.default
        return None if len(problems) > before else Use(name, values)


def _listed(file: str, cid: str, raw: Any, where: str,
            problems: list[CardDataError]) -> list[Any]:
    if isinstance(raw, (str, dict)):
        return [raw]
    if not isinstance(raw, list):
        problems.append(CardDataError(file, cid, where, "expected a word, a table or a list"))
        return []
    return raw


def _lasting_word(lasting: Lasting) -> str:
    if lasting.duration is Duration.TURNS:
        return f"{{ turns = {lasting.turns} }}"
    return repr(str(lasting.duration))


def _parse_lasting(file: str, cid: str, raw: Any, where: str,
                   problems: list[CardDataError]) -> Lasting | None:
    """A ``how_long`` value, or None when it is broken (each problem appended)."""
    def bad(at: str, problem: str) -> None:
        problems.append(CardDataError(file, cid, at, problem))

    if isinstance(raw, str):
        if raw not in set(Duration) - {Duration.TURNS}:
            allowed = ", ".join(str(d) for d in Duration if d is not Duration.TURNS)
            bad(where, f"expected one of {allowed} or {{ turns = N }}, got {raw!r}")
            return None
        return Lasting(Duration(raw))
    if isinstance(raw, dict):
        before = len(problems)
        for extra in sorted(set(raw) - {"turns", "counted"}):
            bad(f"{where}.{extra}", "unknown (expected turns, counted)")
        turns = raw.get("turns")
        problem = ("missing: an integer from 1 to 20" if turns is None else
                   value_problem(int, turns, minimum=1, maximum=20))
        if problem:
            bad(f"{where}.turns", problem)
        counted = raw.get("counted", "own")
        if not isinstance(counted, str) or counted not in set(Counted):  # a list: unhashable
            bad(f"{where}.counted", f"expected own, opponent or either, got {counted!r}")
        if len(problems) > before or not isinstance(turns, int):
            return None
        return Lasting(Duration.TURNS, turns, Counted(counted))
    bad(where, "expected a duration word or { turns = N }")
    return None


def _joined(parts: Sequence[Message]) -> Message | str:
    if not parts:
        return ""
    out: Message | str = parts[0]
    for part in parts[1:]:
        out = msg("ability.and", a=out, b=part)
    return out


def _lasting_msg(lasting: Lasting) -> Message | str:
    if lasting.duration is Duration.INSTANT:
        return ""
    if lasting.duration is Duration.TURNS:
        return msg(f"ability.turns.{lasting.counted}", n=lasting.turns)
    return msg(f"ability.lasting.{lasting.duration}")


# -- effects in force --------------------------------------------------------


@dataclass(frozen=True)
class Active:
    """An effect in force: ``effect`` of card instance ``source`` (owned by seat
    ``owner``) on ``targets`` (instance ids, or none for a seat-wide effect),
    ending as ``lasting`` says. ``left`` counts the turns still to run for a
    ``TURNS`` duration. Frozen, so a state copy shares it."""

    source: int
    owner: int
    effect: Use
    targets: tuple[int, ...] = ()
    lasting: Lasting = Lasting()
    left: int = 0

    @classmethod
    def start(cls, source: int, owner: int, effect: Use, targets: Sequence[int],
              lasting: Lasting) -> Active:
        """An effect put in force now (``left`` set from ``lasting.turns``)."""
        return cls(source, owner, effect, tuple(targets), lasting, lasting.turns)


def tick(actives: Sequence[Active], boundary: Boundary, turn_seat: int = -1,
         left_play: frozenset[int] = frozenset()) -> tuple[tuple[Active, ...], tuple[Active, ...]]:
    """``(still in force, ended)`` after ``boundary``.

    * END_OF_COMBAT ends ``end_of_combat`` effects;
    * END_OF_TURN (of seat ``turn_seat``) ends ``end_of_combat`` and
      ``end_of_turn`` effects and counts one turn off ``turns`` effects whose
      ``counted`` matches that seat (own: the effect owner's turn);
    * LEFT_PLAY ends ``while_in_play`` effects whose source is in ``left_play``,
      and every effect on a target that left (its target is gone).
    ``permanent`` effects end only with their target.
    """
    kept: list[Active] = []
    ended: list[Active] = []
    for active in actives:
        after = _after(active, boundary, turn_seat, left_play)
        (kept if after is not None else ended).append(after if after is not None else active)
    return tuple(kept), tuple(ended)


def _after(active: Active, boundary: Boundary, turn_seat: int,
           left_play: frozenset[int]) -> Active | None:
    d = active.lasting.duration
    if boundary is Boundary.LEFT_PLAY:
        if d is Duration.WHILE_IN_PLAY and active.source in left_play:
            return None
        if active.targets and set(active.targets) <= left_play:
            return None
        return active
    if d is Duration.END_OF_COMBAT:
        return None
    if boundary is Boundary.END_OF_COMBAT:
        return active
    if d is Duration.END_OF_TURN:
        return None
    if d is Duration.TURNS:
        counted = active.lasting.counted
        counts = (counted is Counted.EITHER
                  or (counted is Counted.OWN) == (turn_seat == active.owner))
        if counts:
            left = active.left - 1
            return None if left <= 0 else replace(active, left=left)
    return active

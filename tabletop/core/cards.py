"""Card definitions loaded from ``assets/cards/<game>/*.toml`` and validated.

A card file holds ``[[card]]`` tables. Every card has ``id`` (unique within the
game), ``type``, ``name = { en = "...", ja = "..." }`` and optionally
``text = { en = "...", ja = "..." }``; the other fields are declared by the
game's schema (:class:`FieldSpec` per card type). A bad file raises
:class:`CardDataError` naming the file, the card id and the field.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast, overload

from tabletop.core.files import FileProblem, load_toml
from tabletop.core.text_chars import control_problem

if TYPE_CHECKING:
    from tabletop.core.abilities import Ability, Vocabulary

LANGS = ("en", "ja")


class CardDataError(ValueError):
    """A card file is broken. The message names the file, the card and the field."""

    def __init__(self, file: str, card: str, fieldname: str, problem: str) -> None:
        self.file, self.card, self.field, self.problem = file, card, fieldname, problem
        where = f"card {card!r}" if card else "file"
        super().__init__(f"{file}: {where}: field {fieldname!r}: {problem}")


class CardProblems(CardDataError):
    """Several problems of one card at once (a game's own check that looks at every
    field, e.g. 絵師100人展's four connectors): it reads as the first of
    ``problems``, so a loader that stops at the first is told that one, and
    ``tabletop validate`` lists them all."""

    def __init__(self, problems: Sequence[CardDataError]) -> None:
        first = problems[0]
        super().__init__(first.file, first.card, first.field, first.problem)
        self.problems: tuple[CardDataError, ...] = tuple(problems)


@dataclass(frozen=True)
class FieldSpec:
    """One allowed card field: its Python type, whether required, and limits."""

    kind: type | tuple[type, ...]
    required: bool = True
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    default: Any = None
    item_choices: tuple[Any, ...] = ()


@dataclass(frozen=True)
class CardDef:
    """A card as printed: identity, names in each language, type and game fields.

    ``fields`` holds the game-specific values (costs, power, colour...) after
    validation, with defaults filled in. ``source`` is the file it came from.
    ``abilities`` are its ``[[card.ability]]`` tables parsed by the game's
    :class:`~tabletop.core.abilities.Vocabulary` (issue 15). ``same_as`` names the
    card this one is a printing of (empty: the English name decides, see
    :attr:`same_key`).
    """

    id: str
    game: str
    type: str
    name: Mapping[str, str]
    text: Mapping[str, str] = field(default_factory=dict)
    fields: Mapping[str, Any] = field(default_factory=dict)
    source: str = ""
    abilities: tuple[Ability, ...] = ()
    same_as: str = ""

    @property
    def same_key(self) -> str:
        """What makes two printings "the same card" for copy limits and
        uniqueness (issue 15): the explicit ``same_as``, else the English name."""
        return self.same_as or self.name["en"]

    def __getitem__(self, key: str) -> Any:
        """A field this card's type declares (``card["cost"]``).

        Only for fields the card is known to have: its type was checked first.
        Rules that read a field because of *where* a card lies read it with
        :meth:`number` or :meth:`get` (see there). Raises KeyError naming the
        card and the field when the card has none.
        """
        try:
            return self.fields[key]
        except KeyError:
            raise KeyError(f"card {self.id!r} (type {self.type!r}) has no field {key!r}") \
                from None

    def get(self, key: str, default: Any = None) -> Any:
        """A game field, or ``default`` when the card does not have it."""
        return self.fields.get(key, default)

    def has(self, key: str) -> bool:
        """Does the card carry the game field ``key`` (declared by its type, set)?"""
        return self.fields.get(key) is not None

    @overload
    def number(self, key: str) -> int | None: ...

    @overload
    def number(self, key: str, default: int) -> int: ...

    def number(self, key: str, default: int | None = None) -> int | None:
        """The integer field ``key``, or ``default`` (None) when the card has none.

        The one way the rules and the windows read a number that a card may lack.
        Free mode (ALL-R3) lets a player put any card anywhere a card can lie on a
        real table, so a card in a place is not always of the type that place is
        for: an Arc resource in the character row has no ``power``, a Conan Move in
        a Chronicle no ``renown``, a Xenocard event on a battle slot no ``hp``. Such
        a card has none of that number: ``None`` lets a rule say "cannot attack",
        "not a battle card", "nothing to show"; ``default`` (usually 0) suits sums
        and bonuses ("no renown" adds nothing). House ruling ALL-H5.
        """
        value = self.fields.get(key)
        if isinstance(value, bool) or not isinstance(value, int):
            return default
        return value

    def display_name(self, lang: str) -> str:
        """The card's name in ``lang``, falling back to English."""
        return self.name.get(lang) or self.name["en"]


Schema = Mapping[str, Mapping[str, FieldSpec]]


def _check_value(file: str, cid: str, name: str, spec: FieldSpec, value: Any) -> Any:
    problem = value_problem(spec.kind, value, spec.choices, spec.minimum, spec.maximum,
                            spec.item_choices)
    if problem:
        raise CardDataError(file, cid, name, problem)
    return value


_KIND_NAMES: Mapping[type, str] = {int: "an integer", str: "a text", bool: "true or false",
                                   list: "a list", dict: "a table", float: "a number"}


def _kind_name(kinds: Iterable[type]) -> str:
    return " or ".join(_KIND_NAMES.get(k, k.__name__) for k in kinds)


def wanted(kind: type | tuple[type, ...], choices: tuple[Any, ...] = (),
           minimum: int | None = None, maximum: int | None = None) -> str:
    """What a field or parameter wants, in words: ``"an integer from 0 to 99"``,
    ``"one of 'red', 'green', 'blue'"``, ``"a text"`` (the one wording every card
    problem uses, :func:`value_problem` and a missing value)."""
    if choices:
        return "one of " + ", ".join(repr(c) for c in choices)
    kinds = kind if isinstance(kind, tuple) else (kind,)
    words = _kind_name(kinds)
    if int in kinds and (minimum is not None or maximum is not None):
        if minimum is not None and maximum is not None:
            words += f" from {minimum} to {maximum}"
        elif minimum is not None:
            words += f" of at least {minimum}"
        else:
            words += f" of at most {maximum}"
    return words


def value_problem(kind: type | tuple[type, ...], value: Any, choices: tuple[Any, ...] = (),
                  minimum: int | None = None, maximum: int | None = None,
                  item_choices: tuple[Any, ...] = ()) -> str:
    """What is wrong with ``value`` for a field or parameter of ``kind`` and limits, or
    ``""``. One wording for card fields and ability parameters: the kind and range
    wanted, and for a number written in quotes (``"2"``) "write 2 without quotes"."""
    kinds = kind if isinstance(kind, tuple) else (kind,)
    want = wanted(kind, choices, minimum, maximum)
    if (isinstance(value, bool) and bool not in kinds) or not isinstance(value, kinds):
        hint = ""
        if isinstance(value, str):
            bare = value.strip()
            if ((int in kinds and bare.lstrip("+-").isdigit())
                    or (bool in kinds and bare in ("true", "false"))):
                hint = f": write {bare} without quotes"
        return f"expected {want}, got {value!r}{hint}"
    if isinstance(value, str) and control_problem(value):
        return control_problem(value)
    if choices and value not in choices:
        return f"expected {want}, got {value!r}"
    if isinstance(value, int) and not isinstance(value, bool) and (
            (minimum is not None and value < minimum) or (maximum is not None and value > maximum)):
        return f"expected {want}, got {value}"
    if isinstance(value, list) and item_choices:
        for item in value:
            if item not in item_choices:
                allowed = ", ".join(repr(c) for c in item_choices)
                return f"items must be among {allowed}, got {item!r}"
    return ""


def _texts(file: str, cid: str, name: str, value: Any, required: bool) -> dict[str, str]:
    """A ``{ en = ..., ja = ... }`` table. One language alone is enough: the other one
    falls back to it (a club's Japanese-only card reads the same in both)."""
    if value is None and not required:
        return {}
    if not isinstance(value, dict):
        raise CardDataError(file, cid, name, "expected a table like { en = \"...\", ja = \"...\" }")
    unknown = set(value) - set(LANGS)
    if unknown:
        raise CardDataError(file, cid, f"{name}.{sorted(unknown)[0]}",
                            "unknown language (expected " + ", ".join(LANGS) + ")")
    for lang in LANGS:
        if lang in value and not isinstance(value[lang], str):
            raise CardDataError(file, cid, f"{name}.{lang}",
                                f"expected a text, got {value[lang]!r}")
        if lang in value and control_problem(value[lang]):  # QA16 #3: no font draws a NUL
            raise CardDataError(file, cid, f"{name}.{lang}", control_problem(value[lang]))
    given = [lang for lang in LANGS if isinstance(value.get(lang), str) and value[lang].strip()]
    if not given and not required:  # QA15b #10: an empty optional text may be left out
        raise CardDataError(file, cid, name, "empty: write a text in at least one language "
                            "(en = \"...\" or ja = \"...\"), or leave the field out "
                            f"(a card without {name} is fine)")
    if not given:
        raise CardDataError(file, cid, name, "missing: a text in at least one language "
                            "(en = \"...\" or ja = \"...\")")
    return {lang: value[lang] if lang in given else value[given[0]] for lang in LANGS}


def parse_cards(data: Mapping[str, Any], file: str, game: str, schema: Schema,
                vocabulary: Vocabulary[Any] | None = None) -> list[CardDef]:
    """Validate the parsed TOML of one card file and return its cards.

    ``ability`` tables are parsed by ``vocabulary`` (a game without one refuses
    them); ``same_as`` is an optional string. Raises CardDataError (file, card
    id, field) for the first problem (:func:`collect_cards` gives every one).
    """
    cards, problems = collect_cards(data, file, game, schema, vocabulary, stop=True)
    if problems:
        raise problems[0]
    return cards


def collect_cards(data: Mapping[str, Any], file: str, game: str, schema: Schema,
                  vocabulary: Vocabulary[Any] | None = None, stop: bool = False,
                  broken: list[CardDef] | None = None,
                  ) -> tuple[list[CardDef], list[CardDataError]]:
    """Like :func:`parse_cards`, but ``(sound cards, every problem)``: a broken card
    is left out and the next one read, and each field of a card is checked even
    after another field failed (``tabletop validate`` prints them all). ``stop``:
    end at the first broken card (what :func:`parse_cards` raises). ``broken``, when
    given, receives each broken card that has an id and a type (its sound fields
    only), so the checks across cards (an id twice, ``same_as``) see it too."""
    problems: list[CardDataError] = []
    unknown_top = set(data) - {"card"}
    if unknown_top:
        problems.append(CardDataError(file, "", sorted(unknown_top)[0], "unknown top-level key"))
        if stop:
            return [], problems
    entries = data.get("card", [])
    if not isinstance(entries, list):
        return [], [*problems, CardDataError(file, "", "card", "expected [[card]] tables")]
    cards: list[CardDef] = []
    for index, entry in enumerate(entries):
        found: list[CardDataError] = []
        card = _parse_card(entry, index, file, game, schema, vocabulary, found)
        problems.extend(found)
        if card is not None and not found:
            cards.append(card)
        elif card is not None and broken is not None:
            broken.append(card)
        if found and stop:
            break
    return cards, problems


def _parse_card(entry: Any, index: int, file: str, game: str, schema: Schema,
                vocabulary: Vocabulary[Any] | None, problems: list[CardDataError],
                ) -> CardDef | None:
    """One ``[[card]]`` table as a card; each problem appended to ``problems`` in
    field order (id and type first: without them nothing else can be checked)."""
    label = f"#{index + 1}"
    if not isinstance(entry, dict):
        problems.append(CardDataError(file, label, "card", "expected a table"))
        return None
    cid = entry.get("id")
    if not isinstance(cid, str) or not cid.strip():
        problems.append(CardDataError(file, label, "id", "missing or not a string"))
        return None
    ctype = entry.get("type")
    if ctype not in schema:
        allowed = ", ".join(repr(t) for t in schema)
        problems.append(CardDataError(file, cid, "type",
                                      f"expected one of {allowed}, got {ctype!r}"))
        return None
    ctype = cast(str, ctype)  # it is one of the schema's type names
    specs = schema[ctype]

    def checked(fn: Callable[[], Any], fallback: Any) -> Any:
        try:
            return fn()
        except CardDataError as exc:
            problems.append(exc)
            return fallback

    name = checked(lambda: _texts(file, cid, "name", entry.get("name"), True), {})
    text = checked(lambda: _texts(file, cid, "text", entry.get("text"), False), {})
    values: dict[str, Any] = {}
    for fname, spec in specs.items():
        if fname in entry:
            try:
                values[fname] = _check_value(file, cid, fname, spec, entry[fname])
            except CardDataError as exc:
                problems.append(exc)
        elif spec.required:
            problems.append(CardDataError(file, cid, fname, "missing: " + wanted(
                spec.kind, spec.choices, spec.minimum, spec.maximum)))
        else:
            values[fname] = spec.default
    extra = set(entry) - set(specs) - {"id", "type", "name", "text", "ability", "same_as"}
    for fname in sorted(extra):
        problems.append(CardDataError(file, cid, fname,
                                      f"unknown field for {_article(ctype)} {ctype} card"))
    abilities: tuple[Ability, ...] = ()
    if "ability" in entry:
        if vocabulary is None:
            problems.append(CardDataError(file, cid, "ability", "this game has no ability words"))
        else:
            abilities, broken = vocabulary.parse_each(file, cid, entry["ability"])
            problems.extend(broken)
    same_as = entry.get("same_as", "")
    if not isinstance(same_as, str):
        problems.append(CardDataError(file, cid, "same_as",
                                      f"expected a string, got {same_as!r}"))
        same_as = ""
    return CardDef(cid, game, ctype, name, text, values, file, abilities, same_as.strip())


def _article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


class CardDb(Mapping[str, CardDef]):
    """All card definitions of one game, by id."""

    def __init__(self, game: str, cards: Iterable[CardDef]) -> None:
        self.game = game
        self._cards: dict[str, CardDef] = {}
        for card in cards:
            if card.id in self._cards:
                first = self._cards[card.id].source
                raise CardDataError(card.source, card.id, "id", f"duplicate id (also in {first})")
            self._cards[card.id] = card

    def __getitem__(self, key: str) -> CardDef:
        return self._cards[key]

    def __iter__(self) -> Any:
        return iter(self._cards)

    def __len__(self) -> int:
        return len(self._cards)


def load_card_files(paths: Iterable[Path], game: str, schema: Schema,
                    vocabulary: Vocabulary[Any] | None = None) -> CardDb:
    """Load and validate every card file given (abilities by ``vocabulary``);
    raises CardDataError."""
    cards: list[CardDef] = []
    for path in sorted(paths):
        label = str(path)
        try:
            data = load_toml(path)
        except FileProblem as exc:
            raise CardDataError(label, "", exc.field or "(file)", exc.problem) from None
        cards.extend(parse_cards(data, label, game, schema, vocabulary))
    return CardDb(game, cards)


def load_card_dir(folder: Path, game: str, schema: Schema,
                  vocabulary: Vocabulary[Any] | None = None) -> CardDb:
    """Load every ``*.toml`` file in ``folder`` (see :func:`load_card_files`): a
    game's whole set, so a ``same_as`` naming no card of it is an error too
    (:func:`same_as_problems`)."""
    db = load_card_files(folder.glob("*.toml"), game, schema, vocabulary)
    problems = same_as_problems(db.values())
    if problems:
        raise problems[0]
    return db


def same_as_problems(cards: Iterable[CardDef], among: Iterable[CardDef] = ()
                     ) -> list[CardDataError]:
    """A problem (file, card, field ``same_as``) for each of ``cards`` whose
    ``same_as`` names no other card of the game (``among``: the game's other cards,
    e.g. its own set when ``cards`` are a user's), or names a card that is itself a
    printing of another one (``same_key`` would then differ: the chain must name
    the first card). ``same_as`` is an English name; an id is pointed out."""
    mine = list(cards)
    everyone = {c.id: c for c in (*among, *mine)}
    by_name: dict[str, list[CardDef]] = {}
    for card in everyone.values():
        by_name.setdefault(card.name.get("en", ""), []).append(card)
    problems: list[CardDataError] = []
    for card in mine:
        if not card.same_as:
            continue
        named = [c for c in by_name.get(card.same_as, []) if c.id != card.id]
        if not named:
            hint = ""
            if card.same_as in everyone:
                hint = (f" ({card.same_as!r} is a card id: write its English name, "
                        f"same_as = {everyone[card.same_as].name['en']!r})")
            problems.append(CardDataError(card.source, card.id, "same_as",
                                          f"names no card of {card.game}: expected the "
                                          f"English name of the card this is a printing of"
                                          f"{hint}"))
            continue
        first = named[0]
        if first.same_key != card.same_as:
            problems.append(CardDataError(card.source, card.id, "same_as",
                                          f"{card.same_as!r} is itself a printing of "
                                          f"{first.same_key!r}: write same_as = "
                                          f"{first.same_key!r}"))
    return problems

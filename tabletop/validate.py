"""``tabletop validate``: check card files (and deck files) and print every problem.

Usage::

    tabletop validate PATH... [--game G]

``PATH`` is a card file, a folder of them (``assets/cards/arc``), a folder of games'
folders (``assets/cards``) or a user folder (its ``cards/<game>/`` and
``decks/<game>/``). The game is ``--game`` or the nearest folder named after a game
(``.../cards/arc/club.toml`` is Arc's). A file holding ``[[card]]`` tables is a card
file; one holding piles of card ids (``[cards]``, Conan's ``[draw]``...) is a deck
file.

Every card file is checked against the game's schema and its ability words
(``GameRules.vocabulary``, :mod:`tabletop.core.abilities`) with
:func:`tabletop.core.cards.collect_cards`, so a broken card does not hide the next
one; then across the files: an id given twice, an id the game's own cards already
have, a ``same_as`` naming no card (:mod:`tabletop.core.same_card`) and the game's
own checks (Conan's icons, 絵師100人展's connectors, Xenocard's level-ups). A deck
file is read as the game reads it and checked by the game's construction rules
(:func:`tabletop.core.deck_check.check`, with each rule id) over the game's cards
and the cards checked. Each problem is one line naming the file, the card (or deck)
and the field.

Exit codes: 0 no problem; 1 some problem (all printed); 2 a path that does not exist,
a game that cannot be told or an unknown game.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop.core.card_checks import broken_problems, sound_problems
from tabletop.core.cards import CardDataError, CardDb, CardDef, collect_cards
from tabletop.core.files import FileProblem, load_toml
from tabletop.validate_user import UserCards, user_cards

__all__ = ["Problem", "Report", "add_parser", "run", "validate"]

EXIT_OK, EXIT_FAILED, EXIT_BROKEN = 0, 1, 2


@dataclass(frozen=True)
class Problem:
    """One problem: the ``file``, the ``card`` (or deck: ``kind``) it is in, ``""``
    for the file as a whole, the ``field`` and what is wrong."""

    file: str
    card: str
    field: str
    problem: str
    kind: str = "card"

    def __str__(self) -> str:
        where = f"{self.kind} {self.card!r}" if self.card else "file"
        return f"{self.file}: {where}: field {self.field!r}: {self.problem}"

    @classmethod
    def of(cls, exc: CardDataError) -> Problem:
        """The problem a :class:`CardDataError` names."""
        return cls(exc.file, exc.card, exc.field, exc.problem)


@dataclass
class Report:
    """What a run checked: ``problems`` in file order, and how many ``files``,
    ``cards`` (sound ones) and ``decks`` it read."""

    problems: list[Problem] = field(default_factory=list)
    files: int = 0
    cards: int = 0
    decks: int = 0


class UsageError(ValueError):
    """A path or game that cannot be checked at all (exit code 2)."""


# --------------------------------------------------------------------------- finding files


def _game_ids() -> list[str]:
    from tabletop.core.rules import game_ids

    return game_ids()


def _game_of(path: Path, games: Sequence[str]) -> str | None:
    """The game of ``path``: the nearest folder (or the path itself) named after one."""
    for part in [path, *path.parents]:
        if part.name in games:
            return part.name
    return None


def _files(path: Path) -> list[Path]:
    return sorted(p for p in path.glob("*.toml") if p.is_file())


def collect(paths: Iterable[Path], game: str | None) -> dict[str, list[Path]]:
    """The ``.toml`` files to check, by game (see the module docstring). Raises
    UsageError for a missing path or one whose game cannot be told."""
    games = _game_ids()
    if game is not None and game not in games:
        raise UsageError(f"unknown game {game!r} (known: {', '.join(games)})")
    found: dict[str, list[Path]] = {}

    def add(g: str, files: Iterable[Path]) -> None:
        mine = found.setdefault(g, [])
        mine.extend(f for f in files if f not in mine)

    for path in paths:
        if not path.exists():
            raise UsageError(f"{path}: no such file or folder")
        if path.is_file():
            g = game or _game_of(path.parent, games)
            if g is None:
                raise UsageError(f"{path}: which game? give --game (one of {', '.join(games)})")
            add(g, [path])
            continue
        subfolders = [d for d in ("cards", "decks") if (path / d).is_dir()]
        if subfolders:  # a user folder: cards/<game>/ and decks/<game>/
            for sub in subfolders:
                for folder in sorted(p for p in (path / sub).iterdir() if p.is_dir()):
                    if folder.name in games and (game is None or folder.name == game):
                        add(folder.name, _files(folder))
            continue
        own = game or _game_of(path, games)
        if own is not None and _files(path):
            add(own, _files(path))
            continue
        inner = [d for d in sorted(path.iterdir()) if d.is_dir() and d.name in games
                 and (game is None or d.name == game)]
        if inner:  # a folder of games' folders (assets/cards)
            for folder in inner:
                add(folder.name, _files(folder))
        elif own is not None:
            add(own, [])
        else:
            raise UsageError(f"{path}: which game? give --game (one of {', '.join(games)})")
    return found


# --------------------------------------------------------------------------- checking


def _game_parts(game: str) -> tuple[Any, Any, Any, Callable[[CardDb], object] | None]:
    """The game's rules over its own cards (None when they cannot be loaded), its
    schema, its ability words and its extra card check."""
    from tabletop.core.deck_pool import _extra_check, _schema, game_vocabulary
    from tabletop.core.rules import _GAMES

    try:
        rules = importlib.import_module(_GAMES[game]).load()
    except CardDataError:  # the game's own files are being checked (and broken)
        rules = None
    return rules, _schema(game), game_vocabulary(game), _extra_check(game)


def _same(a: Path, b: str) -> bool:
    try:
        return a.resolve() == Path(b).resolve()
    except OSError:
        return False


def _read(path: Path) -> dict[str, Any] | Problem:
    try:
        return load_toml(path)
    except FileProblem as exc:
        return Problem(str(path), "", exc.field or "(file)", exc.problem)


def _is_deck(path: Path, data: Mapping[str, Any]) -> bool:
    """A deck file has a ``name`` and piles of card ids (or lies in a ``decks``
    folder); a card file holds ``[[card]]`` tables and nothing else."""
    if "card" in data:
        return False
    return ("name" in data or any(isinstance(v, dict) for v in data.values())
            or any(p.name == "decks" for p in path.parents))


def _shown(file: str) -> str:
    """A file as a line names it: relative to the working folder when inside it."""
    try:
        return str(Path(file).resolve().relative_to(Path.cwd().resolve()))
    except (OSError, ValueError):
        return file


def _id_lines(path: Path) -> dict[str, list[int]]:
    """The line numbers (from 1) of each ``id = "..."`` of a card file, by id: the
    TOML reader gives no positions, so a card's place is found in the text (a card
    whose id line is written another way is named by its index instead)."""
    import re

    lines: dict[str, list[int]] = {}
    try:
        text = path.read_text("utf-8")
    except (OSError, UnicodeError):
        return lines
    for number, line in enumerate(text.splitlines(), 1):
        found = re.match(r"""\s*id\s*=\s*["']([^"']*)["']""", line)
        if found:
            lines.setdefault(found.group(1), []).append(number)
    return lines


def _place(path: Path, cid: str, nth: int, lines: Mapping[str, list[int]]) -> str:
    """Where the ``nth`` (from 0) card with id ``cid`` is in ``path``: "line 12"."""
    at = lines.get(cid, [])
    return f"line {at[nth]}" if nth < len(at) else f"card {cid!r} number {nth + 1} of the file"


def check_game(game: str, files: Sequence[Path], report: Report) -> None:
    """Check ``files`` (card and deck files of ``game``), adding to ``report``.

    An id given twice is told even when one of its cards is broken, with where each
    one is (``line 12``); a broken card's ``same_as`` is checked too; a deck naming
    a broken card says it is broken, and why."""
    rules, schema, vocabulary, extra = _game_parts(game)
    own: dict[str, CardDef] = {}
    if rules is not None:
        own = {cid: c for cid, c in rules.cards.items()
               if not any(_same(f, c.source) for f in files)}
    cards: dict[str, CardDef] = {}
    seen: dict[str, tuple[Path, int]] = {}  # id -> (file, which of its copies there)
    broken: dict[str, list[Problem]] = {}  # a broken card's id -> its problems
    partial: list[CardDef] = []
    first_broken: list[CardDef] = []  # broken cards the game's checks still look at
    decks: list[tuple[Path, dict[str, Any]]] = []
    start = len(report.problems)
    # the user's own cards stand beside the game's, as in the menu (QA15b #8)
    user = user_cards(rules, files)
    for path in files:
        report.files += 1
        data = _read(path)
        if isinstance(data, Problem):
            report.problems.append(data)
            continue
        if _is_deck(path, data):
            decks.append((path, data))
            continue
        found: list[CardDef] = []
        sound, problems = collect_cards(data, str(path), game, schema, vocabulary,
                                        broken=found)
        for exc in problems:
            report.problems.append(Problem.of(exc))
            broken.setdefault(exc.card, []).append(Problem.of(exc))
        partial.extend(found)
        lines = _id_lines(path)
        copies: dict[str, int] = {}
        good = {id(c) for c in sound}
        for card in _in_file_order(data, sound, found):
            nth = copies.get(card.id, 0)
            copies[card.id] = nth + 1
            here = _place(path, card.id, nth, lines)
            if card.id in seen:
                first, first_nth = seen[card.id]
                there = _place(first, card.id, first_nth, _id_lines(first))
                also = (f"also at {there} of the same file" if first == path
                        else f"also in {_shown(str(first))}, {there}")
                report.problems.append(Problem(str(path), card.id, "id",
                                               f"duplicate id at {here} ({also})"))
                continue
            seen[card.id] = (path, nth)
            if card.id in own:
                report.problems.append(Problem(str(path), card.id, "id",
                                               f"{game} has a card with this id already "
                                               f"({_shown(own[card.id].source)})"))
            elif card.id in user.cards:
                report.problems.append(Problem(
                    str(path), card.id, "id",
                    f"one of your card files has a card with this id already "
                    f"({_shown(user.cards[card.id].source)}): the menu would leave one of "
                    f"the two files out"))
            elif id(card) in good:
                cards[card.id] = card
            else:
                first_broken.append(card)
    context = {**own, **{cid: c for cid, c in user.cards.items()
                         if cid not in seen and cid not in own}}
    _same_as_of_broken(partial, context, cards, report)
    first_broken += _across(game, context, cards, extra, report, broken)
    _checks_of_broken(game, context, cards, first_broken, extra, report, broken)
    report.problems[start:] = _by_card(report.problems[start:])
    report.cards += len(cards)
    for path, data in decks:
        _check_deck(game, rules, path, data, {**context, **cards}, report, broken, user)


def _in_file_order(data: Mapping[str, Any], sound: Sequence[CardDef],
                   found: Sequence[CardDef]) -> list[CardDef]:
    """The sound and the broken cards of one file together, in the file's order."""
    order = [e.get("id") if isinstance(e, dict) else None for e in data.get("card", [])] \
        if isinstance(data.get("card"), list) else []
    pending = [*sound, *found]
    out: list[CardDef] = []
    for cid in order:
        match = next((c for c in pending if c.id == cid), None)
        if match is not None:
            pending.remove(match)
            out.append(match)
    return out + pending


def _same_as_of_broken(partial: Sequence[CardDef], own: Mapping[str, CardDef],
                       cards: Mapping[str, CardDef], report: Report) -> None:
    """A broken card's ``same_as`` checked as a sound card's would be (a bad colour
    does not hide a ``same_as`` naming no card)."""
    from tabletop.core.same_card import same_as_problems

    mine = [c for c in partial if c.same_as and c.name.get("en")]
    for exc in same_as_problems(mine, [*own.values(), *cards.values()]):
        report.problems.append(Problem.of(exc))


def _across(game: str, own: Mapping[str, CardDef], cards: dict[str, CardDef],
            extra: Callable[[CardDb], object] | None, report: Report,
            broken: dict[str, list[Problem]]) -> list[CardDef]:
    """The checks over the files together: ``same_as`` and the game's own checks
    (each of a card's problems, :class:`~tabletop.core.cards.CardProblems`); a card
    they refuse is left out of ``cards`` and noted in ``broken``. Returns the cards
    ``same_as`` refused, which the game's checks have not seen yet."""
    from tabletop.core.same_card import same_as_problems

    unseen: list[CardDef] = []
    for exc in same_as_problems(list(cards.values()), own.values()):
        report.problems.append(Problem.of(exc))
        broken.setdefault(exc.card, []).append(Problem.of(exc))
        if exc.card in cards:
            unseen.append(cards.pop(exc.card))
    if extra is None:
        return unseen
    for one in sound_problems(extra, game, own.values(), cards):
        report.problems.append(Problem.of(one))
        broken.setdefault(one.card, []).append(Problem.of(one))
    return unseen


def _checks_of_broken(game: str, own: Mapping[str, CardDef], cards: Mapping[str, CardDef],
                      partial: Sequence[CardDef], extra: Callable[[CardDb], object] | None,
                      report: Report, broken: dict[str, list[Problem]]) -> None:
    """The game's own checks over each broken card too, on its sound fields and
    abilities (QA15b #1: a colour 'pink' does not hide a chosen target on an 'attacks'
    trigger; :func:`tabletop.core.card_checks.broken_problems`)."""
    if extra is None:
        return
    context = [*own.values(), *cards.values()]
    for card in partial:
        told = [p.field for p in broken.get(card.id, [])]
        for one in broken_problems(extra, game, context, card, told):
            report.problems.append(Problem.of(one))
            broken.setdefault(one.card, []).append(Problem.of(one))


def _by_card(problems: Sequence[Problem]) -> list[Problem]:
    """``problems`` with each card's together, where its first one stands (the checks
    across cards come after a file's own, yet belong beside the card's other
    problems); the order within a card, and of the files, is kept."""
    first: dict[tuple[str, str, str], int] = {}
    for n, problem in enumerate(problems):
        first.setdefault((problem.file, problem.kind, problem.card), n)
    return sorted(problems, key=lambda p: first[(p.file, p.kind, p.card)])


def _check_deck(game: str, rules: Any, path: Path, data: Mapping[str, Any],
                pool: Mapping[str, CardDef], report: Report,
                broken: Mapping[str, list[Problem]], user: UserCards) -> None:
    """Every problem of one deck file: each bad entry (a count, an id naming no card
    or a broken one, with its problem; one of a user card file the menu leaves out
    names that file and its problem) and, over its sound entries, each rule of the
    game's construction it breaks (with the rule id)."""
    from tabletop.core.deck_check import check
    from tabletop.core.decks import collect_deck
    from tabletop.core.rules import register_card_names
    from tabletop.core.scenario import render_text

    report.decks += 1
    file, deck_id = str(path), path.stem
    options = rules.deck_options if rules is not None else None
    deck, problems = collect_deck(data, file, deck_id, None, options)
    for where, what in problems:
        report.problems.append(Problem(file, deck_id, where, what, "deck"))
    if deck is None:
        return
    for pile, entries in deck.sections.items():
        for cid in entries:
            if cid in broken:
                first = broken[cid][0]
                more = len(broken[cid]) - 1
                also = f" (and {more} more problem{'s' if more > 1 else ''})" if more else ""
                report.problems.append(Problem(
                    file, deck_id, f"{pile}.{cid}",
                    f"card {cid!r} is broken: field {first.field!r}: {first.problem}{also} "
                    f"({_shown(first.file)})", "deck"))
            elif cid in user.left_out and cid not in pool:
                where, why = user.left_out[cid]
                report.problems.append(Problem(
                    file, deck_id, f"{pile}.{cid}",
                    f"card {cid!r} is in {_shown(where)}, a card file of yours left out "
                    f"for its problems: {why}", "deck"))
            elif cid not in pool:
                report.problems.append(Problem(
                    file, deck_id, f"{pile}.{cid}",
                    f"no card with this id (among {game}'s cards, the files checked and "
                    f"your cards in {_shown(str(user.folder))})", "deck"))
    db = CardDb(game, pool.values())
    register_card_names(db)
    for illegal in check(game, db, deck):
        if illegal.message.key.endswith(".unknown_card"):
            continue  # told above, with its pile
        rule = illegal.rule if isinstance(illegal.rule, str) else render_text(illegal.rule)
        text = render_text(illegal.message, cards=db)
        report.problems.append(Problem(file, deck_id, "(deck)", f"{text} ({rule})", "deck"))


def validate(paths: Iterable[Path], game: str | None = None) -> Report:
    """Check every card and deck file under ``paths`` (see the module docstring).
    Raises UsageError for a path that cannot be checked at all."""
    report = Report()
    for g, files in collect(paths, game).items():
        check_game(g, files, report)
    return report


# --------------------------------------------------------------------------- command


def add_parser(sub: Any) -> None:
    """Add the ``validate`` command to the ``tabletop`` command's subparsers."""
    parser = sub.add_parser("validate", help="check card files (and deck files) and print "
                                             "every problem with file, card and field")
    parser.add_argument("paths", nargs="+", metavar="PATH", type=Path,
                        help="a card or deck file, a folder of them, or a user folder")
    parser.add_argument("--game", default=None,
                        help="game id (default: the folder's name, e.g. cards/arc)")


def run(args: argparse.Namespace) -> int:
    """Run ``validate`` with parsed ``args``; returns the exit code (never raises for
    bad input)."""
    from tabletop import i18n

    try:
        report = validate(args.paths, args.game)
    except UsageError as exc:
        print(f"tabletop validate: {exc}", file=sys.stderr, flush=True)
        return EXIT_BROKEN
    for problem in report.problems:
        print(problem, flush=True)
    counts = {"files": report.files, "cards": report.cards, "decks": report.decks}
    if report.problems:
        print(i18n.t("validate.problems", n=len(report.problems), **counts), flush=True)
        return EXIT_FAILED
    print(i18n.t("validate.ok", **counts), flush=True)
    return EXIT_OK

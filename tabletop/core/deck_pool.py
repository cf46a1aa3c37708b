"""The cards a deck may be built from: the game's own and the user's card files.

The user's card files live in ``userdirs.folder(Kind.CARDS, game)`` (same format as
``assets/cards/<game>``, validated by the same schema, the game's ability words
``GameRules.vocabulary`` and the game's own extra checks). Each file is read on its
own: a broken one is left out and reported (file, card and field), the others stay; a
card whose id the game already has is refused (the file is named), so a user file can
never change a card the rules know; a ``same_as`` must name a card of the game's or
of the user's (issue 15).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tabletop.core.card_checks import every_problem
from tabletop.core.cards import (
    CardDataError,
    CardDb,
    CardDef,
    CardProblems,
    Schema,
    collect_cards,
)
from tabletop.core.files import FileProblem, load_toml
from tabletop.core.same_card import same_as_problems
from tabletop.userdirs import Kind, folder

if TYPE_CHECKING:  # the rules load the pool (core.user_cards): no import back
    from tabletop.core.abilities import Vocabulary
    from tabletop.core.rules import GameRules

__all__ = ["Pool", "game_vocabulary", "load_pool"]

#: The extra checks each game makes on its card set after the schema (module, name).
_EXTRA_CHECKS: dict[str, tuple[str, str]] = {
    "arc": ("tabletop.games.arc.abilities", "check_cards"),
    "conan": ("tabletop.games.conan.schema", "validate"),
    "eshi100": ("tabletop.games.eshi100.schema", "validate"),
    "xenocard": ("tabletop.games.xenocard", "check_upgrades"),
}


@dataclass(frozen=True)
class Pool:
    """A game's deck-building pool: ``cards`` (the game's, then the user's, by id),
    ``user_ids`` (the ids from user files) and ``problems`` (every problem of each
    broken user file, one line each: file, card and field; a file is left out whole)."""

    game: str
    cards: CardDb
    user_ids: frozenset[str] = frozenset()
    problems: tuple[str, ...] = ()

    def is_user_card(self, cid: str) -> bool:
        """Whether card ``cid`` comes from one of the user's own files."""
        return cid in self.user_ids


def _schema(game: str) -> Schema:
    module = importlib.import_module(f"tabletop.games.{game}.schema")
    schema: Schema = module.SCHEMA
    return schema


def game_vocabulary(game: str) -> Vocabulary[Any] | None:
    """The ability words of ``game`` (its rules class's ``GameRules.vocabulary``),
    found without loading its cards: for loaders that know only the game id (the
    CSV import, ``tabletop validate``). None for a game without ability words."""
    # the game's package by name (the rules load the pool: no import of them here)
    module = importlib.import_module(f"tabletop.games.{game}")
    for value in vars(module).values():
        if (isinstance(value, type) and getattr(value, "game_id", None) == game
                and hasattr(value, "vocabulary")):
            vocabulary: Vocabulary[Any] | None = value.vocabulary
            return vocabulary
    return None


def _extra_check(game: str) -> Callable[[CardDb], object] | None:
    where = _EXTRA_CHECKS.get(game)
    if where is None:
        return None
    check: Callable[[CardDb], object] = getattr(importlib.import_module(where[0]), where[1])
    return check


def user_card_files(game: str) -> list[Path]:
    """The user's card files of ``game`` (sorted; none when the folder is missing)."""
    where = folder(Kind.CARDS, game)
    try:
        return sorted(p for p in where.glob("*.toml") if p.is_file())
    except OSError:
        return []


def _file_problems(path: Path, game: str, schema: Schema, vocabulary: Vocabulary[Any] | None,
                   base: dict[str, CardDef], check: Callable[[CardDb], object] | None,
                   ) -> CardDb | list[str]:
    """One user card file's cards, or every problem of it (file, card, field): each
    field of each card (:func:`collect_cards`) and each one the game's own check names
    (:class:`CardProblems`), so the menu's details list them all."""
    try:
        data = load_toml(path)
    except FileProblem as exc:
        return [str(CardDataError(str(path), "", exc.field or "(file)", exc.problem))]
    partial: list[CardDef] = []
    sound, found = collect_cards(data, str(path), game, schema, vocabulary, broken=partial)
    if found:  # the game's checks too, on every card of the file (QA15b #1)
        return [str(p) for p in every_problem(check, game, base.values(), sound, partial,
                                              found)]
    try:
        db = CardDb(game, sound)
        if check is not None:
            check(CardDb(game, [*base.values(), *db.values()]))
    except CardDataError as exc:
        return [str(p) for p in (exc.problems if isinstance(exc, CardProblems) else (exc,))]
    return db


def load_pool(rules: GameRules, user_folder: Path | None = None) -> Pool:
    """The pool of ``rules``' game: its cards plus every user card file that is sound
    (``user_folder``, default ``userdirs.folder(Kind.CARDS, game)``). Never raises for
    a user file: each problem is a line of :attr:`Pool.problems`."""
    game = rules.game_id
    # rules loaded by load_rules hold the user's cards already: read them afresh here
    base = {cid: c for cid, c in rules.cards.items() if cid not in rules.user_card_ids}
    files = (sorted(user_folder.glob("*.toml")) if user_folder is not None and
             user_folder.is_dir() else user_card_files(game) if user_folder is None else [])
    cards: dict[str, CardDef] = dict(base)
    user: set[str] = set()
    problems: list[str] = []
    schema = _schema(game)
    check = _extra_check(game)
    read: list[tuple[Path, CardDb]] = []
    for path in files:
        found = _file_problems(path, game, schema, rules.vocabulary, base, check)
        if isinstance(found, list):  # every problem of the file, not only its first
            problems.extend(found)
            continue
        read.append((path, found))
    # a printing may name a card of another user file (same_as, issue 15)
    every = [*base.values(), *(card for _, db in read for card in db.values())]
    for path, db in read:
        clash = next((cid for cid in db if cid in cards), None)
        if clash is not None:
            first = cards[clash].source or game
            problems.append(str(CardDataError(str(path), clash, "id",
                                              f"duplicate id (also in {first})")))
            continue
        nowhere = same_as_problems(db.values(), every)
        if nowhere:
            problems.append(str(nowhere[0]))
            continue
        cards.update(db)
        user.update(db)
    return Pool(game, CardDb(game, cards.values()), frozenset(user), tuple(problems))

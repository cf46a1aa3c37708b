"""Everything of the user folder the program reads (issue 16): the user's own card
files merged into each game's card database (:func:`with_user_cards`, from
:mod:`tabletop.core.user_cards`, which the rules loading calls), their lessons, their
card images, and every broken user file collected as a problem (file, card, field),
never raised.

Where each kind lives is :mod:`tabletop.userdirs`' contract (``cards/<game>``,
``decks/<game>``, ``images/<game>``, ``lessons/<game>``); the user's decks are read by
:mod:`tabletop.core.deck_files`. Problems name a file by its place in the user folder
(``cards/arc/club.toml: card 'u_x': field 'type': ...``), so the same text reads the same
on every laptop. They are plain English strings like :mod:`tabletop.notices`: they are
about files, and the reader may be the one who wrote the file by hand.

A user card never changes a card the rules know: a card whose id the game already has
is refused, with the file named (:func:`tabletop.core.deck_pool.load_pool`).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping
from pathlib import Path

from tabletop.core.lesson import Lesson, lesson_files
from tabletop.core.rules import GameRules
from tabletop.core.user_cards import relative, with_user_cards
from tabletop.userdirs import Kind, folder, root

__all__ = ["IMAGE_SUFFIXES", "add_user_lessons", "image_path", "image_problems",
           "lesson_problems", "relative", "user_lessons", "user_lessons_root",
           "user_problems", "with_user_cards"]

log = logging.getLogger(__name__)

#: The picture files a card image may be, in the order they are looked for.
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg")


def user_lessons_root() -> Path:
    """``<user folder>/lessons`` (``<game>/*.toml`` under it, like ``assets/lessons``)."""
    return root() / Kind.LESSONS.value


def user_lessons() -> tuple[dict[str, list[Lesson]], list[str]]:
    """The user's lessons per known game (each a :class:`tabletop.core.lesson.Lesson`)
    and the problems of the broken lesson files (file and field). Never raises."""
    from tabletop.core.rules import game_ids
    from tabletop.core.scenario import ScenarioError

    out: dict[str, list[Lesson]] = {}
    problems: list[str] = []
    base = user_lessons_root()
    try:
        files = lesson_files(base) if base.is_dir() else []
    except OSError as exc:
        return out, [relative(f"{base}: {exc.strerror or exc}")]
    known = set(game_ids())
    for path in files:
        try:
            lesson = Lesson.load(path)
        except (ScenarioError, OSError, ValueError) as exc:
            problems.append(relative(str(exc) if str(path) in str(exc) else f"{path}: {exc}"))
            continue
        if lesson.game in known:
            out.setdefault(lesson.game, []).append(lesson)
        else:
            problems.append(relative(f"{path}: game: unknown game {lesson.game!r}"))
    return out, problems


def add_user_lessons(lessons: dict[str, list[Lesson]], problems: list[str]) -> None:
    """Add the user's lessons (:func:`user_lessons`) to ``lessons`` (game -> lessons,
    kept sorted by ``(order, id)``) and their problems to ``problems``, in place."""
    theirs, broken = user_lessons()
    for game, found in theirs.items():
        merged = lessons.setdefault(game, [])
        merged.extend(found)
        merged.sort(key=lambda les: (les.order, les.id))
    problems.extend(broken)


def lesson_problems() -> list[str]:
    """The problems of the user's lesson files (see :func:`user_lessons`)."""
    return user_lessons()[1]


def image_path(game: str, card_id: str) -> Path | None:
    """The user's picture of card ``card_id``: ``images/<game>/<card id>.png`` (or
    ``.jpg``, ``.jpeg``; the suffix in any case), None when there is none."""
    where = folder(Kind.IMAGES, game)
    for suffix in IMAGE_SUFFIXES:
        for candidate in (where / f"{card_id}{suffix}", where / f"{card_id}{suffix.upper()}"):
            if candidate.is_file():
                return candidate
    return None


def image_problems(game: str, card_ids: Iterable[str]) -> list[str]:
    """A line for each picture in ``images/<game>`` named after no card of the game
    (``card_ids``): it would never be drawn, most likely a typing slip in its name."""
    where = folder(Kind.IMAGES, game)
    try:
        files = sorted(p for p in where.iterdir() if p.is_file())
    except OSError:
        return []
    known = set(card_ids)
    return [relative(f"{p}: card: no card of {game} has the id {p.stem!r}")
            for p in files
            if p.suffix.lower() in IMAGE_SUFFIXES and p.stem not in known]


def user_problems(rules_by_game: Mapping[str, GameRules | None]) -> list[str]:
    """Every problem of the user folder the menu lists: the card files left out, the
    pictures named after no card (per game whose rules loaded) and the broken lesson
    files. The user's broken decks are listed with the other decks (the menu's
    ``broken_decks``). Never raises."""
    out: list[str] = []
    for game, rules in rules_by_game.items():
        if rules is None:
            continue
        out.extend(rules.user_problems)
        out.extend(image_problems(game, rules.cards))
    try:
        out.extend(lesson_problems())
    except Exception as exc:  # noqa: BLE001 - never stop the menu over a lesson file
        log.error("user lessons not read: %s", exc)
    return out

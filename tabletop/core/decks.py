"""Deck lists loaded from ``assets/decks/<game>/*.toml``.

A deck file::

    name = { en = "Red Storm", ja = "赤い嵐" }
    alignment = "good"          # optional, game-specific options
    [cards]                      # one section per pile; Arc uses only "cards"
    ember_knight = 3

Errors raise :class:`DeckError` naming the file and the field. Legality
(copies, sizes) is the game's business: see ``GameRules.check_deck``. The
top-level values a game understands (``alignment``) are its
``GameRules.deck_options``; any other one is refused by name, so a misspelt
option cannot silently turn a check off.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop.core.files import FileProblem, load_toml

#: No game allows more copies of one card than this; a larger count is a typo,
#: refused before the list is expanded (a huge count would exhaust memory).
MAX_COUNT = 99


class DeckError(ValueError):
    """A deck file is broken; the message names the file and the field (of the first
    problem). ``problems``: every problem found, each "field 'x': what is wrong", in
    file order (empty when only the message is known, e.g. a file that is no TOML)."""

    def __init__(self, message: str, problems: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.problems = problems

    def every_problem(self, name: str) -> str:
        """``name`` (the file's short name) and each of its problems, one a line
        (QA16b #13: the menu and the builder told only the first); the message when
        no list is known."""
        if not self.problems:
            return str(self)
        return "\n".join(f"{name}: {problem}" for problem in self.problems)


@dataclass(frozen=True)
class Deck:
    """A named deck: ``sections`` maps pile name -> {card id: count}.

    ``options`` keeps other top-level values (e.g. Arc's ``alignment``).
    """

    id: str
    name: Mapping[str, str]
    sections: Mapping[str, Mapping[str, int]]
    options: Mapping[str, Any] = field(default_factory=dict)
    source: str = ""

    def card_list(self, section: str = "cards") -> list[str]:
        """Card ids of a section, each repeated by its count, in file order."""
        return [cid for cid, n in self.sections.get(section, {}).items() for _ in range(n)]

    def display_name(self, lang: str) -> str:
        """The deck's name in ``lang`` (English fallback)."""
        return self.name.get(lang) or self.name.get("en") or self.id


def parse_deck(data: Mapping[str, Any], file: str, deck_id: str,
               known_cards: Iterable[str] | None = None,
               options: Iterable[str] | None = None) -> Deck:
    """Validate one parsed deck file. Raises DeckError (file, field) for the first
    problem :func:`collect_deck` finds.

    ``known_cards``: the game's card ids (others are refused); ``options``: the
    top-level option keys the game reads (``GameRules.deck_options``), others
    are refused naming the key. None for either skips that check.
    """
    deck, problems = collect_deck(data, file, deck_id, known_cards, options)
    if problems:
        where, problem = problems[0]
        raise DeckError(f"{file}: field '{where}': {problem}",
                        tuple(f"field '{w}': {p}" for w, p in problems))
    assert deck is not None
    return deck


def collect_deck(data: Mapping[str, Any], file: str, deck_id: str,
                 known_cards: Iterable[str] | None = None,
                 options: Iterable[str] | None = None,
                 ) -> tuple[Deck | None, list[tuple[str, str]]]:
    """Like :func:`parse_deck`, but ``(the deck, every problem)``, each problem a
    ``(field, what is wrong)`` pair in file order, so one bad count does not hide the
    next (``tabletop validate``). The deck holds the sound entries only (None when
    the file has no name or no table of cards at all)."""
    problems: list[tuple[str, str]] = []
    name = data.get("name")
    if isinstance(name, str):
        name = {"en": name, "ja": name}
    if not isinstance(name, dict) or not isinstance(name.get("en") or name.get("ja"), str):
        problems.append(("name", "expected { en = \"...\", ja = \"...\" } (one language "
                                 "is enough)"))
        name = None
    known = set(known_cards) if known_cards is not None else None
    allowed = frozenset(options) if options is not None else None
    sections: dict[str, dict[str, int]] = {}
    found: dict[str, Any] = {}
    for key, value in data.items():
        if key == "name":
            continue
        if isinstance(value, dict):
            pile: dict[str, int] = {}
            for cid, count in value.items():
                if (not isinstance(count, int) or isinstance(count, bool)
                        or not 1 <= count <= MAX_COUNT):
                    hint = ""
                    if isinstance(count, str) and count.strip().isdigit():
                        hint = f": write {count.strip()} without quotes"
                    problems.append((f"{key}.{cid}", f"expected a count from 1 to "
                                                     f"{MAX_COUNT}, got {count!r}{hint}"))
                    continue
                if known is not None and cid not in known:
                    problems.append((f"{key}.{cid}", "no card with this id"))
                    continue
                pile[cid] = count
            sections[key] = pile
        elif key in ("cards", "draw", "foe", "conan"):
            problems.append((key, f"expected a table of cards: [{key}] and under it lines "
                                  "like card_id = 3"))
        elif allowed is not None and key not in allowed:
            known_keys = ", ".join(["name", *sorted(allowed)])
            problems.append((key, f"unknown field (allowed here: {known_keys}, and tables "
                                  "of cards)"))
        else:
            found[key] = value
    if not sections:
        problems.append(("cards", "the deck lists no cards"))
    if name is None or not sections:
        return None, problems
    full = {lang: name.get(lang) or name.get("en") or name["ja"] for lang in ("en", "ja")}
    return Deck(deck_id, full, sections, found, file), problems


def load_deck(path: Path, known_cards: Iterable[str] | None = None,
              options: Iterable[str] | None = None) -> Deck:
    """Load a deck file safely (:mod:`tabletop.core.files`); its id is the file stem.

    ``known_cards`` and ``options`` as in :func:`parse_deck`. Raises DeckError
    naming the file and the field (a non-regular, huge, non-UTF-8, too deeply
    nested or invalid file included).
    """
    try:
        data = load_toml(path)
    except FileProblem as exc:
        raise DeckError(str(exc)) from None
    return parse_deck(data, str(path), path.stem, known_cards, options)


def load_deck_dir(folder: Path, known_cards: Iterable[str] | None = None,
                  options: Iterable[str] | None = None) -> dict[str, Deck]:
    """All decks of a folder by id (file stem). Raises DeckError on the first bad one."""
    known = list(known_cards) if known_cards is not None else None
    allowed = list(options) if options is not None else None
    return {p.stem: load_deck(p, known, allowed) for p in sorted(folder.glob("*.toml"))}

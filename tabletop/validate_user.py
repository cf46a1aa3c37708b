"""The user's own cards as ``tabletop validate`` sees them beside the files it checks
(QA15b #8).

A deck file of the user's may name cards of the user's card files
(``userdirs.folder(Kind.CARDS, game)``), which the menu and the deck builder read
with the game's (:func:`tabletop.core.deck_pool.load_pool`): checking such a deck
alone must find them too, or it calls a deck the menu plays "no card with this id".
The user's card files among the files being checked are left out here (they are
checked, and their cards come from there); a card of a user file the menu leaves out
(for a problem of its own) is named with that file and its first problem.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop.core.cards import CardDef

__all__ = ["UserCards", "user_cards"]


@dataclass(frozen=True)
class UserCards:
    """The user's cards of one game: ``folder`` (``<user folder>/cards/<game>``),
    ``cards`` (the sound ones by id, as the menu reads them) and ``left_out`` (the id
    of each card of a user file the menu leaves out -> (that file, its first
    problem))."""

    folder: Path
    cards: Mapping[str, CardDef] = field(default_factory=dict)
    left_out: Mapping[str, tuple[str, str]] = field(default_factory=dict)


def _same(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return False


def user_cards(rules: Any, checked: Sequence[Path]) -> UserCards:
    """The user's cards of ``rules``' game (the game's own rules, without user cards)
    beside ``checked`` (the files ``tabletop validate`` reads itself: neither their
    cards nor their ids are taken from the user folder). Never raises for a user file;
    an empty :class:`UserCards` when ``rules`` is None (the game's own files broken)."""
    from tabletop.core.deck_pool import load_pool
    from tabletop.userdirs import Kind, folder

    where = folder(Kind.CARDS, rules.game_id if rules is not None else "")
    if rules is None or not where.is_dir():
        return UserCards(where)
    try:
        files = sorted(p for p in where.glob("*.toml") if p.is_file())
    except OSError:
        return UserCards(where)
    mine = [p for p in files if not any(_same(p, c) for c in checked)]
    if not mine:
        return UserCards(where)
    pool = load_pool(rules, user_folder=where)
    sound = {cid: pool.cards[cid] for cid in pool.user_ids
             if any(_same(Path(pool.cards[cid].source), p) for p in mine)}
    left_out: dict[str, tuple[str, str]] = {}
    for path in mine:
        if any(_same(Path(c.source), path) for c in sound.values()):
            continue
        problems = [p for p in pool.problems if p.startswith(f"{path}:")]
        first = problems[0][len(f"{path}: "):] if problems else "left out"
        for cid in _ids(path):
            left_out.setdefault(cid, (str(path), first))
    return UserCards(where, sound, left_out)


def _ids(path: Path) -> list[str]:
    """The card ids a card file names (read as TOML; none when it is no TOML)."""
    from tabletop.core.files import FileProblem, load_toml

    try:
        data = load_toml(path)
    except FileProblem:
        return []
    entries = data.get("card")
    if not isinstance(entries, list):
        return []
    return [e["id"] for e in entries if isinstance(e, dict) and isinstance(e.get("id"), str)]

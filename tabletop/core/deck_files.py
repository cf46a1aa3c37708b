"""The user's deck files: ``userdirs.folder(Kind.DECKS, game)/<deck id>.toml``.

Same format as the ready-made decks (:mod:`tabletop.core.decks`); written by the
deck builder atomically (:func:`tabletop.core.persistence.write_text_atomic`), so a
crash mid-save leaves the previous file. Reading never stops the program: a broken
file is reported by name with its field and the other decks stay.
"""

from __future__ import annotations

import contextlib
import os
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from tabletop.core.decks import Deck, DeckError, load_deck
from tabletop.core.toml_out import toml_key, toml_value
from tabletop.userdirs import Kind, folder

__all__ = ["UserDecks", "deck_folder", "deck_path", "deck_toml", "delete_deck",
           "load_user_decks", "new_deck_id", "save_deck", "shared_mode"]

#: Longest deck id made from a name (file names stay short on every system).
MAX_ID = 40


def deck_folder(game: str) -> Path:
    """Where the user's decks of ``game`` are kept (not created here)."""
    return folder(Kind.DECKS, game)


def deck_path(game: str, deck_id: str) -> Path:
    """The file of the user's deck ``deck_id``."""
    return deck_folder(game) / f"{deck_id}.toml"


def deck_toml(deck: Deck, piles: Iterable[str] = ()) -> str:
    """``deck`` as a deck file (``name``, options, one table per pile, ``piles``
    first in their order); :func:`~tabletop.core.decks.parse_deck` reads it back equal."""
    order = list(piles)
    lines = [f"name = {toml_value(dict(deck.name))}"]
    lines += [f"{toml_key(k)} = {toml_value(v)}" for k, v in deck.options.items()]
    for pile in [*(p for p in order if p in deck.sections),
                 *(p for p in deck.sections if p not in order)]:
        lines.append("")
        lines.append(f"[{toml_key(pile)}]")
        lines += [f"{toml_key(cid)} = {n}" for cid, n in deck.sections[pile].items()]
    return "\n".join(lines) + "\n"


def save_deck(deck: Deck, game: str, piles: Iterable[str] = ()) -> Path:
    """Write ``deck`` to :func:`deck_path` (atomically); returns the path. Raises
    DeckError naming the file when it cannot be written (a read-only stick)."""
    from tabletop.core.persistence import SaveError, write_text_atomic

    path = deck_path(game, deck.id)
    try:
        return shared_mode(write_text_atomic(deck_toml(deck, piles), path))
    except SaveError as exc:
        cause = exc.__cause__
        reason = getattr(cause, "strerror", None) or str(cause or exc.problem)
        raise DeckError(f"{path}: cannot be written: {reason}") from None


def shared_mode(path: Path) -> Path:
    """Give the user's written file ``path`` the mode a new file gets (0644 under the
    usual umask 022), not the temporary file's 0600 (QA16 #21): a club's shared machine
    or folder lets the others read the decks and card files. Returns ``path``; a
    file system without modes (FAT on a stick) is left as it is."""
    mask = os.umask(0o022)
    os.umask(mask)
    with contextlib.suppress(OSError):
        path.chmod(0o666 & ~mask)
    return path


def delete_deck(game: str, deck_id: str) -> None:
    """Remove the user's deck file. Raises DeckError naming the file when it cannot."""
    path = deck_path(game, deck_id)
    try:
        path.unlink()
    except FileNotFoundError:
        return
    except OSError as exc:
        raise DeckError(f"{path}: cannot be deleted: {exc.strerror or exc}") from None


def new_deck_id(name: str, taken: Iterable[str]) -> str:
    """A file-safe id for a deck called ``name``, not among ``taken``: lower-case
    ASCII letters, digits and ``_`` (``"Red Storm"`` -> ``red_storm``), ``deck`` for a
    name with none of those (a Japanese name), then ``_2``, ``_3``... when taken."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    base = re.sub(r"[^a-z0-9]+", "_", ascii_name.lower()).strip("_")[:MAX_ID] or "deck"
    used = set(taken)
    candidate, n = base, 1
    while candidate in used:
        n += 1
        candidate = f"{base}_{n}"
    return candidate


@dataclass
class UserDecks:
    """The user's decks of a game by id, and the files that could not be read
    (file name -> reason with the field)."""

    decks: dict[str, Deck] = field(default_factory=dict)
    broken: dict[str, str] = field(default_factory=dict)


def load_user_decks(game: str, known_cards: Iterable[str] | None = None,
                    options: Iterable[str] | None = None) -> UserDecks:
    """Every deck file in :func:`deck_folder` (as :func:`~tabletop.core.decks.load_deck`
    reads them, ``known_cards`` and ``options`` likewise); never raises."""
    out = UserDecks()
    where = deck_folder(game)
    try:
        files = sorted(p for p in where.glob("*.toml") if not p.name.startswith("."))
    except OSError as exc:
        out.broken[str(where)] = f"{where}: {exc.strerror or exc}"
        return out
    known = list(known_cards) if known_cards is not None else None
    allowed = list(options) if options is not None else None
    for path in files:
        try:
            out.decks[path.stem] = load_deck(path, known, allowed)
        except DeckError as exc:
            reason = str(exc)
            if reason.startswith(str(path)):
                reason = path.name + reason[len(str(path)):]
            out.broken[path.name] = exc.every_problem(path.name) if exc.problems else reason
    return out

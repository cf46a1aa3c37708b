"""Conan (``conan``): rules, battlefield geometry, card schema, sample cards and decks.

``load(card_root=None)`` returns the rules over ``assets/cards/conan`` (or
``card_root``); ``load_decks()`` the ready-made decks of ``assets/decks/conan``;
The rules core never imports pygame.

Modules: :mod:`schema` (card fields, icons), :mod:`zones` (zone ids),
:mod:`words` (message parameters), :mod:`stats` (numbers, wounds, prowess),
:mod:`icons` (CONAN-R14/R15), :mod:`battlefield` (placed shapes and Move
targets, CONAN-R8..R10), :mod:`selection` (minimal selections, CONAN-R5/R17),
:mod:`piles` (draws, reshuffles, CONAN-R3), :mod:`abilities` (the ability
words, issue 15), :mod:`plays` (using abilities at their timings), :mod:`statics`
(modifiers in force), :mod:`defeat` (defeats, elimination, renown loss), :mod:`turn` (start,
Press On, Prepare, Rest), :mod:`foes` (Foe Draw, CONAN-R4..R7), :mod:`survey`
(retreat, CONAN-R17), :mod:`moves` (Move placement, CONAN-R9..R13),
:mod:`resolution` (Barbarian, Resolution, end of round, CONAN-R14..R16),
:mod:`flow` (automatic steps), :mod:`legal`, :mod:`drops`, :mod:`decklegal`
(CONAN-R20), :mod:`rules` (``ConanRules``), :mod:`bot` (a sensible bot).
"""

from __future__ import annotations

from pathlib import Path

from tabletop.core.cards import load_card_dir
from tabletop.core.decks import Deck, load_deck_dir
from tabletop.games.conan.abilities import VOCABULARY
from tabletop.games.conan.rules import ConanRules
from tabletop.games.conan.schema import GAME_ID, SCHEMA, validate
from tabletop.resources import resource_path

__all__ = ["ConanRules", "load", "load_decks"]


def load(card_root: str | Path | None = None) -> ConanRules:
    """The Conan rules over the card files of ``card_root`` (default ``assets/cards/conan``).

    Raises CardDataError naming the file, card and field of a broken card file.
    """
    folder = Path(card_root) if card_root is not None else resource_path("assets", "cards", GAME_ID)
    db = load_card_dir(folder, GAME_ID, SCHEMA, VOCABULARY)
    validate(db)
    return ConanRules(db)


def load_decks(deck_root: str | Path | None = None,
               rules: ConanRules | None = None) -> dict[str, Deck]:
    """The ready-made decks by id (file stem), checked against the known card ids."""
    folder = Path(deck_root) if deck_root is not None else resource_path("assets", "decks", GAME_ID)
    game_rules = rules or load()
    return load_deck_dir(folder, list(game_rules.cards), game_rules.deck_options)

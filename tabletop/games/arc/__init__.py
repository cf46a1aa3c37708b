"""Arc System (``arc``): rules, card schema and sample cards and decks.

``load(card_root=None)`` returns the rules over the card files of
``assets/cards/arc`` (or ``card_root``); ``load_decks()`` the ready-made decks
of ``assets/decks/arc``. The rules core never imports pygame.

Modules: :mod:`schema` (card fields), :mod:`zones` (zone ids), :mod:`words`
(message parameters), :mod:`setup` (set-up, mulligan ARC-R3), :mod:`turn`
(turn sequence, deck-out ARC-R1), :mod:`payment` (ARC-R4), :mod:`plays`
(resources, characters, actions; ARC-R6), :mod:`abilities` (the ability words,
issue 15), :mod:`effects` (abilities in the rules),
:mod:`combat` (ARC-R5), :mod:`legal` (legal actions), :mod:`drops` (drag and
drop), :mod:`decklegal` (ARC-R2, ARC-R7), :mod:`rules` (``ArcRules``).
"""

from __future__ import annotations

from pathlib import Path

from tabletop.core.cards import load_card_dir
from tabletop.core.decks import Deck, load_deck_dir
from tabletop.games.arc.abilities import VOCABULARY, check_cards
from tabletop.games.arc.rules import ArcRules
from tabletop.games.arc.schema import GAME_ID, SCHEMA
from tabletop.resources import resource_path

__all__ = ["ArcRules", "load", "load_decks"]


def load(card_root: str | Path | None = None) -> ArcRules:
    """The Arc rules over the card files of ``card_root`` (default ``assets/cards/arc``).

    Raises CardDataError naming the file, card and field of a broken card file.
    """
    folder = Path(card_root) if card_root is not None else resource_path("assets", "cards", GAME_ID)
    db = load_card_dir(folder, GAME_ID, SCHEMA, VOCABULARY)
    return ArcRules(check_cards(db))  # what the words allow but Arc's rules cannot do


def load_decks(deck_root: str | Path | None = None,
               rules: ArcRules | None = None) -> dict[str, Deck]:
    """The ready-made decks by id (file stem), checked against the known card ids."""
    folder = Path(deck_root) if deck_root is not None else resource_path("assets", "decks", GAME_ID)
    game_rules = rules or load()
    return load_deck_dir(folder, list(game_rules.cards), game_rules.deck_options)

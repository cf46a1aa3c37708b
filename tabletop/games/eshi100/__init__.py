"""絵師100人展 TCG (``eshi100``): rules, card schema and sample cards and decks.

``load(card_root=None)`` returns the rules over the card files of
``assets/cards/eshi100`` (or ``card_root``); ``load_decks()`` the ready-made
decks of ``assets/decks/eshi100``. The rules core never imports pygame.

Modules: :mod:`schema` (card fields, connectors), :mod:`zones` (zone ids),
:mod:`board` (squares, their shapes, cell mapping; ESHI-R1), :mod:`connect`
(connectors, connects, payments; ESHI-R3, ESHI-R4), :mod:`turn` (phases,
deck-out, points; ESHI-R5..R7), :mod:`placing` (place, hand boost; ESHI-R2),
:mod:`attack` (use, defence, power comparison), :mod:`challenge` (challenge,
counter), :mod:`abilities` (the cards' ability words, issue 15), :mod:`triggers`
(abilities in play: triggers, targets, effects in force, power modifiers, printed
victory conditions), :mod:`legal` (legal actions), :mod:`drops` (drag and drop),
:mod:`decklegal` (deck rules), :mod:`setup`, :mod:`words`, :mod:`rules`
(``Eshi100Rules``).
"""

from __future__ import annotations

from pathlib import Path

from tabletop.core.cards import load_card_dir
from tabletop.core.decks import Deck, load_deck_dir
from tabletop.games.eshi100.abilities import VOCABULARY
from tabletop.games.eshi100.rules import Eshi100Rules
from tabletop.games.eshi100.schema import GAME_ID, SCHEMA, validate
from tabletop.resources import resource_path

__all__ = ["Eshi100Rules", "load", "load_decks"]


def load(card_root: str | Path | None = None) -> Eshi100Rules:
    """The rules over the card files of ``card_root`` (default ``assets/cards/eshi100``).

    Raises CardDataError naming the file, card and field of a broken card file.
    """
    folder = Path(card_root) if card_root is not None else resource_path("assets", "cards", GAME_ID)
    return Eshi100Rules(validate(load_card_dir(folder, GAME_ID, SCHEMA, VOCABULARY)))


def load_decks(deck_root: str | Path | None = None,
               rules: Eshi100Rules | None = None) -> dict[str, Deck]:
    """The ready-made decks by id (file stem), checked against the known card ids."""
    folder = Path(deck_root) if deck_root is not None else resource_path("assets", "decks", GAME_ID)
    game_rules = rules or load()
    return load_deck_dir(folder, list(game_rules.cards), game_rules.deck_options)

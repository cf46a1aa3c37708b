"""Xenocard (``xenocard``): rules, card schema, sample cards and decks (seed 004).

``load(card_root=None, layout_path=None)`` returns the rules over the card files
of ``assets/cards/xenocard`` and the table ``layouts/xenocard.toml`` (the rules
read which battle-field slot faces which from its placed shapes, XENO-R5);
``load_decks()`` the ready-made decks of ``assets/decks/xenocard``. No pygame.

Modules: :mod:`schema` (card fields), :mod:`state` (the typed bookkeeping and the
vocabularies as enums), :mod:`zones` (zone and cell ids, slots),
:mod:`words` (message parameters), :mod:`facing` (XENO-R5 geometry),
:mod:`stats` (ATK/HP/attack type, E mark; XENO-R6, R7), :mod:`payment`
(XENO-R4), :mod:`deck` (draws, deck damage; XENO-R1, R3), :mod:`plays` (set,
equip, level up, situations, moves), :mod:`events` (event effects, block
phase), :mod:`battle` (XENO-R5 automatic battle, attack events), :mod:`turn`
(phases, XENO-R8), :mod:`setup` (XENO-R2), :mod:`legal`, :mod:`drops`,
:mod:`decklegal`, :mod:`abilities` (the ability words, issue 15),
:mod:`rules` (``XenoRules``).
"""

from __future__ import annotations

from pathlib import Path

from tabletop.core.cards import CardDataError, CardDb, CardProblems, load_card_dir
from tabletop.core.decks import Deck, load_deck_dir
from tabletop.games.xenocard.abilities import VOCABULARY, ability_problems
from tabletop.games.xenocard.rules import XenoRules
from tabletop.games.xenocard.schema import GAME_ID, SCHEMA
from tabletop.games.xenocard.state import AttackEvent
from tabletop.layout import load_layout
from tabletop.resources import resource_path

__all__ = ["AttackEvent", "XenoRules", "load", "load_decks"]


def check_upgrades(db: CardDb) -> None:
    """Every ``upgrade_of`` names a battle card of the set, and the abilities keep the
    game's own limits (:func:`~.abilities.ability_problems`). Raises CardProblems for the
    first card with a problem, each of its problems told (QA15b #1)."""
    for card in db.values():
        problems = ability_problems(card)
        base = card.get("upgrade_of") or ""
        if base and (base not in db or db[base].type != "battle" or base == card.id):
            problems.append(CardDataError(card.source, card.id, "upgrade_of",
                                          f"expected the id of another battle card, got "
                                          f"{base!r}"))
        if problems:
            raise CardProblems(problems)


def load(card_root: str | Path | None = None,
         layout_path: str | Path | None = None) -> XenoRules:
    """The Xenocard rules over ``card_root`` (default ``assets/cards/xenocard``) and the
    layout ``layout_path`` (default ``layouts/xenocard.toml``).

    Raises CardDataError naming the file, card and field of a broken card file,
    LayoutError for a broken layout, FieldLayoutError when its battle fields lack
    the slots the rules name.
    """
    folder = Path(card_root) if card_root is not None else resource_path("assets", "cards", GAME_ID)
    db = load_card_dir(folder, GAME_ID, SCHEMA, VOCABULARY)
    check_upgrades(db)
    path = Path(layout_path) if layout_path is not None else resource_path("layouts",
                                                                     f"{GAME_ID}.toml")
    return XenoRules(db, load_layout(path))


def load_decks(deck_root: str | Path | None = None,
               rules: XenoRules | None = None) -> dict[str, Deck]:
    """The ready-made decks by id (file stem), checked against the known card ids."""
    folder = Path(deck_root) if deck_root is not None else resource_path("assets", "decks", GAME_ID)
    game_rules = rules or load()
    return load_deck_dir(folder, list(game_rules.cards), game_rules.deck_options)

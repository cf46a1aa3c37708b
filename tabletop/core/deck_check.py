"""A deck's legality as the deck builder shows it: the game's own construction rules
(``tabletop/games/<game>/decklegal.py``, the very function the menu and the rules
use), each problem paired with the rule it applies.

The rule ids: Conan CONAN-R20; Arc ARC-R2 (size, copies) and ARC-R7 (alignment);
絵師100人展 ESHI-H10 and Xenocard XENO-H21 (the house rulings that state the rule
documents' section デッキ, which has no ruling number of its own). A game without
an entry cites ``decks.rule.<game>`` of the catalogues.
Copy limits count "the same card" (every printing of one card,
:mod:`tabletop.core.same_card`), so a user's reprint of a card the game ships counts
with it while the deck is built.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from tabletop.core.cards import CardDb
from tabletop.core.decks import Deck
from tabletop.core.messages import Message, msg

__all__ = ["DeckProblem", "check", "rule_of"]

#: Message key prefix -> rule id, longest prefix first wins.
RULES: dict[str, str] = {
    "deck.conan.": "CONAN-R20",
    "deck.arc.alignment": "ARC-R7",
    "deck.arc.bad_alignment": "ARC-R7",
    "deck.arc.": "ARC-R2",
    "deck.eshi100.": "ESHI-H10",
    "deck.xenocard.": "XENO-H21",
}


@dataclass(frozen=True)
class DeckProblem:
    """One reason a deck is illegal: the rules' ``message`` and the ``rule`` it
    applies (a rule id such as ``CONAN-R20``, or a Message naming the document's
    section when the game has no ruling number)."""

    message: Message
    rule: str | Message


def rule_of(game: str, key: str) -> str | Message:
    """The rule behind the decklegal message ``key`` of ``game``."""
    for prefix in sorted(RULES, key=len, reverse=True):
        if key.startswith(prefix):
            return RULES[prefix]
    return msg(f"decks.rule.{game}")


def check(game: str, cards: CardDb, deck: Deck) -> list[DeckProblem]:
    """Every problem of ``deck`` under ``game``'s construction rules over ``cards``
    (the pool: the game's cards and the user's); empty when legal."""
    module = importlib.import_module(f"tabletop.games.{game}.decklegal")
    messages: list[Message] = module.check_deck(cards, deck)
    return [DeckProblem(m, rule_of(game, m.key)) for m in messages]

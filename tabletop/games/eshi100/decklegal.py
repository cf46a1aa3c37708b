"""Deck legality (seed: デッキ; ESHI-R5 context).

* exactly 40 cards (デッキ枚数 40枚ちょうど);
* at most 4 cards of one collector ``number`` (同一番号カードはデッキに4枚まで);
* every id a known card; only the ``[cards]`` section.
"""

from __future__ import annotations

from collections import Counter

from tabletop.core.cards import CardDb
from tabletop.core.decks import Deck
from tabletop.core.messages import Message, msg

DECK_SIZE = 40
MAX_PER_NUMBER = 4


def check_deck(db: CardDb, deck: Deck) -> list[Message]:
    """Every problem that makes ``deck`` illegal (empty when legal)."""
    problems: list[Message] = []
    extra = sorted(set(deck.sections) - {"cards"})
    if extra:
        problems.append(msg("deck.eshi100.unknown_section", section=extra[0]))
    cards = deck.card_list("cards")
    if len(cards) != DECK_SIZE:
        problems.append(msg("deck.eshi100.size", count=len(cards), size=DECK_SIZE))
    numbers: Counter[str] = Counter()
    for cid in cards:
        if cid not in db:
            continue
        numbers[str(db[cid]["number"])] += 1
    for cid in sorted(set(cards)):
        if cid not in db:
            problems.append(msg("deck.eshi100.unknown_card", card=cid))
    for number, n in sorted(numbers.items()):
        if n > MAX_PER_NUMBER:
            problems.append(msg("deck.eshi100.too_many_copies", number=number, count=n,
                                max=MAX_PER_NUMBER))
    return problems

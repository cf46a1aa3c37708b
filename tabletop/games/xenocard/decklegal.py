"""Deck legality (seed: デッキ: 40枚ちょうど, 同一カードは3枚まで).

* exactly 40 cards;
* at most 3 copies of one card;
* every id is a known card; only the pile ``cards``.
"""

from __future__ import annotations

from collections import Counter

from tabletop.core.cards import CardDb
from tabletop.core.decks import Deck
from tabletop.core.messages import Message, msg
from tabletop.games.xenocard.words import card_msg

DECK_SIZE = 40
MAX_COPIES = 3


def check_deck(db: CardDb, deck: Deck) -> list[Message]:
    """Every problem that makes ``deck`` illegal for Xenocard (empty when legal)."""
    problems: list[Message] = []
    extra = sorted(set(deck.sections) - {"cards"})
    if extra:
        problems.append(msg("deck.xenocard.unknown_section", section=extra[0]))
    cards = deck.card_list("cards")
    if len(cards) != DECK_SIZE:
        problems.append(msg("deck.xenocard.size", count=len(cards), size=DECK_SIZE))
    counts = Counter(cards)
    for cid, n in counts.items():
        if cid not in db:
            problems.append(msg("deck.xenocard.unknown_card", card=cid))
        elif n > MAX_COPIES:
            problems.append(msg("deck.xenocard.too_many_copies", card=card_msg(cid), count=n,
                                max=MAX_COPIES))
    return problems

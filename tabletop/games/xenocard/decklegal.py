"""Deck legality (seed: デッキ: 40枚ちょうど, 同一カードは3枚まで).

* exactly 40 cards;
* at most 3 copies of one card (同一カード: every printing of it together, by
  :attr:`~tabletop.core.cards.CardDef.same_key`, issue 15);
* every id is a known card; only the pile ``cards``.
"""

from __future__ import annotations

from collections import Counter

from tabletop.core.cards import CardDb
from tabletop.core.decks import Deck
from tabletop.core.messages import Message, msg
from tabletop.core.same_card import copies, printings_msg
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
    for cid in counts:
        if cid not in db:
            problems.append(msg("deck.xenocard.unknown_card", card=cid))
    for card in copies(db, counts):  # デッキ: 同一カードは3枚まで, printings together
        if card.count > MAX_COPIES:
            problems.append(msg("deck.xenocard.too_many_copies",
                                card=printings_msg(card.ids, card_msg), count=card.count,
                                max=MAX_COPIES))
    return problems

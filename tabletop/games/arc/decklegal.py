"""Deck legality (ARC-R2, ARC-R7; seed: デッキ).

* at most 40 cards and at least 8 (ARC-R2: the seed sets only the upper bound;
  the lower bound keeps a game from ending before it starts: 7 to draw + 1);
* at most 4 copies of a non-resource card; resources unlimited (ARC-R2: "the same
  card" by :attr:`~tabletop.core.cards.CardDef.same_key`, so two printings of one
  card count together, issue 15);
* every id is a known card;
* ``alignment = "good"`` (or ``"evil"``) in the deck file allows only good (evil)
  and neutral cards (ARC-R7). Absent or ``"neutral"``: no restriction.
"""

from __future__ import annotations

from collections import Counter

from tabletop.core.cards import CardDb
from tabletop.core.decks import Deck
from tabletop.core.messages import Message, msg
from tabletop.core.same_card import copies, printings_msg
from tabletop.games.arc.words import card_msg

MAX_CARDS = 40
MIN_CARDS = 8
MAX_COPIES = 4
_OPPOSITE = {"good": "evil", "evil": "good"}


def check_deck(db: CardDb, deck: Deck) -> list[Message]:
    """Every problem that makes ``deck`` illegal for Arc (empty when legal)."""
    problems: list[Message] = []
    cards = deck.card_list("cards")
    extra = sorted(set(deck.sections) - {"cards"})
    if extra:
        problems.append(msg("deck.arc.unknown_section", section=extra[0]))
    if len(cards) > MAX_CARDS:
        problems.append(msg("deck.arc.too_many", count=len(cards), max=MAX_CARDS))
    if len(cards) < MIN_CARDS:
        problems.append(msg("deck.arc.too_few", count=len(cards), min=MIN_CARDS))
    counts = Counter(cards)
    for cid in counts:
        if cid not in db:
            problems.append(msg("deck.arc.unknown_card", card=cid))
    limited = {cid: n for cid, n in counts.items() if cid in db and db[cid].type != "resource"}
    for card in copies(db, limited):  # ARC-R2, printings of one card together
        if card.count > MAX_COPIES:
            problems.append(msg("deck.arc.too_many_copies",
                                card=printings_msg(card.ids, card_msg), count=card.count,
                                max=MAX_COPIES))
    alignment = deck.options.get("alignment", "neutral")
    if alignment not in ("good", "evil", "neutral"):
        problems.append(msg("deck.arc.bad_alignment", value=str(alignment)))
    elif alignment in _OPPOSITE:
        banned = _OPPOSITE[alignment]
        for cid in counts:
            if cid in db and db[cid].get("alignment", "neutral") == banned:
                problems.append(msg("deck.arc.alignment", card=card_msg(cid),
                                    allowed=msg(f"alignment.{alignment}"),
                                    alignment=msg(f"alignment.{banned}")))
    return problems

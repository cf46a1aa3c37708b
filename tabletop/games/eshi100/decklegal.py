"""Deck legality (seed: デッキ; ESHI-R5 context).

* exactly 40 cards (デッキ枚数 40枚ちょうど);
* at most 4 cards of one collector ``number`` (同一番号カードはデッキに4枚まで); two
  printings of one card (:attr:`~tabletop.core.cards.CardDef.same_key`: the same
  English name or ``same_as``, issue 15) are one card too, whatever their numbers, so
  cards joined by a shared number or a shared name count together;
* every id a known card; only the ``[cards]`` section.
"""

from __future__ import annotations

from collections import Counter

from tabletop.core.cards import CardDb
from tabletop.core.decks import Deck
from tabletop.core.messages import Message, msg

DECK_SIZE = 40
MAX_PER_NUMBER = 4


def _groups(db: CardDb, ids: list[str]) -> list[list[str]]:
    """The deck's known card ids joined into "one card": linked by a shared
    ``number`` or a shared same_key (a small union-find; ids in deck order)."""
    parent = {cid: cid for cid in ids}

    def root(cid: str) -> str:
        while parent[cid] != cid:
            parent[cid] = parent[parent[cid]]
            cid = parent[cid]
        return cid

    first: dict[tuple[str, str], str] = {}
    for cid in ids:
        card = db[cid]
        for link in (("number", str(card["number"])), ("same", card.same_key)):
            if link in first:
                parent[root(cid)] = root(first[link])
            else:
                first[link] = cid
    groups: dict[str, list[str]] = {}
    for cid in ids:
        groups.setdefault(root(cid), []).append(cid)
    return list(groups.values())


def check_deck(db: CardDb, deck: Deck) -> list[Message]:
    """Every problem that makes ``deck`` illegal (empty when legal)."""
    problems: list[Message] = []
    extra = sorted(set(deck.sections) - {"cards"})
    if extra:
        problems.append(msg("deck.eshi100.unknown_section", section=extra[0]))
    cards = deck.card_list("cards")
    if len(cards) != DECK_SIZE:
        problems.append(msg("deck.eshi100.size", count=len(cards), size=DECK_SIZE))
    counts = Counter(cid for cid in cards if cid in db)
    for cid in sorted(set(cards)):
        if cid not in db:
            problems.append(msg("deck.eshi100.unknown_card", card=cid))
    over: list[tuple[str, int]] = []
    for group in _groups(db, list(counts)):
        n = sum(counts[cid] for cid in group)
        if n > MAX_PER_NUMBER:
            numbers = sorted({str(db[cid]["number"]) for cid in group})
            over.append(("/".join(numbers), n))
    for number, n in sorted(over):
        problems.append(msg("deck.eshi100.too_many_copies", number=number, count=n,
                            max=MAX_PER_NUMBER))
    return problems

"""Deck legality (CONAN-R20; seed: 事前準備).

A Conan deck file has three piles: ``[conan]`` (exactly one Conan card),
``[draw]`` (at least 40 cards, no Foes, no Conan) and ``[foe]`` (at least 25 cards,
Foes only, printed renown total 95..105). At most 3 copies of a card in a
pile, 1 if it is UNIQUE (CONAN-R20): "a card" is every printing of it
(:attr:`~tabletop.core.cards.CardDef.same_key`, issue 15), UNIQUE when any
printing is.
"""

from __future__ import annotations

from collections import Counter

from tabletop.core.cards import CardDb
from tabletop.core.decks import Deck
from tabletop.core.messages import Message, msg
from tabletop.core.same_card import copies, printings_msg
from tabletop.games.conan.words import card_msg

MIN_DRAW = 40
MIN_FOE = 25
FOE_RENOWN = (95, 105)
MAX_COPIES = 3
PILES = ("conan", "draw", "foe")


def check_deck(db: CardDb, deck: Deck) -> list[Message]:
    """Every problem that makes ``deck`` illegal for Conan (empty when legal)."""
    problems: list[Message] = []
    for extra in sorted(set(deck.sections) - set(PILES)):
        problems.append(msg("deck.conan.unknown_section", section=extra))
    piles = {p: deck.card_list(p) for p in PILES}
    for cards in piles.values():
        for cid in sorted(set(cards)):
            if cid not in db:
                problems.append(msg("deck.conan.unknown_card", card=cid))
    known = {p: [c for c in cards if c in db] for p, cards in piles.items()}
    conans = known["conan"]
    if len(piles["conan"]) != 1 or any(db[c].type != "conan" for c in conans):
        problems.append(msg("deck.conan.one_conan", count=len(piles["conan"])))
    if len(piles["draw"]) < MIN_DRAW:
        problems.append(msg("deck.conan.draw_too_few", count=len(piles["draw"]), min=MIN_DRAW))
    for cid in sorted({c for c in known["draw"] if db[c].type == "foe"}):
        problems.append(msg("deck.conan.foe_in_draw", card=card_msg(cid)))
    for cid in sorted({c for c in known["draw"] if db[c].type == "conan"}):
        problems.append(msg("deck.conan.conan_in_draw", card=card_msg(cid)))
    if len(piles["foe"]) < MIN_FOE:
        problems.append(msg("deck.conan.foe_too_few", count=len(piles["foe"]), min=MIN_FOE))
    for cid in sorted({c for c in known["foe"] if db[c].type != "foe"}):
        problems.append(msg("deck.conan.not_a_foe", card=card_msg(cid)))
    total = sum(int(db[c]["renown"]) for c in known["foe"] if db[c].type == "foe")
    if not FOE_RENOWN[0] <= total <= FOE_RENOWN[1]:
        problems.append(msg("deck.conan.foe_renown", total=total, min=FOE_RENOWN[0],
                            max=FOE_RENOWN[1]))
    for pile in ("draw", "foe"):  # CONAN-R20, printings of one card together
        counted = copies(db, dict(sorted(Counter(known[pile]).items())))
        for card in sorted(counted, key=lambda c: c.ids[0]):
            limit = 1 if any(db[cid].get("unique") for cid in card.ids) else MAX_COPIES
            if card.count > limit:
                problems.append(msg("deck.conan.too_many_copies",
                                    card=printings_msg(card.ids, card_msg), count=card.count,
                                    max=limit))
    return problems

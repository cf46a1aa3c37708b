"""Paying costs by tapping resources (ARC-R4; seed: コストについて).

A card of cost N and colour C is paid by tapping N untapped resources of its
owner, at least one of them of colour C. A cost of 0 needs nothing.

When the player names no resources, :func:`auto_payment` chooses (ARC-H8)
deterministically (so replays and bots agree): first one untapped resource of
the card's colour (the lowest in the row), then the rest taken from the colours
the player has most untapped resources of (ties in the order red, green,
blue; within a colour, lowest in the row first). Spending the plentiful colour
keeps the rare colours free for later cards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from tabletop.core.actions import Verdict
from tabletop.core.cards import CardDb, CardDef
from tabletop.core.model import GameState
from tabletop.games.arc.schema import COLOURS
from tabletop.games.arc.words import card_msg, colour_msg
from tabletop.games.arc.zones import cdef, untapped


def _colour_of(state: GameState, db: CardDb, iid: int) -> str:
    return str(cdef(state, db, iid)["colour"])


def auto_payment(state: GameState, db: CardDb, seat: int, card: CardDef) -> list[int] | None:
    """The resources the rules tap for ``card`` (ARC-R4, order ARC-H8), or None if unpayable."""
    cost = int(card["cost"])
    if cost == 0:
        return []
    pool = untapped(state, seat, "resources")
    colour = str(card["colour"])
    own = [i for i in pool if _colour_of(state, db, i) == colour]
    if len(pool) < cost or not own:
        return None
    chosen = [own[0]]
    rest = [i for i in pool if i != own[0]]
    counts = Counter(_colour_of(state, db, i) for i in rest)

    def preference(iid: int) -> tuple[int, int, int]:
        c = _colour_of(state, db, iid)
        return (-counts[c], COLOURS.index(c), pool.index(iid))

    chosen += sorted(rest, key=preference)[: cost - 1]
    return chosen


def unpayable(state: GameState, db: CardDb, seat: int, card: CardDef) -> Verdict:
    """The refusal for a card ``seat`` cannot pay for (ARC-R4), with counts."""
    pool = untapped(state, seat, "resources")
    colour = str(card["colour"])
    have_colour = sum(1 for i in pool if _colour_of(state, db, i) == colour)
    return Verdict.refuse(
        "arc.cost_unpayable", "ARC-R4",
        card=card_msg(card.id), cost=int(card["cost"]), colour=colour_msg(colour),
        have=len(pool), have_colour=have_colour,
    )


def check_payment(
    state: GameState, db: CardDb, seat: int, card: CardDef, payment: Any
) -> tuple[Verdict, list[int]]:
    """Validate an explicit or omitted payment; return the verdict and resources to tap."""
    if payment is None:
        auto = auto_payment(state, db, seat, card)
        if auto is None:
            return unpayable(state, db, seat, card), []
        return Verdict.legal(), auto
    cost = int(card["cost"])
    if not isinstance(payment, Sequence) or isinstance(payment, str):
        return Verdict.refuse("arc.bad_payment", "ARC-R4", card=card_msg(card.id), cost=cost), []
    ids = list(payment)
    pool = set(untapped(state, seat, "resources"))
    valid = all(isinstance(i, int) and not isinstance(i, bool) and i in pool for i in ids)
    if not valid or len(set(ids)) != len(ids) or len(ids) != cost:
        if auto_payment(state, db, seat, card) is None:
            return unpayable(state, db, seat, card), []
        return Verdict.refuse("arc.bad_payment", "ARC-R4", card=card_msg(card.id), cost=cost), []
    colour = str(card["colour"])
    if cost > 0 and not any(_colour_of(state, db, i) == colour for i in ids):
        return Verdict.refuse(
            "arc.payment_needs_colour", "ARC-R4", card=card_msg(card.id), colour=colour_msg(colour)
        ), []
    return Verdict.legal(), ids


def pay(state: GameState, resources: list[int]) -> None:
    """Tap the chosen resources (ARC-R4)."""
    for iid in resources:
        state.cards[iid].tapped = True

"""Paying costs by tapping resources (ARC-R4; seed: コストについて).

A card of cost N and colour C is paid by tapping N untapped resources of its
owner, at least one of them of colour C. A cost of 0 needs nothing.

The player may name the resources (``payment=[instance ids]`` in the action;
the window sends the resources clicked before the drop), so a save replays
exactly the same taps. When the player names none, :func:`auto_payment`
chooses (ARC-H8), deterministically so replays and bots agree. Resources of
one colour are alike, so it chooses how many of each colour to tap, by, in
order:

1. the most other cards of the payer's hand that could each still be paid
   afterwards (so a second red card stays payable when one red and one blue
   can pay the first);
2. the most colours left untapped;
3. the most even untapped colours left (smallest sum of squares of the
   counts): the plentiful colours are spent, the rare ones kept;
4. colours spent in the order red, green, blue.

Within a colour the resources lowest in the row (leftmost) are tapped first.
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
from tabletop.games.arc.zones import cards_in, cdef, untapped


def _colour_of(state: GameState, db: CardDb, iid: int) -> str:
    return str(cdef(state, db, iid)["colour"])


def _by_colour(state: GameState, db: CardDb, pool: Sequence[int]) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {c: [] for c in COLOURS}
    for iid in pool:
        out.setdefault(_colour_of(state, db, iid), []).append(iid)
    return out


def payable_from(card: CardDef, left: Counter[str]) -> bool:
    """Could ``card`` be paid from untapped resources counted by colour as ``left``?

    ``left`` maps colour -> untapped resources of that colour (ARC-R4).
    """
    cost = int(card.get("cost") or 0)
    return cost == 0 or (sum(left.values()) >= cost and left[str(card.get("colour"))] > 0)


def _spends(have: dict[str, int], colour: str, cost: int) -> list[tuple[int, ...]]:
    """Every count of resources to tap per colour (in :data:`COLOURS` order) that pays
    ``cost`` with at least one of ``colour``."""
    out: list[tuple[int, ...]] = []

    def walk(i: int, left: int, acc: tuple[int, ...]) -> None:
        if i == len(COLOURS):
            if left == 0 and acc[COLOURS.index(colour)] > 0:
                out.append(acc)
            return
        for n in range(min(left, have.get(COLOURS[i], 0)), -1, -1):
            walk(i + 1, left - n, (*acc, n))

    walk(0, cost, ())
    return out


def auto_payment(state: GameState, db: CardDb, seat: int, card: CardDef,
                 playing: int | None = None) -> list[int] | None:
    """The resources the rules tap for ``card`` when the player names none (ARC-R4,
    choice ARC-H8: see the module docstring), or None if it cannot be paid.

    ``playing`` is the instance being paid for, left out of the hand cards that
    should stay payable. Returns instance ids in row order (``[]`` for cost 0).
    """
    cost = int(card.get("cost") or 0)
    if cost == 0:
        return []
    pool = untapped(state, seat, "resources")
    colour = str(card.get("colour"))
    if colour not in COLOURS:  # a colourless card (free mode) has nothing to pay with
        return None
    groups = _by_colour(state, db, pool)
    have = {c: len(ids) for c, ids in groups.items()}
    spends = _spends(have, colour, cost)
    if not spends:
        return None
    others = [cdef(state, db, i) for i in cards_in(state, seat, "hand") if i != playing]
    others = [c for c in others if c.type != "resource"]

    def score(spend: tuple[int, ...]) -> tuple[int, int, int, tuple[int, ...]]:
        left = Counter({c: have[c] - n for c, n in zip(COLOURS, spend, strict=True)})
        kept = sum(1 for other in others if payable_from(other, left))
        colours_left = sum(1 for n in left.values() if n > 0)
        evenness = sum(n * n for n in left.values())
        return (-kept, -colours_left, evenness, tuple(-n for n in spend))

    best = min(spends, key=score)
    chosen = [i for c, n in zip(COLOURS, best, strict=True) for i in groups[c][:n]]
    return sorted(chosen, key=pool.index)


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
    state: GameState, db: CardDb, seat: int, card: CardDef, payment: Any,
    playing: int | None = None,
) -> tuple[Verdict, list[int]]:
    """Validate an explicit or omitted payment (ARC-R4); return the verdict and the
    resources to tap.

    ``payment`` is None (the rules choose, ARC-H8; ``playing`` is the instance being
    paid for, see :func:`auto_payment`) or a list of instance ids of ``seat``'s
    untapped resources: exactly the cost, each once, at least one of the card's
    colour. Refusal codes: ``arc.cost_unpayable`` (no payment exists at all),
    ``arc.bad_payment`` (wrong count or not own untapped resources),
    ``arc.payment_needs_colour``. Never raises.
    """
    if payment is None:
        auto = auto_payment(state, db, seat, card, playing)
        if auto is None:
            return unpayable(state, db, seat, card), []
        return Verdict.legal(), auto
    cost = int(card["cost"])
    if not isinstance(payment, Sequence) or isinstance(payment, str):
        return Verdict.refuse("arc.bad_payment", "ARC-R4", card=card_msg(card.id), cost=cost,
                              picked=0), []
    ids = list(payment)
    pool = set(untapped(state, seat, "resources"))
    valid = all(isinstance(i, int) and not isinstance(i, bool) and i in pool for i in ids)
    if not valid or len(set(ids)) != len(ids) or len(ids) != cost:
        if auto_payment(state, db, seat, card, playing) is None:
            return unpayable(state, db, seat, card), []
        return Verdict.refuse("arc.bad_payment", "ARC-R4", card=card_msg(card.id), cost=cost,
                              picked=len(ids)), []
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

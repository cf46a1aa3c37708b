"""Costs and conditions (XENO-R4; seed: コストと使用条件).

* A cost of N is paid by moving the top N cards of one's own deck to one's
  dump; a cost larger than the deck cannot be paid (a cost equal to it can).
* A condition such as ``["human", "human", "any"]`` is checked, not consumed:
  each listed attribute must be matched by a *different* one of one's own battle
  cards in the standby area or on the battle field without the E mark (XENO-R6);
  ``"any"`` is matched by any card left over. Equipped weapons count with the
  attribute Weapon (XENO-H4). A battle card has exactly one attribute, so
  counting per attribute finds the best matching.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from tabletop.core import piles
from tabletop.core.actions import Verdict
from tabletop.core.cards import CardDb, CardDef
from tabletop.core.messages import msg
from tabletop.core.model import GameState
from tabletop.games.xenocard.schema import ANY, attribute_of
from tabletop.games.xenocard.stats import e_marked
from tabletop.games.xenocard.words import attr_list_msg, card_msg, seat_msg
from tabletop.games.xenocard.zones import battle_cards, cdef, weapons_of, zid


def available_attributes(state: GameState, db: CardDb, seat: int) -> list[str]:
    """Attributes of ``seat``'s cards that satisfy conditions now (one entry per card)."""
    out: list[str] = []
    for iid in battle_cards(state, db, seat):
        for card in (iid, *weapons_of(state, iid)):
            if e_marked(state, card):
                continue
            printed = cdef(state, db, card)
            attribute = attribute_of(printed.type, printed.get("attribute"))
            if attribute is not None:
                out.append(attribute)
    return out


def missing_for(condition: Sequence[str], available: Sequence[str]) -> list[str]:
    """The part of ``condition`` that ``available`` cannot match (empty: met).

    ``"any"`` is met by any card left over once the named attributes are matched:

    >>> missing_for(["human", "human", "any"], ["human", "machine"])
    ['human']
    >>> missing_for(["human", "any"], ["human"])
    ['any']
    """
    have = Counter(available)
    missing: list[str] = []
    used = 0
    for attribute, need in Counter(a for a in condition if a != ANY).items():
        got = min(need, have[attribute])
        used += got
        missing += [attribute] * (need - got)
    leftover = len(available) - used
    need_any = sum(1 for a in condition if a == ANY)
    missing += [ANY] * max(0, need_any - leftover)
    return missing


def check_cost_and_condition(state: GameState, db: CardDb, seat: int, card: CardDef,
                             rule: str = "XENO-R4") -> Verdict:
    """Can ``seat`` pay ``card``'s cost and meet its condition now? The refusal says what is
    missing: the cost against the deck, or the attributes still needed."""
    condition = list(card.get("condition") or ())
    missing = missing_for(condition, available_attributes(state, db, seat))
    if missing:
        return Verdict.refuse("xenocard.condition_unmet", rule, card=card_msg(card.id),
                              needs=attr_list_msg(condition), missing=attr_list_msg(missing))
    cost = int(card["cost"])
    deck = len(state.zones[zid(seat, "deck")])
    if cost > deck:
        return Verdict.refuse("xenocard.cost_unpayable", rule, card=card_msg(card.id),
                              cost=cost, deck=deck)
    return Verdict.legal()


def pay(state: GameState, seat: int, card: CardDef) -> list[int]:
    """Move the top ``cost`` cards of the deck to the dump (XENO-R3, XENO-R4) and log it."""
    paid = piles.move_from_top(state, zid(seat, "deck"), zid(seat, "dump"), int(card["cost"]))
    if paid:
        state.add_log(msg("log.xenocard.pays", player=seat_msg(seat), n=len(paid),
                          card=card_msg(card.id),
                          cards=[card_msg(state.cards[i].card_id) for i in paid]))
    return paid

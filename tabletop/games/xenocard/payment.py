"""Costs and conditions (XENO-R4; seed: コストと使用条件).

* A cost of N is paid by moving the top N cards of one's own deck to one's
  dump; a cost larger than the deck cannot be paid (a cost equal to it can).
* A condition such as ``["human", "human", "any"]`` is checked, not consumed:
  each listed attribute must be matched by a *different* one of one's own battle
  cards in the standby area or on the battle field without the E mark (XENO-R6);
  ``"any"`` is matched by any card left over. Equipped weapons count with the
  attribute Weapon (XENO-H4). A battle card has exactly one attribute, so
  counting per attribute finds the best matching.
* An alternative cost (XENO-H16), chosen with the action argument
  ``pay = "alt"``: ``alt_cost = "discard"`` discards ``alt_count`` other hand
  cards of ``alt_attribute`` (the oldest in the hand, unless the action's
  ``discard`` names them), ``"discard_hand"`` the rest of the hand (at least one
  card), to the trash, instead of paying ``cost`` from the deck. The condition
  still applies.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tabletop.core import piles
from tabletop.core.actions import Verdict
from tabletop.core.cards import CardDb, CardDef
from tabletop.core.messages import msg
from tabletop.core.model import GameState
from tabletop.games.xenocard.schema import ANY, attribute_of
from tabletop.games.xenocard.stats import e_marked
from tabletop.games.xenocard.words import attr_list_msg, card_msg, seat_msg
from tabletop.games.xenocard.zones import battle_cards, cards_in, cdef, weapons_of, zid

#: The action argument ``pay`` that asks for the alternative cost (XENO-H16).
ALT = "alt"


@dataclass(frozen=True)
class Paid:
    """How a play is paid: ``discards`` (hand cards, an alternative cost, XENO-H16) or
    None for the cost from the deck (XENO-R4); ``free`` pays nothing (XENO-H15)."""

    discards: tuple[int, ...] | None = None
    free: bool = False


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


def check_condition(state: GameState, db: CardDb, seat: int, card: CardDef,
                    rule: str = "XENO-R4") -> Verdict:
    """Does ``seat`` meet ``card``'s condition now? The refusal names what is missing."""
    condition = list(card.get("condition") or ())
    if not condition:
        return Verdict.legal()
    missing = missing_for(condition, available_attributes(state, db, seat))
    if missing:
        return Verdict.refuse("xenocard.condition_unmet", rule, card=card_msg(card.id),
                              needs=attr_list_msg(condition), missing=attr_list_msg(missing))
    return Verdict.legal()


def check_cost_and_condition(state: GameState, db: CardDb, seat: int, card: CardDef,
                             rule: str = "XENO-R4") -> Verdict:
    """Can ``seat`` pay ``card``'s cost and meet its condition now? The refusal says what is
    missing: the cost against the deck, or the attributes still needed."""
    condition = check_condition(state, db, seat, card, rule)
    if not condition:
        return condition
    cost = int(card["cost"])
    deck = len(state.zones[zid(seat, "deck")])
    if cost > deck:
        return Verdict.refuse("xenocard.cost_unpayable", rule, card=card_msg(card.id),
                              cost=cost, deck=deck)
    return Verdict.legal()


def alt_discards(state: GameState, db: CardDb, seat: int, iid: int, card: CardDef,
                 chosen: Any = None) -> tuple[int, ...] | Verdict:
    """The hand cards ``card``'s alternative cost discards (XENO-H16), or the refusal.

    ``chosen``: the hand cards the player named (the action's ``discard``), else the
    oldest that fit."""
    how = str(card.get("alt_cost") or "")
    if not how:
        return Verdict.refuse("xenocard.no_alt_cost", "XENO-H16", card=card_msg(card.id))
    others = [i for i in cards_in(state, seat, "hand") if i != iid]
    if how == "discard_hand":
        if not others:
            return Verdict.refuse("xenocard.alt_cost_unpaid", "XENO-H16",
                                  card=card_msg(card.id), n=1)
        return tuple(others)
    attribute, n = str(card.get("alt_attribute") or ANY), int(card.get("alt_count") or 1)

    def fits(i: int) -> bool:
        printed = cdef(state, db, i)
        return attribute == ANY or attribute_of(printed.type, printed.get("attribute")) \
            == attribute

    fitting = [i for i in others if fits(i)]
    if chosen is not None:
        picked = list(chosen) if isinstance(chosen, (list, tuple)) else []
        if len(picked) != n or len(set(picked)) != n or not set(picked) <= set(fitting):
            return Verdict.refuse("xenocard.alt_cost_bad_discard", "XENO-H16",
                                  card=card_msg(card.id), n=n)
        return tuple(int(i) for i in picked)
    if len(fitting) < n:
        return Verdict.refuse("xenocard.alt_cost_unpaid", "XENO-H16", card=card_msg(card.id),
                              n=n)
    return tuple(fitting[:n])


def check_payment(state: GameState, db: CardDb, seat: int, iid: int, card: CardDef,
                  how: Any = None, discard: Any = None, *, free: bool = False,
                  no_condition: bool = False) -> Paid | Verdict:
    """How ``seat`` pays ``card`` (instance ``iid``): ``how`` None for the cost from the
    deck (XENO-R4), :data:`ALT` for the alternative cost (XENO-H16); ``free`` and
    ``no_condition`` for a level-up that skips them (XENO-H15). The refusal says what
    is missing."""
    if not no_condition:
        verdict = check_condition(state, db, seat, card)
        if not verdict:
            return verdict
    if how not in (None, ALT):
        return Verdict.refuse("xenocard.bad_payment", "XENO-H16", card=card_msg(card.id))
    if free:
        return Paid(free=True)
    if how == ALT:
        found = alt_discards(state, db, seat, iid, card, discard)
        return found if isinstance(found, Verdict) else Paid(found)
    cost, deck = int(card["cost"]), len(state.zones[zid(seat, "deck")])
    if cost > deck:
        return Verdict.refuse("xenocard.cost_unpayable", "XENO-R4", card=card_msg(card.id),
                              cost=cost, deck=deck)
    return Paid()


def pay_for(state: GameState, seat: int, card: CardDef, paid: Paid) -> None:
    """Pay as ``paid`` says: the deck's top cards to the dump, or the discards to the
    trash (logged with their names: they are shown), or nothing."""
    if paid.free:
        return
    if paid.discards is None:
        pay(state, seat, card)
        return
    for iid in paid.discards:
        state.move(iid, zid(seat, "trash"))
    state.add_log(msg("log.xenocard.pays_discarding", player=seat_msg(seat),
                      card=card_msg(card.id), n=len(paid.discards),
                      cards=[card_msg(state.cards[i].card_id) for i in paid.discards]))


def pay(state: GameState, seat: int, card: CardDef) -> list[int]:
    """Move the top ``cost`` cards of the deck to the dump (XENO-R3, XENO-R4) and log it."""
    paid = piles.move_from_top(state, zid(seat, "deck"), zid(seat, "dump"), int(card["cost"]))
    if paid:
        state.add_log(msg("log.xenocard.pays", player=seat_msg(seat), n=len(paid),
                          card=card_msg(card.id),
                          cards=[card_msg(state.cards[i].card_id) for i in paid]))
    return paid

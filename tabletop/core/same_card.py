"""Printings of one card counted as "the same card" (issue 15).

Two card files may print one card twice (a reprint, a promo, a user's scan of a
card the game ships): they have different ids but are one card for the copy
limits of deck building (CONAN-R20, ARC-R2, 絵師100人展 and Xenocard: the rule
documents' section デッキ) and for uniqueness in play (ARC-R6, XENO-H8).
:attr:`~tabletop.core.cards.CardDef.same_key` decides: the card's ``same_as``
(the English name of the card it is a printing of), else its own English name.

* :func:`same_card` -- are two cards printings of one card?
* :func:`copies` -- a deck pile's counts by card id grouped into cards;
* :func:`printings_msg` -- the printings of one card for a message;
* :func:`same_as_problems` -- a ``same_as`` that names no card of the game (it lives
  in :mod:`tabletop.core.cards`, whose loader calls it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from tabletop.core.cards import CardDef, same_as_problems
from tabletop.core.messages import Message, msg

__all__ = ["Copies", "copies", "printings_msg", "same_as_problems", "same_card"]


def same_card(a: CardDef, b: CardDef) -> bool:
    """Are ``a`` and ``b`` printings of one card (same :attr:`CardDef.same_key`)?

    For in-play uniqueness: Xenocard's ``unique`` (XENO-H8, one of a character
    name on its owner's side whatever the printing) and Arc's ARC-R6."""
    return a.same_key == b.same_key


@dataclass(frozen=True)
class Copies:
    """The copies of one card in a pile: ``key`` (its same_key), ``ids`` (its
    printings in the pile, in pile order) and ``count`` (all of them together)."""

    key: str
    ids: tuple[str, ...]
    count: int


def copies(cards: Mapping[str, CardDef], counts: Mapping[str, int]) -> list[Copies]:
    """``counts`` (card id -> copies, in pile order) grouped by "the same card".

    Ids not in ``cards`` are left out (the game's check names them as unknown).
    The result is in the order each card's first printing appears."""
    groups: dict[str, list[str]] = {}
    totals: dict[str, int] = {}
    for cid, n in counts.items():
        card = cards.get(cid)
        if card is None:
            continue
        key = card.same_key
        groups.setdefault(key, []).append(cid)
        totals[key] = totals.get(key, 0) + n
    return [Copies(key, tuple(ids), totals[key]) for key, ids in groups.items()]


def _distinct_names(ids: Iterable[str]) -> list[str]:
    """``ids`` less each printing whose English name an earlier one already has (a
    promo printed under the card's own name): the message names each name once."""
    from tabletop.i18n import _template  # the registered card names (no public lookup)

    seen: set[str] = set()
    out: list[str] = []
    for cid in ids:
        name = _template(f"card.{cid}", "en") or cid
        if name not in seen:
            seen.add(name)
            out.append(cid)
    return out


def printings_msg(ids: Iterable[str], card_msg: Callable[[str], Message]) -> Message:
    """One card's printings for a message: its name for one printing, ``A / B`` for
    several (catalogue ``same_card.printings``), so a copy-limit message names every
    printing it counted."""
    names = [card_msg(cid) for cid in _distinct_names(ids)]
    if not names:
        raise ValueError("printings_msg needs at least one card id")
    out = names[0]
    for name in names[1:]:
        out = msg("same_card.printings", a=out, b=name)
    return out

"""Translatable messages as plain data; the one Message type lives in :mod:`tabletop.i18n`.

Re-exported here so the rules core reads as depending on the core only, with
the helpers that name seats and zones the same way in every game.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from tabletop.i18n import Message, msg

if TYPE_CHECKING:
    from tabletop.core.model import GameState

__all__ = ["Message", "card_msg", "inst_msg", "msg", "seat_msg", "zone_msg"]

_SEAT_ZONE = re.compile(r"p(\d)\.(\w+)")


def seat_msg(seat: int) -> Message:
    """"Player 1" / "プレイヤー1" for seat 0."""
    return msg(f"seat.{seat}")


def card_msg(card_id: str) -> Message:
    """The name of a printed card (catalogue ``card.<id>``)."""
    return msg(f"card.{card_id}")


def inst_msg(state: GameState, iid: int) -> Message:
    """The name of the card behind an instance (only for cards the reader may see)."""
    return card_msg(state.cards[iid].card_id)


def zone_msg(zone_id: str) -> Message:
    """A zone's name: ``"p0.hand"`` -> "Player 1's hand"; shared zones by their own key.

    Seat zones follow the ``p<seat>.<kind>`` naming of every game's zone ids;
    the kind's name is the catalogue key ``zone.<kind>``.
    """
    match = _SEAT_ZONE.fullmatch(zone_id)
    if match is None:
        return msg(f"zone.{zone_id}")
    return msg("zone.owned", player=seat_msg(int(match.group(1))),
               zone=msg(f"zone.{match.group(2)}"))

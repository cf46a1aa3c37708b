"""Message helpers: the parameters every Conan text uses (cards, seats, zones)."""

from __future__ import annotations

from tabletop.core.messages import Message, msg, seat_msg, zone_msg
from tabletop.core.model import GameState

__all__ = ["card_msg", "inst_msg", "seat_msg", "zone_msg", "foe_zone_msg"]


def card_msg(card_id: str) -> Message:
    """The name of a printed card (catalogue ``card.<id>``)."""
    return msg(f"card.{card_id}")


def inst_msg(state: GameState, iid: int) -> Message:
    """The name of the card behind an instance (only for cards the reader may see)."""
    return card_msg(state.cards[iid].card_id)


def foe_zone_msg(zone: str) -> Message:
    """A battlefield zone's name ("Center", "Left flank"...)."""
    return msg(f"zone.{zone}")

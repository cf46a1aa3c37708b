"""Message helpers: the parameters every Conan text uses (cards, seats, zones)."""

from __future__ import annotations

from tabletop.core.messages import Message, card_msg, inst_msg, msg, seat_msg, zone_msg
from tabletop.core.model import GameState
from tabletop.games.conan.battlefield import find_target

__all__ = ["card_msg", "inst_msg", "seat_msg", "zone_msg", "foe_zone_msg"]


def place_words(state: GameState, target: str) -> Message:
    """A Move place (a ``place_move`` target such as ``"center/foe1/left"`` or
    ``"center/gap1"``, CONAN-R10) in words: beside which Foe's Move, or in the gap
    between which two, in which zone. Foes on the battlefield lie face up, so naming
    them tells nobody anything new. An unknown name is given as it is."""
    place = find_target(state, target)
    if place is None:
        return msg("conan.place.unknown", target=target)
    zone = foe_zone_msg(place.zone)
    names = [inst_msg(state, foe) for foe in place.touches]
    if place.gap:
        return msg("conan.place.gap", a=names[0], b=names[1], zone=zone)
    side = target.rpartition("/")[2]
    return msg(f"conan.place.{side}", foe=names[0], zone=zone)


def foe_zone_msg(zone: str) -> Message:
    """A battlefield zone's name ("Center", "Left flank"...)."""
    return msg(f"zone.{zone}")

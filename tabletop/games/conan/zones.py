"""Conan zone ids and small read-only queries over them (seed: 場の構成).

Per seat ``s`` (ids follow ``p{s}.<kind>`` so ``zone_msg`` names them):

* ``p{s}.deck`` draw deck (nobody sees faces), ``p{s}.hand`` (owner),
  ``p{s}.discard`` discard pile (public);
* ``p{s}.foe_deck`` (nobody), ``p{s}.foe_hand`` (owner: the Foe hand is the
  enemy's), ``p{s}.foe_discard`` (public);
* ``p{s}.chronicle``: Foes this seat's Conan defeated (public; the cards still
  belong to the Foe's owner);
* ``p{s}.side``: Conan while resting, Allies and Items (public);
* ``p{s}.region``: the Region under this seat's Conan (public, at most 1).

Shared battlefield zones (public): ``conan`` (the turn player's Conan at the
centre), the four Foe rows ``center``, ``left_flank``, ``right_flank``,
``rear`` (CONAN-R7; cards bottom to top = row order from Conan's left), and
``moves``: every Move card on the battlefield, whose placed shape is its
:class:`~tabletop.games.conan.data.MoveRecord` (see :func:`battlefield.moves`).
"""

from __future__ import annotations

from tabletop.core.cards import CardDb, CardDef
from tabletop.core.model import GameState, Visibility
from tabletop.core.zone_ids import zid as zid

SEAT_ZONES: tuple[tuple[str, Visibility], ...] = (
    ("deck", Visibility.NOBODY),
    ("hand", Visibility.OWNER),
    ("discard", Visibility.PUBLIC),
    ("foe_deck", Visibility.NOBODY),
    ("foe_hand", Visibility.OWNER),
    ("foe_discard", Visibility.PUBLIC),
    ("chronicle", Visibility.PUBLIC),
    ("side", Visibility.PUBLIC),
    ("region", Visibility.PUBLIC),
)
#: CONAN-R7: zone order (first Foe in Center, flanks need Center, Rear needs a flank).
FOE_ZONES: tuple[str, ...] = ("center", "left_flank", "right_flank", "rear")
CONAN_ZONE = "conan"
MOVES_ZONE = "moves"
SEATS: tuple[int, int] = (0, 1)
#: CONAN-R7: at most 3 Foes a zone.
ZONE_CAPACITY = 3


def create_zones(state: GameState) -> None:
    """Add every Conan zone to an empty state."""
    for seat in SEATS:
        for kind, vis in SEAT_ZONES:
            state.add_zone(zid(seat, kind), seat, vis, 1 if kind == "region" else None)
    state.add_zone(CONAN_ZONE, None, Visibility.PUBLIC, 1)
    for zone in FOE_ZONES:
        state.add_zone(zone, None, Visibility.PUBLIC, ZONE_CAPACITY)
    state.add_zone(MOVES_ZONE, None, Visibility.PUBLIC)


def cards_in(state: GameState, zone: str) -> list[int]:
    """Instance ids of a zone, bottom to top (a copy)."""
    return list(state.zones[zone].cards)


def cdef(state: GameState, db: CardDb, iid: int) -> CardDef:
    """The printed card behind an instance."""
    return db[state.cards[iid].card_id]


def enemy(state: GameState) -> int:
    """The enemy: the seat that is not taking its turn (seed: 敵プレイヤー)."""
    return 1 - state.active


def foes_on_field(state: GameState, db: CardDb) -> list[int]:
    """Every Foe on the battlefield, zone by zone (CONAN-R7 order), row order.

    Only cards printed as Foes: a card of another type that free mode (ALL-H5) put
    in a Foe row takes room there but is no Foe (it neither fights nor is fought).
    """
    return [i for zone in FOE_ZONES for i in state.zones[zone].cards
            if db[state.cards[i].card_id].type == "foe"]


def is_foe_on_field(state: GameState, db: CardDb, iid: object) -> bool:
    """Is ``iid`` a Foe standing in a Foe row (see :func:`foes_on_field`)?"""
    return (isinstance(iid, int) and iid in state.cards and state.zone_of(iid) in FOE_ZONES
            and db[state.cards[iid].card_id].type == "foe")


def foe_zone_of(state: GameState, iid: int) -> str | None:
    """The Foe row holding ``iid``, or None."""
    zone = state.zone_of(iid)
    return zone if zone in FOE_ZONES else None


def of_type(state: GameState, db: CardDb, zone: str, ctype: str) -> list[int]:
    """Instances in ``zone`` whose printed type is ``ctype``."""
    return [i for i in state.zones[zone].cards if db[state.cards[i].card_id].type == ctype]


def conan_of(state: GameState, db: CardDb, seat: int) -> int | None:
    """``seat``'s Conan: on the battlefield, or on its side (None if it has none)."""
    for zone in (CONAN_ZONE, zid(seat, "side")):
        for iid in state.zones[zone].cards:
            card = state.cards[iid]
            if card.owner == seat and db[card.card_id].type == "conan":
                return iid
    return None


def allies(state: GameState, db: CardDb, seat: int) -> list[int]:
    """``seat``'s Allies on its side."""
    return of_type(state, db, zid(seat, "side"), "ally")


def renown(state: GameState, db: CardDb, seat: int) -> int:
    """Sum of printed renown of the Foes in ``seat``'s Chronicle (CONAN-R1); a card
    without renown (a Move that free mode put there) adds nothing."""
    return sum(cdef(state, db, i).number("renown", 0)
               for i in state.zones[zid(seat, "chronicle")].cards)


def scars(state: GameState, db: CardDb, seat: int) -> int:
    """Sum of printed scars of the cards in ``seat``'s Chronicle (CONAN-R4); a card
    without scars adds nothing."""
    return sum(cdef(state, db, i).number("scars", 0)
               for i in state.zones[zid(seat, "chronicle")].cards)


def move_keep(state: GameState, iid: int, zone: str) -> None:
    """Move a card and keep its counters (Conan's damage, wounds and spent prowess
    persist across turns, CONAN-R18; ``GameState.move`` clears counters)."""
    counters = dict(state.cards[iid].counters)
    state.move(iid, zone)
    state.cards[iid].counters.update(counters)

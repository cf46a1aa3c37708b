"""Arc zone ids and small read-only queries over them.

Zone ids are a contract with the UI and ``layouts/arc.toml``: per seat ``s``
``p{s}.deck`` (nobody sees faces), ``p{s}.hand`` (owner), and the public
``p{s}.resources``, ``p{s}.characters``, ``p{s}.combat`` (combat cards of the
combat in progress) and ``p{s}.discard`` (seat: 捨て札置き場).
"""

from __future__ import annotations

from tabletop.core.cards import CardDb, CardDef
from tabletop.core.model import GameState, Visibility
from tabletop.core.zone_ids import zid as zid

ZONE_KINDS: tuple[tuple[str, Visibility], ...] = (
    ("deck", Visibility.NOBODY),
    ("hand", Visibility.OWNER),
    ("resources", Visibility.PUBLIC),
    ("characters", Visibility.PUBLIC),
    ("combat", Visibility.PUBLIC),
    ("discard", Visibility.PUBLIC),
)

SEATS: tuple[int, int] = (0, 1)


def create_zones(state: GameState) -> None:
    """Add every Arc zone for both seats to an empty state."""
    for seat in SEATS:
        for kind, vis in ZONE_KINDS:
            state.add_zone(zid(seat, kind), seat, vis)


def cards_in(state: GameState, seat: int, kind: str) -> list[int]:
    """Instance ids in ``seat``'s zone of ``kind`` (bottom to top), as a copy."""
    return list(state.zones[zid(seat, kind)].cards)


def is_in(state: GameState, iid: int, seat: int, kind: str) -> bool:
    """Is instance ``iid`` in ``seat``'s zone of ``kind``? (False for unknown ids.)"""
    return iid in state.cards and state.zone_of(iid) == zid(seat, kind)


def cdef(state: GameState, db: CardDb, iid: int) -> CardDef:
    """The printed card behind an instance."""
    return db[state.cards[iid].card_id]


def untapped(state: GameState, seat: int, kind: str) -> list[int]:
    """Untapped instances in ``seat``'s zone of ``kind``."""
    return [i for i in cards_in(state, seat, kind) if not state.cards[i].tapped]


def is_character(state: GameState, db: CardDb, iid: object, seat: int) -> bool:
    """Is ``iid`` one of ``seat``'s characters: in its character row, with power?

    A card without power that free mode (ALL-R3, ALL-H5) put in the row (a resource, an
    action card) lies there but is no character: it cannot attack or block
    (ARC-R5) and no effect aimed at characters can choose it.
    """
    return (isinstance(iid, int) and not isinstance(iid, bool) and is_in(state, iid, seat,
                                                                          "characters")
            and cdef(state, db, iid).has("power"))


def characters(state: GameState, db: CardDb, seat: int, ready: bool = False) -> list[int]:
    """``seat``'s characters (:func:`is_character`), row order; only untapped ones
    when ``ready``."""
    return [i for i in (untapped(state, seat, "characters") if ready
                        else cards_in(state, seat, "characters"))
            if cdef(state, db, i).has("power")]


def count_type(state: GameState, db: CardDb, seat: int, kind: str, ctype: str) -> int:
    """How many cards of type ``ctype`` ``seat`` holds in the zone ``kind``."""
    return sum(1 for i in cards_in(state, seat, kind) if cdef(state, db, i).type == ctype)

"""絵師100人展 zone ids and small read-only queries over them (seed: 場の構成).

Zone ids are a contract with the UI and ``layouts/eshi100.toml``:

* shared ``grid`` (場, 16 squares; public): the cards in play. Each card on it
  carries its square in ``counters["square"]`` (0..15, see :mod:`board`); face up
  = recovered (回復状態), face down = damaged (ダメージ状態), ESHI-H1;
* per seat ``s``: ``p{s}.deck`` (nobody sees faces), ``p{s}.hand`` (owner),
  ``p{s}.discard`` (捨て札置き場, public) and ``p{s}.victory`` (勝利点置き場,
  public; one card = one victory point, kept apart from the discard pile as the
  seed insists).
"""

from __future__ import annotations

from tabletop.core.cards import CardDb, CardDef
from tabletop.core.model import GameState, Visibility
from tabletop.core.zone_ids import zid as zid

GRID = "grid"
SEAT_KINDS: tuple[tuple[str, Visibility], ...] = (
    ("deck", Visibility.NOBODY),
    ("hand", Visibility.OWNER),
    ("discard", Visibility.PUBLIC),
    ("victory", Visibility.PUBLIC),
)
SEATS: tuple[int, int] = (0, 1)
#: Squares on the grid (seed: 4 * 4 の16マス).
GRID_CAPACITY = 16


def create_zones(state: GameState) -> None:
    """Add the shared grid and every seat zone to an empty state."""
    state.add_zone(GRID, None, Visibility.PUBLIC, GRID_CAPACITY)
    for seat in SEATS:
        for kind, vis in SEAT_KINDS:
            state.add_zone(zid(seat, kind), seat, vis)


def cards_in(state: GameState, seat: int, kind: str) -> list[int]:
    """Instance ids in ``seat``'s zone of ``kind`` (bottom to top), as a copy."""
    return list(state.zones[zid(seat, kind)].cards)


def is_in(state: GameState, iid: object, seat: int, kind: str) -> bool:
    """Is ``iid`` an instance in ``seat``'s zone of ``kind``? (False for junk ids.)"""
    return isinstance(iid, int) and iid in state.cards and state.zone_of(iid) == zid(seat, kind)


def cdef(state: GameState, db: CardDb, iid: int) -> CardDef:
    """The printed card behind an instance."""
    return db[state.cards[iid].card_id]

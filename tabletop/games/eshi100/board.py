"""The 4 x 4 grid: squares, their shapes, the cards on them (seed: 場の構成; ESHI-R1, ESHI-R2).

Squares
-------
A square is an int ``0..15`` = ``row * 4 + col`` with ``col`` 0..3 from left to
right and ``row`` 0..3 from bottom to top **as player 1 (seat 0) sees the
table**: player 1 sits at the bottom, player 2 (seat 1) at the top (ESHI-R1).
Start squares: seat 0 -> square 0 (column 0 row 0), seat 1 -> square 15
(column 3 row 3), each the lower-left square seen from its own seat.

Layout cells
------------
``layouts/eshi100.toml`` has one ``grid`` zone (rows = cols = 4, rotation 0);
its cells are named ``r<R>c<C>`` with ``R`` counted from the zone's top (the
far side, player 2's) and ``C`` from its left. So cell ``r<R>c<C>`` is square
``(3 - R) * 4 + C``: ``r3c0`` is square 0, ``r0c3`` square 15
(:func:`square_of_cell`, :func:`cell_of_square`; a test checks the layout's
cell shapes against :func:`square_shape`).

Shapes
------
Each square is a :class:`~tabletop.geometry.Placed` of one card (63 x 88 mm)
in player 1's frame, squares touching edge to edge, so neighbouring cards
share two corners. A card on a square is the same rectangle turned by its
owner's seat rotation (0 for seat 0, 180 for seat 1: player 2's cards are
upright from the top of the table). Adjacency and meeting corners are asked of
the geometry module from these shapes, never written as index tables (ESHI-R3).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from tabletop.core.model import GameState
from tabletop.games.eshi100.zones import GRID, SEATS
from tabletop.geometry import Corner, Placed, grid_adjacent, meeting_corners

SIZE = 4
SQUARES: tuple[int, ...] = tuple(range(SIZE * SIZE))
#: One square = one standard card, mm (seed: 場のマス1つに対して1枚).
SQUARE_MM: tuple[float, float] = (63.0, 88.0)
#: ESHI-R1: each seat's start square.
START_SQUARE: dict[int, int] = {0: 0, 1: SIZE * SIZE - 1}
#: ESHI-R1: how each seat's cards lie on the table (degrees, counter-clockwise).
SEAT_ROTATION: dict[int, float] = {0: 0.0, 1: 180.0}
#: The counter holding a grid card's square.
SQUARE_COUNTER = "square"


def col_row(square: int) -> tuple[int, int]:
    """``(col, row)`` of a square in player 1's view."""
    return square % SIZE, square // SIZE


def square_at(col: int, row: int) -> int:
    """The square at ``(col, row)`` in player 1's view."""
    return row * SIZE + col


def square_of_cell(cell_name: str) -> int | None:
    """The square of a layout cell name ``"r<R>c<C>"`` (see the module docstring), or None."""
    if len(cell_name) != 4 or cell_name[0] != "r" or cell_name[2] != "c":
        return None
    r, c = cell_name[1], cell_name[3]
    if not (r.isdigit() and c.isdigit()) or int(r) >= SIZE or int(c) >= SIZE:
        return None
    return square_at(int(c), SIZE - 1 - int(r))


def cell_of_square(square: int) -> str:
    """The layout cell name of a square (inverse of :func:`square_of_cell`)."""
    col, row = col_row(square)
    return f"r{SIZE - 1 - row}c{col}"


def square_shape(square: int) -> Placed:
    """The square's rectangle (mm, player 1's frame: origin at the grid's top-left)."""
    col, row = col_row(square)
    w, h = SQUARE_MM
    return Placed(f"square:{square}", ((col + 0.5) * w, (SIZE - 1 - row + 0.5) * h), SQUARE_MM)


def card_shape(square: int, owner: int) -> Placed:
    """A card of ``owner`` on ``square``: the square's rectangle turned by the seat (ESHI-R1)."""
    shape = square_shape(square)
    return Placed(f"card:{square}", shape.center, shape.size, SEAT_ROTATION[owner])


@cache
def neighbours(square: int) -> tuple[int, ...]:
    """Squares orthogonally adjacent to ``square`` (geometry: shared edge, ESHI-R2)."""
    me = square_shape(square)
    return tuple(s for s in SQUARES if s != square and grid_adjacent(me, square_shape(s)))


@cache
def corner_pairs(sq_a: int, owner_a: int, sq_b: int,
                 owner_b: int) -> tuple[tuple[Corner, Corner], ...]:
    """Corners (each in its card's own frame) where a card of ``owner_a`` on ``sq_a``
    meets a card of ``owner_b`` on ``sq_b``; empty unless the squares are orthogonal
    neighbours (a diagonal neighbour shares one corner but does not connect, ESHI-R3)."""
    a, b = card_shape(sq_a, owner_a), card_shape(sq_b, owner_b)
    if not grid_adjacent(a, b):
        return ()
    return tuple(meeting_corners(a, b))


def square_of(state: GameState, iid: int) -> int | None:
    """The square of a grid card, or None (not on the grid, or no valid square)."""
    value = state.cards[iid].counters.get(SQUARE_COUNTER)
    return value if isinstance(value, int) and 0 <= value < SIZE * SIZE else None


def occupants(state: GameState) -> dict[int, int]:
    """Square -> the instance on it. A card without a valid square (free-mode moves)
    is ignored; two on one square (free mode): the later one in the zone wins."""
    out: dict[int, int] = {}
    for iid in state.zones[GRID].cards:
        square = square_of(state, iid)
        if square is not None:
            out[square] = iid
    return out


def is_recovered(state: GameState, iid: int) -> bool:
    """Face up on the grid = recovered (回復状態); face down = damaged (ESHI-H1)."""
    return state.cards[iid].face_up


def cell_contents(grid_cards: Any) -> list[str | None]:
    """Card keys in layout cell order for ``TableGeometry.set_cards({"grid": ...})``.

    ``grid_cards`` are the grid zone's cards from a state (``CardInstance``) or a
    view (``CardView``): anything with ``iid`` and ``counters`` (a dict or pairs).
    Cell ``i`` of the layout is ``r<i // 4>c<i % 4>``; its entry is ``str(iid)``
    or None for an empty square.
    """
    cells: list[str | None] = [None] * (SIZE * SIZE)
    for card in grid_cards:
        counters: Mapping[str, int] = (card.counters if isinstance(card.counters, Mapping)
                                       else dict(card.counters))
        square = counters.get(SQUARE_COUNTER)
        if isinstance(square, int) and 0 <= square < SIZE * SIZE:
            name = cell_of_square(square)
            cells[int(name[1]) * SIZE + int(name[3])] = str(card.iid)
    return cells

def damaged_of(state: GameState, seat: int) -> list[int]:
    """``seat``'s damaged cards on the grid."""
    return [iid for iid in occupants(state).values()
            if state.cards[iid].owner == seat and not is_recovered(state, iid)]

def set_recovered(state: GameState, iid: int, recovered: bool) -> None:
    """Flip a grid card: face up = recovered; face down = damaged, its face still
    known to both seats (ESHI-H1)."""
    card = state.cards[iid]
    card.face_up = recovered
    card.known_to = set() if recovered else set(SEATS)

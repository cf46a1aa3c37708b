"""Which battle-field slot faces which, from the layout's placed shapes (XENO-R5).

The rules never hard-code "front.left faces front.right": they load
``layouts/xenocard.toml``, take each seat's battle-field cells as placed shapes
(:meth:`tabletop.layout.Layout.cells`, millimetres, with the zone's rotation:
seat 1's field is turned 180 degrees) and ask the geometry:

* **facing** -- :func:`tabletop.geometry.facing_across` looking out of each
  cell's own top (``direction 90, frame="card"``) over the opposing cells:
  the opposing slots straight across the table, nearest first. So one seat's
  left column faces the other's right column as each sees it;
* **front row** -- a cell with no own cell straight ahead of it;
* **order** -- front row before back row (how many own cells lie ahead), then
  from the owner's left to right (position along the cell's own x axis).

The answers depend only on the placed shapes, so the same code serves a table
turned any way (a test turns the whole layout 90 degrees). They are worked out
once per layout, not per attack.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.games.xenocard.zones import SEATS, SLOTS, zid
from tabletop.geometry import Placed, direction_vec, facing_across, rotate_vec
from tabletop.layout import Layout, split_cell_key

#: Looking "ahead" = out of a card's own top edge (geometry direction 90, card frame).
AHEAD_DEG = 90.0


class FieldLayoutError(ValueError):
    """The layout's battle fields do not have the slots the rules name."""


@dataclass(frozen=True)
class FieldGeometry:
    """Facing answers per seat and slot name.

    Attributes:
        cells: seat -> slot name -> placed cell (table mm).
        facing: seat -> slot name -> opposing slot names straight across, nearest first.
        front: seat -> slot names of the front row.
        order: seat -> slot names, front row first, each row from the owner's left.
    """

    cells: dict[int, dict[str, Placed]]
    facing: dict[int, dict[str, tuple[str, ...]]]
    front: dict[int, frozenset[str]]
    order: dict[int, tuple[str, ...]]

    @classmethod
    def from_layout(cls, layout: Layout) -> FieldGeometry:
        """Work the answers out from ``layout``'s ``p0.field`` and ``p1.field`` cells.

        Raises:
            FieldLayoutError: a field zone is missing or its slot names differ from
                :data:`~tabletop.games.xenocard.zones.SLOTS` ``["field"]``.
        """
        cells: dict[int, dict[str, Placed]] = {}
        for seat in SEATS:
            try:
                placed = layout.cells(zid(seat, "field"))
            except KeyError as exc:
                raise FieldLayoutError(f"{layout.source}: {exc}") from None
            named = {split_cell_key(p.key)[1]: p for p in placed}
            if sorted(named) != sorted(SLOTS["field"]):
                raise FieldLayoutError(
                    f"{layout.source}: zone {zid(seat, 'field')!r}: slots must be "
                    f"{', '.join(SLOTS['field'])}; got {', '.join(named) or 'none'}")
            cells[seat] = named
        facing: dict[int, dict[str, tuple[str, ...]]] = {}
        front: dict[int, frozenset[str]] = {}
        order: dict[int, tuple[str, ...]] = {}
        for seat in SEATS:
            own = cells[seat]
            opposing = list(cells[1 - seat].values())
            facing[seat] = {
                name: tuple(split_cell_key(p.key)[1]
                            for p in facing_across(cell, opposing, AHEAD_DEG, frame="card"))
                for name, cell in own.items()
            }
            ahead = {name: len(facing_across(cell, list(own.values()), AHEAD_DEG, frame="card"))
                     for name, cell in own.items()}
            front[seat] = frozenset(n for n, k in ahead.items() if k == 0)

            def leftness(name: str, cell_map: dict[str, Placed] = own) -> float:
                # Position along the owner's own right-hand direction.
                cell = cell_map[name]
                right = rotate_vec(direction_vec(0.0), cell.rotation_deg)
                return cell.center[0] * right[0] + cell.center[1] * right[1]

            order[seat] = tuple(sorted(own, key=lambda n: (ahead[n], round(leftness(n), 6), n)))
        return cls(cells, facing, front, order)

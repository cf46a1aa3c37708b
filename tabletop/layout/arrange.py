"""Where the cards of a zone lie: arrangements computed in the zone's own frame.

Positions are first worked out in the zone's frame (origin at the zone centre, x along
the zone width, y along its height, millimetres) and then turned with the zone about
its centre, so every arrangement works at any zone rotation.
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.geometry import Placed, Point
from tabletop.layout.zones import CARD_SIZE, Zone, cell_key

#: Gap (mm) between neighbours in a ``row`` when the zone has room.
ROW_GAP_MM = 3.0
#: Gap (mm) between neighbours in a ``fan`` when the zone has room (a hand sits tight).
FAN_GAP_MM = 1.0
#: Offset (mm) between successive cards of a ``stack``, along the zone's up-right diagonal,
#: so the pile shows some thickness.
STACK_STEP_MM = 0.25
#: The whole visible thickness of a stack never exceeds this (mm).
STACK_MAX_SHIFT_MM = 3.0


def _row_offsets(n: int, zone_width: float, card_width: float, pitch: float) -> list[float]:
    """Centres along the zone width for ``n`` cards at a preferred ``pitch`` (mm).

    When the preferred pitch does not fit, the pitch shrinks so the outer cards touch
    the zone's ends (cards then overlap).  The row is centred in the zone.
    """
    if n <= 0:
        return []
    if n > 1:
        fit = max(0.0, (zone_width - card_width) / (n - 1))
        pitch = min(pitch, fit)
    first = -pitch * (n - 1) / 2.0
    return [first + i * pitch for i in range(n)]


def _local_positions(zone: Zone, n: int,
                     card_size: tuple[float, float]) -> list[tuple[Point, Point, float]]:
    """``(centre, size, extra_rotation)`` of each card in the zone's own frame."""
    w, h = card_size
    size = (w, h)
    arr = zone.arrangement
    if arr == "stack":
        slack_x = max(0.0, zone.width_mm - w)
        slack_y = max(0.0, zone.height_mm - h)
        total = min(STACK_MAX_SHIFT_MM, slack_x, slack_y, STACK_STEP_MM * max(0, n - 1))
        step = total / (n - 1) if n > 1 else 0.0
        # Later cards (higher in the pile) move up and right; the pile stays centred.
        return [((i * step - total / 2.0, total / 2.0 - i * step), size, 0.0)
                for i in range(n)]
    if arr in ("row", "fan", "row_with_gaps"):
        pitch = {"row": w + ROW_GAP_MM, "fan": w + FAN_GAP_MM, "row_with_gaps": 2.0 * w}[arr]
        return [((x, 0.0), size, 0.0) for x in _row_offsets(n, zone.width_mm, w, pitch)]
    cells = _local_cells(zone)
    if n > len(cells):
        raise ValueError(f"zone {zone.id!r} has {len(cells)} cells, cannot place {n} cards")
    return [(centre, size, rot) for (_name, centre, _cell_size, rot) in cells[:n]]


def _local_cells(zone: Zone) -> list[tuple[str, Point, Point, float]]:
    """``(name, centre, size, extra_rotation)`` of each cell in the zone's own frame."""
    if zone.arrangement == "grid" and zone.rows and zone.cols:
        cw, ch = zone.width_mm / zone.cols, zone.height_mm / zone.rows
        return [(f"r{r}c{c}",
                 (-zone.width_mm / 2.0 + (c + 0.5) * cw, -zone.height_mm / 2.0 + (r + 0.5) * ch),
                 (cw, ch), 0.0)
                for r in range(zone.rows) for c in range(zone.cols)]
    if zone.arrangement == "slots":
        return [(s.id, (s.x_mm, s.y_mm), (s.width_mm, s.height_mm), s.rotation_deg)
                for s in zone.slots]
    return []


def zone_cells(zone: Zone) -> list[Placed]:
    """Cells of a grid/slots zone in table mm, keyed ``"cell:<zone>/<name>"``.

    Empty for other arrangements.
    """
    frame = zone.shape()
    return [Placed(cell_key(zone.id, name), frame.to_table(centre), size,
                   zone.rotation_deg + rot)
            for (name, centre, size, rot) in _local_cells(zone)]


def arrange(zone: Zone, n_cards: int, card_size: tuple[float, float] = CARD_SIZE,
            keys: Sequence[str] | None = None) -> list[Placed]:
    """Table placements of the ``n_cards`` cards of ``zone``, first (bottom) card first.

    Arrangements (all in the zone's own frame, then turned with the zone):

    * ``stack``: all on the centre, each later card shifted 0.25 mm up-right
      (3 mm at most, less if the zone has less room than that).
    * ``row``: side by side with a 3 mm gap, centred; overlapping evenly when they do
      not fit, the outer cards then touching the zone's ends.
    * ``fan``: like ``row`` with a 1 mm gap (a hand).
    * ``row_with_gaps``: one card width between neighbours (CONAN-R7); the gaps
      shrink, then the cards overlap, when the zone is too narrow.
    * ``grid``: cell ``i`` row-major from the zone's own top-left, card centred in it.
    * ``slots``: card ``i`` on slot ``i`` of the layout's slot list.

    Cards take the zone's rotation (plus the slot's own rotation for slots).

    Raises:
        ValueError: if ``n_cards`` is negative, exceeds the cells of a grid/slots zone,
            or ``keys`` is given with a length other than ``n_cards``.
    """
    if n_cards < 0:
        raise ValueError(f"n_cards must not be negative, got {n_cards}")
    if keys is not None and len(keys) != n_cards:
        raise ValueError(f"got {len(keys)} keys for {n_cards} cards")
    frame = zone.shape()
    out: list[Placed] = []
    for i, (centre, size, rot) in enumerate(_local_positions(zone, n_cards, card_size)):
        key = keys[i] if keys is not None else f"{zone.id}[{i}]"
        out.append(Placed(key, frame.to_table(centre), size, zone.rotation_deg + rot))
    return out

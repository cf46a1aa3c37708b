"""Which placed shapes touch, which sides and corners meet, which slots face each other.

Everything here is pure geometry on :class:`~tabletop.geometry.placed.Placed` values
(millimetres, table y down, rotation counter-clockwise on screen) and works at any
rotation: the rules ask these questions instead of hard-coding per-zone tables
(RULINGS CONAN-R8, ESHI-R3, XENO-R5).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable
from typing import Literal

from tabletop.geometry.placed import (
    CORNERS,
    SIDES,
    Corner,
    Placed,
    Point,
    Side,
    direction_vec,
    rotate_vec,
)

#: Two sides count as parallel when their directions differ by at most this much.
PARALLEL_TOLERANCE_DEG = 1.0
# Float noise allowance (mm) when comparing slot overlaps against half a slot.
_EPS_MM = 1e-6
# The dot product of two outward normals at most this when the sides are opposed.
_OPPOSED_DOT = -math.cos(math.radians(PARALLEL_TOLERANCE_DEG))


def _dot(a: Point, b: Point) -> float:
    return a[0] * b[0] + a[1] * b[1]


def _sub(a: Point, b: Point) -> Point:
    return (a[0] - b[0], a[1] - b[1])


def _contact(a: Placed, side_a: Side, b: Placed, side_b: Side,
             tolerance_mm: float) -> tuple[float, float, float, float] | None:
    """Contact between one side of ``a`` and one side of ``b``, or None.

    Returns ``(lo, hi, t0, t1)``: the shared stretch ``[lo, hi]`` and the projections
    ``t0``/``t1`` of b's side endpoints (slot-0 end first), all measured in mm along
    a's side from a's slot-0 end.
    """
    na = a.outward_normal(side_a)
    nb = b.outward_normal(side_b)
    # Sides lie *against* each other only when their outward normals are opposed;
    # collinear sides with the same normal belong to cards standing side by side.
    if _dot(na, nb) > _OPPOSED_DOT:
        return None
    pa0, pa1 = a.edge(side_a)
    length_a = math.dist(pa0, pa1)
    u = ((pa1[0] - pa0[0]) / length_a, (pa1[1] - pa0[1]) / length_a)
    pb0, pb1 = b.edge(side_b)
    t0, t1 = _dot(_sub(pb0, pa0), u), _dot(_sub(pb1, pa0), u)
    d0, d1 = _dot(_sub(pb0, pa0), na), _dot(_sub(pb1, pa0), na)
    lo, hi = max(0.0, min(t0, t1)), min(length_a, max(t0, t1))
    if hi - lo <= tolerance_mm:
        return None
    # Gap between the two sides at both ends of the shared stretch (interpolated, so a
    # slightly skewed side is judged where it actually meets, not at its far end).
    span = t1 - t0
    for t in (lo, hi):
        d = d0 + (d1 - d0) * ((t - t0) / span) if span else d0
        if abs(d) > tolerance_mm:
            return None
    return lo, hi, t0, t1


def touching_sides(a: Placed, b: Placed, tolerance_mm: float = 0.5) -> list[tuple[Side, Side]]:
    """Which of a's own sides lie against which of b's own sides.

    A pair ``(side_of_a, side_of_b)`` is reported when the two sides are parallel within
    :data:`PARALLEL_TOLERANCE_DEG`, face each other (outward normals opposed), are at
    most ``tolerance_mm`` apart (gap or overlap) and share a stretch longer than
    ``tolerance_mm``.  Sides are named in each card's own upright frame, so the answer
    does not depend on how the pair is turned on the table.

    Returns:
        Pairs in :data:`SIDES` order of ``a`` then ``b``; empty if nothing touches.
    """
    return list(_touching(a, b, tolerance_mm))


@functools.lru_cache(maxsize=4096)
def _touching(a: Placed, b: Placed, tolerance_mm: float) -> tuple[tuple[Side, Side], ...]:
    # a pure function of frozen values, asked again and again of the same Moves while
    # a fight resolves (issue 14: it was half of replaying a Conan game)
    return tuple((sa, sb) for sa in SIDES for sb in SIDES
                 if _contact(a, sa, b, sb, tolerance_mm) is not None)


def is_touching(a: Placed, b: Placed, tolerance_mm: float = 0.5) -> bool:
    """True if any side of ``a`` lies against any side of ``b`` (see touching_sides)."""
    return any(_contact(a, sa, b, sb, tolerance_mm) is not None
               for sa in SIDES for sb in SIDES)


def facing_slots(a: Placed, side_a: Side, b: Placed, side_b: Side, n_slots: int = 5,
                 tolerance_mm: float = 0.5) -> list[tuple[int, int]]:
    """Which icon slot of ``a``'s side faces which slot of ``b``'s side.

    Each side is cut into ``n_slots`` equal slots numbered from the card's own top (for
    ``"left"``/``"right"``) or from its own left (for ``"top"``/``"bottom"``).  Slot ``i``
    of a faces slot ``j`` of b when the two slot segments overlap along the shared line
    by **more than half a slot** (half of the shorter slot when the sides differ in
    length, with 1e-6 mm allowed for float noise).  So a slot facing exactly half of
    each of two slots faces neither: a half-card offset with an odd slot count pairs
    nothing, with an even count it pairs the overlapping half.

    Two cards rotated 180 degrees to each other with long sides fully touching give
    ``[(0, 4), (1, 3), (2, 2), (3, 1), (4, 0)]`` (RULINGS CONAN-R8).

    Returns:
        Sorted ``(i, j)`` pairs; empty if the two sides do not touch
        (see :func:`touching_sides` for ``tolerance_mm``).

    Raises:
        ValueError: if ``n_slots < 1`` or a side name is unknown.
    """
    if n_slots < 1:
        raise ValueError(f"n_slots must be at least 1, got {n_slots}")
    return list(_facing(a, side_a, b, side_b, n_slots, tolerance_mm))


@functools.lru_cache(maxsize=4096)
def _facing(a: Placed, side_a: Side, b: Placed, side_b: Side, n_slots: int,
            tolerance_mm: float) -> tuple[tuple[int, int], ...]:
    # cached like _touching: the same Moves face each other all through a fight
    contact = _contact(a, side_a, b, side_b, tolerance_mm)
    if contact is None:
        return ()
    _lo, _hi, t0, t1 = contact
    pa0, pa1 = a.edge(side_a)
    slot_a = math.dist(pa0, pa1) / n_slots
    slot_b = abs(t1 - t0) / n_slots
    need = min(slot_a, slot_b) / 2.0 + _EPS_MM
    pairs: list[tuple[int, int]] = []
    for i in range(n_slots):
        a_lo, a_hi = i * slot_a, (i + 1) * slot_a
        for j in range(n_slots):
            s, e = t0 + (t1 - t0) * j / n_slots, t0 + (t1 - t0) * (j + 1) / n_slots
            b_lo, b_hi = min(s, e), max(s, e)
            if min(a_hi, b_hi) - max(a_lo, b_lo) > need:
                pairs.append((i, j))
    return tuple(pairs)


def meeting_corners(a: Placed, b: Placed,
                    tolerance_mm: float = 0.5) -> list[tuple[Corner, Corner]]:
    """Corners of ``a`` and ``b`` that coincide within ``tolerance_mm`` (ESHI-R3).

    Corners are named in each card's own upright frame (see :data:`CORNERS`), so a card
    turned 180 degrees reports its own ``"top_left"`` where the screen shows bottom-right.

    Returns:
        ``(corner_of_a, corner_of_b)`` pairs in :data:`CORNERS` order of a then b.
    """
    ca, cb = a.corners(), b.corners()
    return [(CORNERS[i], CORNERS[j]) for i in range(4) for j in range(4)
            if math.dist(ca[i], cb[j]) <= tolerance_mm]


def grid_adjacent(a: Placed, b: Placed, tolerance_mm: float = 0.5) -> bool:
    """True if ``a`` and ``b`` are orthogonal neighbours sharing an edge.

    "Sharing an edge" means two sides lie against each other (see
    :func:`touching_sides`) along at least half of the shorter of the two sides, so
    diagonal neighbours (one shared corner) and barely grazing shapes are not adjacent.
    """
    for sa in SIDES:
        for sb in SIDES:
            contact = _contact(a, sa, b, sb, tolerance_mm)
            if contact is None:
                continue
            lo, hi, t0, t1 = contact
            pa0, pa1 = a.edge(sa)
            shorter = min(math.dist(pa0, pa1), abs(t1 - t0))
            if hi - lo >= shorter / 2.0 - _EPS_MM:
                return True
    return False


def facing_across(a: Placed, candidates: Iterable[Placed], direction_deg: float, *,
                  frame: Literal["table", "card"] = "table") -> list[Placed]:
    """Candidates whose centre lies straight across from ``a`` along a direction.

    Args:
        a: the shape looking across.
        candidates: shapes to consider; one with ``a``'s key is skipped.
        direction_deg: direction to look in, counter-clockwise on screen
            (0 = screen right, 90 = screen up, 270 = screen down).
        frame: ``"table"`` takes ``direction_deg`` as a table direction; ``"card"``
            measures it in a's own frame (90 = out of a's own top edge), so the same
            call serves both seats of a game where one seat is turned 180 degrees.

    Returns:
        Candidates whose centre is ahead of a's centre (distance along the direction
        > 0) and off the line through a's centre by less than half of a's extent across
        the direction (its width when looking out of its top), nearest first; ties by
        key.

    Raises:
        ValueError: if ``frame`` is not ``"table"`` or ``"card"``.
    """
    if frame == "table":
        d = direction_vec(direction_deg)
    elif frame == "card":
        d = rotate_vec(direction_vec(direction_deg), a.rotation_deg)
    else:
        raise ValueError(f"frame must be 'table' or 'card', got {frame!r}")
    perp = (-d[1], d[0])
    # a's extent across the direction: project its corners on the perpendicular.
    across = [_dot(_sub(c, a.center), perp) for c in a.corners()]
    half_width = (max(across) - min(across)) / 2.0
    found: list[tuple[float, str, Placed]] = []
    for c in candidates:
        if c.key == a.key:
            continue
        rel = _sub(c.center, a.center)
        along = _dot(rel, d)
        if along > _EPS_MM and abs(_dot(rel, perp)) < half_width - _EPS_MM:
            found.append((along, c.key, c))
    found.sort(key=lambda item: (item[0], item[1]))
    return [item[2] for item in found]

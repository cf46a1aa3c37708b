"""A pymunk space used purely as a spatial index of placed rectangles (no simulation).

Shapes are pymunk polygons on the space's static body, with vertices in table
millimetres computed by :class:`Placed` (exact at right angles).  Each shape carries a
category name mapped to a :class:`pymunk.ShapeFilter` category bit, so one index can hold
zones, cards and slot cells and answer queries for one kind at a time.

Stacking order: every shape has a z value; adding or :meth:`ShapeIndex.raise_to_top`
puts it above everything else.  Point queries answer topmost first.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

import pymunk

from tabletop.geometry import adjacency
from tabletop.geometry.placed import Placed, Side
from tabletop.geometry.polygon import overlap_area as _overlap_area

# pymunk reports distance 0 on a border, and with max_distance=0 leaves border points
# out; a micro-tolerance makes borders count as hits, deterministically.
_HIT_EPS_MM = 1e-6
# Areas / distances closer than these are treated as equal in best_target (float noise:
# an exact geometric tie turned by 33 degrees differs in the last bits).
_AREA_EPS_MM2 = 1e-6
_DIST_EPS_MM = 1e-6
# ShapeFilter categories are a 32-bit mask.
_MAX_CATEGORIES = 32


@dataclass(slots=True)
class _Entry:
    placed: Placed
    category: str
    shape: pymunk.Poly
    z: int


class ShapeIndex:
    """Spatial index of :class:`Placed` rectangles, keyed by ``Placed.key``.

    Keys are unique across categories.  All coordinates are table millimetres.
    """

    def __init__(self) -> None:
        self._space = pymunk.Space()
        self._entries: dict[str, _Entry] = {}
        self._by_shape: dict[pymunk.Shape, str] = {}
        self._category_bits: dict[str, int] = {}
        self._next_z = 0

    # -- bookkeeping -------------------------------------------------------------------

    def _bit(self, category: str) -> int:
        bit = self._category_bits.get(category)
        if bit is None:
            if len(self._category_bits) >= _MAX_CATEGORIES:
                raise ValueError(f"too many categories (max {_MAX_CATEGORIES})")
            bit = 1 << len(self._category_bits)
            self._category_bits[category] = bit
        return bit

    def _query_filter(self, category: str | None) -> pymunk.ShapeFilter:
        if category is None:
            return pymunk.ShapeFilter()
        bit = self._category_bits.get(category)
        # An unknown category matches nothing; mask 0 says exactly that.
        return pymunk.ShapeFilter(mask=bit or 0)

    def _take_z(self) -> int:
        self._next_z += 1
        return self._next_z

    def __contains__(self, key: object) -> bool:
        return key in self._entries

    def __len__(self) -> int:
        return len(self._entries)

    def placed(self, key: str) -> Placed:
        """The shape stored under ``key``.

        Raises:
            KeyError: if ``key`` is not in the index.
        """
        return self._entries[key].placed

    def category_of(self, key: str) -> str:
        """The category ``key`` was added with.

        Raises:
            KeyError: if ``key`` is not in the index.
        """
        return self._entries[key].category

    def keys(self, category: str | None = None) -> list[str]:
        """Keys (of one category, or all), bottom-most first."""
        items = [(e.z, k) for k, e in self._entries.items()
                 if category is None or e.category == category]
        return [k for _z, k in sorted(items)]

    # -- mutation ----------------------------------------------------------------------

    def add(self, placed: Placed, category: str) -> None:
        """Add ``placed`` under ``placed.key`` in ``category``, on top of everything.

        Raises:
            KeyError: if the key is already present (use :meth:`move`).
            ValueError: if more than 32 distinct categories are used.
        """
        if placed.key in self._entries:
            raise KeyError(f"key already indexed: {placed.key!r}")
        shape = pymunk.Poly(self._space.static_body, list(placed.corners()))
        shape.filter = pymunk.ShapeFilter(categories=self._bit(category))
        self._space.add(shape)
        self._entries[placed.key] = _Entry(placed, category, shape, self._take_z())
        self._by_shape[shape] = placed.key

    def remove(self, key: str) -> None:
        """Remove ``key``.

        Raises:
            KeyError: if ``key`` is not in the index.
        """
        entry = self._entries.pop(key)
        del self._by_shape[entry.shape]
        self._space.remove(entry.shape)
        # pymunk keeps a removed shape on its body for good and in the space until the
        # next step, which an index never takes: let go of both, or every re-layout of
        # a table kept its shapes (issue 14: +500 MiB over a 3,000-action game).
        # A step of 0 s simulates nothing (Chipmunk returns at once).
        entry.shape.body = None
        self._space.step(0.0)

    def move(self, placed: Placed, *, raise_to_top: bool = False) -> None:
        """Give ``placed.key`` a new position/size/rotation, keeping its category.

        Raises:
            KeyError: if ``placed.key`` is not in the index.
        """
        entry = self._entries[placed.key]
        entry.shape.unsafe_set_vertices(list(placed.corners()))
        # Static shapes keep their old bounding box in the tree until reindexed; queries
        # would silently use the stale position (docs/architecture.md, Technical notes).
        self._space.reindex_shape(entry.shape)
        entry.placed = placed
        if raise_to_top:
            entry.z = self._take_z()

    def raise_to_top(self, key: str) -> None:
        """Put ``key`` above every other shape for :meth:`at_point`.

        Raises:
            KeyError: if ``key`` is not in the index.
        """
        self._entries[key].z = self._take_z()

    def clear(self, category: str | None = None) -> None:
        """Remove every shape (of one category, or all)."""
        for key in [k for k, e in self._entries.items()
                    if category is None or e.category == category]:
            self.remove(key)

    # -- queries -----------------------------------------------------------------------

    def at_point(self, x: float, y: float, category: str | None = None) -> list[str]:
        """Keys of shapes containing the table point ``(x, y)`` mm, topmost first.

        Points on a border count as inside.
        """
        hits = self._space.point_query((x, y), _HIT_EPS_MM, self._query_filter(category))
        keys = [self._by_shape[h.shape] for h in hits
                if h.shape in self._by_shape and h.distance <= _HIT_EPS_MM]
        keys.sort(key=lambda k: self._entries[k].z, reverse=True)
        return keys

    def in_box(self, left: float, top: float, right: float, bottom: float,
               category: str | None = None) -> list[str]:
        """Keys whose bounding boxes meet the axis-aligned box (mm), bottom-most first."""
        bb = pymunk.BB(left, top, right, bottom)
        found = [self._by_shape[s] for s in self._space.bb_query(bb, self._query_filter(category))
                 if s in self._by_shape]
        found.sort(key=lambda k: self._entries[k].z)
        return found

    @staticmethod
    def overlap_area(placed_a: Placed, placed_b: Placed) -> float:
        """Exact intersection area of two placed rectangles in mm² (any rotation)."""
        return _overlap_area(placed_a, placed_b)

    def best_target(self, dragged: Placed, candidates: Iterable[str]) -> str | None:
        """The candidate key whose shape ``dragged`` overlaps the most.

        Tie rule (repeatable): larger overlap area wins (areas within 1e-6 mm² are
        equal); then the smaller distance between centres (within 1e-6 mm equal); then
        the smaller key in string order (``min`` of the keys).  Candidate keys missing
        from the index are ignored.

        Returns:
            The winning key, or None if ``dragged`` overlaps no candidate (touching
            along an edge has zero area and does not count).
        """
        scored: list[tuple[float, float, str]] = []
        for key in candidates:
            entry = self._entries.get(key)
            if entry is None:
                continue
            area = _overlap_area(dragged, entry.placed)
            if area > _AREA_EPS_MM2:
                scored.append((area, math.dist(dragged.center, entry.placed.center), key))
        if not scored:
            return None
        top_area = max(s[0] for s in scored)
        tied = [s for s in scored if s[0] >= top_area - _AREA_EPS_MM2]
        nearest = min(s[1] for s in tied)
        return min(s[2] for s in tied if s[1] <= nearest + _DIST_EPS_MM)

    def touching(self, key_a: str, key_b: str, tolerance_mm: float = 0.5) -> bool:
        """True if the shapes under ``key_a`` and ``key_b`` lie side against side.

        Raises:
            KeyError: if either key is not in the index.
        """
        return adjacency.is_touching(self.placed(key_a), self.placed(key_b), tolerance_mm)

    @staticmethod
    def touching_sides(a: Placed, b: Placed,
                       tolerance_mm: float = 0.5) -> list[tuple[Side, Side]]:
        """See :func:`tabletop.geometry.adjacency.touching_sides`."""
        return adjacency.touching_sides(a, b, tolerance_mm)

    @staticmethod
    def facing_slots(a: Placed, side_a: Side, b: Placed, side_b: Side, n_slots: int = 5,
                     tolerance_mm: float = 0.5) -> list[tuple[int, int]]:
        """See :func:`tabletop.geometry.adjacency.facing_slots`."""
        return adjacency.facing_slots(a, side_a, b, side_b, n_slots, tolerance_mm)

    @staticmethod
    def facing_across(a: Placed, candidates: Iterable[Placed], direction_deg: float, *,
                      frame: Literal["table", "card"] = "table") -> list[Placed]:
        """See :func:`tabletop.geometry.adjacency.facing_across`."""
        return adjacency.facing_across(a, candidates, direction_deg, frame=frame)

    @staticmethod
    def grid_adjacent(a: Placed, b: Placed, tolerance_mm: float = 0.5) -> bool:
        """See :func:`tabletop.geometry.adjacency.grid_adjacent`."""
        return adjacency.grid_adjacent(a, b, tolerance_mm)

    def neighbours(self, key: str, category: str | None = None,
                   tolerance_mm: float = 0.5) -> list[str]:
        """Keys (of one category, or any) whose shapes lie side against ``key``'s shape.

        Sorted by key.  Broad phase: pymunk bounding-box query grown by the tolerance.

        Raises:
            KeyError: if ``key`` is not in the index.
        """
        me = self.placed(key)
        left, top, right, bottom = me.bbox()
        t = tolerance_mm
        near = self.in_box(left - t, top - t, right + t, bottom + t, category)
        return sorted(k for k in near
                      if k != key and adjacency.is_touching(me, self.placed(k), tolerance_mm))

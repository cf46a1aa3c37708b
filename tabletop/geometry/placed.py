"""Placed rectangles on the table: position, size and rotation in millimetres.

Table coordinates
-----------------
* Unit: millimetres.
* Origin at the table's top-left corner, +x to the right, **+y downwards** (like the
  screen), so a UI converts table to pixels with a scale and an offset only.
* ``rotation_deg`` turns a shape **counter-clockwise as seen on the screen** (as a
  player looking at the table sees it).  Because +y points down, a counter-clockwise
  turn by ``a`` maps the frame vector ``(x, y)`` to
  ``(x*cos a + y*sin a, -x*sin a + y*cos a)``.  Rotating by 90 turns a card's own top
  edge to face left on the table; 180 turns it upside down (the far player's view).
* Angles in this package (directions included) use the same convention: direction 0 is
  +x (screen right), 90 is screen up, 180 is screen left, 270 is screen down.

Right angles are special-cased to exact sines and cosines so that a card turned by 90
degrees has corners like 37.0 rather than 36.99999999999999 (docs/architecture.md, Technical notes).
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import Literal

Point = tuple[float, float]
Side = Literal["top", "right", "bottom", "left"]
Corner = Literal["top_left", "top_right", "bottom_right", "bottom_left"]

#: The four sides of a card, in its own upright frame.
SIDES: tuple[Side, ...] = ("top", "right", "bottom", "left")
#: The four corners, in the order returned by :meth:`Placed.corners`.
CORNERS: tuple[Corner, ...] = ("top_left", "top_right", "bottom_right", "bottom_left")

# Which corner indices (into CORNERS) bound each side, in slot-numbering order:
# left/right sides run from the card's own top; top/bottom sides from its own left.
_SIDE_CORNERS: dict[str, tuple[int, int]] = {
    "top": (0, 1),
    "right": (1, 2),
    "bottom": (3, 2),
    "left": (0, 3),
}
# Outward normal of each side in the card's own frame (y down).
_SIDE_NORMALS: dict[str, Point] = {
    "top": (0.0, -1.0),
    "right": (1.0, 0.0),
    "bottom": (0.0, 1.0),
    "left": (-1.0, 0.0),
}


def normalize_deg(angle_deg: float) -> float:
    """Return ``angle_deg`` folded into ``[0, 360)``; values within 1e-9 of 360 become 0."""
    a = math.fmod(angle_deg, 360.0)
    if a < 0:
        a += 360.0
    if a > 360.0 - 1e-9:
        a = 0.0
    return a


@functools.lru_cache(maxsize=1024)
def cos_sin_deg(angle_deg: float) -> tuple[float, float]:
    """Cosine and sine of ``angle_deg`` (degrees), exact for multiples of 90.

    Exactness matters: pure ``math.cos(math.pi / 2)`` is 6e-17, which turns a card's
    37 mm corner into 36.99999999999999 and spoils equality-based tests downstream.
    Cached (bounded): a table holds a handful of angles, asked for tens of thousands of
    times while a Conan game replays (issue 14).
    """
    a = normalize_deg(angle_deg)
    quarter = a / 90.0
    nearest = round(quarter)
    if abs(quarter - nearest) < 1e-12:
        return ((1.0, 0.0), (0.0, 1.0), (-1.0, 0.0), (0.0, -1.0))[nearest % 4]
    r = math.radians(a)
    return math.cos(r), math.sin(r)


def rotate_vec(v: Point, angle_deg: float) -> Point:
    """Rotate vector ``v`` counter-clockwise on screen (table y down) by ``angle_deg``."""
    c, s = cos_sin_deg(angle_deg)
    return (v[0] * c + v[1] * s, -v[0] * s + v[1] * c)


def rotate_point(p: Point, pivot: Point, angle_deg: float) -> Point:
    """Rotate point ``p`` about ``pivot`` counter-clockwise on screen by ``angle_deg``."""
    dx, dy = rotate_vec((p[0] - pivot[0], p[1] - pivot[1]), angle_deg)
    return (pivot[0] + dx, pivot[1] + dy)


def direction_vec(direction_deg: float) -> Point:
    """Unit vector for a table direction: 0 = screen right, 90 = screen up (y down)."""
    return rotate_vec((1.0, 0.0), direction_deg)


@dataclass(frozen=True, slots=True)
class Placed:
    """A rectangle placed on the table (a card, a zone or a slot cell).

    Attributes:
        key: identifier, e.g. a card instance id or ``"zone:p0.hand"``.
        center: centre ``(x, y)`` in table millimetres.
        size: ``(width, height)`` in mm, measured in the shape's own upright frame
            (a standard card is ``(63, 88)``, portrait).
        rotation_deg: counter-clockwise on screen, degrees; any real value.

    Raises:
        ValueError: on construction, if a size component is not positive.
    """

    key: str
    center: Point
    size: Point
    rotation_deg: float = 0.0

    def __post_init__(self) -> None:
        if not (self.size[0] > 0 and self.size[1] > 0):
            raise ValueError(f"Placed {self.key!r}: size must be positive, got {self.size!r}")

    # -- frame conversions -------------------------------------------------------------

    def to_table(self, local: Point) -> Point:
        """Convert a point in the shape's own frame (origin at its centre, mm) to table."""
        dx, dy = rotate_vec(local, self.rotation_deg)
        return (self.center[0] + dx, self.center[1] + dy)

    def to_local(self, point: Point) -> Point:
        """Convert a table point (mm) into the shape's own frame (origin at its centre)."""
        return rotate_vec((point[0] - self.center[0], point[1] - self.center[1]),
                          -self.rotation_deg)

    def frame_dir(self, local_dir: Point) -> Point:
        """Rotate a direction given in the shape's own frame into table coordinates."""
        return rotate_vec(local_dir, self.rotation_deg)

    # -- outline -----------------------------------------------------------------------

    def corners(self) -> tuple[Point, Point, Point, Point]:
        """The four corners in table mm, in the shape's own order.

        Order: top-left, top-right, bottom-right, bottom-left of the upright shape, each
        carried along by the rotation (so after a 180-degree turn the first corner is
        the one at the bottom-right of the screen).  On screen the order runs clockwise.
        """
        return _corners(self.center, self.size, self.rotation_deg)

    def corner(self, name: Corner) -> Point:
        """One named corner in table mm (see :data:`CORNERS`).

        Raises:
            ValueError: if ``name`` is not one of :data:`CORNERS`.
        """
        if name not in CORNERS:
            raise ValueError(f"unknown corner {name!r}; expected one of {CORNERS}")
        return self.corners()[CORNERS.index(name)]

    def edge(self, side: Side) -> tuple[Point, Point]:
        """Endpoints of one of the shape's own sides, in table mm, after rotation.

        The first endpoint is where slot 0 starts: for ``"left"``/``"right"`` it is the
        end at the shape's own top, for ``"top"``/``"bottom"`` the end at its own left.

        Raises:
            ValueError: if ``side`` is not one of :data:`SIDES`.
        """
        if side not in _SIDE_CORNERS:
            raise ValueError(f"unknown side {side!r}; expected one of {SIDES}")
        i, j = _SIDE_CORNERS[side]
        cs = self.corners()
        return cs[i], cs[j]

    def outward_normal(self, side: Side) -> Point:
        """Unit vector (table coordinates) pointing out of the shape through ``side``.

        Raises:
            ValueError: if ``side`` is not one of :data:`SIDES`.
        """
        if side not in _SIDE_NORMALS:
            raise ValueError(f"unknown side {side!r}; expected one of {SIDES}")
        return self.frame_dir(_SIDE_NORMALS[side])

    def area(self) -> float:
        """Area in mm²."""
        return self.size[0] * self.size[1]

    def bbox(self) -> tuple[float, float, float, float]:
        """Axis-aligned bounding box ``(left, top, right, bottom)`` in table mm."""
        cs = self.corners()
        xs = [p[0] for p in cs]
        ys = [p[1] for p in cs]
        return (min(xs), min(ys), max(xs), max(ys))

    def contains(self, point: Point, tolerance_mm: float = 1e-9) -> bool:
        """True if ``point`` (table mm) is inside or on the border (within tolerance)."""
        lx, ly = self.to_local(point)
        return (abs(lx) <= self.size[0] / 2.0 + tolerance_mm
                and abs(ly) <= self.size[1] / 2.0 + tolerance_mm)

    # -- derived shapes ----------------------------------------------------------------

    def moved_to(self, center: Point) -> Placed:
        """Copy with a new centre (mm)."""
        return Placed(self.key, center, self.size, self.rotation_deg)

    def translated(self, dx: float, dy: float) -> Placed:
        """Copy shifted by ``(dx, dy)`` mm."""
        return Placed(self.key, (self.center[0] + dx, self.center[1] + dy), self.size,
                      self.rotation_deg)

    def rotated_about(self, pivot: Point, angle_deg: float) -> Placed:
        """Copy turned counter-clockwise on screen by ``angle_deg`` about ``pivot`` (mm)."""
        return Placed(self.key, rotate_point(self.center, pivot, angle_deg), self.size,
                      self.rotation_deg + angle_deg)

    def with_key(self, key: str) -> Placed:
        """Copy under another key."""
        return Placed(key, self.center, self.size, self.rotation_deg)


@functools.lru_cache(maxsize=4096)
def _corners(center: Point, size: Point, rotation_deg: float
             ) -> tuple[Point, Point, Point, Point]:
    # Placed.corners, kept per value: the rules ask a few dozen frozen shapes for their
    # corners thousands of times a game (issue 14). The same arithmetic as to_table, so
    # every corner is the same float as before.
    c, s = cos_sin_deg(rotation_deg)
    cx, cy = center
    hw, hh = size[0] / 2.0, size[1] / 2.0

    def at(x: float, y: float) -> Point:
        return (cx + (x * c + y * s), cy + (-x * s + y * c))
    return (at(-hw, -hh), at(hw, -hh), at(hw, hh), at(-hw, hh))

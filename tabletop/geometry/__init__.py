"""Geometry of the table: placed rectangles in millimetres and queries on them.

No pygame here; pymunk serves as the spatial index.  Conventions (see ``placed``):
table origin top-left, +x right, +y down, rotation counter-clockwise as seen on screen.
"""

from tabletop.geometry.adjacency import (
    PARALLEL_TOLERANCE_DEG,
    facing_across,
    facing_slots,
    grid_adjacent,
    is_touching,
    meeting_corners,
    touching_sides,
)
from tabletop.geometry.index import ShapeIndex
from tabletop.geometry.placed import (
    CORNERS,
    SIDES,
    Corner,
    Placed,
    Point,
    Side,
    cos_sin_deg,
    direction_vec,
    normalize_deg,
    rotate_point,
    rotate_vec,
)
from tabletop.geometry.polygon import clip_convex, overlap_area, polygon_area

__all__ = [
    "CORNERS",
    "PARALLEL_TOLERANCE_DEG",
    "SIDES",
    "Corner",
    "Placed",
    "Point",
    "ShapeIndex",
    "Side",
    "clip_convex",
    "cos_sin_deg",
    "direction_vec",
    "facing_across",
    "facing_slots",
    "grid_adjacent",
    "is_touching",
    "meeting_corners",
    "normalize_deg",
    "overlap_area",
    "polygon_area",
    "rotate_point",
    "rotate_vec",
    "touching_sides",
]

"""Small convex-polygon helpers (pymunk gives hits and distances, but no areas).

Polygons are sequences of ``(x, y)`` points in millimetres.  Orientation (clockwise or
counter-clockwise) is detected, so either winding works.
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.geometry.placed import Placed, Point


def polygon_area(poly: Sequence[Point]) -> float:
    """Absolute area of a simple polygon (shoelace formula), in mm².  Empty -> 0."""
    n = len(poly)
    if n < 3:
        return 0.0
    s = 0.0
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        s += x1 * y2 - x2 * y1
    return abs(s) / 2.0


def _signed_area2(poly: Sequence[Point]) -> float:
    n = len(poly)
    return sum(poly[i][0] * poly[(i + 1) % n][1] - poly[(i + 1) % n][0] * poly[i][1]
               for i in range(n))


def clip_convex(subject: Sequence[Point], clip: Sequence[Point]) -> list[Point]:
    """Intersection of two convex polygons (Sutherland-Hodgman), as a point list.

    Args:
        subject: convex polygon, any winding.
        clip: convex polygon, any winding.

    Returns:
        The intersection polygon (possibly degenerate, possibly empty).  Shapes that
        merely share an edge give a zero-area result.
    """
    if len(subject) < 3 or len(clip) < 3:
        return []
    # "Inside" of a clip edge depends on the clip polygon's winding.
    sign = 1.0 if _signed_area2(clip) >= 0 else -1.0
    output: list[Point] = list(subject)
    n = len(clip)
    for i in range(n):
        if not output:
            break
        ax, ay = clip[i]
        bx, by = clip[(i + 1) % n]
        ex, ey = bx - ax, by - ay

        def side(p: Point, ax: float = ax, ay: float = ay, ex: float = ex,
                 ey: float = ey) -> float:
            return sign * (ex * (p[1] - ay) - ey * (p[0] - ax))

        inp = output
        output = []
        prev = inp[-1]
        prev_side = side(prev)
        for cur in inp:
            cur_side = side(cur)
            if cur_side >= 0:
                if prev_side < 0:
                    output.append(_cross_point(prev, cur, prev_side, cur_side))
                output.append(cur)
            elif prev_side >= 0:
                output.append(_cross_point(prev, cur, prev_side, cur_side))
            prev, prev_side = cur, cur_side
    return output


def _cross_point(p: Point, q: Point, sp: float, sq: float) -> Point:
    # sp and sq have opposite signs (or one is zero), so the denominator is non-zero.
    t = sp / (sp - sq)
    return (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)


def overlap_area(a: Placed, b: Placed) -> float:
    """Exact area (mm²) of the intersection of two placed rectangles, any rotation.

    Symmetric, never negative, and at most ``min(a.area(), b.area())`` up to rounding
    (the result is clamped to that bound so float noise cannot exceed it).
    """
    # Cheap reject on bounding boxes: most candidate pairs are far apart.
    al, at, ar, ab = a.bbox()
    bl, bt, br, bb = b.bbox()
    if al >= br or bl >= ar or at >= bb or bt >= ab:
        return 0.0
    area = polygon_area(clip_convex(a.corners(), b.corners()))
    return min(area, a.area(), b.area())

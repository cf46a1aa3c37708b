"""A window-sized transparent layer drawn and blended one band of rows at a time.

The table's background drew its zone outlines and labels on a transparent layer as
big as the window and blended that onto the felt: 32 MiB at 3840x2160, allocated
next to the background being made, the one it replaces and the kept frames (issue
14: the moment of the sitting's peak memory). :func:`blend_in_bands` gives the same
pixels with one band of about :data:`BAND_BYTES` instead: the layer's rows are
painted band by band (each shape only on the bands its bounds meet), every band
blended onto the target before the next is painted.

The pixels are those of the whole layer: each pixel of the layer is painted by the
same operations in the same order (a shape is drawn on every band its bounds meet,
clipped to it, at an integer offset), and the blend of a band is the blend of those
rows of the layer. That holds for paints that draw alike at any integer offset and
clipped anywhere: blits, filled shapes, rounded rectangles (``border_radius``, any
width), polygons at whole pixels; not for polygons at fractional pixels (rounded
differently once shifted above the band) nor square-cornered rectangle outlines
(pygame clips those before outlining them): use one band for those (``band_bytes`` of
the whole layer).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

__all__ = ["BAND_BYTES", "Paint", "blend_in_bands", "bands"]

#: About this many bytes of transparent layer at a time (a band of 68 rows at 3840 wide).
BAND_BYTES = 1 << 20
#: Paints on ``surface`` whose top-left is at layer pixel ``offset``: a layer point
#: ``(x, y)`` is ``(x - offset[0], y - offset[1])`` on ``surface``.
Paint = Callable[[pygame.Surface, tuple[int, int]], object]


def bands(size: tuple[int, int], band_bytes: int = BAND_BYTES) -> list[pygame.Rect]:
    """The bands of rows covering a layer of ``size`` pixels, top to bottom, each at
    most ``band_bytes`` of 32-bit pixels (at least one row)."""
    w, h = size
    if w <= 0 or h <= 0:
        return []
    rows = max(1, band_bytes // (4 * w))
    return [pygame.Rect(0, y, w, min(rows, h - y)) for y in range(0, h, rows)]


def blend_in_bands(target: pygame.Surface, shapes: Sequence[tuple[pygame.Rect | None, Paint]],
                   band_bytes: int = BAND_BYTES) -> None:
    """Blend onto ``target`` what painting ``shapes`` in order on one fully transparent
    layer of ``target``'s size and blitting that layer at (0, 0) would (see the module
    docstring). ``shapes``: ``(bounds, paint)``; ``bounds`` (layer pixels) hold every
    pixel ``paint`` may draw, None when not known (painted on every band)."""
    size = target.get_size()
    parts = bands(size, band_bytes)
    if not parts:
        return
    layer = pygame.Surface(parts[0].size, pygame.SRCALPHA)  # the format the whole one had
    for band in parts:
        surface = layer if band.h == layer.get_height() else \
            layer.subsurface(pygame.Rect(0, 0, band.w, band.h))
        surface.fill((0, 0, 0, 0))
        drawn = False
        for bounds, paint in shapes:
            if bounds is None or band.colliderect(bounds):
                paint(surface, band.topleft)
                drawn = True
        if drawn:
            target.blit(surface, band.topleft)

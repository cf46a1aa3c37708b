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

__all__ = ["BAND_BYTES", "Paint", "Veil", "blend_in_bands", "bands"]

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
                   band_bytes: int = BAND_BYTES, origin: tuple[int, int] = (0, 0)) -> None:
    """Blend onto ``target`` what painting ``shapes`` in order on one fully transparent
    layer and blitting that layer's part under ``target`` would (see the module
    docstring); ``target``'s top-left is layer pixel ``origin``. ``shapes``: ``(bounds,
    paint)``; ``bounds`` (layer pixels) hold every pixel ``paint`` may draw, None when
    not known (painted on every band)."""
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
        on_layer = band.move(origin)
        for bounds, paint in shapes:
            if bounds is None or on_layer.colliderect(bounds):
                paint(surface, on_layer.topleft)
                drawn = True
        if drawn:
            target.blit(surface, band.topleft)


class Veil:
    """One translucent colour blended over an area, from one strip of rows.

    A veil over the table (a playback, an overlay) was a transparent surface as big as
    its area filled with one colour: 24-32 MiB at 3840x2160. A strip of at most
    ``strip_bytes`` filled alike, blitted down the area with the target clipped to it,
    blends every pixel of the area with the same colour: the same pixels.
    """

    def __init__(self, colour: tuple[int, int, int, int], strip_bytes: int = 1 << 18) -> None:
        self.colour = colour
        self.strip_bytes = strip_bytes
        self._strip: pygame.Surface | None = None

    def blit(self, target: pygame.Surface, area: pygame.Rect) -> None:
        """Blend the colour over ``area`` (pixels of ``target``; clipped as a blit is)."""
        if area.w <= 0 or area.h <= 0:
            return
        strip = self._strip
        rows = max(1, min(area.h, self.strip_bytes // (4 * area.w)))
        if strip is None or strip.get_width() != area.w or strip.get_height() != rows:
            strip = pygame.Surface((area.w, rows), pygame.SRCALPHA)
            strip.fill(self.colour)
            self._strip = strip
        clip = target.get_clip()
        target.set_clip(clip.clip(area))
        try:
            target.fblits([(strip, (area.x, y)) for y in range(area.y, area.bottom, rows)])
        finally:
            target.set_clip(clip)

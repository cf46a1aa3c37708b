"""The lit targets of a drag, drawn only where they are.

Lighting the legal targets at pick-up used to allocate a viewport-sized transparent
surface and convert it (issue 14: 10 ms at 1600x900, 52 ms at 3840x2160 for Conan's
two such layers), and every drag frame blended the whole of it. :class:`LitPatches`
draws the same shapes on small transparent patches, one per group of overlapping
shapes, and a frame blends only those. The pixels are those of the whole layer:
``pygame.draw`` writes RGBA without blending, each shape is drawn, in order, on the
one patch that holds all of it, and elsewhere the layer was fully transparent
(which leaves the screen as it is). Nothing is kept after the drag.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

__all__ = ["LitPatches", "Painter", "disjoint"]

#: Draws one shape on ``surface`` whose top-left is at ``offset`` (pixels of the layer):
#: a point ``(x, y)`` of the layer is ``(x - offset[0], y - offset[1])`` on ``surface``.
Painter = Callable[[pygame.Surface, tuple[int, int]], None]


def disjoint(rects: Sequence[pygame.Rect]) -> list[pygame.Rect]:
    """Rectangles covering ``rects`` of which no two overlap: overlapping ones are
    merged into their union until none overlap (each pixel is blended at most once)."""
    out: list[pygame.Rect] = []
    for rect in rects:
        merged = pygame.Rect(rect)
        changed = True
        while changed:
            changed = False
            for other in out:
                if merged.colliderect(other):
                    merged.union_ip(other)
                    out.remove(other)
                    changed = True
                    break
        out.append(merged)
    return out


class LitPatches:
    """Shapes drawn on transparent patches instead of a layer of ``size`` pixels.

    ``shapes``: ``(bounds, painter)`` in drawing order; ``bounds`` (layer pixels) must
    hold every pixel the painter draws (inflate an outline by its width). The layer is
    clipped to ``size`` as a surface of that size would be.
    """

    def __init__(self, size: tuple[int, int],
                 shapes: Sequence[tuple[pygame.Rect, Painter]]) -> None:
        layer = pygame.Rect((0, 0), size)
        placed = [(pygame.Rect(bounds).clip(layer), paint) for bounds, paint in shapes]
        placed = [(bounds, paint) for bounds, paint in placed if bounds.w and bounds.h]
        #: The patches: (surface, where its top-left lies on the layer).
        self.patches: list[tuple[pygame.Surface, tuple[int, int]]] = []
        parts = disjoint([bounds for bounds, _ in placed])
        convert = pygame.display.get_surface() is not None
        for part in parts:
            surface = pygame.Surface(part.size, pygame.SRCALPHA)
            if convert:
                surface = surface.convert_alpha()
            surface.fill((0, 0, 0, 0))
            for bounds, paint in placed:
                if part.contains(bounds):
                    paint(surface, part.topleft)
            self.patches.append((surface, part.topleft))

    def blit(self, target: pygame.Surface, at: tuple[int, int] = (0, 0)) -> None:
        """Blend the lit shapes onto ``target``, the layer's top-left at ``at``."""
        x, y = at
        target.fblits([(surface, (px + x, py + y)) for surface, (px, py) in self.patches])

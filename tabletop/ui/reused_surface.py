"""A window part drawn again in place instead of into a new surface (issue 14).

A new opaque surface of a window part (the side panel: 368x900 pixels at 1600x900,
1.3 MB) costs more than drawing it: its pages are fresh memory (blocks that large
are mapped on their own and given back when freed, ``tabletop.ui.heap``), about
1.3 ms at 1600x900 against 0.03 ms to fill one already there. A
:class:`ReusedSurface` hands out the same surface while the size stays, and counts
how many times it was handed out: what keeps a frame by what it shows (the still
frames' keys) names that count beside the surface, since the surface alone stays the
same object when its pixels change.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

__all__ = ["ReusedSurface"]


class ReusedSurface:
    """One opaque surface in the display's format, drawn again in place.

    :attr:`drawn` counts the surfaces handed out by :meth:`fresh` (the pixels of the
    last one are whatever its caller drew).
    """

    def __init__(self) -> None:
        self._surface: pygame.Surface | None = None
        self.drawn = 0

    def fresh(self, size: tuple[int, int],
              make: Callable[[tuple[int, int]], pygame.Surface] | None = None
              ) -> pygame.Surface:
        """A surface of ``size`` pixels to draw all of anew (its old pixels remain until
        drawn over): the last one when it has that size, else a new one, ``make(size)``
        or by default in the window's pixel format."""
        surface = self._surface
        if surface is None or surface.get_size() != tuple(size):
            self._surface = None  # the old one goes before the new is made
            if make is not None:
                surface = make(size)
            else:
                window = pygame.display.get_surface()
                surface = pygame.Surface(size) if window is None else \
                    pygame.Surface(size, 0, window)
            self._surface = surface
        self.drawn += 1
        return surface

    def drop(self) -> None:
        """Let go of the surface (the next :meth:`fresh` makes a new one)."""
        self._surface = None

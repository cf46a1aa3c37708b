"""A double click whose first click changed the screen does not click the new one
(QA16b #2).

Double-clicking the settings screen's Back used to quit the program: the first click
went back to the menu, the second landed on the menu's Quit under the pointer. A screen
that says so (``shields_double_click = True``, the menu) ignores a press, and its
release, that comes within :data:`DOUBLE_CLICK_S` of the click that brought it up
(and of the moment it was first drawn, so a slow rebuild does not shorten the time)
within :data:`NEAR_PX` of where that click was released. A deliberate click there a
moment later is taken as usual.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pygame

__all__ = ["DOUBLE_CLICK_S", "NEAR_PX", "DoubleClickShield"]

#: Seconds within which a second press counts as the second half of a double click
#: (the usual desktop setting, SDL's own too).
DOUBLE_CLICK_S = 0.5
#: How far (pixels) the second press may be from the first release.
NEAR_PX = 8


class DoubleClickShield:
    """Tells the app which mouse button events are the second half of a double click
    on a screen the first half opened (see the module docstring). ``clock``: seconds,
    monotonic (a test may pass its own)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._up: tuple[tuple[int, int], float, int] | None = None  # where, when, top's id
        self._shown: tuple[int, float] = (0, 0.0)  # the top scene's id, first drawn when
        self._held: int | None = None  # the button whose press was swallowed

    def shown(self, top: object) -> None:
        """A frame was drawn with ``top`` (the top scene, or None) in front."""
        if id(top) != self._shown[0]:
            self._shown = (id(top), self.clock())

    def swallows(self, event: pygame.event.Event, top: object) -> bool:
        """Whether ``event`` is to reach nobody: the press of a double click's second
        half on a screen (``top``) that shields itself and was not in front at the
        first half, or that press's release. Notes every release (never swallowed
        otherwise)."""
        if event.type == pygame.MOUSEBUTTONUP:
            if self._held is not None and getattr(event, "button", None) == self._held:
                self._held = None
                return True
            self._up = ((int(event.pos[0]), int(event.pos[1])), self.clock(), id(top))
            return False
        if event.type != pygame.MOUSEBUTTONDOWN or self._up is None:
            return False
        (x, y), when, top_then = self._up
        if id(top) == top_then or not getattr(top, "shields_double_click", False):
            return False
        since = max(when, self._shown[1] if self._shown[0] == id(top) else when)
        near = abs(event.pos[0] - x) <= NEAR_PX and abs(event.pos[1] - y) <= NEAR_PX
        if near and self.clock() - since <= DOUBLE_CLICK_S:
            self._up = None
            self._held = int(event.button)
            return True
        return False

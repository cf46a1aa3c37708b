"""The table's last frame at rest, shown again while nothing in it can have changed.

A frame of a full table at rest cost 3-5 times the blits of its cards (issue 14):
labels fitted, chips and counts drawn, the coach box, the plugin's marks, every
frame. While nothing moves, the picture is a function of what the scene shows (the
view, the sprites, the cached background and panel, hover, selection, toast, hint,
coach) and of the input it handled; the table computes that as a *key*
(``TableDraw._still_key``, None while something moves by itself: a drag, a slide-back,
a playback, the computer's seats). :class:`Kept` keeps the frame drawn for a key once
the same key came twice in a row (a frame that changes every time costs no copy) and
serves it, one opaque blit, while the key stays the same. During a drag only the
carried card and what follows the pointer move: everything drawn under the card is
kept the same way for the whole drag (``TableDraw._under_key``), and the side panel
(log, tracker, coach box: opaque, so nothing drawn before it shows through) is kept
on its own (``TableDraw._side_key``).

Input other than pointer motion (clicks, keys, wheel, widget results) can change
state the key does not name (a decision panel's picks), so every such event counts
in :attr:`StillFrames.events`, which is part of the keys. Pointer motion changes only
what the key names (hover, the held hand's sprites, a refusal toast).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from tabletop.ui.heap import opaque_surface

__all__ = ["Kept", "StillFrames", "same_key"]


def same_key(a: Sequence[Any] | None, b: Sequence[Any] | None) -> bool:
    """Are two keys the same: element by element the same object, or equal."""
    if a is None or b is None or len(a) != len(b):
        return False
    return all(x is y or x == y for x, y in zip(a, b, strict=True))


class Kept:
    """One kept frame (see the module docstring).

    Use: ``if not kept.serve(key, surface): draw(surface); kept.keep(key, surface)``.
    ``settle``: keep a frame only once the same key came twice in a row (a picture
    that changes every frame then costs no copy); else at once. One window-sized
    surface at most; dropped when the key is None, re-made when the size changes.
    """

    def __init__(self, settle: bool = True) -> None:
        self.settle = settle
        self._key: tuple[Any, ...] | None = None
        self._last: tuple[Any, ...] | None = None
        self._frame: pygame.Surface | None = None

    def serve(self, key: tuple[Any, ...] | None, surface: pygame.Surface,
              area: pygame.Rect | None = None) -> bool:
        """Blit the kept frame onto ``surface`` (at ``area``, default the whole surface)
        when it was drawn for ``key`` (True), else nothing (False: draw it, then
        :meth:`keep`)."""
        frame = self._frame
        rect = area if area is not None else surface.get_rect()
        if key is None or frame is None or frame.get_size() != rect.size \
                or not same_key(key, self._key):
            return False
        surface.blit(frame, rect)
        return True

    def keep(self, key: tuple[Any, ...] | None, surface: pygame.Surface,
             area: pygame.Rect | None = None) -> None:
        """``surface`` holds (at ``area``, default all of it) what was just drawn for
        ``key``: keep a copy (when settling: once the frame before had the same key)."""
        if key is None:
            self.drop()
            return
        rect = area if area is not None else surface.get_rect()
        if not self.settle or same_key(key, self._last):
            frame = self._frame
            if frame is None or frame.get_size() != rect.size:
                frame = opaque_surface(rect.size, surface)  # no converted copy (issue 14)
                self._frame = frame
            frame.blit(surface, (0, 0), rect)
            self._key = key
        self._last = key

    @property
    def kept(self) -> bool:
        """Is a frame kept?"""
        return self._frame is not None and self._key is not None

    def drop(self) -> None:
        """Forget the kept frame (the next one is drawn in full)."""
        self._last = self._key = None
        self._frame = None


class StillFrames:
    """The table's kept frames: ``rest`` (the whole frame at rest, settling),
    ``under`` (during a drag, everything under the carried card, kept at once) and
    ``side`` (the side panel with the coach box and markers, settling), and the count
    of input events that may change what they show.
    """

    def __init__(self) -> None:
        #: Input events other than pointer motion seen so far (part of the keys).
        self.events = 0
        self.rest = Kept(settle=True)
        self.under = Kept(settle=False)
        self.side = Kept(settle=True)

    def saw(self, event: pygame.event.Event) -> None:
        """The scene got ``event``: anything but pointer motion may change the frame."""
        if event.type != pygame.MOUSEMOTION:
            self.events += 1

    def drop(self) -> None:
        """Forget both kept frames."""
        self.rest.drop()
        self.under.drop()
        self.side.drop()

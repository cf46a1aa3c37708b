"""Sizing the one window without recreating it (issue 16, a club tester's report).

``pygame.display.set_mode`` on a window that exists may destroy it and create a new
one (seen in an X window: a resize below the least size gave the window a new X id,
so it flickered, lost its place and the window manager's drag). The app therefore
tells SDL the least size it lays out for (the window manager then never makes it
smaller) and, where it must change the size itself (a window made smaller than that
all the same, or a driver that does not resize: the dummy one of the tests), resizes
the window it has (``SDL_SetWindowSize``); ``set_mode`` is left for pygame builds
without a window object. Full screen (F11) goes on and off in the same window too. A
real window's resize events are read against the window's
size now (one frame's events arrive together, and an older one must not size the
window back). Sizes are window points (pixels unless high-DPI).
"""

from __future__ import annotations

import logging
import warnings
from typing import Any

import pygame

__all__ = ["display_window", "go_fullscreen", "go_windowed", "keep_minimum", "resize_to",
           "resizes_itself"]

log = logging.getLogger(__name__)


def display_window() -> Any:
    """The display module's window as a ``pygame.Window`` (pygame-ce 2.4 and later), or
    None when there is none (no window yet, an older pygame)."""
    window_type = getattr(pygame, "Window", None)
    if window_type is None or pygame.display.get_surface() is None:
        return None
    try:
        with warnings.catch_warnings():  # pygame-ce 2.5 warns of its surface use, not ours
            warnings.simplefilter("ignore", DeprecationWarning)
            return window_type.from_display_module()
    except (pygame.error, AttributeError) as exc:
        log.debug("no window object: %s", exc)
        return None


def keep_minimum(size: tuple[int, int]) -> None:
    """Tell the window manager the window is never to be smaller than ``size`` (window
    points). Nothing without a window object."""
    window = display_window()
    if window is None:
        return
    try:
        window.minimum_size = (int(size[0]), int(size[1]))
    except (pygame.error, ValueError, AttributeError) as exc:
        log.debug("minimum window size not set: %s", exc)


def resize_to(size: tuple[int, int], flags: int = pygame.RESIZABLE) -> pygame.Surface:
    """Make the window ``size`` (window points) and return the display surface: the same
    window resized where pygame has a window object, else (or when that did not take)
    a window made anew by ``set_mode`` with ``flags``."""
    wanted = (int(size[0]), int(size[1]))
    window = display_window()
    if window is not None:
        try:
            window.size = wanted
        except (pygame.error, ValueError, AttributeError) as exc:
            log.debug("window not resized in place: %s", exc)
        else:
            surface = pygame.display.get_surface()
            if surface is not None and tuple(pygame.display.get_window_size()) == wanted:
                return surface
    return pygame.display.set_mode(wanted, flags)


def go_fullscreen() -> pygame.Surface:
    """Full screen at the desktop's size, the same window (``set_mode`` where pygame has
    no window object, or that failed); returns the display surface."""
    window = display_window()
    if window is not None:
        try:
            window.set_fullscreen(desktop=True)
        except (pygame.error, AttributeError) as exc:
            log.debug("not full screen in place: %s", exc)
        else:
            surface = pygame.display.get_surface()
            if surface is not None:
                return surface
    return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)


def go_windowed(size: tuple[int, int]) -> pygame.Surface:
    """Back from full screen to a resizable window ``size`` (window points), the same
    window where it can be (see :func:`go_fullscreen`); returns the display surface."""
    window = display_window()
    if window is not None:
        try:
            window.set_windowed()
            window.resizable = True
        except (pygame.error, AttributeError) as exc:
            log.debug("not windowed in place: %s", exc)
        else:
            return resize_to(size)
    return pygame.display.set_mode((int(size[0]), int(size[1])), pygame.RESIZABLE)


#: SDL video drivers without a real window: it changes size only when told to.
_NO_WINDOW_DRIVERS = frozenset({"dummy", "offscreen"})


def resizes_itself() -> bool:
    """Whether the window changes size by itself when the user (or the window manager)
    resizes it, as every real SDL 2 video driver does; False for the headless drivers,
    whose resize events are posted (tests) and followed by resizing the window."""
    try:
        driver = pygame.display.get_driver()
    except pygame.error:
        return False
    return driver not in _NO_WINDOW_DRIVERS

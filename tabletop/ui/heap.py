"""The process heap: big pixel buffers given back to the system when they are freed.

Issue 14 measured a sitting at 3840x2160 peaking near 580 MiB of resident memory
though the surfaces alive at any one time were well under half of that. Two causes,
neither in what is drawn:

* glibc's ``malloc`` serves a large block (a window-sized surface is 32 MiB at
  3840x2160) with its own ``mmap`` and unmaps it on ``free``, but after the first such
  ``free`` it raises its threshold to that block's size ("dynamic mmap threshold"), so
  every later surface up to 32 MiB comes from the heap instead, whose freed pages stay
  resident between live blocks. :func:`limit_heap` fixes the threshold at
  :data:`MMAP_THRESHOLD`, so a freed surface's pages go back at once.
* A scene that leaves the stack (the table when the menu opens) holds reference
  cycles (widgets and their manager, listeners and the scene), so its surfaces stay
  until Python's cycle collector runs a full pass, which is rare: the next scene was
  built and drawn while the last one's pixels were still held. :func:`settle` collects
  at once and returns the heap's free top to the system.

Both are no-ops where the C library is not glibc (macOS, Windows, musl).
"""

from __future__ import annotations

import ctypes
import gc
import logging
from typing import Any

import pygame

__all__ = ["MMAP_THRESHOLD", "drop_pixels", "limit_heap", "opaque_surface", "release_scenes",
           "settle", "trim"]

log = logging.getLogger(__name__)

#: Blocks of at least this many bytes get their own mapping, unmapped when freed (a
#: 256x256 RGBA surface). A 4K sitting of 80 moves a game (issue 14) peaked at 285 MiB
#: with 128 KiB (glibc's default before it adapts), 290 with 256 KiB, 312 with 1 MiB;
#: a smaller threshold costs fresh pages (page faults) for more of the surfaces made per
#: frame (a pick-up's lit patches), so the largest that keeps the 300 MiB target.
MMAP_THRESHOLD = 256 * 1024
#: Free memory at the top of the heap beyond this many bytes is returned (glibc default).
TRIM_THRESHOLD = 128 * 1024
_M_TRIM_THRESHOLD = -1
_M_MMAP_THRESHOLD = -3

_libc: Any = None
_looked = False


def _glibc() -> Any:
    """The process's C library when it is glibc (has ``gnu_get_libc_version``), else None."""
    global _libc, _looked
    if not _looked:
        _looked = True
        try:
            libc = ctypes.CDLL(None)
            if hasattr(libc, "gnu_get_libc_version") and hasattr(libc, "mallopt"):
                _libc = libc
        except (OSError, TypeError):  # Windows: no process-wide C library by name
            _libc = None
    return _libc


def limit_heap() -> bool:
    """Fix glibc's mmap threshold at :data:`MMAP_THRESHOLD` bytes and its trim threshold
    at :data:`TRIM_THRESHOLD` (see the module docstring), once per process; True when
    set, False where the C library is not glibc or refused."""
    libc = _glibc()
    if libc is None:
        return False
    ok = bool(libc.mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD)) and \
        bool(libc.mallopt(_M_TRIM_THRESHOLD, TRIM_THRESHOLD))
    if not ok:
        log.debug("mallopt refused the heap thresholds")
    return ok


def settle() -> None:
    """Free what scenes that left the stack still hold in reference cycles (a full
    collection) and give the heap's free top back to the system (glibc ``malloc_trim``).
    Called when the scenes are replaced, not per frame (a full pass costs milliseconds)."""
    gc.collect()
    trim()


def trim() -> None:
    """Give the heap's free pages back to the system (glibc ``malloc_trim``; elsewhere
    nothing), after a collection freed much (a scene left)."""
    libc = _glibc()
    if libc is not None and hasattr(libc, "malloc_trim"):
        libc.malloc_trim(0)


def release_scenes(stack: Any) -> None:
    """Take every scene off ``stack`` (a :class:`~tabletop.ui.scene.SceneStack`), each
    closed top first as ``SceneStack.replace`` does, and :func:`settle`: done before the
    next screen is built, so the two never hold their pixels at the same time."""
    while stack.scenes:
        stack.scenes.pop().close()
    settle()


#: Attributes of a table scene holding its own big surfaces (the background, the side
#: panel, the lit targets, the carried card), let go when it closes.
_SURFACES = ("_bg", "_panel", "_lit", "_drag_surface")
#: Its parts that keep pixels and forget them with ``drop()`` or ``clear()`` (the kept
#: still frames, the side panel's surface, the backdrop's patches, the face cache, the
#: sprites' kept surfaces, the text cache, the shrunk carried faces).
_PARTS = ("still", "panel_pixels", "backdrop", "renderer", "sprite_memo", "text", "carried")


def drop_pixels(scene: Any) -> int:
    """Let go of the surfaces a closed table scene keeps (see :data:`_SURFACES`,
    :data:`_PARTS`, and every surface its game plugin keeps as an attribute or as a
    part's ``veil``): whatever still refers to the closed scene then holds none of its
    window-sized layers (about 150 MiB at 3840x2160). Only for a scene that has left
    the stack: it would draw again from scratch. Returns how many were let go."""
    dropped = 0
    for name in _SURFACES:
        if getattr(scene, name, None) is not None:
            setattr(scene, name, None)
            dropped += 1
    for name in _PARTS:
        part = getattr(scene, name, None)
        forget = getattr(part, "drop", None) or getattr(part, "clear", None)
        if callable(forget):
            forget()
            dropped += 1
    if isinstance(getattr(scene, "_blits", None), list):
        scene._blits = []
    plugin = getattr(scene, "ui", None)
    for name, value in list(getattr(plugin, "__dict__", {}).items()):
        if isinstance(value, pygame.Surface):
            setattr(plugin, name, None)
            dropped += 1
        elif getattr(value, "veil", None) is not None:
            value.veil = None
            dropped += 1
    return dropped


def opaque_surface(size: tuple[int, int], like: pygame.Surface | None = None) -> pygame.Surface:
    """A new opaque surface of ``size`` pixels in the pixel format of ``like`` (default
    the window's), made in that format at once: ``pygame.Surface(size).convert(like)``
    made a second window-sized surface for a moment (32 MiB at 3840x2160, at the
    sitting's peak). Without a window and without ``like``, pygame's default format."""
    if like is None:
        like = pygame.display.get_surface()
    if like is None:
        return pygame.Surface(size)
    return pygame.Surface(size, 0, like)

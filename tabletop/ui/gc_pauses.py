"""Python's cycle collector kept out of the table's frames (issue 14).

A game in the window holds a large heap that lives as long as the table: the card
database, the history of every action, the state, the widgets; about 150,000 objects
at 5,000 Conan actions. The collector's full pass walks all of it (60-90 ms on a busy
2-core machine), and it comes whenever enough new objects outlived the young
generations, so in the middle of an ordinary action or an undo: a frame frozen for
five 60 fps frames. And with the default young threshold (700 allocations) a table
refresh, which makes a few thousand short-lived objects, set off a young pass in
most frames.

While a table is up (:func:`hold`, once its game is loaded and what the screen
before it left is collected), what is alive is *frozen* (``gc.freeze``): the
collector no longer walks it, so a full pass only walks what was made since; and the
young threshold is :data:`YOUNG_THRESHOLD`, so a young pass comes every few changes
instead of in most frames. When the table goes (:func:`release`) everything is
unfrozen and the threshold is Python's again, so the collection that follows frees
what the table held in cycles. :func:`collect_all` is a full collection of everything,
frozen or not (a language switch freeing the old widget manager); what stays alive
stays frozen if it was.

Freezing keeps nothing alive: objects freed by their reference counts go as before;
only reference cycles among the frozen wait for :func:`release` or
:func:`collect_all`.
"""

from __future__ import annotations

import gc

__all__ = ["YOUNG_THRESHOLD", "collect_all", "hold", "holding", "release"]

#: Allocations (net of frees) between young collections while a table is up. Measured
#: over 60 Conan action / undo / redo frames at 1,000 actions: Python's 700 made 69
#: young passes (19 ms in all) and 5 middle ones (up to 2 ms each); 3,000 made 11 young
#: passes of at most 2 ms (12 ms) and no middle one; 10,000 one pass, but of 7 ms.
YOUNG_THRESHOLD = 3_000

_default: tuple[int, int, int] | None = None


def holding() -> bool:
    """Is the heap held (frozen, with the table's threshold) now?"""
    return _default is not None


def hold() -> None:
    """A full collection, then freeze what is alive and raise the young threshold to
    :data:`YOUNG_THRESHOLD` (see the module doc). Called when a table's game has been
    loaded; holding again first lets go of the last hold."""
    global _default
    release()
    gc.collect()
    gc.freeze()
    _default = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, _default[1], _default[2])


def release() -> None:
    """Unfreeze everything and give Python back its thresholds (the table goes: the
    next collection frees what it held in cycles). Does nothing when not held."""
    global _default
    if _default is None:
        return
    gc.unfreeze()
    gc.set_threshold(*_default)
    _default = None


def collect_all() -> int:
    """A full collection of every object, frozen or not; what survives is frozen again
    while the heap is held. Returns what ``gc.collect`` returns (objects found
    unreachable)."""
    if _default is None:
        return gc.collect()
    gc.unfreeze()
    found = gc.collect()
    gc.freeze()
    return found

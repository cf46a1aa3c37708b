"""A bounded cache of drawn surfaces: least recently used dropped past a byte budget.

Every cache of drawn pixels in the window (card faces, chips, tags, name labels)
is one of these, so memory stays bounded however long a sitting lasts and however
often the window is resized (issue 14: an unbounded face cache took Arc from 67 to
744 MiB over a resize sweep). A value is a surface, None (remembered "nothing to
draw"), or a tuple holding surfaces (a surface with its ink rectangle); its cost is
the pixel bytes of the surfaces in it (:func:`surface_bytes`).

Besides the budget, :meth:`SurfaceCache.new_generation` drops what was not used
since the generation before: called when the window changes size, so the faces of
sizes no longer shown go at once instead of waiting to be pushed out.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from typing import Any, Generic, TypeVar

import pygame

__all__ = ["DEFAULT_BUDGET", "SurfaceCache", "surface_bytes", "window_budget"]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

#: The byte budget of a cache when none is given (48 MiB).
DEFAULT_BUDGET = 48 * 2 ** 20
#: What one entry costs besides its pixels (key, bookkeeping), in bytes.
_ENTRY_BYTES = 256


def surface_bytes(value: Any) -> int:
    """The pixel bytes held by ``value``: a surface's ``width * height * bytes per
    pixel``, the sum over a tuple or list's surfaces, 0 for anything else (None, a
    rectangle)."""
    if isinstance(value, pygame.Surface):
        w, h = value.get_size()
        return w * h * value.get_bytesize()
    if isinstance(value, (tuple, list)):
        return sum(surface_bytes(v) for v in value)
    return 0


def window_budget(per_window: float, floor: int = 16 * 2 ** 20,
                  size: tuple[int, int] | None = None) -> int:
    """A byte budget of ``per_window`` full windows of 32-bit pixels (the window's
    size, or ``size`` in pixels; 1280x720 without a window), at least ``floor`` bytes:
    a cache that holds what a few screens show grows with the window it fills."""
    if size is None:
        screen = pygame.display.get_surface() if pygame.display.get_init() else None
        size = screen.get_size() if screen is not None else (1280, 720)
    return max(floor, round(size[0] * size[1] * 4 * per_window))


class SurfaceCache(Generic[K, V]):
    """A mapping of drawn surfaces bounded by ``budget`` bytes and ``max_items`` entries.

    Args:
        budget: the most bytes of pixels kept (see :func:`surface_bytes`); a callable
            is asked again at every insertion (a budget that follows the window size).
        max_items: the most entries kept, whatever their size (None: no count bound).
        cost: what an entry costs in bytes (default :func:`surface_bytes` plus a small
            per-entry overhead).
        on_evict: see :attr:`on_evict`.

    Reading an entry (:meth:`get`, ``[]``) makes it the most recently used; storing one
    drops the least recently used until both bounds hold again (the entry just stored
    stays even when it alone exceeds the budget: it is about to be drawn).
    """

    def __init__(self, budget: int | Callable[[], int] = DEFAULT_BUDGET,
                 max_items: int | None = None,
                 cost: Callable[[Any], int] | None = None,
                 on_evict: Callable[[K, V], None] | None = None) -> None:
        self._budget = budget
        #: Called with each entry dropped by a bound or a new generation (not by
        #: :meth:`pop` or :meth:`clear`): to forget what was kept beside it.
        self.on_evict = on_evict
        self.max_items = max_items
        self._cost = cost or surface_bytes
        self._entries: OrderedDict[K, tuple[V, int, int]] = OrderedDict()
        self._bytes = 0
        self._generation = 0
        #: Entries dropped to keep the bounds or by a new generation (tests, benchmarks).
        self.evicted = 0

    # -- mapping --------------------------------------------------------------------
    def get(self, key: K, default: V | None = None) -> V | None:
        """The value under ``key`` (now the most recently used), else ``default``."""
        entry = self._entries.get(key)
        if entry is None:
            return default
        self._touch(key, entry)
        return entry[0]

    def __getitem__(self, key: K) -> V:
        entry = self._entries[key]
        self._touch(key, entry)
        return entry[0]

    def __setitem__(self, key: K, value: V) -> None:
        old = self._entries.pop(key, None)
        if old is not None:
            self._bytes -= old[1]
        cost = self._cost(value) + _ENTRY_BYTES
        self._entries[key] = (value, cost, self._generation)
        self._bytes += cost
        self._shrink()

    def __contains__(self, key: object) -> bool:
        return key in self._entries

    def __len__(self) -> int:
        return len(self._entries)

    def __iter__(self) -> Iterator[K]:
        return iter(list(self._entries))

    def keys(self) -> list[K]:
        """The keys, least recently used first."""
        return list(self._entries)

    def values(self) -> list[V]:
        """The values, least recently used first (reading them changes no order)."""
        return [v for v, _, _ in self._entries.values()]

    def items(self) -> list[tuple[K, V]]:
        """``(key, value)`` pairs, least recently used first."""
        return [(k, v) for k, (v, _, _) in self._entries.items()]

    def pop(self, key: K, default: V | None = None) -> V | None:
        """Remove ``key``; its value, else ``default``."""
        entry = self._entries.pop(key, None)
        if entry is None:
            return default
        self._bytes -= entry[1]
        return entry[0]

    def clear(self) -> None:
        """Forget every entry."""
        self._entries.clear()
        self._bytes = 0

    # -- bounds ---------------------------------------------------------------------
    @property
    def budget(self) -> int:
        """The byte budget now."""
        return self._budget() if callable(self._budget) else self._budget

    @property
    def bytes(self) -> int:
        """The bytes the entries cost now (pixels plus per-entry overhead)."""
        return self._bytes

    def new_generation(self) -> int:
        """Start a new generation (the window changed size): every entry not used in
        the current generation nor the one before is dropped. Returns how many went."""
        self._generation += 1
        oldest = self._generation - 1
        stale = [k for k, (_, _, gen) in self._entries.items() if gen < oldest]
        for key in stale:
            value, cost, _ = self._entries.pop(key)
            self._bytes -= cost
            self._dropped(key, value)
        return len(stale)

    def _touch(self, key: K, entry: tuple[V, int, int]) -> None:
        self._entries.move_to_end(key)
        if entry[2] != self._generation:
            self._entries[key] = (entry[0], entry[1], self._generation)

    def _shrink(self) -> None:
        budget = self.budget
        limit = self.max_items
        while len(self._entries) > 1 and (
                self._bytes > budget or (limit is not None and len(self._entries) > limit)):
            key, (value, cost, _) = self._entries.popitem(last=False)
            self._bytes -= cost
            self._dropped(key, value)

    def _dropped(self, key: K, value: V) -> None:
        self.evicted += 1
        if self.on_evict is not None:
            self.on_evict(key, value)

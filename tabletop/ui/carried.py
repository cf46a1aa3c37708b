"""The carried picture of a card drawn larger than a table card (a spread hand).

A card picked up from a spread hand is carried at table size (``TableInput.pick_up``);
shrinking its face with ``smoothscale`` cost up to a millisecond per pick-up at
1600x900 (issue 14). :class:`CarriedFaces` keeps the last few shrunk faces, keyed by
the face surface itself (the renderer's cached surface: the same object while the card
and the window size stay) and the size wanted; bounded, dropped with its table.
"""

from __future__ import annotations

from collections import OrderedDict

import pygame

__all__ = ["MAX_CARRIED", "CarriedFaces"]

#: Shrunk faces kept (a hand's worth; each is a table card's size).
MAX_CARRIED = 16


class CarriedFaces:
    """Shrunk card faces, at most :data:`MAX_CARRIED`, the least recently used dropped."""

    def __init__(self, limit: int = MAX_CARRIED) -> None:
        self.limit = limit
        self._faces: OrderedDict[tuple[int, tuple[int, int]],
                                 tuple[pygame.Surface, pygame.Surface]] = OrderedDict()

    def __len__(self) -> int:
        return len(self._faces)

    def shrunk(self, face: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
        """``face`` smooth-scaled to ``size`` pixels (the same picture every time)."""
        key = (id(face), size)
        kept = self._faces.get(key)
        if kept is not None and kept[0] is face:  # the id is that face's, not a reused one
            self._faces.move_to_end(key)
            return kept[1]
        small = pygame.transform.smoothscale(face, size)
        self._faces[key] = (face, small)
        while len(self._faces) > self.limit:
            self._faces.popitem(last=False)
        return small

    def clear(self) -> None:
        """Forget every shrunk face (a resize: the faces are made anew)."""
        self._faces.clear()

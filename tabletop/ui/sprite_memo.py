"""Card surfaces and pixel rectangles kept from one table refresh to the next (issue 14).

After every change of the game the table lays out all its cards again
(:meth:`~tabletop.ui.table_state.TableState._build_sprites`), yet a change moves a
few cards: the others lie where they lay, show what they showed, at the same size. A
:class:`SpriteMemo` gives each sprite the surface and rectangle it had the refresh
before when nothing that decides them changed, and asks the card renderer only for
the rest. What decides them: the card (its id, or whose back), its place and size in
table mm and its angle on screen; for all cards the renderer, its sleeves, the
language and the viewport (scale, offset, turned round or not). The pictures are the
ones the renderer would return (its cache is keyed by the same), so nothing drawn
changes; they are forgotten when the renderer forgets its own (its ``generation``
moves on at every clear, a language change) and by :meth:`SpriteMemo.clear`.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Protocol

import pygame

from tabletop.ui.sprite import Sprite, right_angle

__all__ = ["SpriteMemo"]

_Rect = tuple[int, int, int, int]


class _Renderer(Protocol):
    sleeves: object

    def face(self, card_id: str, size: tuple[int, int], turn: float = 0.0,
             lang: str = "en") -> pygame.Surface: ...

    def back(self, size: tuple[int, int], turn: float = 0.0,
             seat: int | None = None) -> pygame.Surface: ...


class _Viewport(Protocol):
    table_w: float
    table_h: float
    scale: float
    offset: tuple[float, float]
    flipped: bool

    def to_px(self, x_mm: float, y_mm: float) -> tuple[float, float]: ...

    def rect_px(self, center_mm: tuple[float, float],
                size_mm: tuple[float, float]) -> tuple[int, int, int, int]: ...


class SpriteMemo:
    """The surface and pixel rectangle of each card as last placed (see the module doc).

    Holds only what the last :meth:`place` used (at most one entry per sprite), so it
    never grows past the table.
    """

    def __init__(self) -> None:
        self._context: tuple[Hashable, ...] | None = None
        self._kept: dict[Hashable, tuple[pygame.Surface, _Rect]] = {}
        #: Sprites given a kept surface / drawn by the renderer by the last place (tests).
        self.reused = 0
        self.fetched = 0

    def clear(self) -> None:
        """Forget every kept surface (the renderer forgot its pictures)."""
        self._kept = {}
        self._context = None

    def place(self, sprites: Sequence[Sprite], renderer: _Renderer, viewport: _Viewport,
              lang: str) -> None:
        """Set ``surface`` and ``rect`` (window pixels) of every sprite: the face of its
        card (``lang``) or its owner's back at its size on screen, turned by its
        ``turn``, centred on its place (see :class:`~tabletop.ui.sprite.Sprite`)."""
        context = (id(renderer), getattr(renderer, "generation", 0), renderer.sleeves, lang,
                   viewport.table_w, viewport.table_h, viewport.scale, viewport.offset,
                   viewport.flipped)
        old = self._kept if context == self._context else {}
        kept: dict[Hashable, tuple[pygame.Surface, _Rect]] = {}
        scale = viewport.scale
        reused = 0
        for sprite in sprites:
            card, placed = sprite.card, sprite.placed
            back = card.card_id is None
            key = (card.card_id, card.owner if back else None, placed.center, placed.size,
                   sprite.turn)
            found = kept.get(key) or old.get(key)
            if found is not None:
                reused += 1
                surface, rect = found
            else:
                upright = placed.size
                size = (round(upright[0] * scale), round(upright[1] * scale))
                if card.card_id is None:
                    surface = renderer.back(size, sprite.turn, card.owner)
                else:
                    surface = renderer.face(card.card_id, size, sprite.turn, lang)
                quarter = right_angle(sprite.turn)
                if quarter is None:  # any other angle: the turned picture's bounding box
                    got = surface.get_rect(center=viewport.to_px(*placed.center))
                    rect = (got.x, got.y, got.w, got.h)
                else:
                    turned = (upright[1], upright[0]) if quarter % 2 else upright
                    rect = viewport.rect_px(placed.center, turned)
            kept[key] = (surface, rect)
            sprite.surface = surface
            sprite.rect = pygame.Rect(rect)
        self._kept, self._context = kept, context
        self.reused, self.fetched = reused, len(sprites) - reused

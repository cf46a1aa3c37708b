"""Card faces and backs drawn from card data, cached per size and turn (any game).

:class:`CardRenderer` is the shared part: the cache, turning a card by any angle,
and the face-up bookkeeping the hidden-information tests rely on. A game's window
plugin (:mod:`tabletop.ui.games`) subclasses it and overrides :meth:`CardRenderer.draw_face`
and :meth:`CardRenderer.draw_back` (Arc: :mod:`tabletop.ui.games.arc_cards`); the
defaults here draw a plain labelled card so a new game is playable before it has
its own faces.

Surfaces are cached per ``(card_id or "back", width, height, turn, lang)`` and
converted with ``convert_alpha`` (TECH-NOTES: 14x faster to blit). A turned card is
the upright face rotated (exact for right angles, smoothed otherwise), cached too.

For hidden-information tests the renderer records every card id it hands out
face-up in :attr:`CardRenderer.faces_drawn` (cleared by the caller per frame) and
calls :attr:`CardRenderer.on_face`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol

import pygame

from tabletop.i18n import t
from tabletop.ui.textwrap_ja import ellipsize, wrap_text, wrap_words

__all__ = ["CardRenderer", "FontSource", "ellipsize", "fit_font", "fit_lines", "wrap_text",
           "wrap_words"]


class FontSource(Protocol):
    """Anything with ``get(size_px, bold) -> pygame.font.Font`` (e.g. ``ui.fonts.Fonts``)."""

    def get(self, size_px: int, bold: bool = False) -> pygame.font.Font: ...


_INK = (28, 26, 24)
_BODY = (240, 234, 220)
_FRAME = (120, 120, 128)
_BACK = (34, 42, 78)
_BACK_EDGE = (196, 168, 90)


def fit_lines(fonts: FontSource, text: str, width: int, size: int, minimum: int,
              bold: bool, max_lines: int = 2) -> tuple[int, pygame.font.Font, list[str]]:
    """``(size, font, lines)``: the largest font from ``size`` down to ``minimum`` in
    which ``text`` fits in at most ``max_lines`` lines without breaking a word
    (:func:`wrap_words`), and those lines. Failing that, the ``minimum`` font with
    :func:`wrap_text`'s lines, the last kept line ellipsized."""
    for s in range(size, minimum - 1, -1):
        font = fonts.get(s, bold)
        lines = wrap_words(text, font, width)
        if lines is not None and len(lines) <= max_lines:
            return s, font, lines
    font = fonts.get(minimum, bold)
    lines = wrap_text(text, font, width)
    kept = lines[:max_lines]
    if len(lines) > max_lines:
        kept[-1] = ellipsize(kept[-1] + "".join(lines[max_lines:]), font, width)
    return minimum, font, [ellipsize(ln, font, width) for ln in kept]


def fit_font(fonts: FontSource, text: str, width: int, size: int, minimum: int,
             bold: bool) -> pygame.font.Font:
    """The largest font from ``size`` down to ``minimum`` in which ``text`` fits."""
    while size > minimum and fonts.get(size, bold).size(text)[0] > width:
        size -= 1
    return fonts.get(size, bold)


def _turn_key(turn: float) -> float:
    return round(float(turn) % 360.0, 1) % 360.0


class CardRenderer:
    """Draws and caches card faces for one game's card database.

    Args:
        fonts: a font source (``get(size, bold)``).
        cards: card id -> CardDef (``rules.cards``).

    Subclasses override :meth:`draw_face` (and usually :meth:`draw_back`); both draw
    the *upright* card at exactly ``w`` x ``h`` pixels on a transparent surface.
    """

    def __init__(self, fonts: FontSource, cards: Mapping[str, Any]) -> None:
        self.fonts = fonts
        self.cards = cards
        self._cache: dict[tuple[str, int, int, float, str], pygame.Surface] = {}
        #: Card ids handed out face-up since the caller last cleared it (tests, ALL-R2).
        self.faces_drawn: list[str] = []
        #: Optional hook called with each card id drawn face-up.
        self.on_face: Callable[[str], None] | None = None

    # -- public ------------------------------------------------------------------------

    def face(self, card_id: str, size: tuple[int, int], turn: float = 0.0,
             lang: str = "en") -> pygame.Surface:
        """The face of ``card_id`` at ``size`` (upright size, pixels), turned ``turn``
        degrees counter-clockwise on screen (90: a tapped card seen upright)."""
        self.faces_drawn.append(card_id)
        if self.on_face is not None:
            self.on_face(card_id)
        return self._get(card_id, size, turn, lang)

    def back(self, size: tuple[int, int], turn: float = 0.0) -> pygame.Surface:
        """A card back at ``size`` (for hidden cards), turned like :meth:`face`."""
        return self._get(None, size, turn, "")

    def clear(self) -> None:
        """Forget every cached surface (e.g. after a language change)."""
        self._cache.clear()

    @property
    def cache_size(self) -> int:
        """How many surfaces are cached."""
        return len(self._cache)

    # -- to override -------------------------------------------------------------------

    def draw_face(self, card_id: str, w: int, h: int, lang: str) -> pygame.Surface:
        """The upright face of ``card_id`` (default: frame, name, type and text)."""
        card = self.cards.get(card_id)
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        radius = max(2, w // 14)
        border = max(2, w // 22)
        pygame.draw.rect(surf, _FRAME, (0, 0, w, h), border_radius=radius)
        inner = pygame.Rect(border, border, w - 2 * border, h - 2 * border)
        pygame.draw.rect(surf, _BODY, inner, border_radius=max(1, radius - border))
        pad = max(2, w // 24)
        name = card.display_name(lang) if card is not None else card_id
        font = fit_font(self.fonts, name, inner.w - 2 * pad, max(8, int(h * 0.09)), 7, True)
        label = font.render(ellipsize(name, font, inner.w - 2 * pad), True, _INK)
        surf.blit(label, (inner.x + pad, inner.y + pad))
        y = inner.y + pad + label.get_height() + pad
        if card is None:
            return surf
        small = self.fonts.get(max(7, int(w * 0.08)))
        kind = t(f"{card.game}.card_type.{card.type}")
        if kind == f"{card.game}.card_type.{card.type}":
            kind = card.type
        surf.blit(small.render(kind, True, _INK), (inner.x + pad, y))
        y += small.get_linesize() + pad
        text = card.text.get(lang) or card.text.get("en") or ""
        for line in wrap_text(text, small, inner.w - 2 * pad) if text else []:
            if y + small.get_linesize() > inner.bottom - pad:
                break
            surf.blit(small.render(line, True, _INK), (inner.x + pad, y))
            y += small.get_linesize()
        return surf

    def draw_back(self, w: int, h: int) -> pygame.Surface:
        """A card back (default: a plain patterned back)."""
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        radius = max(2, w // 14)
        pygame.draw.rect(surf, _BACK, (0, 0, w, h), border_radius=radius)
        pygame.draw.rect(surf, _BACK_EDGE, (0, 0, w, h), max(1, w // 30), border_radius=radius)
        inset = max(3, w // 9)
        pygame.draw.rect(surf, (52, 64, 112), (inset, inset, w - 2 * inset, h - 2 * inset),
                         max(1, w // 40), border_radius=radius)
        return surf

    # -- cache -------------------------------------------------------------------------

    def _get(self, card_id: str | None, size: tuple[int, int], turn: float,
             lang: str) -> pygame.Surface:
        w, h = max(8, int(size[0])), max(8, int(size[1]))
        angle = _turn_key(turn)
        key = (card_id or "back", w, h, angle, lang)
        surf = self._cache.get(key)
        if surf is None:
            if angle:
                upright = self._get(card_id, (w, h), 0.0, lang)
                if angle % 90 == 0:
                    surf = pygame.transform.rotate(upright, angle)
                else:
                    surf = pygame.transform.rotozoom(upright, angle, 1.0)
            else:
                surf = self.draw_back(w, h) if card_id is None else self.draw_face(
                    card_id, w, h, lang)
            if pygame.display.get_surface() is not None:
                surf = surf.convert_alpha()
            self._cache[key] = surf
        return surf

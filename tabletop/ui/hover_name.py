"""The card's name over the large view of a card drawn from the user's picture (QA16b #18).

A generated face prints its name; a scan or photo (:mod:`tabletop.ui.card_images`)
shows only the picture and the numbers strip at its foot, so the large view of the
card under the pointer said "Cost 2  Power 3" and nothing of which card it is. Over
the picture's top the name is drawn in a dark strip like the numbers' (white, bold,
at most :data:`NAME_LINES` lines), in the table's language: the same name the log and
the side panel use (``CardDef.display_name``).
"""

from __future__ import annotations

from typing import Any

import pygame

from tabletop.ui.card_images import STRIP, STRIP_INK

__all__ = ["NAME_LINES", "NAME_SHARE", "has_picture", "name_band"]

#: The name's text size: this share of the large card's height, never under 14 px.
NAME_SHARE = 0.05
#: Lines the name may take; a longer one is cut there (the side panel has it whole).
NAME_LINES = 2


def has_picture(renderer: Any, card_id: str | None) -> bool:
    """Is ``card_id``'s face drawn from the user's picture (``renderer`` a
    :class:`~tabletop.ui.card_render.CardRenderer`)? False for a hidden card (None),
    a card the renderer does not know or one without a readable picture."""
    if card_id is None:
        return False
    card = renderer.cards.get(card_id)
    images = getattr(renderer, "images", None)
    if card is None or images is None:
        return False
    path = images.path_of(card.game, card_id)
    return path is not None and images.source(path) is not None


def name_band(surface: pygame.Surface, rect: pygame.Rect, renderer: Any, text: Any,
              card_id: str | None, lang: str) -> pygame.Rect | None:
    """Draw ``card_id``'s name over the top of its large picture face at ``rect``
    (window pixels) on ``surface``; ``text`` is the table's
    :class:`~tabletop.ui.panels.TextCache`. Returns the strip's rect, or None where the
    face is a generated one (it prints its own name) or the card is hidden."""
    if not has_picture(renderer, card_id):
        return None
    card = renderer.cards.get(card_id)
    size = max(14, round(rect.h * NAME_SHARE))
    pad = max(4, rect.w // 20)
    room = rect.w - 2 * pad
    words = text.get(card.display_name(lang), size, STRIP_INK, True, room)
    line = max(1, renderer.fonts.get(size, True).get_linesize())
    shown = min(words.get_height(), line * NAME_LINES)
    edge = max(1, rect.w // 40)  # inside the card's frame
    band = pygame.Rect(rect.x + edge, rect.y + edge, rect.w - 2 * edge, shown + pad)
    strip = pygame.Surface(band.size, pygame.SRCALPHA)
    strip.fill(STRIP)
    surface.blit(strip, band)
    x = rect.x + (rect.w - min(words.get_width(), room)) // 2
    surface.blit(words, (x, band.y + pad // 2), pygame.Rect(0, 0, room, shown))
    return band

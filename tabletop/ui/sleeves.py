"""Card sleeves: each seat's cards wear a sleeve of its own colour on their backs (the
rule documents suggest different sleeves so the two players' cards are not mixed
up; the colours are remembered settings, :class:`tabletop.settings.Sleeve`).

A sleeve is drawn over the game's own back: a band of the sleeve's colour around the
edge with a thin light rim, the back's art showing inside, so a hidden card still
reads as this game's card and whose it is. The renderer caches the sleeved back
like any back (:meth:`tabletop.ui.card_render.CardRenderer.back`), keyed by
:func:`sleeve_key`.
"""

from __future__ import annotations

import pygame

__all__ = ["BAND", "RGB", "sleeve_key", "sleeved", "sleeve_rgb"]

RGB = tuple[int, int, int]

#: The sleeve's band, as a share of the card's width (each side).
BAND = 0.085


def sleeve_key(rgb: RGB | None) -> str:
    """The cache key part of a sleeve (``""``: no sleeve, the bare back)."""
    return "" if rgb is None else f"sleeve:{rgb[0]},{rgb[1]},{rgb[2]}"


def sleeve_rgb(key: str) -> RGB | None:
    """The colour a :func:`sleeve_key` names (None for ``""`` or any other text)."""
    if not key.startswith("sleeve:"):
        return None
    try:
        r, g, b = (int(p) for p in key[len("sleeve:"):].split(","))
    except ValueError:
        return None
    return (r, g, b)


def sleeved(back: pygame.Surface, rgb: RGB | None) -> pygame.Surface:
    """``back`` (an upright card back, changed in place) in a sleeve of colour ``rgb``;
    returned as is for None."""
    if rgb is None:
        return back
    w, h = back.get_size()
    band = max(2, round(w * BAND))
    radius = max(2, w // 14)
    pygame.draw.rect(back, rgb, (0, 0, w, h), band, border_radius=radius)
    light = tuple(min(255, c + 70) for c in rgb)
    dark = tuple(max(0, c - 60) for c in rgb)
    pygame.draw.rect(back, dark, (0, 0, w, h), max(1, band // 4), border_radius=radius)
    inner = pygame.Rect(band, band, w - 2 * band, h - 2 * band)
    if inner.w > 2 and inner.h > 2:
        pygame.draw.rect(back, light, inner.inflate(2, 2), 1,
                         border_radius=max(1, radius - band))
    return back

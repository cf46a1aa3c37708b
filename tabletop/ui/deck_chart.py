"""The deck builder's small charts: the cost curve (a column per cost) and a split
(a bar per card type or colour), drawn into a rectangle in window pixels."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from tabletop.ui.deck_lists import PANEL_EDGE, TEXT, TEXT_DIM
from tabletop.ui.fonts import Fonts

__all__ = ["COLOUR_BARS", "draw_curve", "draw_split", "split_colours"]

BAR = (110, 180, 140)
SPLIT_BARS = ((110, 180, 140), (120, 160, 220), (230, 170, 100), (200, 120, 170),
              (170, 200, 110), (150, 150, 220), (220, 130, 120))
#: The bar of a card colour is drawn in that colour (QA15 #12: 赤 was drawn green
#: because bars took the palette in turn): the card faces' frame hues, lightened a
#: little to read on the dark panel.
COLOUR_BARS: dict[str, tuple[int, int, int]] = {
    "red": (214, 82, 70), "green": (70, 170, 96), "blue": (80, 130, 216),
    "yellow": (226, 196, 70), "white": (226, 226, 220), "black": (96, 96, 104),
    "purple": (150, 96, 190),
}


def split_colours(values: Sequence[str]) -> list[tuple[int, int, int]]:
    """The bar colour of each split value: a card colour's own hue
    (:data:`COLOUR_BARS`), any other value the palette in turn, skipping the hues
    already given to colours so two bars never look alike."""
    taken = {COLOUR_BARS[v] for v in values if v in COLOUR_BARS}
    free = [c for c in SPLIT_BARS if c not in taken] or list(SPLIT_BARS)
    out: list[tuple[int, int, int]] = []
    k = 0
    for value in values:
        if value in COLOUR_BARS:
            out.append(COLOUR_BARS[value])
        else:
            out.append(free[k % len(free)])
            k += 1
    return out


def draw_curve(surface: pygame.Surface, fonts: Fonts, rect: pygame.Rect,
               curve: Sequence[tuple[int, int]], scale: float) -> None:
    """Columns for (cost, cards) pairs: the count over each column, the cost under it."""
    if not curve:
        return
    def px(v: float) -> int:
        return round(v * scale)

    size = px(13)
    label_h = fonts.get(size).get_linesize()
    top, bottom = rect.y + label_h, rect.bottom - label_h
    pygame.draw.line(surface, PANEL_EDGE, (rect.x, bottom), (rect.right, bottom))
    most = max(n for _, n in curve) or 1
    slot = rect.width / len(curve)
    width = max(px(6), min(px(34), round(slot * 0.7)))
    for i, (cost, n) in enumerate(curve):
        x = round(rect.x + slot * i + (slot - width) / 2)
        height = round((bottom - top) * n / most)
        if height:
            pygame.draw.rect(surface, BAR, (x, bottom - height, width, height),
                             border_top_left_radius=px(3), border_top_right_radius=px(3))
        if n:
            count = fonts.render(str(n), size, TEXT)
            surface.blit(count, (x + (width - count.get_width()) // 2,
                                 bottom - height - count.get_height()))
        under = fonts.render(str(cost), size, TEXT_DIM)
        surface.blit(under, (x + (width - under.get_width()) // 2, bottom + px(1)))


def draw_split(surface: pygame.Surface, fonts: Fonts, rect: pygame.Rect,
               parts: Sequence[tuple[str, int]], scale: float,
               colours: Sequence[tuple[int, int, int]] | None = None) -> int:
    """One bar per (label, cards), longest first as given, bar ``i`` in ``colours[i]``
    (default: the palette in turn); returns the height used (the rows that fit in
    ``rect``)."""
    def px(v: float) -> int:
        return round(v * scale)

    size = px(13)
    row_h = fonts.get(size).get_linesize() + px(4)
    total = sum(n for _, n in parts) or 1
    label_w = max((fonts.get(size).size(label)[0] for label, _ in parts), default=0)
    label_w = min(label_w + px(8), rect.width // 2)
    y = rect.y
    for i, (label, n) in enumerate(parts):
        if y + row_h > rect.bottom:
            break
        text = fonts.render(label, size, TEXT)
        if text.get_width() > label_w - px(6):
            text = text.subsurface((0, 0, label_w - px(6), text.get_height()))
        surface.blit(text, (rect.x, y + px(2)))
        count = fonts.render(str(n), size, TEXT)
        bar_room = rect.width - label_w - count.get_width() - px(8)
        bar_w = max(px(2), round(bar_room * n / total))
        hue = colours[i] if colours is not None and i < len(colours) \
            else SPLIT_BARS[i % len(SPLIT_BARS)]
        pygame.draw.rect(surface, hue,
                         (rect.x + label_w, y + px(3), bar_w, row_h - px(6)),
                         border_radius=px(3))
        surface.blit(count, (rect.x + label_w + bar_w + px(6), y + px(2)))
        y += row_h
    return y - rect.y

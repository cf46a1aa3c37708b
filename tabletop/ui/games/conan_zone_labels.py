"""The names of Conan's narrow piles, clear of their count badges (QA16b #12).

A discard pile or Foe discard at the side of the right panel is about 58 x 78 pixels
at 1366x768; its name at the text floor is wider than that (捨て札置き場, フォウ捨て札,
"Discard pile"), and, run along its height, it was cut at the zone's edges and the
count badge in its bottom-right corner ("0") sat over its last characters. These
piles' names are written upright in up to :data:`LINES` lines (the Japanese-aware
line breaking of the table's text cache) in the part of the zone above the badge,
as large as they fit, never under the text floor.
"""

from __future__ import annotations

from typing import Any

import pygame

__all__ = ["BADGED_KINDS", "LINES", "badge_room", "badged_label"]

#: The zone kinds the table counts with a badge (``TableDraw._draw_counts``).
BADGED_KINDS = frozenset({"deck", "discard"})
#: Lines a pile's name may take.
LINES = 2


def badge_room(fonts: Any, rect: pygame.Rect, scale: float) -> pygame.Rect:
    """The part of the zone ``rect`` (window pixels) above its count badge, as
    ``TableDraw._draw_counts`` draws it at UI ``scale`` (a bold number, 3 pixels from
    the zone's foot, 2 pixels taller than its line)."""
    size = max(11, round(14 * scale))
    badge_h = fonts.get(size, True).get_linesize() + 2 + 3
    return pygame.Rect(rect.x, rect.y, rect.w, max(0, rect.h - badge_h))


def badged_label(scene: Any, surface: pygame.Surface, rect: pygame.Rect, text: str,
                 largest: int, pad: int, colour: tuple[int, int, int]) -> pygame.Rect | None:
    """Draw ``text`` on ``surface`` upright, centred in the room of :func:`badge_room`,
    in at most :data:`LINES` lines ``rect.w - pad`` wide, at the largest size from
    ``largest`` down to the text floor (``scene.app.fonts.floor_px``) that fits; returns
    where it went, or None (nothing drawn) when it fits at no size: the caller's own
    way then."""
    fonts = scene.app.fonts
    # a narrow pile's name may come near its edges: two lines, not three (QA16b #12)
    room = badge_room(fonts, rect, scene.scale).inflate(-max(4, pad // 2), -(pad // 2))
    floor = max(1, int(getattr(fonts, "floor_px", 0) or 0))
    for size in range(largest, floor - 1, -1):
        line = max(1, fonts.get(size).get_linesize())
        if fonts.get(size).size(text)[0] <= room.w:  # one line
            label = scene.text.get(text, size, colour)
        else:  # the narrowest wrap in LINES lines: balanced ("フォウ / 捨て札")
            label = None
            for width in range(max(1, room.w // LINES), room.w + 1, 2):
                wrapped = scene.text.get(text, size, colour, False, width)
                if round(wrapped.get_height() / line) <= LINES and wrapped.get_width() <= room.w:
                    label = wrapped
                    break
        if label is not None and label.get_width() <= room.w and label.get_height() <= room.h:
            return surface.blit(label, label.get_rect(center=room.center))
    return None

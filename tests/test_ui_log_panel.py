"""The side panel's log (tabletop.ui.panels.LogPanel): newest line at the bottom, no
row cut in half, and no gap under the heading when the oldest line shown is wrapped
over more rows than fit (QA, issue 16: the whole line was left out, leaving a gap)."""

from __future__ import annotations

import pygame

from tabletop.ui.fonts import Fonts
from tabletop.ui.panels import LogPanel, TextCache

BG = (0, 0, 0)


def _ink_rows(surface: pygame.Surface, rect: pygame.Rect) -> list[int]:
    """The y of every pixel row inside ``rect`` with any drawn pixel."""
    return [y for y in range(rect.top, rect.bottom)
            if any(surface.get_at((x, y))[:3] != BG for x in range(rect.left, rect.right))]


def test_the_oldest_shown_line_shows_its_last_rows_that_fit_whole() -> None:
    pygame.font.init()
    fonts = Fonts()
    panel = LogPanel(TextCache(fonts))
    size = 14
    step = fonts.get(size).get_linesize()
    long = " ".join(["a long line of the game log that wraps"] * 4)
    lines = [long, "the newest line"]
    width = 260
    wrapped = panel.text.get(long, size, wrap=width - 24)
    rows = round((wrapped.get_height() - fonts.get(size).get_height()) / step) + 1
    assert rows >= 3
    head = panel.text.get("Game log", size, bold=True).get_height() + 6
    newest = panel.text.get("the newest line", size, wrap=width - 24).get_height() + 3
    # room for the heading, the newest line and two rows and a half of the long one
    height = head + newest + int(2.5 * step) + 3 + 4
    surface = pygame.Surface((width, height))
    surface.fill(BG)
    area = pygame.Rect(0, 0, width, height)
    panel.draw(surface, area, lines, 1.0)
    band = pygame.Rect(14, head, width - 14, step)  # the first row's place under the heading
    assert _ink_rows(surface, band), "a gap under the heading"
    top_ink = min(_ink_rows(surface, pygame.Rect(14, head, width - 14, height - head)))
    assert top_ink >= head  # nothing drawn into the heading's band


def test_a_log_that_fits_shows_every_line_whole() -> None:
    pygame.font.init()
    fonts = Fonts()
    panel = LogPanel(TextCache(fonts))
    surface = pygame.Surface((300, 200))
    surface.fill(BG)
    panel.draw(surface, surface.get_rect(), ["one", "two"], 1.0)
    assert _ink_rows(surface, pygame.Rect(14, 30, 280, 170))

"""The deck builder's two lists (the pool and the deck): rows drawn by hand, scrolled
by the wheel, hit-tested for clicks and drags.

A :class:`ListView` shows :class:`Row` s in a rectangle (window pixels): a heading
row (a pile) or a card row (name on the left, a short note under it, numbers on the
right). Rows are laid out once per change (:meth:`ListView.set_rows`); drawing
renders only the rows in view.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from tabletop.ui.fonts import Fonts

__all__ = ["PANEL", "PANEL_EDGE", "TEXT", "TEXT_DIM", "TEXT_OK", "TEXT_PROBLEM", "ListView",
           "Row"]

PANEL = (30, 58, 46)
PANEL_EDGE = (74, 112, 92)
ROW_HOVER = (48, 84, 66)
ROW_USER = (120, 170, 230)
ROW_LINE = (42, 74, 60)
TEXT = (236, 240, 230)
TEXT_DIM = (176, 196, 184)
TEXT_OK = (140, 220, 150)
TEXT_PROBLEM = (250, 150, 130)
HEADING = (250, 220, 140)


@dataclass(frozen=True)
class Row:
    """One row: ``key`` (a card id; "" for a heading), its ``pile``, the ``text`` on
    the left, a ``note`` under it (smaller, may be ""), ``right`` (numbers), whether
    it is a ``heading``, and ``mark`` (a user's own card: drawn with a blue edge)."""

    key: str
    pile: str
    text: str
    note: str = ""
    right: str = ""
    heading: bool = False
    mark: bool = False


class ListView:
    """Rows in ``rect`` (see the module docstring); ``scale`` is the UI scale."""

    def __init__(self, rect: pygame.Rect, scale: float) -> None:
        self.rect = pygame.Rect(rect)
        self.scale = scale
        self.rows: list[Row] = []
        self.offset = 0  # pixels scrolled
        self.hover: int | None = None
        self.empty_text = ""

    def px(self, v: float) -> int:
        """``v`` pixels at scale 1, at this list's scale."""
        return round(v * self.scale)

    def row_height(self, row: Row) -> int:
        """A row's height in pixels (a card row with a note is taller)."""
        if row.heading:
            return self.px(30)
        return self.px(44) if row.note else self.px(28)

    def set_rows(self, rows: list[Row]) -> None:
        """Show ``rows`` (the scroll offset is kept where it can be)."""
        self.rows = rows
        self.offset = max(0, min(self.offset, self.content_height() - self.rect.height))

    def content_height(self) -> int:
        """The height of every row together."""
        return sum(self.row_height(r) for r in self.rows)

    def scroll(self, rows: int) -> None:
        """Scroll by ``rows`` card rows (negative: up)."""
        limit = max(0, self.content_height() - self.rect.height)
        self.offset = max(0, min(limit, self.offset + rows * self.px(28)))

    def row_rects(self) -> list[tuple[int, pygame.Rect]]:
        """(index, rectangle) of every row at least partly in view."""
        out: list[tuple[int, pygame.Rect]] = []
        y = self.rect.y - self.offset
        for i, row in enumerate(self.rows):
            h = self.row_height(row)
            if y + h > self.rect.y and y < self.rect.bottom:
                out.append((i, pygame.Rect(self.rect.x, y, self.rect.width, h)))
            y += h
        return out

    def row_centre(self, key: str, pile: str | None = None) -> tuple[int, int] | None:
        """The centre of the row showing card ``key`` (in ``pile``), if in view."""
        for i, rect in self.row_rects():
            row = self.rows[i]
            if row.key == key and not row.heading and (pile is None or row.pile == pile):
                clipped = rect.clip(self.rect)
                return clipped.center if clipped.height else None
        return None

    def hit(self, pos: tuple[int, int]) -> Row | None:
        """The card row under ``pos`` (None: outside, a heading or nothing)."""
        if not self.rect.collidepoint(pos):
            return None
        for i, rect in self.row_rects():
            if rect.collidepoint(pos):
                row = self.rows[i]
                return None if row.heading else row
        return None

    def draw(self, surface: pygame.Surface, fonts: Fonts) -> None:
        """Draw the rows in view, clipped to the list's rectangle."""
        old = surface.get_clip()
        surface.set_clip(self.rect.clip(old) if old else self.rect)
        size, small = self.px(16), self.px(13)
        pad = self.px(8)
        if not self.rows and self.empty_text:
            text = fonts.render(self.empty_text, size, TEXT_DIM, wrap=self.rect.width - 2 * pad,
                                centre=False)
            surface.blit(text, (self.rect.x + pad, self.rect.y + pad))
        for i, rect in self.row_rects():
            row = self.rows[i]
            if row.heading:
                label = fonts.render(row.text, size, HEADING, bold=True)
                surface.blit(label, (rect.x + pad, rect.centery - label.get_height() // 2))
                pygame.draw.line(surface, PANEL_EDGE, (rect.x + pad, rect.bottom - 2),
                                 (rect.right - pad, rect.bottom - 2))
                continue
            if row.note:  # rows of two lines: a faint line between cards
                pygame.draw.line(surface, ROW_LINE, (rect.x + pad, rect.bottom - 1),
                                 (rect.right - pad, rect.bottom - 1))
            if i == self.hover:
                pygame.draw.rect(surface, ROW_HOVER, rect.inflate(-self.px(2), -self.px(2)),
                                 border_radius=self.px(4))
            if row.mark:
                pygame.draw.rect(surface, ROW_USER, (rect.x + self.px(2), rect.y + self.px(4),
                                                     self.px(3), rect.height - self.px(8)))
            right = fonts.render(row.right, size, TEXT) if row.right else None
            right_w = right.get_width() + pad if right else 0
            room = rect.width - 2 * pad - right_w - pad
            label = _fitted(fonts, row.text, size, room, TEXT)
            if row.note:
                note = _fitted(fonts, row.note, small, room, TEXT_DIM)
                top = rect.centery - (label.get_height() + note.get_height()) // 2
                surface.blit(label, (rect.x + pad, top))
                surface.blit(note, (rect.x + pad, top + label.get_height()))
            else:
                surface.blit(label, (rect.x + pad, rect.centery - label.get_height() // 2))
            if right is not None:
                surface.blit(right, (rect.right - pad - right.get_width(),
                                     rect.centery - right.get_height() // 2))
        surface.set_clip(old)
        if self.content_height() > self.rect.height:  # a thin scroll bar
            total = self.content_height()
            bar_h = max(self.px(20), self.rect.height * self.rect.height // total)
            y = self.rect.y + (self.rect.height - bar_h) * self.offset // max(
                1, total - self.rect.height)
            pygame.draw.rect(surface, PANEL_EDGE, (self.rect.right - self.px(5), y, self.px(4),
                                                   bar_h), border_radius=self.px(2))


def _fitted(fonts: Fonts, text: str, size: int, width: int,
            colour: tuple[int, int, int]) -> pygame.Surface:
    """``text`` rendered, cut with an ellipsis to ``width`` pixels when longer."""
    font = fonts.get(size)
    if font.size(text)[0] <= width or not text:
        return fonts.render(text, size, colour)
    cut = text
    while cut and font.size(cut + "…")[0] > width:
        cut = cut[:-1]
    return fonts.render(cut + "…", size, colour)

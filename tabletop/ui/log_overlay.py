"""The whole log in a box over the table (key L, issue 16).

The side panel shows the last lines only; this overlay shows every line the viewer
may read, newest at the bottom, scrolled with the wheel, Up/Down, PgUp/PgDn, Home/End.
It is given the table's own lines (made from the viewer's view, ALL-R2), so it never
shows what the side panel would not; the viewer's refusals keep their colour.
Esc, L or a click outside closes it.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

import pygame

from tabletop.i18n import t
from tabletop.ui.shortcuts import Chord
from tabletop.ui.shortcuts_overlay import DIM, TITLE, WORDS, Overlay

__all__ = ["LogOverlay", "open_log"]

REFUSED = (240, 120, 110)
#: The key that opens it closes it too.
LOG_CHORD = Chord(pygame.K_l)


class LogOverlay(Overlay):
    """Every log line the viewer may read (``lines``, as the table rendered them)."""

    def __init__(self, app: Any, lines: Sequence[str], refused: Collection[int] = (),
                 owner: Any = None) -> None:
        self.lines = list(lines)
        self.refused = set(refused)
        #: The table whose viewer's lines these are: when the computer changes hands
        #: (its cover goes up, or another seat views) the overlay goes away, so the
        #: next player never finds the last one's log (ALL-R2).
        self.owner = owner
        self.viewer = getattr(owner, "viewer", None)
        self.scroll = 0  # lines hidden below the bottom (0: the newest shows)
        self.body = pygame.Rect(0, 0, 1, 1)
        super().__init__(app)

    def update(self, dt: float) -> None:
        """Gone as soon as the table's viewer is leaving or has changed."""
        owner = self.owner
        if owner is None or self not in self.app.stack.scenes:
            return
        if getattr(owner, "cover_pending", False) or owner.viewer != self.viewer:
            self.app.stack.scenes.remove(self)
            self.close()

    def closes_on(self, event: pygame.event.Event) -> bool:
        """L again closes it."""
        return LOG_CHORD.matches(event)

    def layout(self, size: tuple[int, int]) -> None:
        """A box of most of the window, the title on top."""
        w, h = size
        bw, bh = min(w - self.px(40), self.px(900)), h - self.px(60)
        self.box = pygame.Rect(0, 0, max(1, bw), max(1, bh))
        self.box.center = (w // 2, h // 2)
        pad = self.px(16)
        title_h = self.text.get(t("shortcuts.log_title"), self.text_px(20), TITLE, True)\
            .get_height()
        foot_h = self.text.get(t("shortcuts.log_close"), self.text_px(14), DIM).get_height()
        self.body = pygame.Rect(self.box.x + pad, self.box.y + pad + title_h + pad,
                                self.box.w - 2 * pad,
                                self.box.h - 3 * pad - title_h - foot_h - pad)

    def on_key(self, event: pygame.event.Event) -> None:
        """Scrolling keys."""
        page = max(1, self.body.h // max(1, self.text_px(16) * 2))
        steps = {pygame.K_UP: 1, pygame.K_DOWN: -1, pygame.K_PAGEUP: page,
                 pygame.K_PAGEDOWN: -page, pygame.K_HOME: len(self.lines),
                 pygame.K_END: -len(self.lines)}
        if event.key in steps:
            self.on_wheel(steps[event.key])

    def on_wheel(self, dy: int) -> None:
        """Back in time (``dy`` > 0) or forward, within the lines."""
        self.scroll = max(0, min(max(0, len(self.lines) - 1), self.scroll + dy))

    def paint(self, surface: pygame.Surface) -> None:
        """The title, the lines that fit from the bottom up, the closing words."""
        pad = self.px(16)
        surface.blit(self.text.get(t("shortcuts.log_title"), self.text_px(20), TITLE, True),
                     (self.box.x + pad, self.box.y + pad))
        foot = self.text.get(t("shortcuts.log_close"), self.text_px(14), DIM)
        surface.blit(foot, (self.box.x + pad, self.box.bottom - pad - foot.get_height()))
        size = self.text_px(16)
        if not self.lines:
            surface.blit(self.text.get(t("shortcuts.log_empty"), size, DIM),
                         self.body.topleft)
            return
        clip = surface.get_clip()
        surface.set_clip(self.body)
        y = self.body.bottom
        for index in range(len(self.lines) - 1 - self.scroll, -1, -1):
            colour = REFUSED if index in self.refused else WORDS
            surf = self.text.get(self.lines[index], size, colour, False, self.body.w)
            y -= surf.get_height() + self.px(4)
            if y < self.body.top:
                break
            surface.blit(surf, (self.body.x, y))
        surface.set_clip(clip)


def open_log(app: Any, lines: Sequence[str], refused: Collection[int] = (),
             owner: Any = None) -> LogOverlay:
    """Push the log overlay with the table's ``lines`` (its viewer's); ``owner``, the
    table, closes it when the computer changes hands."""
    overlay = LogOverlay(app, lines, refused, owner)
    app.stack.push(overlay)
    return overlay

"""The "?" overlay: the keyboard shortcuts of the screen in front, from the one table.

:class:`Overlay` is a box over a dimmed screen that takes every input while it is up
and closes on Esc, its own key or a click; :class:`ShortcutsOverlay` lists
:func:`tabletop.ui.shortcuts.for_screen` (key names, and the catalogue's words
``shortcuts.<action>``), at the table with the window plugin's own keys (Arc: A) under
their buttons' labels. Rows go into two columns when one would not fit the window's
height; the text never goes under the text floor (:func:`~tabletop.ui.theme.text_floor`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from tabletop.i18n import t
from tabletop.ui.bands import Veil
from tabletop.ui.panels import TextCache
from tabletop.ui.scene import Scene
from tabletop.ui.shortcuts import (
    Chord,
    Screen,
    Shortcut,
    chord_name,
    for_screen,
    is_help_key,
    screen_of,
)
from tabletop.ui.theme import text_floor

__all__ = ["Overlay", "ShortcutsOverlay", "open_shortcuts", "shortcut_rows"]

VEIL = (0, 0, 0, 170)
BOX = (30, 40, 36)
EDGE = (200, 176, 96)
TITLE = (250, 236, 190)
KEYS = (250, 214, 96)
WORDS = (228, 232, 224)
DIM = (170, 180, 170)


class Overlay(Scene):
    """A box over the dimmed screen below; every input is its own while it is up.

    Subclasses fill :meth:`layout` (``self.box`` and what they draw) and :meth:`paint`.
    Esc, a click outside the box and :meth:`closes_on` close it; the key that closed it
    is spent for the scenes below (they ignore it until it is released)."""

    opaque = False
    timers_show = False
    #: The widgets below take no input while it is up (it draws them under its veil).
    blocks_ui = True

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.text = TextCache(app.fonts)
        self.box = pygame.Rect(0, 0, 1, 1)
        self.closed = False
        self.resize(app.size)

    def px(self, value: float) -> int:
        """``value`` pixels at UI scale 1 in this window."""
        return max(1, round(value * float(getattr(self.app, "scale", 1.0))))

    def text_px(self, value: float) -> int:
        """A text size: ``value`` px at scale 1, never under the text floor."""
        scale = float(getattr(self.app, "scale", 1.0))
        return max(text_floor(scale), round(value * scale))

    def frame_due(self) -> float | None:
        """Nothing moves: only input changes it."""
        return None

    def resize(self, size: tuple[int, int]) -> None:
        """Lay the box out again for a ``size`` (pixels) window."""
        self.layout(size)

    def layout(self, size: tuple[int, int]) -> None:
        """Set ``self.box`` (pixels) and what :meth:`paint` needs, for a ``size`` window."""
        self.box = pygame.Rect(0, 0, size[0] // 2, size[1] // 2)
        self.box.center = (size[0] // 2, size[1] // 2)

    def closes_on(self, event: pygame.event.Event) -> bool:
        """Does this KEYDOWN close the overlay (besides Esc)?"""
        return False

    def on_key(self, event: pygame.event.Event) -> None:
        """A key that does not close it (scrolling, ...)."""

    def on_wheel(self, dy: int) -> None:
        """The mouse wheel turned by ``dy`` steps (> 0: up)."""

    def close(self) -> None:
        """Leaves the stack (nothing of its own to free)."""
        self.closed = True

    def dismiss(self, key: int | None = None) -> None:
        """Take the overlay off the stack; ``key`` is spent for the scenes below."""
        if key is not None:
            for scene in self.app.stack.scenes:
                spent = getattr(scene, "spent_keys", None)
                if isinstance(spent, set):
                    spent.add(key)
        if self.app.stack.top is self:
            self.app.stack.pop()

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Every input is consumed; Esc, its key or a click outside closes."""
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE or self.closes_on(event):
                self.dismiss(int(event.key))
            else:
                self.on_key(event)
            return None
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            if not self.box.collidepoint(event.pos):
                self.dismiss()
            return None
        if event.type == pygame.MOUSEWHEEL:
            self.on_wheel(int(event.y))
            return None
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION, pygame.KEYUP,
                          pygame.TEXTINPUT):
            return None
        return event

    def draw(self, surface: pygame.Surface) -> None:
        """The widgets below (the app leaves them out under a scene that blocks
        them), the veil, the box, then :meth:`paint`."""
        manager = getattr(self.app, "ui", None)
        if manager is not None and not self._below_blocks_ui():
            manager.draw_ui(surface)
        Veil(VEIL).blit(surface, surface.get_rect())  # no window-sized layer (issue 14)
        radius = self.px(10)
        pygame.draw.rect(surface, BOX, self.box, border_radius=radius)
        pygame.draw.rect(surface, EDGE, self.box, max(1, self.px(2)), border_radius=radius)
        self.paint(surface)

    def _below_blocks_ui(self) -> bool:
        """Does the scene under this overlay hide the widgets (a cover, a help page)?"""
        scenes = list(self.app.stack.scenes)
        below = scenes[scenes.index(self) - 1] if self in scenes and scenes[0] is not self \
            else None
        return bool(getattr(below, "blocks_ui", False))

    def paint(self, surface: pygame.Surface) -> None:
        """Draw the contents inside ``self.box``."""


def shortcut_rows(screen: Screen, plugin_keys: dict[int, str] | None = None
                  ) -> list[tuple[str, str]]:
    """``(keys, words)`` rows of the overlay in front of ``screen``, in the current
    language: the screen's own shortcuts, the plugin's keys (named by their buttons'
    labels), then every screen's; the free-mode keys say so."""
    rows: list[tuple[str, str]] = []
    shortcuts: Sequence[Shortcut] = for_screen(screen)
    own = [s for s in shortcuts if s.screen is screen]
    common = [s for s in shortcuts if s.screen is not screen]
    for shortcut in own:
        words = t(shortcut.words)
        if shortcut.free_mode:
            words = t("shortcuts.in_free_mode", words=words)
        rows.append((shortcut.keys_text, words))
    by_command: dict[str, list[int]] = {}
    for key, command in (plugin_keys or {}).items():
        by_command.setdefault(command, []).append(key)
    for command, keys in by_command.items():
        rows.append((" / ".join(chord_name(Chord(k)) for k in keys), t(f"button.{command}")))
    rows += [(s.keys_text, t(s.words)) for s in common]
    return rows


class ShortcutsOverlay(Overlay):
    """The list of keyboard shortcuts in front of a screen (``?``, issue 16).

    Args:
        app: the app.
        screen: whose shortcuts (:func:`~tabletop.ui.shortcuts.screen_of` the scene).
        plugin_keys: the window plugin's keys at a table (key code -> command).
    """

    def __init__(self, app: Any, screen: Screen,
                 plugin_keys: dict[int, str] | None = None) -> None:
        self.screen = screen
        self.rows = shortcut_rows(screen, plugin_keys)
        self.placed: list[tuple[pygame.Surface, tuple[int, int]]] = []
        super().__init__(app)

    def closes_on(self, event: pygame.event.Event) -> bool:
        """"?" again closes it."""
        return is_help_key(event)

    def _title(self) -> str:
        return t("shortcuts.title", screen=t(f"shortcuts.screen.{self.screen.value}"))

    def layout(self, size: tuple[int, int]) -> None:
        """One column of rows if it fits the window's height, else two side by side;
        the words wrap within their column."""
        w, h = size
        pad, gap = self.px(18), self.px(14)
        body_px, title_px = self.text_px(16), self.text_px(22)
        title = self.text.get(self._title(), title_px, TITLE, True, max(1, w - 4 * pad))
        foot = self.text.get(t("shortcuts.close"), self.text_px(14), DIM, False,
                             max(1, w - 4 * pad))
        room_h = h - 2 * pad - title.get_height() - foot.get_height() - 4 * gap
        for columns in (1, 2):
            col_w = min(self.px(560), (w - 2 * pad - (columns + 1) * pad) // columns)
            cells = self._cells(col_w, body_px)
            per = -(-len(cells) // columns)
            heights = [sum(c[2] for c in cells[i * per:(i + 1) * per]) for i in range(columns)]
            if max(heights) <= room_h or columns == 2:
                break
        box_w = max(columns * col_w + (columns + 1) * pad, title.get_width() + 2 * pad)
        box_h = title.get_height() + max(heights) + foot.get_height() + 4 * gap + pad
        self.box = pygame.Rect(0, 0, min(w - 2, box_w), min(h - 2, box_h))
        self.box.center = (w // 2, h // 2)
        self.placed = [(title, (self.box.x + pad, self.box.y + gap))]
        top = y = self.box.y + title.get_height() + 2 * gap
        for index, (keys, words, row_h) in enumerate(cells):
            column, row = divmod(index, per)
            if row == 0:
                y = top
            x = self.box.x + pad + column * (col_w + pad)
            self.placed.append((keys, (x, y)))
            self.placed.append((words, (x + self._key_w + gap, y)))
            y += row_h
        self.placed.append((foot, (self.box.x + pad, self.box.bottom - gap - foot.get_height())))

    def _cells(self, col_w: int, size: int) -> list[tuple[pygame.Surface, pygame.Surface, int]]:
        """Each row's keys and words rendered for a column ``col_w`` wide, with its height."""
        keys = [self.text.get(k, size, KEYS, True) for k, _ in self.rows]
        self._key_w = min(max(s.get_width() for s in keys), col_w // 2)
        gap, between = self.px(14), self.px(6)
        words_w = max(1, col_w - self._key_w - gap)
        cells = []
        for key_surf, (_, words) in zip(keys, self.rows, strict=True):
            words_surf = self.text.get(words, size, WORDS, False, words_w)
            cells.append((key_surf, words_surf,
                          max(key_surf.get_height(), words_surf.get_height()) + between))
        return cells

    def paint(self, surface: pygame.Surface) -> None:
        """The title, the rows, and how to close it."""
        for surf, pos in self.placed:
            surface.blit(surf, pos)


def open_shortcuts(app: Any) -> ShortcutsOverlay | None:
    """"?": open the shortcuts overlay in front of the top scene, or close it when it
    is up already (then None; over the log overlay "?" does nothing)."""
    top = app.stack.top
    if isinstance(top, ShortcutsOverlay):
        top.dismiss()
        return None
    if isinstance(top, Overlay):
        return None
    screen = screen_of(top)
    plugin = getattr(top, "ui", None)
    keys = dict(getattr(plugin, "keys", {}) or {}) if screen is Screen.TABLE else {}
    overlay = ShortcutsOverlay(app, screen, keys)
    app.stack.push(overlay)
    return overlay

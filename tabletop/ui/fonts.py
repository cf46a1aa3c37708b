"""The bundled Japanese-capable UI font (Noto Sans JP subset), loaded once per size.

Every text the program draws itself (outside pygame_gui widgets) uses these
fonts. They come from ``assets/fonts`` through :func:`tabletop.resources.font_path`,
so they are found in a checkout and in a PyInstaller bundle alike. There is no
silent fallback to a system font: a system font may lack Japanese and would
show empty boxes, so a missing font file is an error.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from tabletop.resources import font_path
from tabletop.ui.textwrap_ja import render_wrapped

__all__ = ["FontError", "Fonts"]


class FontError(RuntimeError):
    """The bundled font could not be found or opened."""


class Fonts:
    """A cache of :class:`pygame.font.Font` objects by (pixel size, bold)."""

    def __init__(self) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self._paths: dict[bool, Path] = {}
        self._cache: dict[tuple[int, bool], pygame.font.Font] = {}
        #: No text is drawn smaller than this many pixels (issue 10: 12 px at 1280x720,
        #: scaled with the window; the app sets it from its UI scale, 0 = no floor).
        self.floor_px = 0
        for bold in (False, True):
            try:
                self._paths[bold] = font_path(bold)
            except FileNotFoundError as exc:
                raise FontError(f"bundled UI font missing: {exc}") from exc

    def path(self, bold: bool = False) -> Path:
        """The file of the regular or bold face."""
        return self._paths[bold]

    def get(self, size_px: int, bold: bool = False) -> pygame.font.Font:
        """The font at ``size_px`` pixels, raised to :attr:`floor_px` (and at least 6),
        regular or bold; cached."""
        key = (max(6, self.floor_px, int(size_px)), bool(bold))
        font = self._cache.get(key)
        if font is None:
            try:
                font = pygame.font.Font(self._paths[key[1]], key[0])
            except (OSError, pygame.error) as exc:
                raise FontError(f"cannot open font {self._paths[key[1]]}: {exc}") from exc
            self._cache[key] = font
        return font

    def render(self, text: str, size_px: int, colour: tuple[int, int, int],
               bold: bool = False, wrap: int = 0, centre: bool = True) -> pygame.Surface:
        """Render ``text`` antialiased; wrapped at ``wrap`` pixels (lines centred) when given."""
        font = self.get(size_px, bold)
        if wrap:  # Japanese-aware line breaking, not pygame's own
            surf = render_wrapped(font, text, colour, wrap, centre=centre)
        else:
            surf = font.render(text, True, colour)
        return surf.convert_alpha() if pygame.display.get_surface() else surf

"""The bundled Japanese-capable UI font (Noto Sans JP subset), loaded once per size.

Every text the program draws itself (outside pygame_gui widgets) uses these
fonts. They come from ``assets/fonts`` through :func:`tabletop.resources.font_path`,
so they are found in a checkout and in a PyInstaller bundle alike. Before
use each file is checked once (:func:`usable_font`): a regular file of sane
size (:mod:`tabletop.core.files`) that opens and draws text. A missing, empty,
garbage, huge or non-regular font file (a FIFO would hang the font loader) is
reported with a logged message naming it, and pygame's built-in font is used
instead, so the window still opens (Japanese text may then show boxes).
"""

from __future__ import annotations

import io
import logging
from collections import OrderedDict
from functools import cache
from pathlib import Path

import pygame

from tabletop import notices
from tabletop.core.files import MAX_FONT_BYTES, FileProblem, read_bytes
from tabletop.core.text_chars import printable
from tabletop.resources import font_path
from tabletop.ui.textwrap_ja import render_wrapped

__all__ = ["Fonts", "font_problem", "usable_font"]

log = logging.getLogger(__name__)


@cache
def _check_font(path: str) -> str:
    """Why the font file ``path`` cannot be used ("" when it can); checked once."""
    try:
        data = read_bytes(path, MAX_FONT_BYTES)
    except FileProblem as exc:
        return str(exc)
    if not pygame.font.get_init():
        pygame.font.init()
    try:
        # From memory: the file was already checked and read, never opened twice.
        font = pygame.font.Font(io.BytesIO(data), 16)
        font.render("Aa\u3042", True, (0, 0, 0))
    except (OSError, ValueError, pygame.error) as exc:
        return f"{path}: not a usable font ({exc})"
    return ""


def font_problem(bold: bool = False) -> str:
    """Why the bundled regular (bold) font cannot be used, naming the file; "" if it can."""
    try:
        path = font_path(bold)
    except FileNotFoundError as exc:
        return str(exc)
    return _check_font(str(path))


def usable_font(bold: bool = False) -> Path | None:
    """The bundled regular (bold) font file, or None when it cannot be used (then the
    problem is logged once and pygame's built-in font stands in)."""
    problem = font_problem(bold)
    if problem:
        _warn_once(problem)
        return None
    return font_path(bold)


@cache
def _warn_once(problem: str) -> None:
    log.error("UI font unusable, using pygame's built-in font instead: %s", problem)
    notices.report(f"Font: {problem} (pygame's built-in font is used instead)")


#: The most fonts a :class:`Fonts` keeps open: each open face costs about half a MiB
#: (its tables and glyph cache), and the fitting functions try many sizes, so an
#: unbounded cache grows with every card size a resize makes (issue 14).
FONT_LIMIT = 64


class Fonts:
    """A cache of :class:`pygame.font.Font` objects by (pixel size, bold), the least
    recently used closed beyond ``limit`` (default :data:`FONT_LIMIT`)."""

    def __init__(self, limit: int = FONT_LIMIT) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self.limit = limit
        self._paths: dict[bool, Path | None] = {}
        self._cache: OrderedDict[tuple[int, bool], pygame.font.Font] = OrderedDict()
        #: No text is drawn smaller than this many pixels (issue 10: 12 px at 1280x720,
        #: scaled with the window; the app sets it from its UI scale, 0 = no floor).
        self.floor_px = 0
        for bold in (False, True):
            self._paths[bold] = usable_font(bold)

    def path(self, bold: bool = False) -> Path | None:
        """The file of the regular or bold face (None: pygame's built-in font is used)."""
        return self._paths[bold]

    def get(self, size_px: int, bold: bool = False) -> pygame.font.Font:
        """The font at ``size_px`` pixels, raised to :attr:`floor_px` (and at least 6),
        regular or bold; cached."""
        key = (max(6, self.floor_px, int(size_px)), bool(bold))
        font = self._cache.get(key)
        if font is not None:
            self._cache.move_to_end(key)
        else:
            path = self._paths[key[1]]
            try:
                font = pygame.font.Font(path, key[0])
            except (OSError, ValueError, pygame.error) as exc:
                # Changed since it was checked: the built-in font keeps the window up.
                log.error("cannot open font %s: %s", path, exc)
                path = None
                font = pygame.font.Font(None, key[0])
            if path is None:  # the built-in font has one face: embolden it
                font.bold = key[1]
            self._cache[key] = font
            if len(self._cache) > self.limit:
                self._cache.popitem(last=False)
        return font

    @property
    def open_count(self) -> int:
        """How many fonts are open now (at most :attr:`limit`)."""
        return len(self._cache)

    def render(self, text: str, size_px: int, colour: tuple[int, int, int],
               bold: bool = False, wrap: int = 0, centre: bool = True) -> pygame.Surface:
        """Render ``text`` antialiased; wrapped at ``wrap`` pixels (lines centred) when given.
        A control character (a NUL in a user's card name) is drawn as U+FFFD: pygame
        would raise ValueError and close the window."""
        font = self.get(size_px, bold)
        text = printable(text)
        if wrap:  # Japanese-aware line breaking, not pygame's own
            surf = render_wrapped(font, text, colour, wrap, centre=centre)
        else:
            surf = font.render(text, True, colour)
        return surf.convert_alpha() if pygame.display.get_surface() else surf

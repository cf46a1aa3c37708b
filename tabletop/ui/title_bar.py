"""The dialogs' title bar height, in the theme from the start.

pygame_gui's stock title bar is 28 px whatever its font; the dialogs make it as tall
as its glyphs (:func:`tabletop.ui.dialogs._fit_title_bar`). Done after the window was
built, that rebuilt the whole window a second time: with its rounded shape about 0.35 s
of CPU per dialog at 1280x720, so the Import dialog came some 1.2 s after the click on
a busy machine, its button left lit meanwhile (QA16 #10: "the click did nothing").
Given in the theme (``window`` ``misc.title_bar_height``), the window is built once at
the right height and the fit finds nothing to change.
"""

from __future__ import annotations

import pygame

__all__ = ["title_bar_px"]


def title_bar_px(font_path: str, size: int, scale: float) -> int:
    """The title bar's height (pixels) for a title in the font file ``font_path`` at
    ``size`` pixels, at UI ``scale``: its line and 6 px (scaled), at least 28 px.
    Raises OSError / pygame.error when the font file cannot be read."""
    if not pygame.font.get_init():
        pygame.font.init()
    line = pygame.font.Font(font_path, size).get_linesize()
    return max(28, line + round(6 * scale))

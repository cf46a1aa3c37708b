"""The shipped fonts: licence, the base character set, rendering with pygame.

That every character a game shows (its catalogue strings and card texts) is in
the fonts is checked per game in ``tests/test_conformance.py``.
"""

from __future__ import annotations

import os
from pathlib import Path

from fontTools.ttLib import TTFont

REPO = Path(__file__).resolve().parent.parent
FONT_DIR = REPO / "assets" / "fonts"
FONT_SUFFIXES = {".otf", ".ttf", ".woff2", ".woff"}


def shipped_fonts() -> list[Path]:
    """Return the font files in assets/fonts."""
    return sorted(p for p in FONT_DIR.iterdir() if p.suffix.lower() in FONT_SUFFIXES)


def test_fonts_are_shipped_with_licence() -> None:
    names = {p.name for p in shipped_fonts()}
    assert {"NotoSansJP-Subset-Regular.otf", "NotoSansJP-Subset-Bold.otf"} <= names
    assert "SIL OPEN FONT LICENSE Version 1.1" in (FONT_DIR / "OFL.txt").read_text("utf-8")


def test_font_covers_level1_kanji_and_kana() -> None:
    with TTFont(FONT_DIR / "NotoSansJP-Subset-Regular.otf", lazy=True) as tt:
        cmap = tt.getBestCmap()
    sample = "亜腕あんアンー。、「」ＡＺ０９→×★●▶"
    assert [c for c in sample if ord(c) not in cmap] == []


def test_pygame_renders_japanese() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from tabletop.resources import font_path

    pygame.font.init()
    try:
        for bold in (False, True):
            font = pygame.font.Font(font_path(bold=bold), 24)
            surface = font.render("プレイヤー1に交代してください", True, (0, 0, 0))
            assert surface.get_width() > 100 and surface.get_height() > 0
            assert all(m is not None and m[4] > 0 for m in font.metrics("手札捨て"))
    finally:
        pygame.font.quit()

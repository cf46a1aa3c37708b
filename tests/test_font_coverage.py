"""The shipped font subsets must contain every character the program can show.

A character missing from the subset does not fail at run time: it renders as an
empty box. So check the fonts' cmap against every catalogue string (all
languages) and every string value of every card file.
"""

from __future__ import annotations

import os
import tomllib
import unicodedata
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fontTools.ttLib import TTFont

REPO = Path(__file__).resolve().parent.parent
FONT_DIR = REPO / "assets" / "fonts"
FONT_SUFFIXES = {".otf", ".ttf", ".woff2", ".woff"}
REGENERATE = "Rerun `.venv/bin/python tools/subset_font.py` to rebuild the font subsets."


def shipped_fonts() -> list[Path]:
    """Return the font files in assets/fonts."""
    return sorted(p for p in FONT_DIR.iterdir() if p.suffix.lower() in FONT_SUFFIXES)


def _strings(data: Any, where: str) -> Iterator[tuple[str, str]]:
    """Yield (text, location) for every string value (and table key) in parsed TOML."""
    if isinstance(data, str):
        yield data, where
    elif isinstance(data, dict):
        for key, value in data.items():
            yield key, where
            yield from _strings(value, f"{where}.{key}" if where else key)
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _strings(value, f"{where}[{i}]")


def _ignorable(ch: str) -> bool:
    return ch.isspace() or unicodedata.category(ch).startswith("C")


def required_characters() -> dict[str, set[str]]:
    """Map each character the data needs to the places ("file:key") that use it."""
    files = sorted((REPO / "assets" / "i18n").glob("*.toml"))
    files += sorted((REPO / "assets" / "cards").glob("**/*.toml"))
    needed: dict[str, set[str]] = defaultdict(set)
    for path in files:
        with path.open("rb") as fh:
            data = tomllib.load(fh)
        rel = path.relative_to(REPO).as_posix()
        for text, where in _strings(data, ""):
            for ch in text:
                if not _ignorable(ch):
                    needed[ch].add(f"{rel}:{where}")
    return needed


def test_fonts_are_shipped_with_licence() -> None:
    names = {p.name for p in shipped_fonts()}
    assert {"NotoSansJP-Subset-Regular.otf", "NotoSansJP-Subset-Bold.otf"} <= names
    assert "SIL OPEN FONT LICENSE Version 1.1" in (FONT_DIR / "OFL.txt").read_text("utf-8")


def test_catalogues_seen() -> None:
    needed = required_characters()
    assert "手" in needed and "A" in needed


@pytest.mark.parametrize("font", shipped_fonts(), ids=lambda p: p.name)
def test_font_covers_all_catalogue_and_card_characters(font: Path) -> None:
    with TTFont(font, lazy=True) as tt:
        cmap = tt.getBestCmap()
    needed = required_characters()
    missing = sorted(ch for ch in needed if ord(ch) not in cmap)
    if missing:
        lines = []
        for ch in missing:
            places = sorted(needed[ch])
            shown = ", ".join(places[:5]) + (f" (+{len(places) - 5} more)" if len(places) > 5
                                              else "")
            lines.append(f"  {ch!r} U+{ord(ch):04X} used in {shown}")
        pytest.fail(f"{font.name} lacks {len(missing)} character(s):\n" + "\n".join(lines)
                    + f"\n{REGENERATE}")


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

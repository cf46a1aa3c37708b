"""What the card faces show (QA15 #2, #3, #12): numbers changed by an effect in force
are drawn as the current number and marked as changed, lasting "cannot ..." effects
show as a badge and in the hover, names never vanish from a face, a long text in the
large view is laid out, the dragged card leaves the hand, and the deck builder's
colour bars are drawn in their own colour."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from tabletop.ui.deck_chart import COLOUR_BARS, draw_split, split_colours
from tabletop.ui.fonts import Fonts


def _hue(rgb: tuple[int, int, int]) -> str:
    r, g, b = rgb
    return "red" if r > g and r > b else "green" if g > r and g > b else "blue"


def test_deck_builder_colour_bars_are_drawn_in_their_own_colour() -> None:
    pygame.init()
    values = ["green", "red", "blue"]  # most first, as the deck stats give them
    colours = split_colours(values)
    assert [_hue(c) for c in colours] == values
    surface = pygame.Surface((400, 120))
    fonts = Fonts()
    draw_split(surface, fonts, pygame.Rect(0, 0, 400, 120),
               [("緑", 12), ("赤", 8), ("青", 4)], 1.0, colours)
    row_h = fonts.get(13).get_linesize() + 4
    label_w = min(max(fonts.get(13).size(s)[0] for s in ("緑", "赤", "青")) + 8, 200)
    for i, value in enumerate(values):
        pixel = surface.get_at((label_w + 1, i * row_h + row_h // 2))
        assert tuple(pixel)[:3] == COLOUR_BARS[value], (value, pixel)


def test_deck_builder_other_groups_never_take_a_colours_hue() -> None:
    colours = split_colours(["red", "undead", "beast"])
    assert colours[0] == COLOUR_BARS["red"]
    assert len(set(colours)) == 3 and COLOUR_BARS["red"] not in colours[1:]

"""Drawing on the Conan battlefield: lit places, the card waiting for a dialog, chips.

* :func:`lit_surface`: the places a drag may go (Foe row positions, Foe Move places,
  the slots beside each Foe's Move and the gaps), each outlined as the exact shape
  (rotation included) the card would take there; built once per pick-up, only where
  the places are.
* :func:`outline`: one placed shape outlined in pixels.
* :func:`chips`: numbers on characters (health left, prowess left, wounds) and the
  Chronicle totals (renown and scars), from the *view* (public zones only).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tabletop.geometry import Placed
from tabletop.i18n import t
from tabletop.ui.lit_layer import LitPatches, Painter

if TYPE_CHECKING:
    from tabletop.ui.context import TableContext

__all__ = ["LIT_EDGE", "LIT_FILL", "chip", "lit_surface", "outline", "outline_bounds",
           "stacked_chip"]

LIT_FILL = (120, 230, 140, 60)
LIT_EDGE = (120, 240, 150)
GAP_EDGE = (250, 214, 96)
SNAP_EDGE = (255, 255, 255)


def outline(scene: TableContext, surface: pygame.Surface, placed: Placed,
            fill: tuple[int, int, int, int] | None, edge: tuple[int, int, int],
            width: int, offset: tuple[int, int] = (0, 0)) -> None:
    """Outline (and fill) a placed shape, in pixels, on ``surface``."""
    pts = [scene.viewport.to_px(*c) for c in placed.corners()]
    pts = [(x - offset[0], y - offset[1]) for x, y in pts]
    if fill is not None:
        pygame.draw.polygon(surface, fill, pts)
    pygame.draw.polygon(surface, edge, pts, width)


def lit_surface(scene: TableContext, shapes: dict[str, Placed], gaps: set[str]
                ) -> LitPatches:
    """The lit places of one drag (gaps outlined in gold: they touch two Foes' Moves),
    drawn only where they are (a viewport-sized layer cost 10-50 ms, issue 14)."""
    area = scene.viewport.area
    width = max(2, round(3 * scene.scale))

    def painter(shape: Placed, edge: tuple[int, int, int]) -> Painter:
        def paint(surface: pygame.Surface, offset: tuple[int, int]) -> None:
            outline(scene, surface, shape, LIT_FILL, edge, width, offset)
        return paint

    return LitPatches((area[2], area[3]), [
        (outline_bounds(scene, shape, width),
         painter(shape, GAP_EDGE if key in gaps else LIT_EDGE))
        for key, shape in shapes.items()])


def outline_bounds(scene: TableContext, placed: Placed, width: int) -> pygame.Rect:
    """Every pixel :func:`outline` may draw for ``placed`` with an edge ``width`` wide."""
    pts = [scene.viewport.to_px(*c) for c in placed.corners()]
    left, top = min(x for x, _ in pts), min(y for _, y in pts)
    right, bottom = max(x for x, _ in pts), max(y for _, y in pts)
    pad = width + 2
    return pygame.Rect(int(left) - pad, int(top) - pad, int(right - left) + 2 * pad + 2,
                       int(bottom - top) + 2 * pad + 2)


def chip(scene: TableContext, surface: pygame.Surface, text: str, at: tuple[int, int],
         colour: tuple[int, int, int] = (255, 255, 255),
         back: tuple[int, int, int] = (20, 16, 14), anchor: str = "midtop") -> pygame.Rect:
    """A small dark label with ``text`` anchored at ``at``."""
    size = max(9, round(11 * scene.scale))
    label = scene.text.get(text, size, colour, True)
    box = label.get_rect().inflate(8, 2)
    setattr(box, anchor, at)
    pygame.draw.rect(surface, back, box, border_radius=6)
    surface.blit(label, label.get_rect(center=box.center))
    return box


def stacked_chip(scene: TableContext, surface: pygame.Surface, lines: tuple[str, ...],
                 card: pygame.Rect, colour: tuple[int, int, int] = (255, 255, 255),
                 back: tuple[int, int, int] = (20, 16, 14)) -> pygame.Rect:
    """Short lines (health, then prowess and wounds) in one dark box centred on the
    card's bottom edge, the font shrunk (to the text floor) until the box is no wider
    than the card."""
    size = max(9, round(11 * scene.scale))
    fonts = scene.app.fonts
    while size > 6 and max(fonts.get(size, True).size(x)[0] for x in lines) + 6 > card.w:
        size -= 1
    labels = [scene.text.get(x, size, colour, True) for x in lines]
    w = max(x.get_width() for x in labels) + 6
    h = sum(x.get_height() for x in labels) + 2
    box = pygame.Rect(0, 0, w, h)
    box.midbottom = (card.centerx, card.bottom + h // 3)
    pygame.draw.rect(surface, back, box, border_radius=5)
    y = box.y + 1
    for label in labels:
        surface.blit(label, label.get_rect(midtop=(box.centerx, y)))
        y += label.get_height()
    return box


def chronicle_line(renown: int, scars: int) -> str:
    """"Renown 12 · Scars 3" for a Chronicle."""
    return t("conanui.chronicle_totals", renown=renown, scars=scars)

"""Drawing helpers for the rules-help diagrams of the games (issue 12 §2).

The diagrams of Arc, 絵師100人展 and Xenocard (``<game>_diagrams.py``) draw a part of
the real table: the zones and cells of ``layouts/<game>.toml`` (millimetres) fitted
into the diagram's rectangle with their proportions kept (:class:`MmFrame`), the
real card faces of the game's renderer, and a position built by the rules
themselves (:func:`position_game`, the scenario format of ``docs/scenarios.md``), so
what a diagram shows is what the table would show and what the rules would decide.
Every word goes through :func:`tabletop.ui.help_diagrams.label` (fitted whole,
recorded for the tests); :func:`tag` puts one in a small box, :func:`arrow` joins
two points.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from tabletop.core.actions import Action
from tabletop.core.engine import Game
from tabletop.core.rules import GameRules, GameSetup
from tabletop.geometry import Placed
from tabletop.i18n import has_text, msg
from tabletop.ui.help_diagrams import DiagramContext, label
from tabletop.ui.textwrap_ja import wrap_text

__all__ = ["ACCENT", "BOX", "DIM", "EDGE", "GOOD", "INK", "LIT", "WARN", "MmFrame",
           "arrow", "between", "draw_card", "draw_outline", "play", "position_game", "tag", "words",
           "zone_name"]

INK = (236, 230, 214)
DIM = (150, 158, 150)
EDGE = (120, 134, 124)
LIT = (250, 214, 96)
ACCENT = (110, 200, 150)
GOOD = (120, 210, 120)
WARN = (240, 120, 100)
#: The background of a :func:`tag`.
BOX = (18, 22, 26)


@dataclass(frozen=True)
class MmFrame:
    """A box of the table (mm) fitted into a pixel rectangle, proportions kept, centred.

    ``origin``: the pixel of table point ``box[0], box[1]``; ``px_per_mm``: the scale.
    """

    box: tuple[float, float, float, float]
    origin: tuple[float, float]
    px_per_mm: float

    @classmethod
    def fit(cls, box: tuple[float, float, float, float], rect: pygame.Rect) -> MmFrame:
        """``box`` = (left, top, right, bottom) in table mm, as large as fits ``rect``.

        Raises:
            ValueError: for an empty box.
        """
        w_mm, h_mm = box[2] - box[0], box[3] - box[1]
        if w_mm <= 0 or h_mm <= 0:
            raise ValueError(f"empty box {box!r}")
        k = min(rect.w / w_mm, rect.h / h_mm)
        ox = rect.x + (rect.w - w_mm * k) / 2
        oy = rect.y + (rect.h - h_mm * k) / 2
        return cls(box, (ox, oy), k)

    def pt(self, p: Sequence[float]) -> tuple[int, int]:
        """The pixel of table point ``p`` (mm)."""
        return (round(self.origin[0] + (p[0] - self.box[0]) * self.px_per_mm),
                round(self.origin[1] + (p[1] - self.box[1]) * self.px_per_mm))

    def length(self, mm: float) -> int:
        """``mm`` millimetres in pixels."""
        return max(1, round(mm * self.px_per_mm))

    def rect_of(self, shape: Placed) -> pygame.Rect:
        """The pixel rectangle around ``shape`` (its bounding box)."""
        left, top, right, bottom = shape.bbox()
        x0, y0 = self.pt((left, top))
        x1, y1 = self.pt((right, bottom))
        return pygame.Rect(x0, y0, x1 - x0, y1 - y0)


def words(ctx: DiagramContext, key: str, **params: Any) -> str:
    """The catalogue text ``key`` in the diagram's language."""
    return msg(key, **params).render(ctx.lang)


def zone_name(ctx: DiagramContext, label_key: str) -> str:
    """A zone's name (its layout ``label`` key) for a diagram: ``helpdiag.<key>`` where
    the catalogue breaks a long name into lines, else the table's own name."""
    key = f"helpdiag.{label_key}"
    return words(ctx, key if has_text(key, ctx.lang) else label_key)


def position_game(rules: GameRules, position: Mapping[str, Any], seed: int = 1,
                  first: int = 0) -> tuple[Game, dict[str, int]]:
    """A game of ``rules`` set up at ``position`` (``[position]`` of a scenario file):
    the game and its labels (label -> instance id).

    Raises:
        ValueError (or the position builder's own error): a position the rules refuse.
    """
    setup = GameSetup(rules.game_id, seed=seed, first=first, position=dict(position))
    game = Game(rules, setup)
    return game, dict(game.state.data.get("labels", {}))


def play(game: Game, seat: int, kind: str, **args: Any) -> None:
    """Propose one action and insist that the rules accept it (a diagram that shows a
    refused move would teach a wrong rule).

    Raises:
        ValueError: naming the action and the refusal.
    """
    verdict = game.propose(Action.make(kind, seat, **args))
    if not verdict:
        raise ValueError(f"diagram position: {kind} {args} refused: {verdict.reason}")


def draw_outline(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int],
                 width: int, fill: tuple[int, int, int, int] | None = None,
                 radius: int = 6) -> None:
    """A rounded outline (optionally filled with a translucent colour)."""
    if fill is not None:
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, fill, layer.get_rect(), border_radius=radius)
        surface.blit(layer, rect.topleft)
    pygame.draw.rect(surface, colour, rect, width, border_radius=radius)


def draw_card(surface: pygame.Surface, ctx: DiagramContext, frame: MmFrame,
              card_id: str | None, center_mm: Sequence[float], size_mm: Sequence[float],
              turn: float = 0.0) -> pygame.Rect:
    """A real face (``card_id``; None: a back) of upright size ``size_mm`` centred on
    ``center_mm``, turned ``turn`` degrees counter-clockwise; returns its pixel rect."""
    size = (frame.length(size_mm[0]), frame.length(size_mm[1]))
    surf = ctx.renderer.back(size, turn) if card_id is None else \
        ctx.renderer.face(card_id, size, turn, ctx.lang)
    where = surf.get_rect(center=frame.pt(center_mm))
    surface.blit(surf, where)
    return where


def tag(ctx: DiagramContext, surface: pygame.Surface, text: str, anchor: tuple[int, int],
        *, size: float = 15, colour: tuple[int, int, int] = INK,
        edge: tuple[int, int, int] = EDGE, at: str = "center", bold: bool = True,
        max_w: int = 0, within: pygame.Rect | None = None) -> pygame.Rect:
    """``text`` in a small dark box placed with its ``at`` point (a pygame Rect
    attribute: ``center``, ``midtop``, ``topleft``...) on ``anchor``, wrapped at
    ``max_w`` pixels when given, kept inside ``within``; returns the box."""
    px = max(ctx.floor, round(size * ctx.scale))
    font = ctx.text.fonts.get(px, bold)
    pad = ctx.px(5)
    w = font.size(text)[0]
    lines = 1
    if max_w and w + 2 * pad > max_w:
        wrapped = wrap_text(text, font, max_w - 3 * pad)
        lines = len(wrapped)
        w = max(font.size(line)[0] for line in wrapped) + pad
    box = pygame.Rect(0, 0, w + 2 * pad, lines * font.get_linesize() + pad)
    setattr(box, at, anchor)
    if within is not None:
        box.clamp_ip(within)
    draw_outline(surface, box, edge, max(1, ctx.px(1.5)), (*BOX, 230), ctx.px(5))
    label(ctx, surface, text, box.inflate(-pad, -ctx.px(2)), size, colour, bold=bold,
          max_lines=lines)
    return box


def between(a: pygame.Rect, b: pygame.Rect) -> tuple[tuple[int, int], tuple[int, int]]:
    """The part of the line between the centres of ``a`` and ``b`` outside both: where
    an arrow from ``a`` to ``b`` leaves the one and meets the other (pixels)."""
    start, end = a.center, b.center
    out_a = a.clipline(start, end)
    if out_a:
        start = out_a[1]
    in_b = b.clipline(end, start)
    if in_b:
        end = in_b[1]
    return (round(start[0]), round(start[1])), (round(end[0]), round(end[1]))


def arrow(surface: pygame.Surface, start: Sequence[float], end: Sequence[float],
          colour: tuple[int, int, int], width: int, head: int) -> None:
    """A straight arrow from ``start`` to ``end`` (pixels) with a filled head."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    dist = math.hypot(dx, dy)
    if dist < 1:
        return
    ux, uy = dx / dist, dy / dist
    base = (end[0] - ux * head, end[1] - uy * head)
    pygame.draw.line(surface, colour, start, base, width)
    pygame.draw.polygon(surface, colour, [
        end, (base[0] - uy * head * 0.55, base[1] + ux * head * 0.55),
        (base[0] + uy * head * 0.55, base[1] - ux * head * 0.55)])

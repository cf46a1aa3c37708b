"""Drawings for the rules help (issue 12 §2), registered by name per game.

A diagram is a function ``fn(surface, rect, ctx)`` that draws inside ``rect`` (window
pixels) from the real data the table uses: the layout (``layouts/<game>.toml``), the
card renderer's real faces, the rules. A game's diagrams live in
``tabletop/ui/games/<game>_diagrams.py`` and register themselves::

    from tabletop.ui.help_diagrams import DiagramContext, diagram

    @diagram("conan", "battlefield", aspect=0.62)
    def battlefield(surface: pygame.Surface, rect: pygame.Rect, ctx: DiagramContext) -> None:
        ...

``aspect`` is the height the diagram wants per pixel of width; the help scene gives
it the column's width and that height (capped so that it fits the window). Every
text a diagram writes goes through :func:`label` (fitted whole, never clipped,
recorded in ``ctx.records`` so the tests can see what was placed and left out).

The generic ``card_anatomy`` diagram (any game) draws the real face of the section's
``anatomy.card`` with its ``anatomy.part`` labels joined to the parts by lines.
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from tabletop.layout import Layout
from tabletop.ui.card_render import CardRenderer, FaceRecord, FaceText
from tabletop.ui.panels import TextCache

if TYPE_CHECKING:
    from tabletop.core.rules import GameRules
    from tabletop.help import HelpSection

__all__ = ["ANY_GAME", "DiagramContext", "DiagramFn", "Registered", "TableLayout",
           "card_anatomy", "diagram", "diagram_names", "find_diagram", "label",
           "load_diagrams"]

log = logging.getLogger(__name__)

#: The "game" of diagrams every game may use (``card_anatomy``).
ANY_GAME = "*"

INK = (236, 230, 214)
MUTED = (170, 176, 168)
LINE = (232, 196, 96)
PAPER = (30, 44, 38)

#: The contract's name for the table layout a diagram draws from.
TableLayout = Layout


@dataclass(frozen=True)
class DiagramContext:
    """What a diagram may draw from.

    ``lang``: the language of its words; ``scale``: the UI scale (1.0 at 1280x720;
    sizes in pixels are ``round(n * scale)``); ``text``: rendered text cache;
    ``renderer``: the game's real card faces; ``layout``: the game's table layout
    (millimetres); ``rules``: the game's rules (cards, phases); ``section``: the help
    section being drawn (its ``anatomy`` for ``card_anatomy``); ``records``: every
    :func:`label` call appends what it placed and left out here.
    """

    lang: str
    scale: float
    text: TextCache
    renderer: CardRenderer
    layout: Layout
    rules: GameRules
    section: HelpSection | None = None
    records: list[FaceRecord] = field(default_factory=list)

    def px(self, value: float) -> int:
        """``value`` pixels at scale 1.0, at this scale."""
        return max(1, round(value * self.scale))

    @property
    def floor(self) -> int:
        """The smallest text size (pixels) at this scale."""
        return max(7, int(getattr(self.text.fonts, "floor_px", 0) or 0))


DiagramFn = Callable[[pygame.Surface, pygame.Rect, DiagramContext], None]


@dataclass(frozen=True)
class Registered:
    """A registered diagram and the height it wants per pixel of width."""

    fn: DiagramFn
    aspect: float


_REGISTRY: dict[tuple[str, str], Registered] = {}


def diagram(game: str, name: str, aspect: float = 0.6) -> Callable[[DiagramFn], DiagramFn]:
    """Register ``fn`` as the diagram ``name`` of ``game`` (:data:`ANY_GAME`: of every
    game); ``aspect`` = wanted height / width. Registering a name again replaces it."""
    def register(fn: DiagramFn) -> DiagramFn:
        _REGISTRY[(game, name)] = Registered(fn, aspect)
        return fn
    return register


def load_diagrams(game: str) -> None:
    """Import ``tabletop.ui.games.<game>_diagrams`` (which registers the game's
    diagrams); a game without one has only the generic diagrams."""
    module = f"tabletop.ui.games.{game}_diagrams"
    try:
        importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name != module:
            raise


def find_diagram(game: str, name: str) -> Registered | None:
    """The diagram ``name`` of ``game`` (the game's own first, then the generic one);
    None when neither is registered. Loads the game's diagrams first."""
    load_diagrams(game)
    return _REGISTRY.get((game, name)) or _REGISTRY.get((ANY_GAME, name))


def diagram_names(game: str) -> list[str]:
    """Every diagram name ``game`` may use, sorted."""
    load_diagrams(game)
    return sorted({n for g, n in _REGISTRY if g in (game, ANY_GAME)})


def label(ctx: DiagramContext, surface: pygame.Surface, text: str, box: pygame.Rect,
          size: float, colour: tuple[int, int, int] = INK, *, bold: bool = False,
          max_lines: int = 2, align: str = "center", valign: str = "center"
          ) -> pygame.Rect | None:
    """Write ``text`` whole inside ``box`` at ``size`` (pixels at scale 1.0) or smaller
    down to the floor, wrapped in at most ``max_lines`` (kinsoku in Japanese), through
    :class:`~tabletop.ui.card_render.FaceText`; returns its ink rectangle, or None when
    it fits nowhere (nothing drawn; recorded as left out in ``ctx.records``)."""
    record = FaceRecord(("help", text), surface.get_size())
    ctx.records.append(record)
    writer = FaceText(ctx.text.fonts, surface, record)
    return writer.fit(text, box, max(ctx.floor, round(size * ctx.scale)), colour, bold=bold,
                      max_lines=max_lines, align=align, valign=valign)


# ------------------------------------------------------------------------ card anatomy

#: A card's upright shape (width / height), the shape every game's faces are drawn at.
CARD_RATIO = 63 / 88


@diagram(ANY_GAME, "card_anatomy", aspect=0.62)
def card_anatomy(surface: pygame.Surface, rect: pygame.Rect, ctx: DiagramContext) -> None:
    """The real face of ``ctx.section.anatomy.card``, as large as ``rect`` allows with a
    label column on each side; each part's label is joined by a line to its point on
    the face (parts left of the face's middle are labelled on the left)."""
    anatomy = ctx.section.anatomy if ctx.section is not None else None
    if anatomy is None or anatomy.card not in ctx.rules.cards:
        label(ctx, surface, anatomy.card if anatomy else "?", rect, 16, MUTED)
        return
    card_h = rect.h - 2 * ctx.px(6)
    card_w = round(card_h * CARD_RATIO)
    side_w = (rect.w - card_w) // 2 - ctx.px(14)
    if side_w < ctx.px(120):  # a narrow column: a smaller face, room for the words
        side_w = ctx.px(120)
        card_w = rect.w - 2 * side_w - 2 * ctx.px(14)
        card_h = round(card_w / CARD_RATIO)
    face_rect = pygame.Rect(0, 0, card_w, card_h)
    face_rect.center = rect.center
    surface.blit(ctx.renderer.face(anatomy.card, (card_w, card_h), 0.0, ctx.lang), face_rect)
    record = ctx.renderer.records.get(("face", anatomy.card, card_w, card_h, ctx.lang))
    inks = [r.move(face_rect.topleft) for p in (record.placed if record else ())
            for _, r in p.lines]
    left = sorted((p for p in anatomy.parts if p.x < 0.5), key=lambda p: p.y)
    right = sorted((p for p in anatomy.parts if p.x >= 0.5), key=lambda p: p.y)
    gap = ctx.px(14)
    for parts, column in ((left, pygame.Rect(rect.x, rect.y, face_rect.x - gap - rect.x,
                                             rect.h)),
                          (right, pygame.Rect(face_rect.right + gap, rect.y,
                                              rect.right - face_rect.right - gap, rect.h))):
        _label_column(surface, ctx, parts, column, face_rect, column.x < face_rect.x, inks)


def _snap(point: tuple[int, int], inks: list[pygame.Rect], reach: int) -> tuple[int, int]:
    """``point`` moved onto the nearest text the face placed within ``reach`` pixels (the
    face's layout moves with the name's length and the language; the data's fractions
    need only be near the part)."""
    best: tuple[float, tuple[int, int]] | None = None
    for ink in inks:
        x = min(max(point[0], ink.x), ink.right - 1)
        y = min(max(point[1], ink.y), ink.bottom - 1)
        d = ((x - point[0]) ** 2 + (y - point[1]) ** 2) ** 0.5
        if d <= reach and (best is None or d < best[0]):
            best = (d, (x, ink.centery))
    return best[1] if best is not None else point


def _label_column(surface: pygame.Surface, ctx: DiagramContext, parts: list[Any],
                  column: pygame.Rect, face: pygame.Rect, on_left: bool,
                  inks: list[pygame.Rect]) -> None:
    """Labels stacked down ``column`` near the height of their part, never overlapping."""
    if not parts:
        return
    slot = max(ctx.px(34), column.h // max(1, len(parts)))
    line_h = ctx.text.fonts.get(max(ctx.floor, ctx.px(15)), True).get_linesize()
    box_h = min(slot, 2 * line_h + ctx.px(4))
    y_free = column.y
    for part in parts:
        target = _snap((face.x + round(part.x * face.w), face.y + round(part.y * face.h)),
                       inks, round(face.h * 0.08))
        top = max(y_free, min(target[1] - box_h // 2, column.bottom - box_h))
        box = pygame.Rect(column.x, top, column.w, box_h)
        ink = label(ctx, surface, part.label, box, 15, INK, bold=True, max_lines=2,
                    align="right" if on_left else "left")
        y_free = box.bottom + ctx.px(2)
        if ink is None:
            continue
        start = (ink.right + ctx.px(4), ink.centery) if on_left else \
            (ink.x - ctx.px(4), ink.centery)
        width = max(1, ctx.px(2))
        pygame.draw.line(surface, LINE, start, target, width)
        pygame.draw.circle(surface, LINE, target, max(3, ctx.px(4)))
        pygame.draw.circle(surface, PAPER, target, max(1, ctx.px(2)))

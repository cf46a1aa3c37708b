"""絵師100人展's rules-help diagrams (issue 12 §2): the grid and a connect.

Both draw the shared 4 x 4 grid of ``layouts/eshi100.toml`` (its cells, millimetres,
fitted whole) seen from player 1's seat, with the column letters and row numbers
the table uses (A1 = player 1's bottom-left), the real faces of
:class:`~tabletop.ui.games.eshi100_cards.EshiCardRenderer` (the other player's
cards turned 180 degrees, damaged cards face down, each connector corner badged for
player 1 as on the table) and a legend whose lines point at the squares:

* ``grid`` -- both start squares (ESHI-R1) and the squares where a card of player
  1's hand may be placed now, as the rules answer (``legal_squares``, ESHI-R2): next
  to a recovered own card, over an own card or the other player's damaged card,
  never over the other player's recovered card;
* ``connect`` -- a connect of player 1 as the rules compute it (``connect_of``,
  ESHI-R3): three cards, one of them the other player's, the corners where they
  join, and an own card beside them that does not join.
"""

from __future__ import annotations

from typing import Any

import pygame

from tabletop.core.model import GameState
from tabletop.games.eshi100 import board
from tabletop.games.eshi100.rules import Eshi100Rules
from tabletop.geometry import CORNERS, Placed
from tabletop.layout import CARD_SIZE
from tabletop.ui.card_render import CardRenderer
from tabletop.ui.games.diagram_kit import (
    ACCENT,
    DIM,
    GOOD,
    INK,
    LIT,
    WARN,
    MmFrame,
    draw_outline,
    position_game,
    words,
)
from tabletop.ui.games.eshi100_cards import (
    SEAT_COLOURS,
    EshiCardRenderer,
    corner_rect,
    screen_corner,
)
from tabletop.ui.help_diagrams import DiagramContext, diagram, label

__all__ = ["connect_diagram", "grid_diagram"]

GRID = "grid"
#: What the legend says and where its line points: (text, target pixel).
Note = tuple[str, tuple[int, int], tuple[int, int, int]]


def _card(card: str, owner: int, square: int, recovered: bool = True,
          name: str = "") -> dict[str, Any]:
    entry: dict[str, Any] = {"card": card, "owner": owner, "counters": {"square": square}}
    if not recovered:
        entry["face_up"] = False
    if name:
        entry["label"] = name
    return entry


def _position(grid: list[dict[str, Any]]) -> dict[str, Any]:
    """Player 1's action phase with ``grid`` on the grid and one card in hand."""
    return {
        "turn": 3, "active": 0, "phase": "action",
        "zones": {"p0.deck": ["chalk_sprite"] * 5, "p1.deck": ["chalk_sprite"] * 5,
                  "p0.hand": [{"card": "ink_comet", "label": "hand"}],
                  "p1.hand": ["chalk_sprite"], GRID: grid},
    }


def _eshi(ctx: DiagramContext) -> Eshi100Rules:
    """The context's rules as 絵師100人展's (the queries the window uses).

    Raises:
        TypeError: when the help is drawn for another game's rules.
    """
    if not isinstance(ctx.rules, Eshi100Rules):
        raise TypeError(f"the 絵師100人展 diagrams need its rules, got {ctx.rules.game_id}")
    return ctx.rules


def _cells(ctx: DiagramContext) -> dict[int, Placed]:
    """Square -> its cell of the layout's grid (table mm)."""
    out: dict[int, Placed] = {}
    for cell in ctx.layout.cells(GRID):
        square = board.square_of_cell(cell.key.rsplit("/", 1)[-1])
        if square is not None:
            out[square] = cell
    return out


def _grid_frame(ctx: DiagramContext, rect: pygame.Rect) -> tuple[MmFrame, pygame.Rect]:
    """The grid fitted into the left part of ``rect`` (room left for the row numbers
    and the column letters); also the rectangle left for the legend."""
    margin = ctx.px(26)
    left, top, right, bottom = ctx.layout.zone(GRID).shape().bbox()
    area = pygame.Rect(rect.x + margin, rect.y + ctx.px(4), rect.w // 2 - margin,
                       rect.h - margin - ctx.px(8))
    frame = MmFrame.fit((left, top, right, bottom), area)
    frame = MmFrame((left, top, right, bottom), (area.x, frame.origin[1]), frame.px_per_mm)
    grid_px = frame.rect_of(ctx.layout.zone(GRID).shape())
    legend = pygame.Rect(grid_px.right + ctx.px(28), rect.y, rect.right - grid_px.right
                         - ctx.px(28), rect.h)
    return frame, legend


def _draw_grid(surface: pygame.Surface, ctx: DiagramContext, frame: MmFrame,
               state: GameState) -> dict[int, pygame.Rect]:
    """The squares, the A-D / 1-4 names, the cards with player 1's badges; returns
    each square's pixel rectangle."""
    squares: dict[int, pygame.Rect] = {}
    for square, cell in _cells(ctx).items():
        box = frame.rect_of(cell)
        squares[square] = box
        draw_outline(surface, box.inflate(-ctx.px(2), -ctx.px(2)), DIM, 1,
                     (255, 255, 255, 10), ctx.px(4))
    for square, box in squares.items():
        col, row = board.col_row(square)
        if row == 0:
            label(ctx, surface, "ABCD"[col], pygame.Rect(box.x, box.bottom + ctx.px(2), box.w,
                                                          ctx.px(22)), 15, INK, bold=True)
        if col == 0:
            label(ctx, surface, str(row + 1), pygame.Rect(box.x - ctx.px(26), box.y,
                                                          ctx.px(22), box.h), 15, INK,
                  bold=True)
    renderer = ctx.renderer
    on = board.occupants(state)
    for square, iid in on.items():
        inst = state.cards[iid]
        box = squares[square]
        turn = board.SEAT_ROTATION.get(inst.owner, 0.0)
        size = (frame.length(CARD_SIZE[0]), frame.length(CARD_SIZE[1]))
        if inst.face_up:
            surf = renderer.face(inst.card_id, size, turn, ctx.lang)
        elif isinstance(renderer, EshiCardRenderer):
            surf = renderer.damaged(inst.card_id, size, turn, ctx.lang)
        else:
            surf = renderer.back(size, turn)
        surface.blit(surf, surf.get_rect(center=box.center))
        if inst.face_up:
            _badges(surface, ctx, renderer, state, iid, surf.get_rect(center=box.center), turn)
    return squares


def _badges(surface: pygame.Surface, ctx: DiagramContext, renderer: CardRenderer,
            state: GameState, iid: int, rect: pygame.Rect, turn: float) -> None:
    """Each connector corner badged for player 1, as the table does (ESHI-R3)."""
    if not isinstance(renderer, EshiCardRenderer):
        return
    rules = _eshi(ctx)
    mine = rules.usable_connectors(state, iid, 0)
    theirs = rules.usable_connectors(state, iid, 1)
    for corner in CORNERS:
        if corner in mine or corner in theirs:
            spot = corner_rect(screen_corner(corner, turn), rect.w, rect.h).move(rect.topleft)
            surface.blit(renderer.badge(spot.w, corner in mine, corner in theirs,
                                        SEAT_COLOURS[0]), spot.topleft)


def _legend(surface: pygame.Surface, ctx: DiagramContext, area: pygame.Rect,
            notes: list[Note]) -> None:
    """The notes down ``area``, each at the height nearest its target, joined to it."""
    if not notes:
        return
    notes = sorted(notes, key=lambda n: n[1][1])
    gap = ctx.px(4)
    box_h = min(area.h // len(notes) - gap, ctx.px(64))
    # Each note as near its target's height as the others allow: down from the top
    # without overlapping, then up from the bottom where they ran past it.
    tops: list[int] = []
    y_free = area.y
    for _, target, _ in notes:
        tops.append(max(y_free, target[1] - box_h // 2))
        y_free = tops[-1] + box_h + gap
    limit = area.bottom
    for i in reversed(range(len(tops))):
        tops[i] = min(tops[i], limit - box_h)
        limit = tops[i] - gap
    for (text, target, colour), top in zip(notes, tops, strict=True):
        box = pygame.Rect(area.x + ctx.px(12), top, area.w - ctx.px(12), box_h)
        ink = label(ctx, surface, text, box, 15, colour, bold=True, max_lines=3,
                    align="left")
        if ink is None:
            continue
        start = (ink.x - ctx.px(6), ink.centery)
        pygame.draw.line(surface, colour, start, target, max(1, ctx.px(2)))
        pygame.draw.circle(surface, colour, target, max(3, ctx.px(5)))


@diagram("eshi100", "grid", aspect=0.62)
def grid_diagram(surface: pygame.Surface, rect: pygame.Rect, ctx: DiagramContext) -> None:
    """The grid with both start squares (ESHI-R1) and the squares where player 1 may
    place the card in hand now, lit as the rules answer (ESHI-R2)."""
    game, labels = position_game(ctx.rules, _position([
        _card("crimson_brushstroke", 0, 0), _card("ink_comet", 0, 1),
        _card("chalk_sprite", 0, 4, recovered=False), _card("frame_wall", 0, 5),
        _card("eraser_veil", 1, 6), _card("paper_crane_volley", 1, 9, recovered=False),
        _card("gallery_warden", 1, 15), _card("pastel_mist", 1, 14),
    ]))
    state = game.state
    frame, legend = _grid_frame(ctx, rect)
    squares = _draw_grid(surface, ctx, frame, state)
    lit = _eshi(ctx).legal_squares(state, 0, labels["hand"])
    for square in lit:
        pygame.draw.rect(surface, GOOD, squares[square].inflate(-ctx.px(2), -ctx.px(2)),
                         max(2, ctx.px(4)), border_radius=ctx.px(4))
    start0, start1 = squares[board.START_SQUARE[0]], squares[board.START_SQUARE[1]]
    for box, colour in ((start0, SEAT_COLOURS[0]), (start1, SEAT_COLOURS[1])):
        pygame.draw.rect(surface, colour, box.inflate(ctx.px(6), ctx.px(6)), max(2, ctx.px(3)),
                         border_radius=ctx.px(6))
    on = board.occupants(state)
    empty_lit = min(s for s in lit if s not in on)
    theirs_damaged = next(s for s in lit if s in on and state.cards[on[s]].owner == 1)
    closed = next(s for s in on if state.cards[on[s]].owner == 1 and s not in lit
                  and any(n in lit or n in on and state.cards[on[n]].owner == 0
                          for n in board.neighbours(s)))
    notes: list[Note] = [
        (words(ctx, "helpdiag.eshi_start_mine"), start0.move(-ctx.px(10), 0).midright,
         SEAT_COLOURS[0]),
        (words(ctx, "helpdiag.eshi_start_theirs"), start1.midright, SEAT_COLOURS[1]),
        (words(ctx, "helpdiag.eshi_lit"), squares[empty_lit].center, GOOD),
        (words(ctx, "helpdiag.eshi_over_damaged"), squares[theirs_damaged].center, LIT),
        (words(ctx, "helpdiag.eshi_closed"), squares[closed].center, WARN),
    ]
    _legend(surface, ctx, legend, notes)


@diagram("eshi100", "connect", aspect=0.62)
def connect_diagram(surface: pygame.Surface, rect: pygame.Rect, ctx: DiagramContext) -> None:
    """A connect of player 1 as the rules compute it (ESHI-R3): its cards outlined,
    the corners where they join marked, and an own card beside it that joins none."""
    game, labels = position_game(ctx.rules, _position([
        _card("charcoal_knight", 0, 0, name="a1"), _card("paper_crane_volley", 0, 1),
        _card("gilded_frame_dragon", 1, 2), _card("chalk_sprite", 0, 4, name="a2"),
        _card("gallery_warden", 1, 15),
    ]))
    state = game.state
    frame, legend = _grid_frame(ctx, rect)
    squares = _draw_grid(surface, ctx, frame, state)
    rules = _eshi(ctx)
    group = rules.connect_of(state, 0, board.START_SQUARE[0])
    cells = _cells(ctx)
    joints: list[tuple[int, int]] = []
    for iid in group:
        sq = board.square_of(state, iid)
        assert sq is not None
        pygame.draw.rect(surface, ACCENT, squares[sq].inflate(ctx.px(2), ctx.px(2)),
                         max(2, ctx.px(4)), border_radius=ctx.px(5))
        owner = state.cards[iid].owner
        for other in group:
            osq = board.square_of(state, other)
            if other <= iid or osq is None:
                continue
            # The corner pair where both connectors are player 1's: the joint.
            for mine, its in board.corner_pairs(sq, owner, osq, state.cards[other].owner):
                if mine in rules.usable_connectors(state, iid, 0) and \
                        its in rules.usable_connectors(state, other, 0):
                    shape = board.card_shape(sq, owner)
                    corner = shape.corner(mine)
                    centre = cells[sq].center
                    joints.append(frame.pt((centre[0] + corner[0] - shape.center[0],
                                            centre[1] + corner[1] - shape.center[1])))
    for point in joints:
        pygame.draw.circle(surface, LIT, point, max(5, ctx.px(9)), max(2, ctx.px(3)))
    alone = labels["a2"]
    theirs = [i for i in group if state.cards[i].owner == 1]
    notes: list[Note] = [
        (words(ctx, "helpdiag.eshi_connect", n=len(group), theirs=len(theirs)),
         squares[board.square_at(1, 0)].midbottom, ACCENT),
        (words(ctx, "helpdiag.eshi_joint"), joints[0] if joints else squares[0].center, LIT),
        (words(ctx, "helpdiag.eshi_not_joined"),
         squares[board.square_of(state, alone) or 0].center, WARN),
        (words(ctx, "helpdiag.eshi_theirs_counted"),
         squares[board.square_of(state, theirs[0]) or 0].center if theirs else
         squares[0].center, SEAT_COLOURS[1]),
        (words(ctx, "helpdiag.eshi_badges"), squares[board.START_SQUARE[1]].center, INK),
    ]
    _legend(surface, ctx, legend, notes)

"""What the 絵師100人展 window draws over the cards (called from the plugin's hooks).

Everything here is public table information (the grid, the piles) or the
deciding seat's own choice; hands are never read. Boxes beside the grid live in
the empty table on both sides of it, in screen space, so they read the same
from both seats:

* left: a hint saying what the viewer can do now;
* right: the power comparison while a card is being used or a defence chosen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tabletop.geometry import CORNERS
from tabletop.i18n import t
from tabletop.ui import panels
from tabletop.ui.games.eshi100_cards import (
    SEAT_COLOURS,
    EshiCardRenderer,
    corner_rect,
    screen_corner,
)
from tabletop.ui.games.eshi100_pick import Outlook, attack_outlook, defence_outlook

if TYPE_CHECKING:
    from tabletop.ui.context import TableContext
    from tabletop.ui.games.eshi100 import Eshi100UI
    from tabletop.ui.sprite import Sprite

__all__ = ["LABEL_ROOM", "connector_badges", "damaged_cards", "grid_label_boxes",
           "grid_labels", "marks", "seat_name", "sprite_turn", "victory_points"]

GRID = "grid"
USABLE = (110, 230, 120)
CANDIDATE = (120, 240, 140)
USED = (255, 214, 80)
WIN = (70, 170, 90)
LOSE = (180, 60, 50)
BOX_BG = (16, 22, 30, 228)
BOX_EDGE = (250, 214, 96)
TEXT = (236, 238, 230)
DIM_TEXT = (170, 180, 176)
LIT_FILL = (255, 214, 80, 70)
LIT_EDGE = (255, 214, 80)
LABEL_TEXT = (214, 224, 236)
#: Pixels (at scale 1) kept free left of and below the grid for its labels.
LABEL_ROOM = 20


def seat_name(seat: int | None) -> str:
    """"Player 1" / "Player 2" in the current language."""
    return panels.seat_name(seat)


def sprite_turn(scene: TableContext | None, iid: int) -> float:
    """Degrees the card ``iid`` is drawn at on screen (0 when not drawn)."""
    if scene is None:
        return 0.0
    sprite = scene.by_iid.get(iid)
    return sprite.turn if sprite is not None else 0.0


def _moving(scene: TableContext) -> set[int]:
    """Cards drawn away from their place this frame (dragged, sliding back)."""
    out = set()
    if scene.drag is not None and scene.drag.moved:
        out.add(scene.drag.iid)
    if scene.slide is not None:
        out.add(scene.slide.iid)
    return out


# ---------------------------------------------------------------------- over the cards


def damaged_cards(scene: TableContext, surface: pygame.Surface) -> None:
    """Grid cards lying face down (damaged, ESHI-H1): the back with a ribbon and name."""
    renderer = scene.renderer
    if not isinstance(renderer, EshiCardRenderer):
        return
    for sprite in scene.sprites:
        card = sprite.card
        if sprite.zone != GRID or card.face_up or not sprite.drawn:
            continue
        w, h = scene.card_px
        if card.card_id is None:
            continue  # a spectator: the back is already drawn
        surface.blit(renderer.damaged(card.card_id, (w, h), sprite.turn, scene.lang),
                     sprite.rect.topleft)


def _badge_corners(ui: Eshi100UI, scene: TableContext,
                   sprite: Sprite) -> tuple[frozenset[str], frozenset[str]] | None:
    """(corners the viewer may use, corners the other seat may use), own frame."""
    viewer = scene.viewer
    card = sprite.card
    state = scene.game.state
    if sprite.zone == GRID:
        if not card.face_up or card.card_id is None:
            return None  # damaged: no connectors (ESHI-R3)
        return (ui.eshi.usable_connectors(state, card.iid, viewer),
                ui.eshi.usable_connectors(state, card.iid, 1 - viewer))
    if sprite.zone == f"p{viewer}.hand" and card.card_id is not None:
        from tabletop.games.eshi100 import connect
        from tabletop.games.eshi100.schema import connector_key

        key = connector_key(ui.rules.cards[card.card_id])
        return (connect.usable_corners(key, viewer, viewer),
                connect.usable_corners(key, viewer, 1 - viewer))
    return None


def connector_badges(ui: Eshi100UI, scene: TableContext, surface: pygame.Surface) -> None:
    """A badge on each corner holding a connector: up in the viewer's colour when the
    viewer may use it, a dim chevron down when the other player may (ESHI-R3)."""
    renderer = scene.renderer
    if not isinstance(renderer, EshiCardRenderer):
        return
    colour = SEAT_COLOURS.get(scene.viewer, SEAT_COLOURS[0])
    moving = _moving(scene)
    ui.badges = []
    for sprite in scene.sprites:
        if not sprite.drawn or sprite.iid in moving:
            continue
        sides = _badge_corners(ui, scene, sprite)
        if sides is None:
            continue
        mine, theirs = sides
        rect = sprite.rect
        for corner in CORNERS:
            if corner not in mine and corner not in theirs:
                continue
            spot = corner_rect(screen_corner(corner, sprite.turn), rect.w, rect.h).move(
                rect.topleft)
            if sprite.covered and spot.right > rect.x + sprite.visible_w:
                continue  # under the next card of the hand
            surface.blit(renderer.badge(spot.w, corner in mine, corner in theirs, colour),
                         spot.topleft)
            ui.badges.append((sprite.iid, screen_corner(corner, sprite.turn),
                              corner in mine, corner in theirs))


def victory_points(scene: TableContext, surface: pygame.Surface) -> None:
    """Each victory pile's points (3 win) in a chip at its edge."""
    size = max(11, round(13 * scene.scale))
    for seat in (0, 1):
        zone = f"p{seat}.victory"
        n = len(scene.view.zones.get(zone, ()))
        rect = scene.zone_rect(zone)
        label = scene.text.get(t("eshi100ui.points", n=n), size, (255, 240, 200), True)
        # Inside the pile's bottom-left corner, like the table's counts at bottom-right.
        box = label.get_rect().inflate(12, 4)
        box.bottomleft = (rect.x + 4, rect.bottom - 3)
        pygame.draw.rect(surface, (70, 52, 20), box, border_radius=8)
        pygame.draw.rect(surface, (230, 190, 90), box, 1, border_radius=8)
        surface.blit(label, label.get_rect(center=box.center))


def grid_label_boxes(scene: TableContext
                     ) -> list[tuple[str, pygame.Surface, pygame.Rect, pygame.Rect]]:
    """Where the grid's labels go: ``(text, surface, its ink, where the ink goes)``.
    Column letters stand in the strip between the grid and the viewer's hand, under
    their columns (never on a card: on row 1 they covered a card's number, below the
    strip on the hand's edge they read as labels of the hand cards); row numbers
    stand left of the grid. Each label comes from
    :func:`~tabletop.games.eshi100.words.square_label`, the function that names squares
    in messages, so "B2" in the log is the square under "B" and beside "2"."""
    from tabletop.games.eshi100 import board
    from tabletop.games.eshi100.words import square_label

    grid = scene.zone_rect(GRID)
    hand = scene.zone_rect(f"p{scene.viewer}.hand")
    strip = pygame.Rect(grid.x, grid.bottom, grid.w, max(0, hand.top - grid.bottom))
    size = max(12, round(14 * scene.scale))
    gap = max(2, round(3 * scene.scale))
    out: list[tuple[str, pygame.Surface, pygame.Rect, pygame.Rect]] = []

    def ink_of(text: str, px: int) -> tuple[pygame.Surface, pygame.Rect]:
        surf = scene.text.get(text, px, LABEL_TEXT, True)
        ink = surf.get_bounding_rect()
        return surf, ink if ink.w and ink.h else surf.get_rect()

    for square in board.SQUARES:
        col, row = square_label(square, scene.viewer)
        cell = scene.cell_rect("cell:grid/" + board.cell_of_square(square))
        if row == 1:
            px = size
            surf, ink = ink_of(col, px)
            while ink.h > strip.h - 2 and px > 7:  # narrow enough for the strip
                px -= 1
                surf, ink = ink_of(col, px)
            box = ink.copy()
            box.midtop = (cell.centerx, strip.y + max(1, (strip.h - ink.h) // 2))
            out.append((col, surf, ink, box))
        if col == "A":
            surf, ink = ink_of(str(row), size)
            box = ink.copy()
            box.midright = (cell.x - gap, cell.centery)
            out.append((str(row), surf, ink, box))
    return out


def grid_labels(scene: TableContext, surface: pygame.Surface) -> None:
    """The grid's column letters and row numbers, as the viewer reads the grid from
    their own side (A1 is their bottom-left square): :func:`grid_label_boxes`."""
    for _text, surf, ink, box in grid_label_boxes(scene):
        surface.blit(surf, box.topleft, ink)


# ---------------------------------------------------------------------- marks


def _frame(scene: TableContext, surface: pygame.Surface, iid: int, colour: tuple[int, int, int],
           grow: int, width: int) -> None:
    rect = scene.card_rect(iid)
    if rect is not None:
        pygame.draw.rect(surface, colour, rect.inflate(grow, grow), width, border_radius=7)


def marks(ui: Eshi100UI, scene: TableContext, surface: pygame.Surface) -> None:
    """Usable cards, the consume choice, decision picks, hovered connect, boxes."""
    thick = max(2, round(3 * scene.scale))
    panel = ui.panel
    state = scene.game.state
    kind = panel.kind if panel is not None else ""
    if panel is not None and panel.pick is not None:
        hint = panel.pick.hint(ui.eshi, state)
        for iid in sorted(hint.candidates):
            _frame(scene, surface, iid, CANDIDATE, 6, thick)
        colour = SEAT_COLOURS.get(panel.pick.seat, USED)
        for iid in panel.pick.chosen:
            _frame(scene, surface, iid, colour, 4, thick + 2)
        _frame(scene, surface, panel.pick.card, USED, 12, thick + 1)
    elif kind == "defend" and panel is not None:
        outlook = _outlook(ui, scene)  # the box beside the grid words the same cards
        for iid in outlook.defenders if outlook is not None else ():
            _frame(scene, surface, iid, USABLE, 6, thick)
    elif kind == "" and not state.game_over:
        for iid in ui.usable:
            _frame(scene, surface, iid, USABLE, 6, thick)
    if panel is not None and kind in ("recover", "counter", "hand_limit", "target"):
        for iid in sorted(panel.options()):
            if iid not in panel.marked:
                _frame(scene, surface, iid, USABLE, 4, max(1, thick - 1))
        for iid in panel.marked:
            _frame(scene, surface, iid, USED, 8, thick + 1)
    _lit_squares(scene, surface)
    _hover_connect(ui, scene, surface)
    _comparison_box(ui, scene, surface)


def _lit_squares(scene: TableContext, surface: pygame.Surface) -> None:
    """While a card is dragged: the legal squares again, over the cards lying on them
    (the table lights cells under the cards, where an occupied square would not show)."""
    drag = scene.drag
    if drag is None or not drag.cells:
        return
    width = max(2, round(3 * scene.scale))
    for key in sorted(drag.cells):
        rect = scene.cell_rect(key)
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        shade.fill(LIT_FILL)
        surface.blit(shade, rect)
        pygame.draw.rect(surface, LIT_EDGE, rect, width, border_radius=6)


def _hover_connect(ui: Eshi100UI, scene: TableContext, surface: pygame.Surface) -> None:
    """The connect (for the seat to move) of the hovered grid card, outlined."""
    ui.hovered_connect = frozenset()
    iid = scene.hover
    if iid is None or scene.drag is not None:
        return
    sprite = scene.by_iid.get(iid)
    if sprite is None or sprite.zone != GRID or not sprite.card.face_up:
        return
    square = dict(sprite.card.counters).get("square")
    if not isinstance(square, int):
        return
    state = scene.game.state
    seat = ui.rules.acting_seat(state)
    group = ui.eshi.connect_of(state, seat, square)
    ui.hovered_connect = group
    colour = SEAT_COLOURS.get(seat, USED)
    width = max(2, round(2 * scene.scale))
    rects = [r for r in (scene.card_rect(i) for i in group) if r is not None]
    for rect in rects:
        pygame.draw.rect(surface, colour, rect.inflate(-6, -6), width, border_radius=6)
    if len(rects) > 1:  # join the centres so the group reads as one piece
        centre = {i: scene.card_rect(i) for i in group}
        for a in group:
            for b in group:
                ra, rb = centre[a], centre[b]
                if a < b and ra is not None and rb is not None and \
                        abs(ra.centerx - rb.centerx) + abs(ra.centery - rb.centery) \
                        <= max(ra.w, ra.h) + 2:
                    pygame.draw.line(surface, colour, ra.center, rb.center, width)
    label = scene.text.get(t("eshi100ui.connect_label", n=len(group)),
                           max(11, round(13 * scene.scale)), (20, 20, 24), True)
    rect = sprite.rect
    box = label.get_rect(midbottom=(rect.centerx, rect.top - 2)).inflate(10, 2)
    pygame.draw.rect(surface, colour, box, border_radius=7)
    surface.blit(label, label.get_rect(center=box.center))


def _side_area(scene: TableContext, right: bool) -> pygame.Rect:
    """The empty table beside the grid on screen (right or left of it)."""
    grid = scene.zone_rect(GRID)
    table = pygame.Rect(scene.viewport.table_rect())
    m = round(10 * scene.scale)
    if right:
        return pygame.Rect(grid.right + m, grid.y, table.right - grid.right - 2 * m, grid.h)
    labels = round(LABEL_ROOM * scene.scale)  # the row numbers stand left of the grid
    return pygame.Rect(table.x + m, grid.y, grid.x - labels - table.x - 2 * m, grid.h)


def _box(surface: pygame.Surface, rect: pygame.Rect) -> None:
    shade = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(shade, BOX_BG, shade.get_rect(), border_radius=10)
    surface.blit(shade, rect)
    pygame.draw.rect(surface, BOX_EDGE, rect, 2, border_radius=10)


def _outlook(ui: Eshi100UI, scene: TableContext) -> Outlook | None:
    panel = ui.panel
    if panel is None:
        return None
    state = scene.game.state
    if panel.kind == "use" and panel.pick is not None:
        return attack_outlook(ui.eshi, state, panel.pick)
    if panel.kind == "defend":
        defender = panel.pick.card if panel.pick is not None else None
        return defence_outlook(ui.eshi, state, defender)
    return None


def _name(scene: TableContext, iid: int) -> str:
    card = scene.game.rules.cards[scene.game.state.cards[iid].card_id]
    return card.display_name(scene.lang)


def _comparison_box(ui: Eshi100UI, scene: TableContext, surface: pygame.Surface) -> None:
    """Attack against defence, in big numbers, with the outcome (seed: 攻撃判定)."""
    outlook = _outlook(ui, scene)
    ui.comparison_text = []
    if outlook is None:
        return
    area = _side_area(scene, right=True)
    s = scene.scale
    pad = round(10 * s)
    wrap = area.w - 2 * pad
    small, big = max(11, round(13 * s)), max(22, round(34 * s))
    parts: list[tuple[pygame.Surface, int]] = []
    parts.append((scene.text.get(t("eshi100ui.comparison"), small + 1, BOX_EDGE, True, wrap), 0))
    numbers = scene.text.get(
        f"{outlook.attack}  vs  {outlook.defence if outlook.defence is not None else '-'}",
        big, TEXT, True)
    parts.append((numbers, 1))
    captions = t("eshi100ui.attack_vs_defence")
    parts.append((scene.text.get(captions, small, DIM_TEXT, False, wrap), 1))
    if outlook.defender is None and outlook.defenders:
        # A defence is being chosen: say what the lit cards are, and what happens if none
        detail = t("eshi100ui.may_defend", player=seat_name(outlook.other_seat),
                   n=len(outlook.defenders))
    elif outlook.defender is None:
        detail = t("eshi100ui.undefended", player=seat_name(outlook.other_seat))
    else:
        detail = t("eshi100ui.defended_by", attacker=_name(scene, outlook.attacker),
                   defender=_name(scene, outlook.defender))
    parts.append((scene.text.get(detail, small, TEXT, False, wrap), 0))
    if outlook.hypothetical and outlook.defender is not None:
        result = t("eshi100ui.chip_if_succeeds" if outlook.success else "eshi100ui.chip_if_fails")
    elif outlook.defender is None and outlook.defenders:
        result = t("eshi100ui.chip_undefended_succeeds" if outlook.success
                   else "eshi100ui.fails")
    else:
        result = t("eshi100ui.succeeds" if outlook.success else "eshi100ui.fails")
    ui.comparison_text = [detail, result]
    verdict = scene.text.get(result, small + 2, (255, 255, 255), True, wrap - 12)
    height = sum(p.get_height() for p, _ in parts) + verdict.get_height() + pad * 2 + \
        round(8 * s) * (len(parts) + 1)
    box = pygame.Rect(area.x, area.y, area.w, min(area.h, height))
    _box(surface, box)
    y = box.y + pad
    for part, centred in parts:
        pos = part.get_rect(midtop=(box.centerx, y)) if centred else \
            part.get_rect(topleft=(box.x + pad, y))
        surface.blit(part, pos)
        y += part.get_height() + round(8 * s)
    chip = verdict.get_rect(midtop=(box.centerx, y)).inflate(12, 6)
    pygame.draw.rect(surface, WIN if outlook.success else LOSE, chip, border_radius=8)
    surface.blit(verdict, verdict.get_rect(center=chip.center))

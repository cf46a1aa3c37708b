"""Conan's drawings for the rules help (issue 12 §2; registry: :mod:`tabletop.ui.help_diagrams`).

Every drawing comes from what the rules use, never from a picture made by hand:

* ``battlefield``: the four Foe zones of ``layouts/conan.toml`` around Conan, with
  Foes standing where the layout's row arrangement puts them (CONAN-R7);
* ``move_places``: a real game position (Foes placed and given their Moves by the
  rules) with the places the rules offer for Conan's Moves (beside a Foe's Move, in
  the gap between two) and two Moves placed there (CONAN-R8..R10);
* ``facing_slots``: a Conan Move against a Foe's Move, shapes placed as on the table;
  which slot faces which is :func:`tabletop.geometry.facing_slots` (CONAN-R8);
* ``icon_table``: the blocking table of :mod:`tabletop.games.conan.icons` (drawn by
  asking :func:`~tabletop.games.conan.icons.outcome` for every pair, CONAN-R14);
* ``damage_formula``: CONAN-R15 as a picture, with a worked example evaluated by
  :func:`~tabletop.games.conan.icons.evaluate_side` on two real cards.

Sizes: the diagram rectangle is in window pixels; table shapes are millimetres,
scaled to fit (:class:`_Fit`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import pygame

from tabletop import i18n
from tabletop.core.actions import Action
from tabletop.core.engine import Game
from tabletop.core.rules import GameRules, GameSetup
from tabletop.games.conan import battlefield as bf
from tabletop.games.conan.icons import BLOCKED, GLANCING, evaluate_side, outcome
from tabletop.games.conan.schema import ATTACK_ICONS, ICONS, SLOTS
from tabletop.games.conan.zones import CONAN_ZONE, FOE_ZONES
from tabletop.geometry import Placed, facing_slots, touching_sides
from tabletop.layout import CARD_SIZE
from tabletop.ui.games.conan_cards import ICON_STYLE, SLOT_BAND, slot_rect
from tabletop.ui.help_diagrams import INK, MUTED, DiagramContext, diagram, label

__all__ = ["DEMO_POSITION", "demo_game"]

ZONE_EDGE = (206, 190, 150)
ZONE_FILL = (60, 52, 40)
LIT_EDGE = (120, 240, 150)
GAP_EDGE = (250, 214, 96)
MARK = (245, 215, 110)
HIT_COLOUR = (96, 196, 110)
BLOCK_COLOUR = (130, 130, 140)
GLANCE_COLOUR = (236, 150, 60)
CARD_LINE = (36, 32, 28)
PAPER = (232, 226, 210)

#: The position of ``move_places`` (scenario format, docs/scenarios.md): two Human
#: Foes in the Center and a Beast on the Left flank, each about to get its Move.
DEMO_POSITION: dict[str, Any] = {
    "turn": 3, "active": 0, "phase": "foe_move",
    "zones": {
        "conan": [{"card": "conan_wanderer", "label": "conan"}],
        "center": [{"card": "foe_hill_bandit", "label": "bandit"},
                   {"card": "foe_temple_spearman", "label": "spearman"}],
        "left_flank": [{"card": "foe_grey_wolf", "label": "wolf"}],
        "p0.hand": [{"card": "move_slash", "label": "slash"},
                    {"card": "move_parry", "label": "parry"}],
        "p1.hand": [{"card": "move_arrow_volley", "label": "arrows"},
                    {"card": "move_cleave", "label": "cleave"},
                    {"card": "move_lunge", "label": "lunge"}],
        "p0.deck": ["move_parry"] * 6,
        "p1.deck": ["move_parry"] * 6,
        "p1.foe_deck": ["foe_hill_bandit"],
    },
}

#: The steps played on :data:`DEMO_POSITION`: the Foes' Moves, then Conan's Slash in
#: the gap between the two Center Foes and his Parry left of the first one.
_DEMO_STEPS: tuple[tuple[int, str, dict[str, str]], ...] = (
    (1, "place_foe_move", {"card": "$arrows", "foe": "$bandit"}),
    (1, "place_foe_move", {"card": "$cleave", "foe": "$spearman"}),
    (1, "place_foe_move", {"card": "$lunge", "foe": "$wolf"}),
    (1, "next_phase", {}),
    (0, "place_move", {"card": "$slash", "character": "$conan", "target": "center/gap1"}),
    (0, "place_move", {"card": "$parry", "character": "$conan", "target": "center/foe1/left"}),
)


def demo_game(rules: GameRules) -> Game:
    """:data:`DEMO_POSITION` with its steps played by the rules (each must be legal).

    Raises:
        RuntimeError: a step was refused (the rules changed; the diagram would lie).
    """
    game = Game(rules, GameSetup("conan", seed=1, position=DEMO_POSITION))
    labels: dict[str, int] = game.state.data["labels"]
    for seat, kind, args in _DEMO_STEPS:
        resolved = {k: labels[v[1:]] if v.startswith("$") else v for k, v in args.items()}
        verdict = game.propose(Action.make(kind, seat, **resolved))
        if not verdict.ok:
            raise RuntimeError(f"help diagram position: {kind} {args} refused: {verdict.reason}")
    return game


@lru_cache(maxsize=4)
def _demo(rules: GameRules) -> Game:
    return demo_game(rules)


# ------------------------------------------------------------------------ drawing helpers


@dataclass(frozen=True)
class _Fit:
    """Millimetres of a table region to pixels of a rectangle (uniform scale, centred)."""

    mm: tuple[float, float, float, float]  # x, y, w, h
    rect: pygame.Rect
    #: Put the region at the rectangle's top (else in its middle).
    top: bool = False

    @property
    def scale(self) -> float:
        """Pixels per millimetre."""
        return min(self.rect.w / self.mm[2], self.rect.h / self.mm[3])

    def px(self, point: tuple[float, float]) -> tuple[int, int]:
        """A table point in pixels."""
        s = self.scale
        ox = self.rect.centerx - (self.mm[0] + self.mm[2] / 2) * s
        oy = (self.rect.y - self.mm[1] * s if self.top
              else self.rect.centery - (self.mm[1] + self.mm[3] / 2) * s)
        return (round(ox + point[0] * s), round(oy + point[1] * s))

    def poly(self, shape: Placed) -> list[tuple[int, int]]:
        """A placed shape's corners in pixels."""
        return [self.px(c) for c in shape.corners()]


def _bounds(shapes: Iterable[Placed], margin: float) -> tuple[float, float, float, float]:
    points = [c for s in shapes for c in s.corners()]
    x0 = min(p[0] for p in points) - margin
    y0 = min(p[1] for p in points) - margin
    x1 = max(p[0] for p in points) + margin
    y1 = max(p[1] for p in points) + margin
    return (x0, y0, x1 - x0, y1 - y0)


def _card(surface: pygame.Surface, ctx: DiagramContext, fit: _Fit, shape: Placed,
          card_id: str) -> None:
    """The real face of ``card_id`` lying as ``shape`` (size and turn)."""
    w = max(8, round(shape.size[0] * fit.scale))
    h = max(8, round(shape.size[1] * fit.scale))
    face = ctx.renderer.face(card_id, (w, h), shape.rotation_deg, ctx.lang)
    surface.blit(face, face.get_rect(center=fit.px(shape.center)))


def _badge(surface: pygame.Surface, ctx: DiagramContext, at: tuple[int, int], n: int) -> None:
    """A numbered disc (the legend's number) at ``at``."""
    r = max(ctx.floor * 3 // 4 + 2, ctx.px(11))
    pygame.draw.circle(surface, MARK, at, r)
    pygame.draw.circle(surface, (40, 30, 10), at, r, max(1, ctx.px(2)))
    label(ctx, surface, str(n), pygame.Rect(at[0] - r, at[1] - r, 2 * r, 2 * r), 14,
          (30, 20, 10), bold=True, max_lines=1)


def _legend(surface: pygame.Surface, ctx: DiagramContext, box: pygame.Rect,
            items: Sequence[tuple[int | None, str]]) -> None:
    """Numbered lines of text down ``box`` (number None: a plain line)."""
    y = box.y
    gap = ctx.px(10)
    badge = max(ctx.floor * 3 // 4 + 2, ctx.px(11))
    for n, text in items:
        indent = 2 * badge + ctx.px(8) if n is not None else 0
        line = pygame.Rect(box.x + indent, y, box.w - indent, box.bottom - y)
        ink = label(ctx, surface, text, line, 15, INK, max_lines=6, align="left", valign="top")
        bottom = ink.bottom if ink is not None else y
        if n is not None:
            _badge(surface, ctx, (box.x + badge, y + badge), n)
            bottom = max(bottom, y + 2 * badge)
        y = bottom + gap


def _name(zone: str) -> str:
    return i18n.t(f"zone.{zone}")


# ------------------------------------------------------------------------ battlefield


@diagram("conan", "battlefield", aspect=0.62)
def battlefield(surface: pygame.Surface, rect: pygame.Rect, ctx: DiagramContext) -> None:
    """The four Foe zones about Conan (``layouts/conan.toml``, seat 0's turn), the
    Foes of the demo position where the rows put them, and the order the zones open
    in (CONAN-R7)."""
    game = _demo(ctx.rules)
    lay = bf.frame(game.state)
    zones = [lay.zone(z) for z in (*FOE_ZONES, CONAN_ZONE)]
    field = _bounds([z.shape() for z in zones], 8.0)
    pic = pygame.Rect(rect.x, rect.y, min(rect.h, rect.w * 55 // 100), rect.h)
    fit = _Fit(field, pic.inflate(-ctx.px(48), -ctx.px(16)))
    order = {"center": 1, "left_flank": 2, "right_flank": 2, "rear": 3}
    for zone in zones[:-1]:
        pygame.draw.polygon(surface, ZONE_FILL, fit.poly(zone.shape()))
        pygame.draw.polygon(surface, ZONE_EDGE, fit.poly(zone.shape()), max(1, ctx.px(2)))
    for zone in zones[:-1]:
        ids = game.state.zones[zone.id].cards
        for shape, iid in zip(bf.foe_shapes(game.state, zone.id), ids, strict=False):
            _card(surface, ctx, fit, shape, game.state.cards[iid].card_id)
    conan = game.state.zones[CONAN_ZONE].cards
    conan_shape = lay.placements(CONAN_ZONE, 1, CARD_SIZE)[0]
    if conan:
        _card(surface, ctx, fit, conan_shape, game.state.cards[conan[0]].card_id)
    for zone in zones[:-1]:
        # the zone's name on the side of its row away from Conan, with its order number
        # the zone's name just inside its row, on Conan's side of it
        shape = zone.shape()
        cx, cy = bf.conan_center()
        dx, dy = cx - shape.center[0], cy - shape.center[1]
        reach = (shape.size[1] / 2 + 4.0)
        at = fit.px((shape.center[0] + math.copysign(reach, dx) * (abs(dx) > abs(dy)),
                     shape.center[1] + math.copysign(reach, dy) * (abs(dy) >= abs(dx))))
        badge = max(ctx.floor * 3 // 4 + 2, ctx.px(11))
        box = pygame.Rect(0, 0, ctx.px(130), 2 * badge)
        if abs(dx) > abs(dy):  # a flank: the name over the row's upper end
            upper = min(fit.px(c)[1] for c in shape.corners())
            box.midbottom = (fit.px(shape.center)[0] + badge, upper - ctx.px(4))
        elif dy > 0:  # Center: under the row
            box.midtop = (at[0] + badge, at[1])
        else:  # Rear: above the row
            box.midbottom = (at[0] + badge, at[1])
        room = pic.copy()
        room.x += 2 * badge + ctx.px(4)  # the number goes left of the name
        room.w -= 2 * badge + ctx.px(4)
        box.clamp_ip(room)
        _badge(surface, ctx, (box.x - badge - ctx.px(2), box.centery), order[zone.id])
        label(ctx, surface, _name(zone.id), box, 15, MARK, bold=True, max_lines=1,
              align="left")
    enemy = fit.px((field[0] + field[2] / 2, field[1] - 2.0))
    legend = pygame.Rect(pic.right + ctx.px(16), rect.y + ctx.px(8),
                         rect.right - pic.right - ctx.px(24), rect.h - ctx.px(16))
    _legend(surface, ctx, legend, [
        (None, i18n.t("helpconan.bf_enemy")),
        (1, i18n.t("helpconan.bf_center")),
        (2, i18n.t("helpconan.bf_flanks")),
        (3, i18n.t("helpconan.bf_rear")),
        (None, i18n.t("helpconan.bf_rows")),
    ])
    pygame.draw.polygon(surface, MARK, [(enemy[0], enemy[1] - ctx.px(2)),
                                        (enemy[0] - ctx.px(8), enemy[1] + ctx.px(8)),
                                        (enemy[0] + ctx.px(8), enemy[1] + ctx.px(8))])


# ------------------------------------------------------------------------ move places


@diagram("conan", "move_places", aspect=0.62)
def move_places(surface: pygame.Surface, rect: pygame.Rect, ctx: DiagramContext) -> None:
    """The Center of the demo position: two Foes, their Moves against their edges
    facing Conan, every place the rules offer for a Conan Move (lit; the gap in
    gold), Conan's Slash in the gap and his Parry beside the first Foe's Move."""
    game = _demo(ctx.rules)
    state = game.state
    zone = "center"
    foes = bf.foe_shapes(state, zone)
    recs = bf.moves(state, zone)
    targets = bf.zone_targets(state, zone)
    lay = bf.frame(state)
    conan = lay.placements(CONAN_ZONE, 1, CARD_SIZE)[0]
    shapes = [*foes, *(bf.move_shape(r) for r in recs), *(t.shape for t in targets)]
    pic = pygame.Rect(rect.x, rect.y, rect.w * 58 // 100, rect.h)
    # room under the row for the numbers and the way to Conan
    room = pic.inflate(-ctx.px(8), -ctx.px(8))
    room.h -= ctx.px(110)
    fit = _Fit(_bounds(shapes, 6.0), room)
    free = [t for t in targets if not bf.occupied(state, t)]
    for target in free:
        colour = GAP_EDGE if target.gap else LIT_EDGE
        pygame.draw.polygon(surface, colour, fit.poly(target.shape), max(2, ctx.px(3)))
    for shape in foes:
        _card(surface, ctx, fit, shape, state.cards[int(shape.key)].card_id)
    for rec in recs:
        _card(surface, ctx, fit, bf.move_shape(rec), state.cards[rec.card].card_id)
    row_bottom = max(fit.px(c)[1] for sh in shapes for c in sh.corners())
    arrow_x = fit.px((conan.center[0], 0.0))[0]
    tip = (arrow_x, min(pic.bottom - ctx.px(30), row_bottom + ctx.px(70)))
    pygame.draw.line(surface, MUTED, (arrow_x, row_bottom + ctx.px(40)), tip, max(2, ctx.px(3)))
    pygame.draw.polygon(surface, MUTED, [(tip[0] - ctx.px(7), tip[1] - ctx.px(8)),
                                         (tip[0] + ctx.px(7), tip[1] - ctx.px(8)),
                                         (tip[0], tip[1] + ctx.px(2))])
    label(ctx, surface, i18n.t("helpconan.mp_conan"), pygame.Rect(arrow_x + ctx.px(10),
          tip[1] - ctx.px(26), pic.right - arrow_x - ctx.px(12), ctx.px(28)), 14, MUTED,
          max_lines=1, align="left")
    foe_move = next(r for r in recs if r.foe)
    gap = next(r for r in recs if not r.foe and r.target.endswith("gap1"))
    beside = next(r for r in recs if not r.foe and not r.target.endswith("gap1"))
    marks = [(1, bf.move_shape(foe_move)), (2, bf.move_shape(gap)), (3, bf.move_shape(beside))]
    if free:
        marks.append((4, free[-1].shape))
    badge = max(ctx.floor * 3 // 4 + 2, ctx.px(11))
    for n, shape in marks:
        x = fit.px(shape.center)[0]
        _badge(surface, ctx, (x, row_bottom + badge + ctx.px(6)), n)
    legend = pygame.Rect(pic.right + ctx.px(16), rect.y + ctx.px(8),
                         rect.right - pic.right - ctx.px(24), rect.h - ctx.px(16))
    _legend(surface, ctx, legend, [
        (1, i18n.t("helpconan.mp_foe_move")),
        (2, i18n.t("helpconan.mp_gap")),
        (3, i18n.t("helpconan.mp_beside")),
        (4, i18n.t("helpconan.mp_free")),
    ])


# ------------------------------------------------------------------------ facing slots


def _pair() -> tuple[Placed, Placed, str, str, list[tuple[int, int]]]:
    """A Foe's Move (turned 180 degrees, top toward Conan below it) and a Conan Move
    beside it (top toward the Foe): their touching sides and facing slots, from the
    geometry (CONAN-R8)."""
    foe = Placed("foe", (0.0, 0.0), CARD_SIZE, 180.0)
    hero = Placed("hero", (CARD_SIZE[0], 0.0), CARD_SIZE, 0.0)
    side_h, side_f = next((a, b) for a, b in touching_sides(hero, foe)
                          if a in bf.LONG_SIDES and b in bf.LONG_SIDES)
    return foe, hero, side_h, side_f, facing_slots(hero, side_h, foe, side_f)


def _slot_centre(shape: Placed, side: str, i: int) -> tuple[float, float]:
    x, y, w, h = slot_rect(side, i)
    local = ((x + w / 2 - 0.5) * shape.size[0], (y + h / 2 - 0.5) * shape.size[1])
    return shape.to_table(local)


def _slot_poly(shape: Placed, side: str, i: int) -> list[tuple[float, float]]:
    x, y, w, h = slot_rect(side, i)
    pts = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
    return [shape.to_table(((px - 0.5) * shape.size[0], (py - 0.5) * shape.size[1]))
            for px, py in pts]


def _icon_chip(surface: pygame.Surface, ctx: DiagramContext, box: pygame.Rect,
               icon: str) -> None:
    """An icon as on the card faces: its colour and letter (``ICON_STYLE``)."""
    colour, letter = ICON_STYLE.get(icon, ((90, 90, 90), "?"))
    pygame.draw.rect(surface, colour, box, border_radius=max(2, box.w // 6))
    label(ctx, surface, letter, box, max(13, box.h * 0.7 / ctx.scale), (255, 255, 255),
          bold=True, max_lines=1)


def _schematic(surface: pygame.Surface, ctx: DiagramContext, fit: _Fit, shape: Placed,
               card: Any, title: str, sides: Sequence[str]) -> None:
    """A Move card as an outline with its icon slots (``slot_rect``, the faces' own
    slot bands) and icons from the card data; the slots of ``sides`` brighter."""
    pygame.draw.polygon(surface, PAPER, fit.poly(shape))
    pygame.draw.polygon(surface, CARD_LINE, fit.poly(shape), max(1, ctx.px(2)))
    for side in ("left", "right"):
        slots = card.get(side) or [""] * SLOTS
        for i in range(SLOTS):
            poly = [fit.px(p) for p in _slot_poly(shape, side, i)]
            box = pygame.Rect(poly[0], (0, 0)).unionall([pygame.Rect(p, (0, 0)) for p in poly])
            live = side in sides
            pygame.draw.rect(surface, (214, 206, 186) if live else (200, 196, 186), box)
            pygame.draw.rect(surface, CARD_LINE, box, 1)
            if slots[i]:
                _icon_chip(surface, ctx, box.inflate(-ctx.px(6), -ctx.px(6)), slots[i])
    centre = fit.px(shape.center)
    w = round(shape.size[0] * fit.scale * (1 - 2 * SLOT_BAND)) - ctx.px(4)
    box = pygame.Rect(0, 0, max(ctx.px(20), w), round(shape.size[1] * fit.scale * 0.5))
    box.center = centre
    label(ctx, surface, title, box, 15, (30, 26, 22), bold=True, max_lines=3)


def _numbers(surface: pygame.Surface, ctx: DiagramContext, fit: _Fit, shape: Placed,
             side: str) -> None:
    """Each slot's number (0 = the card's own top) inside the card, beside the slot."""
    nx, ny = shape.frame_dir((1.0 if side == "left" else -1.0, 0.0))
    reach = shape.size[0] * SLOT_BAND / 2 + 6.0
    side_px = max(ctx.px(22), ctx.floor + 6)
    for i in range(SLOTS):
        c = _slot_centre(shape, side, i)
        at = fit.px((c[0] + nx * reach, c[1] + ny * reach))
        label(ctx, surface, str(i), pygame.Rect(at[0] - side_px // 2, at[1] - side_px // 2,
              side_px, side_px), 14, (110, 90, 40), bold=True, max_lines=1)


def _apart(shape: Placed, dx: float) -> Placed:
    """``shape`` moved ``dx`` mm sideways: the pictures draw the touching pair a little
    apart so the lines between facing slots can be seen (the pairs come from the
    touching shapes)."""
    return Placed(shape.key, (shape.center[0] + dx, shape.center[1]), shape.size,
                  shape.rotation_deg)


#: How far apart (mm) the pictures draw a touching pair.
_APART_MM = 34.0


@diagram("conan", "facing_slots", aspect=0.56)
def facing_slots_diagram(surface: pygame.Surface, rect: pygame.Rect,
                         ctx: DiagramContext) -> None:
    """A Foe's Move (Arrow Volley, turned toward Conan) and Conan's Slash against its
    long side; a line joins every pair of facing slots found by the geometry."""
    foe_real, hero, side_h, side_f, pairs = _pair()
    foe = _apart(foe_real, -_APART_MM)
    cards = ctx.rules.cards
    foe_card, hero_card = cards["move_arrow_volley"], cards["move_slash"]
    pic = pygame.Rect(rect.x, rect.y, rect.w * 50 // 100, rect.h)
    fit = _Fit(_bounds([foe, hero], 14.0), pic.inflate(-ctx.px(8), -ctx.px(30)))
    _schematic(surface, ctx, fit, foe, foe_card, foe_card.display_name(ctx.lang), (side_f,))
    _schematic(surface, ctx, fit, hero, hero_card, hero_card.display_name(ctx.lang), (side_h,))
    _numbers(surface, ctx, fit, foe, side_f)
    _numbers(surface, ctx, fit, hero, side_h)
    for i, j in pairs:
        a = fit.px(_slot_centre(hero, side_h, i))
        b = fit.px(_slot_centre(foe, side_f, j))
        pygame.draw.line(surface, MARK, a, b, max(2, ctx.px(3)))
        pygame.draw.circle(surface, MARK, a, max(2, ctx.px(4)))
        pygame.draw.circle(surface, MARK, b, max(2, ctx.px(4)))
    top = fit.px((0.0, -CARD_SIZE[1] / 2 - 2.0))
    caption_w = pic.w // 2 - ctx.px(4)
    for text, x in ((i18n.t("helpconan.fs_foe"), fit.px(foe.center)[0]),
                    (i18n.t("helpconan.fs_hero"), fit.px(hero.center)[0])):
        box = pygame.Rect(0, 0, caption_w, ctx.px(26))
        box.midbottom = (x, top[1])
        box.clamp_ip(rect)
        label(ctx, surface, text, box, 14, MARK, bold=True, max_lines=1)
    pairs_text = ", ".join(f"{i}–{j}" for i, j in pairs)
    legend = pygame.Rect(pic.right + ctx.px(16), rect.y + ctx.px(8),
                         rect.right - pic.right - ctx.px(24), rect.h - ctx.px(16))
    _legend(surface, ctx, legend, [
        (None, i18n.t("helpconan.fs_turned")),
        (None, i18n.t("helpconan.fs_pairs", pairs=pairs_text)),
        (None, i18n.t("helpconan.fs_geometry")),
    ])


# ------------------------------------------------------------------------ icon table

#: Columns of the blocking table: the icon facing the attack ("" = an empty slot).
_DEFENCES: tuple[str, ...] = ("", *ICONS)


def _icon_name(icon: str) -> str:
    return i18n.t(f"conanui.icon.{icon}") if icon else i18n.t("helpconan.empty_slot")


def _mark(surface: pygame.Surface, ctx: DiagramContext, box: pygame.Rect, result: str) -> None:
    """Hit: a green disc; blocked: a grey bar; glancing: an orange disc with "1"."""
    r = max(4, min(min(box.w, box.h) // 3, ctx.px(11)))
    c = box.center
    if result == BLOCKED:
        pygame.draw.rect(surface, BLOCK_COLOUR, pygame.Rect(c[0] - r, c[1] - max(2, r // 3),
                                                            2 * r, max(4, 2 * r // 3)),
                         border_radius=2)
    elif result == GLANCING:
        pygame.draw.circle(surface, GLANCE_COLOUR, c, r)
        label(ctx, surface, "1", pygame.Rect(c[0] - r, c[1] - r, 2 * r, 2 * r), 13,
              (40, 20, 0), bold=True, max_lines=1)
    else:
        pygame.draw.circle(surface, HIT_COLOUR, c, r)


@diagram("conan", "icon_table", aspect=0.5)
def icon_table(surface: pygame.Surface, rect: pygame.Rect, ctx: DiagramContext) -> None:
    """Rows: the attack icons; columns: the icon facing them; each cell what
    :func:`~tabletop.games.conan.icons.outcome` answers (CONAN-R14)."""
    attacks = [i for i in ICONS if i in ATTACK_ICONS]
    legend_h = ctx.px(34)
    head_w = min(rect.w // 5, ctx.px(150))
    grid = pygame.Rect(rect.x + head_w, rect.y, rect.w - head_w, rect.h - legend_h)
    col_w = grid.w // len(_DEFENCES)
    head_h = min(grid.h // 3, ctx.px(70))
    row_h = (grid.h - head_h) // len(attacks)
    label(ctx, surface, i18n.t("helpconan.it_corner"), pygame.Rect(rect.x, rect.y, head_w,
          head_h), 13, MUTED, max_lines=3)
    chip = min(ctx.px(24), col_w // 2, row_h - ctx.px(4))
    for k, icon in enumerate(_DEFENCES):
        cell = pygame.Rect(grid.x + k * col_w, rect.y, col_w, head_h)
        if icon:
            _icon_chip(surface, ctx, pygame.Rect(cell.centerx - chip // 2, cell.y, chip, chip),
                       icon)
        label(ctx, surface, _icon_name(icon), pygame.Rect(cell.x + 1, cell.y + chip + 2,
              cell.w - 2, cell.h - chip - 2), 13, INK, max_lines=2)
    for r, attack in enumerate(attacks):
        y = grid.y + head_h + r * row_h
        if r % 2 == 0:
            pygame.draw.rect(surface, (38, 56, 48), (rect.x, y, rect.w, row_h))
        _icon_chip(surface, ctx, pygame.Rect(rect.x + ctx.px(4), y + (row_h - chip) // 2, chip,
                                             chip), attack)
        label(ctx, surface, _icon_name(attack), pygame.Rect(rect.x + chip + ctx.px(10), y,
              head_w - chip - ctx.px(12), row_h), 14, INK, max_lines=2, align="left")
        for k, defence in enumerate(_DEFENCES):
            cell = pygame.Rect(grid.x + k * col_w, y, col_w, row_h)
            _mark(surface, ctx, cell.inflate(-ctx.px(8), -ctx.px(8)), outcome(attack, defence))
    pygame.draw.line(surface, MUTED, (grid.x, grid.y + head_h - 2), (grid.right, grid.y +
                     head_h - 2), 1)
    # the legend: one sample of each mark and its words
    y = rect.bottom - legend_h + ctx.px(6)
    x = rect.x
    third = rect.w // 3
    for result, key in (("hit", "helpconan.it_hit"), (BLOCKED, "helpconan.it_blocked"),
                        (GLANCING, "helpconan.it_glancing")):
        box = pygame.Rect(x, y, legend_h - ctx.px(8), legend_h - ctx.px(8))
        _mark(surface, ctx, box, result)
        label(ctx, surface, i18n.t(key), pygame.Rect(box.right + ctx.px(6), y - ctx.px(2),
              third - box.w - ctx.px(10), legend_h - ctx.px(4)), 14, INK, max_lines=2,
              align="left")
        x += third


# ------------------------------------------------------------------------ damage


def _side_result(cards: Any, hero_id: str, foe_id: str) -> tuple[Any, list[str], list[str],
                                                                 str, str, list[tuple[int, int]]]:
    """Conan's ``hero_id`` against a Foe's ``foe_id`` placed as on the table (:func:`_pair`):
    the result of the hero's touching side (CONAN-R14, R15), both sides' slots, the
    sides and the facing pairs."""
    _foe, _hero, side_h, side_f, pairs = _pair()
    hero_card, foe_card = cards[hero_id], cards[foe_id]
    attack = list(hero_card.get(side_h) or [""] * SLOTS)
    defence = list(foe_card.get(side_f) or [""] * SLOTS)
    result = evaluate_side(attack, hero_card.get(f"{side_h}_multi") or [], False, defence,
                           dict(pairs))
    return result, attack, defence, side_h, side_f, pairs


@diagram("conan", "damage_formula", aspect=0.6)
def damage_formula(surface: pygame.Surface, rect: pygame.Rect, ctx: DiagramContext) -> None:
    """CONAN-R15: damage = damage number + (S - 1) + G as boxes, over a worked example:
    Conan's Roundhouse Kick against a Foe's Shield Block (sides, facing slots and
    results from the geometry and :mod:`~tabletop.games.conan.icons`), and a second
    one, Cleave against Shield Block, for a glancing hit."""
    cards = ctx.rules.cards
    hero_id, foe_id = "move_roundhouse", "move_shield_block"
    result, attack, defence, side_h, side_f, pairs = _side_result(cards, hero_id, foe_id)
    glance, *_ = _side_result(cards, "move_cleave", foe_id)
    printed = int(cards["conan_wanderer"].get("damage", 0))
    total = result.damage(printed)
    # top: the formula, this example's numbers in it
    boxes = [
        (i18n.t("helpconan.df_printed"), str(printed)),
        (i18n.t("helpconan.df_s"), str(max(0, result.successes - 1))),
        (i18n.t("helpconan.df_g"), str(result.glancing)),
        (i18n.t("helpconan.df_total"), str(total)),
    ]
    title = label(ctx, surface, i18n.t("helpconan.df_title"), pygame.Rect(
        rect.x, rect.y, rect.w, ctx.px(28)), 16, INK, bold=True, max_lines=1, align="left")
    y = (title.bottom if title is not None else rect.y) + ctx.px(8)
    op_w = ctx.px(30)
    box_w = (rect.w - 3 * op_w) // 4
    box_h = ctx.px(92)
    x = rect.x
    for k, (words, number) in enumerate(boxes):
        box = pygame.Rect(x, y, box_w, box_h)
        pygame.draw.rect(surface, (46, 64, 56), box, border_radius=ctx.px(6))
        pygame.draw.rect(surface, MARK if k == 3 else MUTED, box, 1, border_radius=ctx.px(6))
        label(ctx, surface, number, pygame.Rect(box.x, box.y + ctx.px(4), box.w, ctx.px(36)),
              28, MARK, bold=True, max_lines=1)
        label(ctx, surface, words, pygame.Rect(box.x + 4, box.y + ctx.px(42), box.w - 8,
              box.h - ctx.px(44)), 14, INK, max_lines=2)
        x = box.right
        if k < 3:
            label(ctx, surface, "=" if k == 2 else "+", pygame.Rect(x, y, op_w, box_h), 24,
                  INK, bold=True, max_lines=1)
            x += op_w
    top = y + box_h + ctx.px(14)
    # below left: the two cards drawn apart, each attack icon's result between them
    foe_real, hero, *_ = _pair()
    foe = _apart(foe_real, -_APART_MM)
    pic = pygame.Rect(rect.x, top, rect.w * 45 // 100, rect.bottom - top)
    fit = _Fit(_bounds([foe, hero], 4.0), pic.inflate(-ctx.px(4), -ctx.px(4)), top=True)
    foe_card, hero_card = cards[foe_id], cards[hero_id]
    _schematic(surface, ctx, fit, foe, foe_card, foe_card.display_name(ctx.lang), (side_f,))
    _schematic(surface, ctx, fit, hero, hero_card, hero_card.display_name(ctx.lang), (side_h,))
    for i, j in pairs:
        a = fit.px(_slot_centre(hero, side_h, i))
        b = fit.px(_slot_centre(foe, side_f, j))
        if attack[i] in ATTACK_ICONS:
            pygame.draw.line(surface, MUTED, a, b, 1)
            r = max(ctx.floor // 2 + 3, ctx.px(10))
            mid = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
            _mark(surface, ctx, pygame.Rect(mid[0] - r, mid[1] - r, 2 * r, 2 * r),
                  outcome(attack[i], defence[j]))
    # below right: the example in words, the other cases, the marks
    area = pygame.Rect(pic.right + ctx.px(16), top, rect.right - pic.right - ctx.px(16),
                       rect.bottom - top)
    nb = "\u00a0"  # the sum stays on one line
    formula = nb.join(str(x) for x in (printed, "+", result.successes, "-", 1, "+",
                                        result.glancing, "=", total))
    _legend(surface, ctx, area, [
        (None, i18n.t("helpconan.df_example", attacker=hero_card.display_name(ctx.lang),
                      defender=foe_card.display_name(ctx.lang), s=result.successes,
                      g=result.glancing, formula=formula)),
        (None, i18n.t("helpconan.df_glance", attacker=cards["move_cleave"].display_name(
            ctx.lang), defender=foe_card.display_name(ctx.lang), g=glance.glancing,
            total=glance.damage(printed))),
        (None, i18n.t("helpconan.df_rules")),
    ])
    legend_y = rect.bottom - ctx.px(26)
    third = area.w // 3
    for k, (res, key) in enumerate((("hit", "helpconan.it_hit"),
                                    (BLOCKED, "helpconan.it_blocked"),
                                    (GLANCING, "helpconan.it_glancing_short"))):
        box = pygame.Rect(area.x + k * third, legend_y, ctx.px(22), ctx.px(22))
        _mark(surface, ctx, box, res)
        label(ctx, surface, i18n.t(key), pygame.Rect(box.right + ctx.px(4), legend_y,
              third - box.w - ctx.px(6), ctx.px(24)), 14, INK, max_lines=1, align="left")

"""The fight preview drawn on the Conan battlefield (issue 12 §7; CONAN-R14, R15).

While a Conan/Ally Move is dragged over a lit place, and for the viewer's own placed
Moves before the fight, :mod:`tabletop.games.conan.preview` says pair by pair of
facing icon slots what would happen. This module draws it:

* **marks** at each pair of facing slots, beside the icons: just inside the card
  struck, past its slot band, never over an icon (QA: on the battlefield the marks hid
  the icons they were about). What lands on the Foe's card is the previewed Move's
  attack, what lands on the previewed card is the Foe Move's attack. A filled triangle
  pointing into the card struck: a hit (red); a bar: blocked (blue); a hollow
  triangle: glancing (orange), the playback's colours. Sized from the card's slot
  band, never under :data:`MIN_MARK_PX`.
* a **box** of words while dragging (text never under 12 px at 1280x720): the card
  and who would play it, each pair in words ("Blade vs Blade: your Blade is blocked ·
  you block their Blade"), the damage either way, the rules cited, and a legend of
  the marks; a face-down Foe Move only says that it lies face down. It lies beside
  the place, clear of the place, the Foe Moves it touches and the carried card.

:func:`preview_lines` gives the same words for the hover panel of a placed Move.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from tabletop.games.conan import battlefield as bf
from tabletop.games.conan import moves
from tabletop.games.conan.playback import Outcome
from tabletop.games.conan.preview import (
    PREVIEW_PHASES,
    PairMark,
    SidePreview,
    placed_previews,
    preview_at,
)
from tabletop.games.conan.zones import CONAN_ZONE, FOE_ZONES, MOVES_ZONE
from tabletop.geometry import Placed
from tabletop.i18n import t
from tabletop.ui.games import conan_drag as cd
from tabletop.ui.games.conan_cards import SLOT_BAND, slot_rect

if TYPE_CHECKING:
    from tabletop.core.cards import CardDb
    from tabletop.core.model import GameState
    from tabletop.core.view import CardView
    from tabletop.ui.context import TableContext

__all__ = ["MARK_COLOUR", "MIN_MARK_PX", "DragPreview", "PreviewBox", "char_name", "draw_box",
           "draw_mark", "draw_marks", "icon_name", "pair_text", "preview_lines"]

#: Outcome colours (the playback's): hit red, blocked blue, glancing orange.
MARK_COLOUR: dict[Outcome, tuple[int, int, int]] = {
    Outcome.HIT: (235, 60, 48), Outcome.BLOCKED: (90, 160, 255),
    Outcome.GLANCING: (255, 160, 40)}
#: A mark's half size is never below this (pixels): legible at 1280x720.
MIN_MARK_PX = 4
#: Text of the box: this many pixels at scale 1, never under 12.
TEXT_PX = 13
_INK = (236, 232, 220)
_DIM = (190, 186, 176)
_EDGE = (196, 160, 80)
_BACK = (18, 14, 12, 236)


# ------------------------------------------------------------------------ words


def icon_name(icon: str) -> str:
    """An icon's name as a sentence may begin with it ("Blade"; "empty" slot named)."""
    name = t(f"conanui.icon.{icon}") if icon else t("conanfight.empty")
    return name[:1].upper() + name[1:]  # a sentence may begin with it


def pair_text(pair: PairMark) -> str:
    """One pair in words: "Blade vs Blade: your Blade is blocked · you block their
    Blade" (the previewed Move's icon first)."""
    parts = []
    if pair.mine is not None:
        if pair.multi and pair.mine == Outcome.BLOCKED:
            parts.append(t("conanfight.mine.multi_blocked"))
        elif pair.multi and pair.mine == Outcome.GLANCING:
            parts.append(t("conanfight.mine.multi_glancing"))
        else:
            parts.append(t(f"conanfight.mine.{pair.mine}", icon=icon_name(pair.icon)))
    if pair.theirs is not None:
        parts.append(t(f"conanfight.theirs.{pair.theirs}", icon=icon_name(pair.facing_icon)))
    result = " · ".join(parts) if parts else "-"
    return t("conanfight.pair", mine=icon_name(pair.icon), theirs=icon_name(pair.facing_icon),
             result=result)


def char_name(state: GameState, db: CardDb, iid: int, lang: str) -> str:
    """A character's name in words: "Conan" for a Conan card, else its card name."""
    card = db[state.cards[iid].card_id]
    return t("conanui.type.conan") if card.type == "conan" else card.display_name(lang)


def preview_lines(state: GameState, db: CardDb, sides: Sequence[SidePreview], who: int,
                  lang: str) -> list[tuple[str, str]]:
    """The preview in words, (kind, text) per line: ``face_down``, ``against`` (a
    heading per Foe Move), ``pair``, ``damage``, ``rules``. From the preview only (the
    viewer's known facts) and public names (the Foes, the character)."""
    out: list[tuple[str, str]] = []
    for side in sides:
        foe = char_name(state, db, side.foe, lang)
        if not side.known:
            out.append(("face_down", t("conanfight.face_down", foe=foe)))
            continue
        move = db[state.cards[side.foe_card].card_id].display_name(lang)
        out.append(("against", t("conanfight.against", foe=foe, card=move)))
        # a pair where neither icon attacks (a Shield against an empty slot) says nothing
        pairs = [p for p in side.pairs if p.mine is not None or p.theirs is not None]
        if not pairs:
            out.append(("pair", t("conanfight.no_icons")))
        out += [("pair", pair_text(p)) for p in pairs]
        out.append(("damage", t("conanfight.deal_take", who=char_name(state, db, who, lang),
                                deal=side.deal, take=side.take)))
    if any(s.known for s in sides):
        out.append(("rules", t("conanfight.rules")))
    return out


# ------------------------------------------------------------------------ marks


def slot_px(scene: TableContext, placed: Placed, side: str, slot: int) -> tuple[float, float]:
    """The pixel centre of icon slot ``slot`` of ``side`` of a card lying at ``placed``."""
    x, y, w, h = slot_rect(side, slot)
    cw, ch = placed.size
    local = ((x + w / 2 - 0.5) * cw, (y + h / 2 - 0.5) * ch)
    return scene.viewport.to_px(*placed.to_table(local))


def mark_size(scene: TableContext) -> int:
    """A mark's half size in pixels: about 0.4 of a slot's pitch on the battlefield."""
    pitch = bf.CARD_H * (1.0 - 0.12) / 5.0 * scene.viewport.scale
    return max(MIN_MARK_PX, round(pitch * 0.5))


def draw_mark(surface: pygame.Surface, outcome: Outcome, at: tuple[float, float],
              toward: tuple[float, float], r: int) -> pygame.Rect:
    """One mark centred on ``at``, pointing along unit vector ``toward`` (at the card
    struck): hit a filled triangle, glancing a hollow one, blocked a bar across.
    Returns the pixels it covers (its bounding box)."""
    colour = MARK_COLOUR[outcome]
    dx, dy = toward
    px, py = -dy, dx
    cx, cy = at
    dark = (14, 10, 8)
    if outcome == Outcome.BLOCKED:
        a, b = r * 0.4, r * 0.8
        pts = [(cx + dx * a + px * b, cy + dy * a + py * b),
               (cx - dx * a + px * b, cy - dy * a + py * b),
               (cx - dx * a - px * b, cy - dy * a - py * b),
               (cx + dx * a - px * b, cy + dy * a - py * b)]
        pygame.draw.polygon(surface, dark, _grow(pts, (cx, cy), 1.5))
        pygame.draw.polygon(surface, colour, pts)
        return _bounds(_grow(pts, (cx, cy), 1.5))
    tip = (cx + dx * r, cy + dy * r)
    base = (cx - dx * r * 0.8, cy - dy * r * 0.8)
    pts = [tip, (base[0] + px * r * 0.9, base[1] + py * r * 0.9),
           (base[0] - px * r * 0.9, base[1] - py * r * 0.9)]
    pygame.draw.polygon(surface, dark, _grow(pts, (cx, cy), 1.5))
    if outcome == Outcome.HIT:
        pygame.draw.polygon(surface, colour, pts)
    else:
        pygame.draw.polygon(surface, dark, pts)
        pygame.draw.polygon(surface, colour, pts, max(2, r // 3))
    return _bounds(_grow(pts, (cx, cy), 1.5))


def _bounds(pts: list[tuple[float, float]]) -> pygame.Rect:
    """The pixel box round ``pts``."""
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    left, top = math.floor(min(xs)), math.floor(min(ys))
    return pygame.Rect(left, top, math.ceil(max(xs)) - left + 1, math.ceil(max(ys)) - top + 1)


def _grow(pts: list[tuple[float, float]], centre: tuple[float, float], by: float
          ) -> list[tuple[float, float]]:
    """``pts`` pushed ``by`` pixels away from ``centre`` (a dark rim for contrast)."""
    out = []
    for x, y in pts:
        d = math.hypot(x - centre[0], y - centre[1]) or 1.0
        out.append((x + (x - centre[0]) / d * by, y + (y - centre[1]) / d * by))
    return out


def draw_marks(scene: TableContext, surface: pygame.Surface, shape: Placed,
               sides: Sequence[SidePreview]) -> list[pygame.Rect]:
    """The marks of ``sides`` for a Move lying (or about to lie) at ``shape``; returns
    the pixels each covers. Each lies beside the struck icon, just inside the struck
    card past its slot band, never over an icon (QA: on a Move about 47 px wide at
    1280x720 the marks hid the icons they were about)."""
    records = {r.card: r for r in bf.moves(scene.game.state)}
    band = SLOT_BAND * bf.CARD_W * scene.viewport.scale
    r = min(mark_size(scene), max(MIN_MARK_PX, round(band * 0.4)))
    drawn: list[pygame.Rect] = []
    for side in sides:
        rec = records.get(side.foe_card)
        if rec is None or not side.known:
            continue
        foe_shape = bf.move_shape(rec)
        for pair in side.pairs:
            a = slot_px(scene, shape, side.side, pair.slot)
            b = slot_px(scene, foe_shape, side.foe_side, pair.facing)
            d = math.hypot(b[0] - a[0], b[1] - a[1]) or 1.0
            ux, uy = (b[0] - a[0]) / d, (b[1] - a[1]) / d
            seam = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            for outcome, sign in ((pair.mine, 1.0), (pair.theirs, -1.0)):
                if outcome is None:  # mine lands on the Foe's card, theirs on this one
                    continue
                # the mark's back edge (a triangle's base, a bar's side) past the band
                off = band + 2.5 + (0.4 if outcome == Outcome.BLOCKED else 0.8) * r
                drawn.append(draw_mark(surface, outcome, (seam[0] + sign * ux * off,
                                                          seam[1] + sign * uy * off),
                                       (sign * ux, sign * uy), r))
    return drawn


# ------------------------------------------------------------------------ box


@dataclass
class PreviewBox:
    """Where the last box was drawn (tests read it): its rectangle and its lines."""

    rect: pygame.Rect | None = None
    lines: tuple[str, ...] = ()
    text_px: int = 0


def _place_box(area: pygame.Rect, size: tuple[int, int], avoid: pygame.Rect,
               soft: Sequence[pygame.Rect], gap: int) -> pygame.Rect:
    """Beside ``avoid`` inside ``area`` (below, above, right or left of it, centred or
    flush with one of its edges; else in a corner of ``area``): the place overlapping
    ``avoid`` least, then the ``soft`` rectangles (cards better left in sight) least,
    then the first tried."""
    w, h = size
    starts: list[tuple[int, int]] = []
    for x in (avoid.centerx - w // 2, avoid.left, avoid.right - w):
        starts += [(x, avoid.bottom + gap), (x, avoid.top - gap - h)]
    for y in (avoid.centery - h // 2, avoid.top, avoid.bottom - h):
        starts += [(avoid.right + gap, y), (avoid.left - gap - w, y)]
    inner = area.inflate(-2 * gap, -2 * gap)
    starts += [(inner.left, inner.top), (inner.right - w, inner.top),
               (inner.left, inner.bottom - h), (inner.right - w, inner.bottom - h)]

    def cost(n: int) -> tuple[int, int, int]:
        trial = pygame.Rect(starts[n], size).clamp(area)
        hard = trial.clip(avoid)
        covered = sum(r.w * r.h for r in (trial.clip(s) for s in soft))
        return (hard.w * hard.h, covered, n)

    best = min(range(len(starts)), key=cost)
    return pygame.Rect(starts[best], size).clamp(area)


def draw_box(scene: TableContext, surface: pygame.Surface, title: str,
             lines: Sequence[tuple[str, str]], avoid: pygame.Rect,
             soft: Sequence[pygame.Rect] = (), lines_legend: bool = False) -> PreviewBox:
    """The words of a preview in a dark box beside ``avoid`` (pixels), best clear of
    ``soft`` too, with a legend of the marks when a pair is shown (``lines_legend``: of
    the playback's coloured lines instead); returns where it went."""
    area = pygame.Rect(scene.viewport.area)
    scale = scene.scale
    size = max(12, round(TEXT_PX * scale))
    width = min(area.w - 20, max(round(360 * scale), 260))
    pad = max(6, round(8 * scale))
    wrap = width - 2 * pad
    gap = max(6, round(8 * scale))

    def row(kind: str, text: str) -> pygame.Surface:
        colour = _DIM if kind == "rules" else (255, 214, 160) if kind == "against" else _INK
        return scene.text.get(text, size, colour, kind in ("against", "damage"), wrap)

    legend = any(kind == "pair" for kind, _ in lines)
    legend_h = size + 6 if legend else 0
    rows = [scene.text.get(title, size + 1, (255, 236, 150), True, wrap)]
    rules = [row(k, x) for k, x in lines if k == "rules"]
    room = area.h - 2 * gap - 2 * pad - legend_h - sum(r.get_height() + 2 for r in rules)
    used = rows[0].get_height() + 2
    body = [(k, x) for k, x in lines if k != "rules"]
    for n, (kind, text) in enumerate(body):
        surf = row(kind, text)
        if used + surf.get_height() + 2 > room - (size + 6):  # room for the "more" line
            left = sum(1 for k, _ in body[n:] if k == "pair")
            more = row("rules", t("conanfight.more", n=left))
            if used + more.get_height() + 2 <= room:
                rows.append(more)
            break
        rows.append(surf)
        used += surf.get_height() + 2
    rows += rules
    h = sum(r.get_height() + 2 for r in rows) + 2 * pad + legend_h
    box = _place_box(area, (width, h), avoid, soft, gap)
    back = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(back, _BACK, back.get_rect(), border_radius=8)
    surface.blit(back, box)
    pygame.draw.rect(surface, _EDGE, box, 2, border_radius=8)
    y = box.y + pad
    for surf in rows:
        surface.blit(surf, (box.x + pad, y))
        y += surf.get_height() + 2
    if legend:
        x = box.x + pad
        r = max(MIN_MARK_PX + 1, size // 2 - 1)
        mid = round(y + legend_h / 2)
        for outcome in (Outcome.HIT, Outcome.BLOCKED, Outcome.GLANCING):
            if lines_legend:
                pygame.draw.line(surface, MARK_COLOUR[outcome], (x, mid), (x + 2 * r, mid),
                                 max(2, r // 2))
            else:
                draw_mark(surface, outcome, (x + r, y + legend_h / 2), (1.0, 0.0), r)
            label = scene.text.get(t(f"conanfight.legend_{outcome}"), size, _INK)
            surface.blit(label, label.get_rect(midleft=(x + 2 * r + 4, round(y + legend_h / 2))))
            x += 2 * r + 4 + label.get_width() + 3 * pad
    return PreviewBox(box, (title, *(text for _, text in lines)), size)


# ------------------------------------------------------------------------ the window's part


def _shape_rect(scene: TableContext, shape: Placed) -> pygame.Rect:
    pts = [scene.viewport.to_px(*c) for c in shape.corners()]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return pygame.Rect(round(min(xs)), round(min(ys)), round(max(xs) - min(xs)),
                       round(max(ys) - min(ys)))


def _who(state: GameState, db: CardDb, seat: int, key: str) -> int | None:
    """Who would play a Move at place ``key``: Conan when he may, else the first Ally
    who may (the drop's dialog lets the player choose; the preview says whom it
    assumes)."""
    for who in moves.characters(state, db, seat):
        if any(t_.named(key) for t_ in moves.legal_targets(state, db, seat, who)):
            return who
    return None


@dataclass
class DragPreview:
    """The window's fight preview: :meth:`draw_drag` over a dragged Move (marks and the
    box), :meth:`draw_placed` for the viewer's placed Moves (marks), :meth:`placed_words`
    for the hover panel. ``box``: the last box drawn (tests read it)."""

    box: PreviewBox = field(default_factory=PreviewBox)
    #: The pixels of each mark :meth:`draw_placed` drew last (tests).
    placed_marks: list[pygame.Rect] = field(default_factory=list)
    _who_cache: dict[tuple[int, int, str], int | None] = field(default_factory=dict)

    def draw_drag(self, scene: TableContext, surface: pygame.Surface,
                  plan: cd.DropPlan | None) -> None:
        """Marks and words for the place the dragged Move would snap to now."""
        self.box = PreviewBox()
        drag = scene.drag
        if drag is None or plan is None or plan.kind != cd.MOVE or plan.iid != drag.iid \
                or not drag.moved:
            return
        sprite = scene.by_iid.get(drag.iid)
        card_id = sprite.card.card_id if sprite is not None else None
        centre = drag.card_centre_mm(scene.viewport.to_mm(*drag.pos_px))
        key = cd.snap_key(cd.dragged_shape(centre), plan.shapes)
        target = plan.targets.get(key) if key is not None else None
        if card_id is None or target is None:
            return
        state, db, seat = scene.game.state, scene.rules.cards, scene.viewer
        cache_key = (len(scene.game.history), plan.iid, target.id)
        if cache_key not in self._who_cache:
            self._who_cache = {cache_key: _who(state, db, seat, target.id)}
        who = self._who_cache[cache_key]
        if who is None:
            return
        sides = preview_at(state, scene.view, db, card_id, who, target.shape, target.zone)
        draw_marks(scene, surface, target.shape, sides)
        avoid = _shape_rect(scene, target.shape)
        records = {r.card: r for r in bf.moves(state)}
        for side in sides:
            rec = records.get(side.foe_card)
            if rec is not None:
                avoid.union_ip(_shape_rect(scene, bf.move_shape(rec)))
        grab = scene.grab_px
        avoid.union_ip(pygame.Rect((drag.pos_px[0] - grab[0], drag.pos_px[1] - grab[1]),
                                   scene.card_px))
        lang = scene.lang
        title = t("conanfight.title", card=db[card_id].display_name(lang),
                  who=char_name(state, db, who, lang))
        soft = [_shape_rect(scene, shape) for shape in plan.shapes.values()]
        for sprite in scene.sprites:  # the battlefield and the hand stay in sight
            if sprite.zone in (CONAN_ZONE, MOVES_ZONE, *FOE_ZONES) or \
                    sprite.zone == f"p{seat}.hand":
                grown = 1.0 if sprite.zone in (MOVES_ZONE, f"p{seat}.hand") else 1.6
                soft.append(sprite.rect.inflate(round(sprite.rect.w * (grown - 1)),
                                                round(sprite.rect.h * (grown - 1))))
        self.box = draw_box(scene, surface, title,
                            preview_lines(state, db, sides, who, lang), avoid, soft)

    def draw_placed(self, scene: TableContext, surface: pygame.Surface) -> None:
        """Marks for each of the viewer's own Moves lying beside a Foe Move whose face
        the viewer sees (before the fight: :data:`PREVIEW_PHASES`)."""
        state = scene.game.state
        self.placed_marks = []
        if state.phase not in PREVIEW_PHASES or state.active != scene.viewer:
            return
        records = {r.card: r for r in bf.moves(state)}
        for card, sides in placed_previews(state, scene.view, scene.rules.cards,
                                           scene.viewer).items():
            self.placed_marks += draw_marks(scene, surface, bf.move_shape(records[card]),
                                            sides)

    def placed_words(self, scene: TableContext, view: CardView) -> list[str]:
        """The preview in words for a hovered own placed Move (the hover panel)."""
        state = scene.game.state
        if view.hidden or state.phase not in PREVIEW_PHASES:
            return []
        sides = placed_previews(state, scene.view, scene.rules.cards, scene.viewer)
        if view.iid not in sides:
            return []
        rec = next(r for r in bf.moves(state) if r.card == view.iid)
        lang = scene.lang
        db = scene.rules.cards
        head = t("conanfight.title_placed", card=db[view.card_id or ""].display_name(lang),
                 who=char_name(state, db, rec.by, lang))
        return [head, *(text for _, text in preview_lines(state, db, sides[view.iid],
                                                          rec.by, lang))]

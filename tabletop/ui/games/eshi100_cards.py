"""絵師100人展 card faces, backs, damaged cards and connector badges (no images).

A face (:meth:`EshiCardRenderer.draw_face`, upright, from the card's data):

* a frame in the icon's colour (attack red, defence blue);
* four corner squares holding the printed connectors in the card's own frame
  (ESHI-R3): a triangle pointing to the card's top ("up"), to its bottom
  ("down"), both ("both") or nothing ("none");
* the number (``EX-04``) between the top corners, the name in a band under it
  (two lines when long), the action icon (a sword or a shield) and the power as a
  big number in the middle, the connect cost in a chain-link chip between the
  bottom corners; at full detail (the hover view) the printed text of a card with
  abilities (issue 15) in a box under the power. Every text goes through the shared
  fitting function; the name
  flows across the card in up to three lines, whole words first, a word split
  (hyphenated, or between Japanese characters) only when nothing else fits.

On the table the window lays a :meth:`~EshiCardRenderer.badge` over each corner
that holds a connector, turned with the card so it says whose it is *on screen*:
a chevron pointing up in the viewer's seat colour (the viewer may use it) and/or
a dim chevron pointing down (only the other player may). A damaged card
(face down, ESHI-H1) is drawn by :meth:`~EshiCardRenderer.damaged`: a back with a
"Damaged" ribbon plus its name and power in small print (both players know its
face), and no connectors.
"""

from __future__ import annotations

import zlib
from collections.abc import Mapping
from typing import Any

import pygame

from tabletop.geometry import CORNERS, Corner
from tabletop.i18n import t
from tabletop.ui.card_render import FULL, CardRenderer, FaceText, FontSource, patterned_back
from tabletop.ui.surface_cache import SurfaceCache

__all__ = ["CORNER_SHARE", "DIM", "ICON_COLOURS", "SEAT_COLOURS", "EshiCardRenderer",
           "corner_rect", "effect_words", "screen_corner"]

#: Frame colour of each action icon.
ICON_COLOURS: dict[str, tuple[int, int, int]] = {
    "attack": (178, 52, 44),
    "defense": (40, 98, 164),
}
#: Each seat's colour for the connectors it may use (bright on a dark badge).
SEAT_COLOURS: dict[int, tuple[int, int, int]] = {0: (80, 215, 255), 1: (255, 176, 60)}
#: A connector only the other player may use.
DIM = (120, 124, 134)
#: A corner square's side as a share of the card's width.
CORNER_SHARE = 0.24

_INK = (30, 28, 26)
_BODY = (242, 236, 222)
_CORNER = (226, 218, 198)
_WHITE = (255, 255, 255)
_COST = (104, 70, 150)
_BACK = (36, 30, 52)
_BACK_EDGE = (206, 170, 92)
_BADGE = (22, 24, 30)


def corner_rect(corner: Corner, w: int, h: int) -> pygame.Rect:
    """The corner square of ``corner`` on an upright card of ``w`` x ``h`` pixels."""
    c = max(6, round(w * CORNER_SHARE))
    x = 0 if corner.endswith("left") else w - c
    y = 0 if corner.startswith("top") else h - c
    return pygame.Rect(x, y, c, c)


def screen_corner(corner: Corner, turn: float) -> Corner:
    """Where a card's own ``corner`` appears on screen when the card is drawn turned
    ``turn`` degrees (multiples of 90; counter-clockwise)."""
    quarter = round((turn % 360.0) / 90.0) % 4
    # CORNERS run clockwise; a counter-clockwise quarter turn moves each corner one
    # step back along that list (top_left -> bottom_left).
    return CORNERS[(CORNERS.index(corner) - quarter) % 4]


def _triangle(surf: pygame.Surface, rect: pygame.Rect, up: bool, colour: Any,
              filled: bool = True) -> None:
    """A triangle (chevron when not filled) pointing up or down inside ``rect``."""
    cx = rect.centerx
    half = rect.w * 0.36
    top, bottom = rect.y + rect.h * 0.2, rect.bottom - rect.h * 0.2
    tip, base = (top, bottom) if up else (bottom, top)
    points = [(cx, tip), (cx + half, base), (cx - half, base)]
    if filled:
        pygame.draw.polygon(surf, colour, points)
    else:
        pygame.draw.lines(surf, colour, False, [points[2], points[0], points[1]],
                          max(2, rect.w // 6))


def _sword(surf: pygame.Surface, centre: tuple[int, int], r: int, colour: Any) -> None:
    cx, cy = centre
    blade = max(2, r // 4)
    pygame.draw.polygon(surf, colour, [(cx, cy - r), (cx + blade, cy - r + blade),
                                       (cx + blade, cy + r // 3), (cx - blade, cy + r // 3),
                                       (cx - blade, cy - r + blade)])
    guard = pygame.Rect(0, 0, r + r // 3, max(2, r // 5))
    guard.center = (cx, cy + r // 3 + guard.h // 2)
    pygame.draw.rect(surf, colour, guard, border_radius=max(1, guard.h // 2))
    grip = pygame.Rect(0, 0, max(2, r // 4), r // 2)
    grip.midtop = guard.midbottom
    pygame.draw.rect(surf, colour, grip)


def _shield(surf: pygame.Surface, centre: tuple[int, int], r: int, colour: Any) -> None:
    cx, cy = centre
    pygame.draw.polygon(surf, colour, [(cx - r * 0.8, cy - r * 0.8), (cx + r * 0.8, cy - r * 0.8),
                                       (cx + r * 0.8, cy), (cx, cy + r),
                                       (cx - r * 0.8, cy)])
    pygame.draw.line(surf, _BODY, (cx, cy - r * 0.6), (cx, cy + r * 0.6), max(1, r // 6))


def _link(surf: pygame.Surface, rect: pygame.Rect, colour: Any) -> None:
    """Two interlocked rings: the chain-link glyph of the connect cost."""
    r = max(2, rect.h // 3)
    width = max(1, r // 3)
    pygame.draw.circle(surf, colour, (rect.x + r + 1, rect.centery), r, width)
    pygame.draw.circle(surf, colour, (rect.x + 2 * r, rect.centery), r, width)


def effect_words(card: Any, lang: str) -> list[str]:
    """Every effect of a 絵師100人展 card in words, for the hover (issue 12 §7) beyond
    the plugin's explain lines (number and action icon, connect cost, power,
    connectors): its printed text (its abilities, issue 15), then its use from the hand
    (hand boost, ESHI-R5)."""
    text = card.text.get(lang) or card.text.get("en") if getattr(card, "text", None) else ""
    return ([text] if text else []) + [t("hover.eshi100.hand_boost")]


class EshiCardRenderer(CardRenderer):
    """絵師100人展 faces and backs, plus damaged cards and corner badges (cached)."""

    def effect_words(self, card: Any, lang: str) -> list[str]:
        """Every effect of the card in words (the hover; :func:`effect_words`)."""
        return effect_words(card, lang)

    def __init__(self, fonts: FontSource, cards: Mapping[str, Any]) -> None:
        super().__init__(fonts, cards)
        self._extra: SurfaceCache[tuple[Any, ...], pygame.Surface] = self.bounded_cache(1.0)

    # -- the face ------------------------------------------------------------------------

    def draw_face(self, card_id: str, w: int, h: int, lang: str) -> pygame.Surface:
        card = self.cards.get(card_id)
        if card is None:
            return self.unknown_face(card_id, w, h, lang, _INK)
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        radius = max(2, w // 14)
        out = self.writer(surf, ("face", card_id, w, h, lang))
        frame = ICON_COLOURS.get(str(card.get("icon")), (120, 120, 128))
        border = max(2, w // 26)
        pygame.draw.rect(surf, frame, (0, 0, w, h), border_radius=radius)
        inner = pygame.Rect(border, border, w - 2 * border, h - 2 * border)
        pygame.draw.rect(surf, _BODY, inner, border_radius=max(1, radius - border))
        self._art(surf, card_id, inner, frame)
        corners = card.get("connectors") or {}
        for corner in CORNERS:
            rect = corner_rect(corner, w, h).clip(inner)
            pygame.draw.rect(surf, _CORNER, rect, border_radius=max(1, rect.w // 5))
            pygame.draw.rect(surf, frame, rect, 1, border_radius=max(1, rect.w // 5))
            value = corners.get(corner, "none")
            if value in ("up", "both"):
                _triangle(surf, rect if value == "up" else rect.inflate(0, -rect.h // 2).move(
                    0, -rect.h // 4), True, _INK)
            if value in ("down", "both"):
                _triangle(surf, rect if value == "down" else rect.inflate(0, -rect.h // 2).move(
                    0, rect.h // 4), False, _INK)
        c = corner_rect("top_left", w, h).w
        out.fit(str(card.get("number", "")), pygame.Rect(c, border, w - 2 * c, c - border),
                round((c - border) * 0.72), _INK, bold=True)
        band = self._name(surf, out, card.display_name(lang), inner, c, frame)
        area = pygame.Rect(inner.x, band.bottom, inner.w, h - c - band.bottom)
        text = card.text.get(lang) or card.text.get("en") or ""
        if text and self.detail(w, h) == FULL:  # the printed text under the power (hover)
            box = self._text_box(out, text, area, w)
            area.h = box.y - area.y
            pygame.draw.rect(surf, _WHITE, box.inflate(w // 30, 2), border_radius=w // 40)
            out.fit(text, box, round(w * 0.062), _INK, max_lines=99, align="left", valign="top")
        elif text:
            out.record.left_out.append(text)
        self._icon_and_power(surf, out, card, area, frame)
        self._cost(surf, out, int(card.get("connect_cost", 0)),
                   pygame.Rect(c + 1, h - c, w - 2 * c - 2, c - border))
        return surf

    @staticmethod
    def _text_box(out: FaceText, text: str, area: pygame.Rect, w: int) -> pygame.Rect:
        """The box of the printed text in the lower part of ``area``: two thirds of it,
        more when the text needs more at the text floor (the power above shrinks)."""
        box = pygame.Rect(0, 0, 0, 0)
        for share in (2 / 3, 3 / 4, 4 / 5, 5 / 6):
            tall = round(area.h * share) - 2
            box = pygame.Rect(area.x + w // 24, area.bottom - tall - 2, area.w - w // 12, tall)
            if out.measure(text, box, round(w * 0.062), max_lines=99) is not None:
                break
        return box

    @staticmethod
    def _art(surf: pygame.Surface, card_id: str, inner: pygame.Rect,
             frame: tuple[int, int, int]) -> None:
        """A few soft brush strokes, different per card (it is an art exhibition)."""
        seed = zlib.crc32(card_id.encode())
        layer = pygame.Surface(inner.size, pygame.SRCALPHA)
        for i in range(4):
            s = (seed >> (i * 7)) & 0x7F
            hue = [(s * 37 + 60 * i) % 200 + 40, (s * 91) % 180 + 50, (s * 53 + 90) % 200 + 40]
            y = inner.h * (0.3 + 0.12 * i)
            pygame.draw.ellipse(layer, (*hue, 46),
                                (int(inner.w * (s % 5) / 10), int(y),
                                 int(inner.w * 0.75), max(4, int(inner.h * 0.14))))
        surf.blit(layer, inner.topleft)

    def _name(self, surf: pygame.Surface, out: FaceText, name: str, inner: pygame.Rect,
              c: int, frame: tuple[int, int, int]) -> pygame.Rect:
        """The name band under the top corners, across the card (the flow of Xenocard's
        names, :meth:`FaceText.fit_flow`): one line, or two or three (the band grows,
        the power area shrinks); whole words first, bold then regular, whose narrower
        letters hold a long word; a word split (hyphenated, or between Japanese
        characters) only when nothing else fits. Returns the band."""
        band_h = max(10, round(inner.h * 0.2))
        size = round(band_h * 0.62)
        pad = max(1, inner.w // 30)
        band = pygame.Rect(inner.x, inner.y + c - 1, inner.w, band_h)
        line_h = out.line_height(size, True)
        tries = [(1, True, 0), (2, True, 0), (3, True, 0), (2, False, 0), (3, False, 0),
                 (2, True, 1), (2, False, 1), (2, True, 2), (2, False, 2),
                 (3, True, 1), (3, False, 1), (3, True, 2), (3, False, 2)]
        plan = (3, True, 0)
        for lines, weight, split in tries:
            tall = max(band_h, lines * line_h + (lines - 1) * max(1, size // 6) + 4)
            trial = pygame.Rect(band.x, band.y, band.w, min(tall, inner.h // 2))
            if out.measure_flow(name, None, trial.inflate(-2 * pad, -2), size, bold=weight,
                                max_lines=lines, split=split, align="center") is not None:
                band, plan = trial, (lines, weight, split)
                break
        dark = tuple(max(0, v - 40) for v in frame)
        pygame.draw.rect(surf, dark, band)
        lines, bold, split = plan
        out.fit_flow(name, None, band.inflate(-2 * pad, -2), size, _WHITE, bold=bold,
                     max_lines=lines, split=split, align="center")
        return band

    def _icon_and_power(self, surf: pygame.Surface, out: FaceText, card: Any,
                        area: pygame.Rect, frame: tuple[int, int, int]) -> None:
        """The action icon on the left, the power as a big number on the right."""
        if area.h < 8:
            out.record.left_out.append(str(card.get("power", "")))
            return
        r = max(4, min(area.w // 5, area.h * 2 // 5))
        icon_centre = (area.x + area.w // 4 + 1, area.centery)
        pygame.draw.circle(surf, frame, icon_centre, r + max(2, r // 3))
        glyph = _sword if card.get("icon") == "attack" else _shield
        glyph(surf, icon_centre, r, _WHITE)
        right = pygame.Rect(area.centerx, area.y, area.w // 2, area.h)
        out.fit(str(card.get("power", "")), right, round(min(area.h * 0.95, area.w * 0.5)),
                _INK, bold=True)

    def _cost(self, surf: pygame.Surface, out: FaceText, cost: int, rect: pygame.Rect) -> None:
        """The connect cost: a chain-link glyph and the number in a chip."""
        chip = rect.inflate(-max(2, rect.w // 10), -max(2, rect.h // 5))
        if chip.w < 6 or chip.h < 4:
            out.record.left_out.append(str(cost))
            return
        pygame.draw.rect(surf, _COST, chip, border_radius=chip.h // 2)
        glyph = pygame.Rect(0, 0, round(chip.h * 1.1), chip.h)
        glyph.midright = (chip.centerx, chip.centery)
        _link(surf, glyph, _WHITE)
        number = pygame.Rect(glyph.right + 2, chip.y, chip.right - glyph.right - 2, chip.h)
        out.fit(str(cost), number, round(chip.h * 0.9), _WHITE, bold=True, align="left")

    # -- backs and damaged cards -----------------------------------------------------------

    def draw_back(self, w: int, h: int) -> pygame.Surface:
        surf = patterned_back(w, h, _BACK, _BACK_EDGE, (70, 58, 98))
        cx, cy, r = w // 2, h // 2, max(5, w // 4)
        pygame.draw.circle(surf, _BACK_EDGE, (cx, cy), r, max(1, w // 30))
        out = self.writer(surf, ("back", None, w, h, ""))
        side = round(r * 1.5)
        out.fit("100", pygame.Rect(cx - side // 2, cy - side // 2, side, side), w // 6,
                _BACK_EDGE, bold=True)
        return surf

    def damaged(self, card_id: str, size: tuple[int, int], turn: float,
                lang: str) -> pygame.Surface:
        """A damaged card (face down, ESHI-H1): the back, a "Damaged" ribbon, and the
        name and power small (both players know the face); turned like a face."""
        w, h = max(8, int(size[0])), max(8, int(size[1]))
        key = ("damaged", card_id, w, h, round(turn % 360.0, 1), lang)
        surf = self._extra.get(key)
        if surf is not None:
            return surf
        if turn % 360.0:
            upright = self.damaged(card_id, (w, h), 0.0, lang)
            surf = pygame.transform.rotate(upright, turn % 360.0)
        else:
            surf = self.draw_back(w, h)
            shade = pygame.Surface((w, h), pygame.SRCALPHA)
            pygame.draw.rect(shade, (0, 0, 0, 90), (0, 0, w, h), border_radius=max(2, w // 14))
            surf.blit(shade, (0, 0))
            out = self.writer(surf, ("damaged", card_id, w, h, lang))
            ribbon = pygame.Rect(0, round(h * 0.16), w, max(9, round(h * 0.16),
                                                            out.line_height(0, True) + 4))
            pygame.draw.rect(surf, (150, 34, 34), ribbon)
            out.fit(t("eshi100ui.damaged"), ribbon.inflate(-6, -2), round(ribbon.h * 0.7),
                    _WHITE, bold=True)
            card = self.cards.get(card_id)
            if card is not None:
                plate = pygame.Rect(3, round(h * 0.62), w - 6, h - 3 - round(h * 0.62))
                pygame.draw.rect(surf, (232, 226, 212), plate, border_radius=max(2, w // 20))
                out.fit(card.display_name(lang), plate.inflate(-4, -2), round(plate.h * 0.3),
                        _INK, bold=True, max_lines=2)
        if pygame.display.get_surface() is not None:
            surf = surf.convert_alpha()
        self._extra[key] = surf
        return surf

    def badge(self, side: int, mine: bool, theirs: bool, colour: tuple[int, int, int]
              ) -> pygame.Surface:
        """A corner badge ``side`` pixels square: a chevron pointing up in ``colour``
        (``mine``: the viewer may use the connector) and/or a dim one pointing down
        (``theirs``: the other player may); drawn upright on screen."""
        key = ("badge", side, mine, theirs, colour)
        surf = self._extra.get(key)
        if surf is not None:
            return surf
        surf = pygame.Surface((side, side), pygame.SRCALPHA)
        rect = surf.get_rect()
        pygame.draw.rect(surf, (*_BADGE, 225), rect, border_radius=max(2, side // 4))
        pygame.draw.rect(surf, colour if mine else DIM, rect, max(1, side // 12),
                         border_radius=max(2, side // 4))
        if mine and theirs:
            upper = pygame.Rect(rect.x, rect.y, rect.w, rect.h // 2 + 2).inflate(0, 2)
            lower = pygame.Rect(rect.x, rect.centery - 2, rect.w, rect.h // 2 + 2)
            _triangle(surf, upper.inflate(-2, 4), True, colour, filled=False)
            _triangle(surf, lower.inflate(-2, 4), False, DIM, filled=False)
        elif mine:
            _triangle(surf, rect.inflate(-2, -2), True, colour, filled=False)
        elif theirs:
            _triangle(surf, rect.inflate(-2, -2), False, DIM, filled=False)
        if pygame.display.get_surface() is not None:
            surf = surf.convert_alpha()
        self._extra[key] = surf
        return surf

"""Arc System card faces (no images): the Arc plugin's :class:`ArcCardRenderer`.

A face shows, from the :class:`~tabletop.core.cards.CardDef`: a frame in the
card's colour (resources get a dark body and a big colour gem, so they never
look like characters), the translated name, the type, the cost in a disc of the
card's colour, the power big at the bottom right, the G/E alignment mark, a
UNIQUE badge and the effect text wrapped to fit. How much of it a face shows
depends on its size (:meth:`~tabletop.ui.card_render.CardRenderer.detail`): on the
table the name (one or two lines), cost, power, alignment, type and the effect
text where it has room (whole, or cut with an ellipsis where three lines fit; QA15b
#10); the large hover view all of it. Every text goes through the shared fitting
function, so none is cut or overlaps another. In the resource rows a resource
is drawn compact (:meth:`ArcCardRenderer.compact_resource`): only what it means at
the table, its colour (the whole face, a gem and the colour's initial, so colours
are told apart without relying on hue). Caching and turning are the shared
:class:`~tabletop.ui.card_render.CardRenderer`'s.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pygame

from tabletop.i18n import t
from tabletop.ui.card_render import FULL, SMALL, CardRenderer, FaceText, FontSource, patterned_back
from tabletop.ui.surface_cache import SurfaceCache

__all__ = ["ALIGN_MARKS", "COLOURS", "ArcCardRenderer", "effect_text", "effect_words",
           "power_label"]

#: Frame colour of each card colour; ``None`` is colourless.
COLOURS: dict[str | None, tuple[int, int, int]] = {
    "red": (190, 52, 44),
    "green": (46, 140, 70),
    "blue": (44, 96, 186),
    None: (120, 120, 128),
}
_BODY = (240, 234, 220)
_BODY_RESOURCE = (38, 40, 50)
_INK = (28, 26, 24)
_WHITE = (255, 255, 255)
_GOOD = (236, 200, 70)
_EVIL = (90, 40, 110)
_BACK = (34, 42, 78)
_BACK_EDGE = (196, 168, 90)


#: Alignment field value -> the mark printed on the card (ARC-R7); neutral has none.
ALIGN_MARKS: dict[Any, str] = {"good": "G", "evil": "E", "G": "G", "E": "E"}


def power_label(card: Any) -> str:
    """The big number of a card: a character's power, a combat card's +N / -N, else ""."""
    if card.type == "character" and card.get("power") is not None:
        return str(card.get("power"))
    if card.type == "combat" and card.get("effect") in ("pump", "weaken"):  # the short form
        sign = "-" if card.get("effect") == "weaken" else "+"
        return f"{sign}{card.get('amount') or 1}"
    return ""


def effect_text(card: Any, lang: str) -> str:
    """The card's rules text in ``lang``; generated from ``effect``/``amount`` if none."""
    text = card.text.get(lang) or card.text.get("en") or ""
    if not text and card.get("effect"):
        text = t(f"effect.{card.game}.{card.get('effect')}", n=card.get("amount", 1))
    if not text and getattr(card, "abilities", None):  # issue 15: the abilities in words
        from tabletop.games.arc.abilities import describe_card
        text = " ".join(m.render(lang) for m in describe_card(card))
    return str(text)


def effect_words(card: Any, lang: str) -> list[str]:
    """Every effect of an Arc card in words, for the hover (issue 12 §7): when an action
    or combat card is used and what it does (its text, or the words of its ``effect``),
    what a character does. Cost, power, bonus, unique and alignment are the plugin's
    explain lines."""
    kind = card.type
    if kind in ("action", "combat"):
        return [t(f"hover.arc.{kind}"), effect_text(card, lang)]
    if kind == "character":  # and what its abilities do (issue 15)
        return [t("hover.arc.character")] + [x for x in [effect_text(card, lang)] if x]
    return []


class ArcCardRenderer(CardRenderer):
    """Arc faces and backs, plus the small power chips of crowded rows."""

    def effect_words(self, card: Any, lang: str) -> list[str]:
        """Every effect of the card in words (the hover; :func:`effect_words`)."""
        return effect_words(card, lang)

    def __init__(self, fonts: FontSource, cards: Mapping[str, Any]) -> None:
        super().__init__(fonts, cards)
        self._chips: SurfaceCache[tuple[str, int, int | None], pygame.Surface | None] = \
            self.bounded_cache(0.25)
        self._compact: SurfaceCache[tuple[str, int, int, bool], pygame.Surface] = \
            self.bounded_cache(1.0)
        self._spines: SurfaceCache[tuple[Any, ...],
                                   tuple[pygame.Surface, pygame.Rect | None]] = \
            self.bounded_cache(1.0)

    def compact_resource(self, card_id: str, w: int, h: int, tapped: bool) -> pygame.Surface:
        """The compact face of a resource, ``w`` x ``h`` pixels upright (turned 90 degrees
        counter-clockwise when ``tapped``, so ``h`` x ``w``): its colour filling the face,
        a gem with the colour's initial, the colour's name when it fits (12 px or more)."""
        key = (card_id, w, h, tapped)
        surf = self._compact.get(key)
        if surf is None:
            card = self.cards.get(card_id)
            colour = card.get("colour") if card is not None else None
            frame = COLOURS.get(colour, COLOURS[None])
            surf = self._draw_compact_resource(pygame.Surface((w, h), pygame.SRCALPHA),
                                               frame, colour, w, h)
            if tapped:
                surf = pygame.transform.rotate(surf, 90)
            if pygame.display.get_surface() is not None:
                surf = surf.convert_alpha()
            self._compact[key] = surf
        return surf

    def spine(self, card_id: str, w: int, h: int, strip_w: int, name_bottom: int,
              lang: str) -> tuple[pygame.Surface, pygame.Rect | None]:
        """The left ``strip_w`` x ``h`` pixels of a ``w`` x ``h`` face whose right part
        another card covers (a crowded hand): frame, body and cost disc as on the face,
        and the whole name running up the strip (turned 90 degrees counter-clockwise,
        as on a tapped card), in one or two lines from the disc down to ``name_bottom``
        (pixels from the top: above the power chip). Returns the surface and where the
        name's ink is on it (None when it fits nowhere: then it is left out, recorded
        under ``("spine", card_id, strip_w, h, lang)``). The name is fitted, and
        recorded, on its own surface ``("spine_name", card_id, strip_w, h, lang)``."""
        key = ("spine", card_id, strip_w, h, lang, w, name_bottom)
        cached = self._spines.get(key)
        if cached is not None:
            return cached
        card = self.cards.get(card_id)
        surf = pygame.Surface((strip_w, h), pygame.SRCALPHA)
        colour = card.get("colour") if card is not None else None
        frame = COLOURS.get(colour, COLOURS[None])
        resource = card is not None and card.type == "resource"
        radius = max(2, w // 14)
        border = max(2, w // 22)
        pad = max(2, w // 24)
        pygame.draw.rect(surf, frame, (0, 0, strip_w + radius, h), border_radius=radius)
        inner = pygame.Rect(border, border, strip_w + radius, h - 2 * border)
        pygame.draw.rect(surf, _BODY_RESOURCE if resource else _BODY, inner,
                         border_radius=max(1, radius - border))
        out = self.writer(surf, ("spine", card_id, strip_w, h, lang))
        top = inner.y + pad
        cost = card.get("cost") if card is not None else None
        if cost is not None and not resource:  # the disc of the face's title bar
            r = max(int(h * 0.07) - 1, round(out.floor * 0.62) + 1)
            centre = (inner.x + pad + r, inner.y + pad + r)
            pygame.draw.circle(surf, frame, centre, r + max(1, r // 4))
            pygame.draw.circle(surf, _WHITE, centre, r)
            pygame.draw.circle(surf, frame, centre, r - max(1, r // 5))
            out.fit(str(cost), _in_disc(centre, r), int(r * 1.5), _WHITE, bold=True)
            top = centre[1] + r + pad
        elif resource:  # a resource's colour gem and initial, told apart at a glance
            r = max(int(h * 0.07), round(out.floor * 0.62) + 2)
            cx, cy = inner.x + pad + r, inner.y + pad + r
            gem = [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
            pygame.draw.polygon(surf, frame, gem)
            pygame.draw.polygon(surf, _WHITE, gem, max(1, r // 7))
            initial = t(f"colour_initial.arc.{colour}") if colour else "?"
            out.fit(initial, _in_disc((cx, cy), r), int(r * 0.95), _WHITE, bold=True)
            top = cy + r + pad
        name_bottom = min(name_bottom, h - border - pad)
        align = ALIGN_MARKS.get(card.get("alignment")) if card is not None else None
        if align is not None:  # the face's G/E mark, where the face has it
            ar = max(5, int(max(12, int(h * 0.2)) * 0.3), round(out.floor * 0.6) + 1)
            centre = (inner.x + pad + ar, h - border - pad - ar)
            pygame.draw.circle(surf, _GOOD if align == "G" else _EVIL, centre, ar)
            out.fit(align, _in_disc(centre, ar), int(ar * 1.4),
                    _INK if align == "G" else _WHITE, bold=True)
            name_bottom = min(name_bottom, centre[1] - ar - pad)
        name = card.display_name(lang) if card is not None else card_id
        # the name is laid out on its side: a box as long as the strip is tall
        column = pygame.Rect(0, 0, max(1, name_bottom - top), max(1, strip_w - pad - inner.x
                                                                   - pad))
        side = pygame.Surface(column.size, pygame.SRCALPHA)
        side_out = self.writer(side, ("spine_name", card_id, strip_w, h, lang))
        ink = side_out.fit(name, column, max(8, int(h * 0.085)),
                           _WHITE if resource else _INK, bold=True, max_lines=2,
                           align="left", valign="center")
        where: pygame.Rect | None = None
        if ink is None:
            out.record.left_out.append(name)
        else:
            turned = pygame.transform.rotate(side, 90)  # counter-clockwise: reads upwards
            left, bottom = inner.x + pad, name_bottom
            surf.blit(turned, (left, bottom - turned.get_height()))
            # (x, y) on its side -> (left + y, bottom - x) upright
            where = pygame.Rect(left + ink.y, bottom - ink.right, ink.h, ink.w)
        if pygame.display.get_surface() is not None:
            surf = surf.convert_alpha()
        self._spines[key] = (surf, where)
        return surf, where

    def number_spots(self, card_id: str, w: int, h: int
                     ) -> dict[str, tuple[tuple[int, int], int]]:
        """A character's power disc (QA15 #2: the power now is drawn over it)."""
        card = self.cards.get(card_id)
        if card is None or card.type != "character" or card.number("power") is None:
            return {}
        return {"power": _power_disc(w, h, max(7, int(getattr(self.fonts, "floor_px", 0)
                                                      or 0)))}

    def power_chip(self, card_id: str, diameter: int,
                   now: int | None = None) -> pygame.Surface | None:
        """A small disc with the card's power (None when it has none), for crowded rows
        where the card's own power corner is covered by its neighbour; ``now``: the
        power an effect in force gives it, drawn in the changed colours of
        :mod:`tabletop.ui.card_face_effects` when it is not the printed one."""
        from tabletop.ui.card_face_effects import CHANGED_DOWN, CHANGED_UP

        key = (card_id, diameter, now)
        if key in self._chips:
            return self._chips[key]
        card = self.cards.get(card_id)
        text = power_label(card) if card is not None else ""
        printed = card.number("power") if card is not None else None
        changed = now is not None and printed is not None and now != printed
        if changed:
            text = str(now)
        surf: pygame.Surface | None = None
        if text:
            frame = COLOURS.get(card.get("colour"), COLOURS[None])
            if changed:
                frame = CHANGED_UP if now is not None and now > (printed or 0) \
                    else CHANGED_DOWN
            d = max(8, diameter)
            surf = pygame.Surface((d, d), pygame.SRCALPHA)
            r = d // 2
            pygame.draw.circle(surf, _INK, (r, r), r)
            pygame.draw.circle(surf, frame, (r, r), r - max(1, r // 6))
            out = self.writer(surf, ("chip", card_id, d, d, ""))
            out.fit(text, _in_disc((r, r), r), int(r * 1.35), _INK if changed else _WHITE,
                    bold=True)
            if pygame.display.get_surface() is not None:
                surf = surf.convert_alpha()
        self._chips[key] = surf
        return surf

    def draw_back(self, w: int, h: int) -> pygame.Surface:
        surf = patterned_back(w, h, _BACK, _BACK_EDGE)
        cx, cy, r = w // 2, h // 2, max(4, w // 4)
        pygame.draw.polygon(surf, _BACK_EDGE, [(cx, cy - r), (cx + r, cy), (cx, cy + r),
                                               (cx - r, cy)], max(1, w // 30))
        out = self.writer(surf, ("back", None, w, h, ""))
        out.fit("ARC", _in_disc((cx, cy), r), w // 7, _BACK_EDGE, bold=True)
        return surf

    def draw_face(self, card_id: str, w: int, h: int, lang: str) -> pygame.Surface:
        card = self.cards.get(card_id)
        if card is None:
            return self.unknown_face(card_id, w, h, lang, _INK)
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        out = self.writer(surf, ("face", card_id, w, h, lang))
        detail = self.detail(w, h)
        colour = card.get("colour")
        frame = COLOURS.get(colour, COLOURS[None])
        resource = card.type == "resource"
        radius = max(2, w // 14)
        border = max(2, w // 22)
        pygame.draw.rect(surf, frame, (0, 0, w, h), border_radius=radius)
        body = _BODY_RESOURCE if resource else _BODY
        inner = pygame.Rect(border, border, w - 2 * border, h - 2 * border)
        pygame.draw.rect(surf, body, inner, border_radius=max(1, radius - border))
        pad = max(2, w // 24)
        bar = self._title(surf, out, card, lang, inner, frame, pad, resource, h)
        # Type line (+ UNIQUE badge when it fits beside it, or under it on a larger face).
        size = int(w * 0.085)
        ink = _WHITE if resource else _INK
        line = pygame.Rect(inner.x + pad, bar.bottom + pad // 2, inner.w - 2 * pad,
                           out.line_height(size) + 2)
        used = out.fit(t(f"arc.card_type.{card.type}"), line, size, ink, align="left")
        text_top = line.bottom + pad // 2
        if card.get("unique"):
            beside = pygame.Rect(line)
            if used is not None:
                beside.width = line.right - (used.right + 2 * pad + 3)
                beside.right = line.right
            if not self._badge(out, beside, w) and detail != SMALL:
                under = line.move(0, line.h + pad // 2)
                if self._badge(out, under, w):
                    text_top = under.bottom + pad // 2
        bottom_band = max(12, int(h * 0.2))
        if resource:
            self._draw_gem(surf, out, frame, colour, inner, text_top, bottom_band)
        elif detail == FULL:
            self._draw_text(surf, out, card, lang, inner, text_top, bottom_band, pad)
        else:  # a table face: the text where it has room (QA15b #10), else the hover's
            self._draw_table_text(out, card, lang, inner, text_top, bottom_band, pad)
        # Power (big) and alignment mark along the bottom.
        txt = power_label(card)
        if txt:
            centre, pr = _power_disc(w, h, out.floor)
            pygame.draw.circle(surf, _INK, centre, pr)
            pygame.draw.circle(surf, frame, centre, pr - max(1, pr // 6))
            out.fit(txt, _in_disc(centre, pr), int(pr * 1.45), _WHITE, bold=True)
        align = ALIGN_MARKS.get(card.get("alignment"))
        if align is not None:
            ar = max(5, int(bottom_band * 0.3), round(out.floor * 0.6) + 1)
            centre = (inner.x + pad + ar, inner.bottom - pad - ar)
            pygame.draw.circle(surf, _GOOD if align == "G" else _EVIL, centre, ar)
            out.fit(align, _in_disc(centre, ar), int(ar * 1.4), _INK if align == "G" else _WHITE,
                    bold=True)
        return surf

    def _title(self, surf: pygame.Surface, out: FaceText, card: Any, lang: str,
               inner: pygame.Rect, frame: tuple[int, int, int], pad: int, resource: bool,
               h: int) -> pygame.Rect:
        """The title bar: the cost in a disc and the name beside it, on one line or, when
        it is too long for one at the floor, on two (the bar grows); returns the bar."""
        size = max(8, int(h * 0.085))
        line_h = out.line_height(size, True)
        cost = card.get("cost")
        r = max(int(h * 0.07) - 1, round(out.floor * 0.62) + 1)
        has_cost = cost is not None and not resource
        name_left = inner.x + pad + (2 * r + pad if has_cost else 0)
        bar_h = max(10, int(h * 0.14), 2 * r + 2, line_h + pad)
        name = card.display_name(lang)
        box = pygame.Rect(name_left, inner.y, inner.right - pad - name_left, bar_h)
        if out.measure(name, box, size, bold=True) is None:
            # two lines, whole or (too long even so) cut with an ellipsis (QA15 #3)
            two = box.inflate(0, 0)
            two.h = 2 * line_h + max(1, size // 6) + pad
            box, bar_h = two, two.h
        bar = pygame.Rect(inner.x, inner.y, inner.w, bar_h)
        rr = max(1, inner.w // 14 - 1)
        pygame.draw.rect(surf, frame, bar, border_top_left_radius=rr, border_top_right_radius=rr)
        if has_cost:
            centre = (inner.x + pad + r, inner.y + max(r + 1, min(bar_h, line_h + pad) // 2))
            pygame.draw.circle(surf, _WHITE, centre, r)
            pygame.draw.circle(surf, frame, centre, r - max(1, r // 5))
            out.fit(str(cost), _in_disc(centre, r), int(r * 1.5), _WHITE, bold=True)
        out.fit(name, box, size, _WHITE, bold=True, max_lines=2, align="left")
        return bar

    def _badge(self, out: FaceText, box: pygame.Rect, w: int) -> bool:
        """The red UNIQUE badge at the right end of ``box`` if it fits there whole."""
        word = t("preview.unique_mark")
        size = int(w * 0.075)
        inside = box.inflate(-6, -2)
        where = out.measure(word, inside, size, bold=True, align="right", valign="center")
        if where is None:
            return False
        plate = pygame.Rect(where.x - 3, box.y, where.w + 6, box.h)
        if not out.free(plate):
            return False
        pygame.draw.rect(out.surf, (150, 30, 30), plate, border_radius=3)
        return out.fit(word, inside, size, _WHITE, bold=True, align="right") is not None

    def _draw_compact_resource(self, surf: pygame.Surface, frame: tuple[int, int, int],
                               colour: str | None, w: int, h: int) -> pygame.Surface:
        radius = max(2, w // 10)
        pygame.draw.rect(surf, _WHITE, (0, 0, w, h), border_radius=radius)
        edge = max(1, w // 24)
        pygame.draw.rect(surf, frame, (edge, edge, w - 2 * edge, h - 2 * edge),
                         border_radius=max(1, radius - edge))
        c = (w // 2, h // 2 - h // 10)
        r = max(4, int(min(w, h) * 0.3))
        gem = [(c[0], c[1] - r), (c[0] + r, c[1]), (c[0], c[1] + r), (c[0] - r, c[1])]
        pygame.draw.polygon(surf, _BODY_RESOURCE, gem)
        pygame.draw.polygon(surf, _WHITE, gem, max(1, r // 7))
        initial = t(f"colour_initial.arc.{colour}") if colour else "?"
        out = self.writer(surf, ("resource", colour, w, h, ""))
        out.fit(initial, _in_disc(c, r), int(r * 0.95), _WHITE, bold=True)
        if colour:  # the colour's name under the gem, when it fits there whole
            below = pygame.Rect(edge + 1, c[1] + r + 1, w - 2 * edge - 2, h - edge - c[1] - r - 2)
            out.fit(t(f"colour.{colour}"), below, int(h * 0.16), _WHITE, bold=True,
                    valign="bottom")
        return surf

    def _draw_gem(self, surf: pygame.Surface, out: FaceText, frame: tuple[int, int, int],
                  colour: str | None, inner: pygame.Rect, top: int, bottom_band: int) -> None:
        space = pygame.Rect(inner.x, top, inner.w, inner.bottom - bottom_band // 2 - top)
        r = max(4, min(space.w, space.h) // 3)
        c = space.center
        pygame.draw.polygon(surf, frame, [(c[0], c[1] - r), (c[0] + r, c[1]),
                                          (c[0], c[1] + r), (c[0] - r, c[1])])
        pygame.draw.polygon(surf, _WHITE, [(c[0], c[1] - r), (c[0] + r, c[1]),
                                           (c[0], c[1] + r), (c[0] - r, c[1])], max(1, r // 8))
        if colour:
            below = pygame.Rect(inner.x + 2, c[1] + r + 2, inner.w - 4,
                                inner.bottom - 2 - (c[1] + r + 2))
            out.fit(t(f"colour.{colour}"), below, int(inner.w * 0.1), _WHITE, bold=True,
                    valign="top")

    def _draw_text(self, surf: pygame.Surface, out: FaceText, card: Any, lang: str,
                   inner: pygame.Rect, top: int, bottom_band: int, pad: int) -> None:
        """The effect text, whole, wrapped in the room above the power band."""
        text = effect_text(card, lang)
        if not text:
            return
        box = pygame.Rect(inner.x + pad, top, inner.w - 2 * pad,
                          inner.bottom - bottom_band - top)
        if box.h < 8:
            out.record.left_out.append(text)
            return
        pygame.draw.rect(surf, (250, 247, 240), box.inflate(pad, 0), border_radius=3)
        out.fit(text, box.inflate(-2, -2), int(inner.w * 0.085), _INK, max_lines=99,
                align="left", valign="top")


    @staticmethod
    def _draw_table_text(out: FaceText, card: Any, lang: str, inner: pygame.Rect, top: int,
                         bottom_band: int, pad: int) -> None:
        """A table face's effect text at the text floor or larger, left of the power
        disc's band: whole where it fits, else cut with an ellipsis where three lines or
        more fit (:meth:`FaceText.fit`), else left out (the hover view has it)."""
        text = effect_text(card, lang)
        if not text:
            return
        box = pygame.Rect(inner.x + pad, top, inner.w - 2 * pad,
                          inner.bottom - bottom_band - top)
        if box.h < out.line_height(out.floor):
            out.record.left_out.append(text)
            return
        out.fit(text, box, int(inner.w * 0.075), _INK, max_lines=99, align="left",
                valign="top")


def _power_disc(w: int, h: int, floor: int) -> tuple[tuple[int, int], int]:
    """The centre and radius of the power disc on a ``w`` x ``h`` face (face pixels)."""
    border = max(2, w // 22)
    pad = max(2, w // 24)
    pr = max(int(max(12, int(h * 0.2)) * 0.55), floor)
    return (w - border - pad - pr, h - border - pad - pr), pr


def _in_disc(centre: tuple[int, int], r: int) -> pygame.Rect:
    """The square inside a disc of radius ``r``, where its number is fitted."""
    side = max(1, round(r * 1.5))
    rect = pygame.Rect(0, 0, side, side)
    rect.center = centre
    return rect

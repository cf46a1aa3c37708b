"""Arc System card faces (no images): the Arc plugin's :class:`ArcCardRenderer`.

A face shows, from the :class:`~tabletop.core.cards.CardDef`: a frame in the
card's colour (resources get a dark body and a big colour gem, so they never
look like characters), the translated name, the type, the cost in a disc of the
card's colour, the power big at the bottom right, the G/E alignment mark, a
UNIQUE badge and the effect text wrapped to fit. In the resource rows a resource
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
from tabletop.ui.card_render import CardRenderer, FontSource, wrap_text
from tabletop.ui.card_render import ellipsize as _ellipsize
from tabletop.ui.card_render import fit_font as _fit_font

__all__ = ["ALIGN_MARKS", "COLOURS", "ArcCardRenderer", "effect_text", "power_label"]

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
    if card.type == "combat" and card.get("amount") is not None:
        sign = "-" if card.get("effect") == "weaken" else "+"
        return f"{sign}{card.get('amount')}"
    return ""


def effect_text(card: Any, lang: str) -> str:
    """The card's rules text in ``lang``; generated from ``effect``/``amount`` if none."""
    text = card.text.get(lang) or card.text.get("en") or ""
    if not text and card.get("effect"):
        text = t(f"effect.{card.game}.{card.get('effect')}", n=card.get("amount", 1))
    return str(text)



class ArcCardRenderer(CardRenderer):
    """Arc faces and backs, plus the small power chips of crowded rows."""

    def __init__(self, fonts: FontSource, cards: Mapping[str, Any]) -> None:
        super().__init__(fonts, cards)
        self._chips: dict[tuple[str, int], pygame.Surface | None] = {}
        self._compact: dict[tuple[str, int, int, bool], pygame.Surface] = {}

    def clear(self) -> None:
        """Forget every cached surface (e.g. after a language change)."""
        super().clear()
        self._chips.clear()
        self._compact.clear()

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

    def power_chip(self, card_id: str, diameter: int) -> pygame.Surface | None:
        """A small disc with the card's power (None when it has none), for crowded rows
        where the card's own power corner is covered by its neighbour."""
        key = (card_id, diameter)
        if key in self._chips:
            return self._chips[key]
        card = self.cards.get(card_id)
        text = power_label(card) if card is not None else ""
        surf: pygame.Surface | None = None
        if text:
            frame = COLOURS.get(card.get("colour"), COLOURS[None])
            d = max(8, diameter)
            surf = pygame.Surface((d, d), pygame.SRCALPHA)
            r = d // 2
            pygame.draw.circle(surf, _INK, (r, r), r)
            pygame.draw.circle(surf, frame, (r, r), r - max(1, r // 6))
            font = _fit_font(self.fonts, text, int(r * 1.6), int(r * 1.35), 7, True)
            label = font.render(text, True, _WHITE)
            surf.blit(label, label.get_rect(center=(r, r)))
            if pygame.display.get_surface() is not None:
                surf = surf.convert_alpha()
        self._chips[key] = surf
        return surf

    def draw_back(self, w: int, h: int) -> pygame.Surface:
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        radius = max(2, w // 14)
        pygame.draw.rect(surf, _BACK, (0, 0, w, h), border_radius=radius)
        pygame.draw.rect(surf, _BACK_EDGE, (0, 0, w, h), max(1, w // 30), border_radius=radius)
        inset = max(3, w // 9)
        pygame.draw.rect(surf, (52, 64, 112), (inset, inset, w - 2 * inset, h - 2 * inset),
                         max(1, w // 40), border_radius=radius)
        cx, cy, r = w // 2, h // 2, max(4, w // 4)
        pygame.draw.polygon(surf, _BACK_EDGE, [(cx, cy - r), (cx + r, cy), (cx, cy + r),
                                               (cx - r, cy)], max(1, w // 30))
        label = self.fonts.get(max(7, w // 7), True).render("ARC", True, _BACK_EDGE)
        surf.blit(label, label.get_rect(center=(cx, cy)))
        return surf

    def draw_face(self, card_id: str, w: int, h: int, lang: str) -> pygame.Surface:
        card = self.cards.get(card_id)
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        if card is None:  # unknown id: draw a plain labelled card rather than crash
            pygame.draw.rect(surf, (200, 200, 200), (0, 0, w, h), border_radius=max(2, w // 14))
            txt = self.fonts.get(max(7, w // 9)).render(card_id, True, _INK)
            surf.blit(txt, txt.get_rect(center=(w // 2, h // 2)))
            return surf
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
        # Title bar: cost disc + name.
        bar_h = max(10, int(h * 0.14))
        bar = pygame.Rect(inner.x, inner.y, inner.w, bar_h)
        pygame.draw.rect(surf, frame, bar, border_top_left_radius=max(1, radius - border),
                         border_top_right_radius=max(1, radius - border))
        name_left = bar.x + pad
        cost = card.get("cost")
        if cost is not None and not resource:
            r = bar_h // 2 - 1
            centre = (bar.x + pad + r, bar.centery)
            pygame.draw.circle(surf, _WHITE, centre, r)
            pygame.draw.circle(surf, frame, centre, r - max(1, r // 5))
            num = self.fonts.get(max(7, int(r * 1.5)), True).render(str(cost), True, _WHITE)
            surf.blit(num, num.get_rect(center=centre))
            name_left = centre[0] + r + pad
        name = card.display_name(lang)
        name_w = bar.right - pad - name_left
        font = _fit_font(self.fonts, name, name_w, max(8, int(bar_h * 0.62)),
                         max(7, int(bar_h * 0.45)), True)
        label = font.render(_ellipsize(name, font, name_w), True, _WHITE)
        surf.blit(label, label.get_rect(midleft=(name_left, bar.centery)))
        # Type line (+ UNIQUE badge).
        small = self.fonts.get(max(7, int(w * 0.085)))
        type_text = t(f"arc.card_type.{card.type}")
        ink = _WHITE if resource else _INK
        type_y = bar.bottom + pad // 2
        type_surf = small.render(type_text, True, ink)
        surf.blit(type_surf, (inner.x + pad, type_y))
        if card.get("unique"):
            badge_font = self.fonts.get(max(7, int(w * 0.075)), True)
            badge = badge_font.render(t("preview.unique_mark"), True, _WHITE)
            brect = badge.get_rect(topright=(inner.right - pad, type_y + 1)).inflate(6, 2)
            pygame.draw.rect(surf, (150, 30, 30), brect, border_radius=3)
            surf.blit(badge, badge.get_rect(center=brect.center))
        text_top = type_y + type_surf.get_height() + pad // 2
        bottom_band = max(12, int(h * 0.2))
        if resource:
            self._draw_gem(surf, frame, colour, inner, text_top, bottom_band)
        else:
            self._draw_text(surf, card, lang, inner, text_top, bottom_band, pad)
        # Power (big) and alignment mark along the bottom.
        txt = power_label(card)
        if txt:
            pr = int(bottom_band * 0.55)
            centre = (inner.right - pad - pr, inner.bottom - pad - pr)
            pygame.draw.circle(surf, _INK, centre, pr)
            pygame.draw.circle(surf, frame, centre, pr - max(1, pr // 6))
            num = _fit_font(self.fonts, txt, int(pr * 1.7), int(pr * 1.45), 7, True)
            ns = num.render(txt, True, _WHITE)
            surf.blit(ns, ns.get_rect(center=centre))
        align = ALIGN_MARKS.get(card.get("alignment"))
        if align is not None:
            ar = max(5, int(bottom_band * 0.3))
            centre = (inner.x + pad + ar, inner.bottom - pad - ar)
            pygame.draw.circle(surf, _GOOD if align == "G" else _EVIL, centre, ar)
            mark = self.fonts.get(max(7, int(ar * 1.4)), True).render(
                align, True, _INK if align == "G" else _WHITE)
            surf.blit(mark, mark.get_rect(center=centre))
        return surf

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
        font = _fit_font(self.fonts, initial, int(r * 1.1), max(12, int(r * 0.95)), 12, True)
        mark = font.render(initial, True, _WHITE)
        surf.blit(mark, mark.get_rect(center=c))
        if colour:
            name = t(f"colour.{colour}")
            small = _fit_font(self.fonts, name, w - 2, max(12, int(h * 0.16)), 12, True)
            if small.size(name)[0] <= w - 2:
                label = small.render(name, True, _WHITE)
                surf.blit(label, label.get_rect(midbottom=(w // 2, h - edge - 1)))
        return surf

    def _draw_gem(self, surf: pygame.Surface, frame: tuple[int, int, int], colour: str | None,
                  inner: pygame.Rect, top: int, bottom_band: int) -> None:
        space = pygame.Rect(inner.x, top, inner.w, inner.bottom - bottom_band // 2 - top)
        r = max(4, min(space.w, space.h) // 3)
        c = space.center
        pygame.draw.polygon(surf, frame, [(c[0], c[1] - r), (c[0] + r, c[1]),
                                          (c[0], c[1] + r), (c[0] - r, c[1])])
        pygame.draw.polygon(surf, _WHITE, [(c[0], c[1] - r), (c[0] + r, c[1]),
                                           (c[0], c[1] + r), (c[0] - r, c[1])], max(1, r // 8))
        if colour:
            font = self.fonts.get(max(7, int(inner.w * 0.1)), True)
            name = font.render(t(f"colour.{colour}"), True, _WHITE)
            surf.blit(name, name.get_rect(midtop=(c[0], c[1] + r + 2)))

    def _draw_text(self, surf: pygame.Surface, card: Any, lang: str, inner: pygame.Rect,
                   top: int, bottom_band: int, pad: int) -> None:
        text = effect_text(card, lang)
        if not text:
            return
        box = pygame.Rect(inner.x + pad, top, inner.w - 2 * pad,
                          inner.bottom - bottom_band - top)
        if box.h < 8:
            return
        pygame.draw.rect(surf, (250, 247, 240), box.inflate(pad, 0), border_radius=3)
        size = max(7, int(inner.w * 0.085))
        while True:
            font = self.fonts.get(size)
            lines = wrap_text(text, font, box.w - 2)
            line_h = font.get_linesize()
            if len(lines) * line_h <= box.h or size <= 7:
                break
            size -= 1
        max_lines = max(1, box.h // line_h)
        if len(lines) > max_lines:
            lines = lines[:max_lines]
            lines[-1] = _ellipsize(lines[-1] + "…", font, box.w - 2)
        y = box.y
        for line in lines:
            surf.blit(font.render(line, True, _INK), (box.x + 1, y))
            y += line_h

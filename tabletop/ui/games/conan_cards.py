"""Conan card faces (no images): :class:`ConanCardRenderer` and the icon slot geometry.

A Move (and an Item or Action, which can be used as one) shows its five icon slots
on *both* long sides, numbered from the card's own top, as the rules read them
(CONAN-R8, R14): each icon is a coloured square with a letter (:data:`ICON_STYLE`).
The initiative is the big number in the middle, the prowess cost a gem at the top.
Foes show damage / prowess / health, renown and scars; Conan and Allies their
numbers; Items, Actions and Regions their effect. The shared
:class:`~tabletop.ui.card_render.CardRenderer` caches and turns the faces.

:func:`slot_rect` gives where slot ``i`` of a side lies on the upright card, in
card-relative units (0..1), so the resolution playback can draw lines between
the very squares that face each other, whatever the card's rotation.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pygame

from tabletop.i18n import t
from tabletop.ui.card_render import CardRenderer, FontSource, ellipsize, wrap_text

__all__ = ["ICON_STYLE", "SLOT_BAND", "ConanCardRenderer", "has_slots", "slot_rect",
           "title_lines"]


def title_lines(fonts: FontSource, name: str, width: int, size: int, minimum: int
                ) -> tuple[pygame.font.Font, list[str]]:
    """A card title in at most two lines no wider than ``width``, never broken in a word.

    From ``size`` down to ``minimum``: the whole name on one line, else split at
    spaces into two lines. Still too wide at ``minimum``: the first word(s) and the
    rest cut with an ellipsis, or a single word cut ("Sidest…", never "Sideste" /
    "p"; Japanese names have no spaces, so they shrink and are cut, never split
    inside a word).
    """
    words = name.split(" ")
    for px in range(size, minimum - 1, -1):
        font = fonts.get(px, True)
        if font.size(name)[0] <= width:
            return font, [name]
        if len(words) > 1:
            lines = [words[0]]
            for word in words[1:]:
                trial = f"{lines[-1]} {word}"
                if font.size(trial)[0] <= width:
                    lines[-1] = trial
                else:
                    lines.append(word)
            if len(lines) <= 2 and all(font.size(line)[0] <= width for line in lines):
                return font, lines
    font = fonts.get(minimum, True)
    if len(words) > 1 and font.size(words[0])[0] <= width:
        # The first words that fit on line one, the rest cut on line two.
        first = words[0]
        rest = words[1:]
        while rest and font.size(f"{first} {rest[0]}")[0] <= width:
            first = f"{first} {rest.pop(0)}"
        return font, [first, ellipsize(" ".join(rest), font, width)]
    return font, [ellipsize(name, font, width)]

#: Icon -> (fill colour, letter). Letters, not symbols: they read at 8 px and need no
#: special glyphs in the font subset.
ICON_STYLE: Mapping[str, tuple[tuple[int, int, int], str]] = {
    "shield": ((58, 108, 196), "S"),
    "agility": ((46, 150, 84), "A"),
    "grapple": ((140, 92, 46), "G"),
    "blade": ((120, 124, 140), "B"),
    "two_handed": ((186, 44, 36), "T"),
    "ranged": ((214, 132, 30), "R"),
    "special": ((128, 62, 166), "X"),
    "magic": ((196, 52, 160), "M"),
}
#: Width of the slot band along each long side, as a share of the card width.
SLOT_BAND = 0.22
#: Slots run from this share of the height to 1 minus it.
SLOT_MARGIN = 0.06

_TYPE_BODY = {
    "conan": (236, 214, 160), "foe": (214, 186, 176), "move": (232, 226, 210),
    "item": (206, 214, 222), "action": (220, 228, 206), "ally": (228, 214, 180),
    "region": (200, 216, 196),
}
_TYPE_FRAME = {
    "conan": (176, 132, 40), "foe": (120, 36, 30), "move": (92, 84, 70),
    "item": (70, 90, 120), "action": (64, 110, 60), "ally": (150, 110, 40),
    "region": (60, 100, 70),
}
_INK = (28, 24, 20)
_WHITE = (255, 255, 255)
_GEM = (40, 110, 190)


def has_slots(card: Any) -> bool:
    """Does the card carry icon slots (Move, Item, Action)?"""
    return card is not None and card.type in ("move", "item", "action")


def slot_rect(side: str, i: int) -> tuple[float, float, float, float]:
    """Slot ``i`` (0 = the card's top) of ``side`` on the upright card: (x, y, w, h) as
    shares of the card's width and height."""
    h = (1.0 - 2 * SLOT_MARGIN) / 5.0
    x = 0.0 if side == "left" else 1.0 - SLOT_BAND
    return (x, SLOT_MARGIN + i * h, SLOT_BAND, h)


class ConanCardRenderer(CardRenderer):
    """Conan faces and backs (see the module docstring)."""

    def __init__(self, fonts: FontSource, cards: Mapping[str, Any]) -> None:
        super().__init__(fonts, cards)

    # -- pieces ------------------------------------------------------------------------

    def _slots(self, surf: pygame.Surface, card: Any, w: int, h: int) -> None:
        letter_font = self.fonts.get(max(7, int(w * SLOT_BAND * 0.8)), True)
        for side in ("left", "right"):
            slots = card.get(side) or []
            multis = [set(g) for g in card.get(f"{side}_multi") or []]
            for i, icon in enumerate(slots[:5]):
                x, y, sw, sh = slot_rect(side, i)
                r = pygame.Rect(round(x * w), round(y * h), max(3, round(sw * w)),
                                max(3, round(sh * h)))
                r = r.inflate(-max(1, r.w // 8), -max(1, r.h // 8))
                if not icon:
                    continue  # an empty slot: nothing printed (blank faces read faster)
                colour, letter = ICON_STYLE.get(icon, ((90, 90, 90), "?"))
                pygame.draw.rect(surf, colour, r, border_radius=max(1, r.w // 5))
                if any(i in g for g in multis):  # a Multi-icon: one gold frame per slot
                    pygame.draw.rect(surf, (250, 210, 70), r, max(1, r.w // 7),
                                     border_radius=max(1, r.w // 5))
                if r.h >= 7:
                    glyph = letter_font.render(letter, True, _WHITE)
                    surf.blit(glyph, glyph.get_rect(center=r.center))

    def _big(self, surf: pygame.Surface, text: str, centre: tuple[int, int], size: int,
             colour: tuple[int, int, int], fill: tuple[int, int, int] | None = None) -> None:
        font = self.fonts.get(max(7, size), True)
        label = font.render(text, True, colour)
        if fill is not None:
            radius = max(label.get_width(), label.get_height()) // 2 + 2
            pygame.draw.circle(surf, fill, centre, radius)
        surf.blit(label, label.get_rect(center=centre))

    # -- faces -------------------------------------------------------------------------

    def draw_face(self, card_id: str, w: int, h: int, lang: str) -> pygame.Surface:
        """The upright face of a Conan card (see the module docstring)."""
        card = self.cards.get(card_id)
        if card is None:
            return super().draw_face(card_id, w, h, lang)
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        radius = max(2, w // 12)
        border = max(1, w // 26)
        pygame.draw.rect(surf, _TYPE_FRAME.get(card.type, (90, 90, 90)), (0, 0, w, h),
                         border_radius=radius)
        body = pygame.Rect(border, border, w - 2 * border, h - 2 * border)
        pygame.draw.rect(surf, _TYPE_BODY.get(card.type, (230, 230, 230)), body,
                         border_radius=max(1, radius - border))
        slotted = has_slots(card)
        if slotted:
            self._slots(surf, card, w, h)
        inner = body.inflate(-2 * round(w * SLOT_BAND), 0) if slotted else body.inflate(-4, -4)
        name = card.display_name(lang)
        font, lines = title_lines(self.fonts, name, inner.w - 2, max(7, int(h * 0.085)), 6)
        y = inner.y + max(1, h // 40)
        for line in lines:
            label = font.render(line, True, _INK)
            surf.blit(label, label.get_rect(midtop=(inner.centerx, y)))
            y += font.get_linesize() - 1
        if slotted:
            self._move_numbers(surf, card, inner, w, h)
        elif card.type in ("foe", "conan", "ally"):
            self._character(surf, card, inner, y, w, h, lang)
        else:
            self._effect(surf, card, inner, y, w, lang)
        return surf

    def _move_numbers(self, surf: pygame.Surface, card: Any, inner: pygame.Rect, w: int,
                      h: int) -> None:
        size = max(9, int(h * 0.2))
        self._big(surf, str(card.get("initiative", "")), (inner.centerx, inner.centery),
                  size, _WHITE, (60, 50, 40))
        self._big(surf, str(card.get("cost", 0)), (inner.centerx, inner.bottom - size // 2 - 1),
                  max(8, int(h * 0.11)), _WHITE, _GEM)
        if card.type != "move" and inner.h > 60:
            small = self.fonts.get(max(7, int(w * 0.07)))
            kind = small.render(t(f"conanui.type.{card.type}"), True, _INK)
            surf.blit(kind, kind.get_rect(midtop=(inner.centerx, inner.centery + size)))

    def _character(self, surf: pygame.Surface, card: Any, inner: pygame.Rect, y: int, w: int,
                   h: int, lang: str) -> None:
        small = self.fonts.get(max(7, int(h * 0.075)))
        if card.type == "foe":
            kind = t(f"conanui.creature.{card.get('creature')}")
            label = small.render(ellipsize(kind, small, inner.w), True, (90, 30, 24))
            surf.blit(label, label.get_rect(midtop=(inner.centerx, y)))
        numbers = [("damage", (180, 40, 30)), ("prowess", _GEM), ("health", (40, 130, 60))]
        size = max(8, int(h * 0.12))
        cy = inner.centery + h // 10
        step = inner.w // 3
        for n, (stat, colour) in enumerate(numbers):
            self._big(surf, str(card.get(stat, 0)), (inner.x + step // 2 + n * step, cy),
                      size, _WHITE, colour)
        if card.type in ("foe", "ally"):
            tail = t("conanui.renown_scars", renown=card.get("renown", 0),
                     scars=card.get("scars", 0)) if card.type == "foe" else \
                t("conanui.renown", renown=card.get("renown", 0))
            label = small.render(ellipsize(tail, small, inner.w), True, _INK)
            surf.blit(label, label.get_rect(midbottom=(inner.centerx, inner.bottom - 1)))
        elif card.type == "conan":
            tail = t("conanui.vitality", n=card.get("vitality", 0))
            label = small.render(ellipsize(tail, small, inner.w), True, _INK)
            surf.blit(label, label.get_rect(midbottom=(inner.centerx, inner.bottom - 1)))

    def _effect(self, surf: pygame.Surface, card: Any, inner: pygame.Rect, y: int, w: int,
                lang: str) -> None:
        small = self.fonts.get(max(7, int(w * 0.1)))
        kind = t(f"conanui.type.{card.type}")
        surf.blit(small.render(kind, True, _INK), (inner.x + 2, y))
        y += small.get_linesize()
        text = card.text.get(lang) or card.text.get("en") or ""
        effect = card.get("effect")
        if not text and effect in ("damage", "prowess", "health", "vitality"):
            text = t("conanui.stat_effect", stat=t(f"conanui.stat.{effect}"),
                     n=f"{int(card.get('amount', 0)):+d}")
        elif not text and effect not in (None, "text"):
            text = t(f"effect.conan.{effect}", n=card.get("amount", 0))
        for line in wrap_text(text, small, inner.w - 4) if text else []:
            if y + small.get_linesize() > inner.bottom:
                break
            surf.blit(small.render(line, True, _INK), (inner.x + 2, y))
            y += small.get_linesize()

    def draw_back(self, w: int, h: int) -> pygame.Surface:
        """A dark back with a gold frame and a crossed-swords mark."""
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        radius = max(2, w // 12)
        pygame.draw.rect(surf, (46, 30, 24), (0, 0, w, h), border_radius=radius)
        pygame.draw.rect(surf, (196, 160, 80), (0, 0, w, h), max(1, w // 24),
                         border_radius=radius)
        inset = max(3, w // 8)
        pygame.draw.rect(surf, (120, 40, 30), (inset, inset, w - 2 * inset, h - 2 * inset),
                         max(1, w // 36), border_radius=radius)
        cx, cy, r = w // 2, h // 2, max(3, w // 5)
        width = max(1, w // 24)
        pygame.draw.line(surf, (196, 160, 80), (cx - r, cy - r), (cx + r, cy + r), width)
        pygame.draw.line(surf, (196, 160, 80), (cx + r, cy - r), (cx - r, cy + r), width)
        return surf

"""Conan card faces (no images): :class:`ConanCardRenderer` and the icon slot geometry.

A Move (and an Item or Action, which can be used as one) shows its five icon slots
on *both* long sides, numbered from the card's own top, as the rules read them
(CONAN-R8, R14): each icon is a coloured square with a letter (:data:`ICON_STYLE`).
The initiative is the big number in the middle, the prowess cost a gem at the top.
Foes show damage / prowess / health, renown and scars; Conan and Allies their
numbers; Items, Actions and Regions their effect. Every text goes through the
shared fitting function, numbers first: a name or line that does not fit whole
at the text floor is left out (the hover view shows the whole card), never cut;
the effect text is shown on the large view only. The shared
:class:`~tabletop.ui.card_render.CardRenderer` caches and turns the faces.

:func:`slot_rect` gives where slot ``i`` of a side lies on the upright card, in
card-relative units (0..1), so the resolution playback can draw lines between
the very squares that face each other, whatever the card's rotation.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import pygame

from tabletop.games.conan.abilities import describe as ability_words
from tabletop.i18n import t
from tabletop.ui.card_render import FULL, CardRenderer, FaceText, FontSource, ellipsize
from tabletop.ui.panels import whole_items

__all__ = ["BAND_FLOORS", "ICON_STYLE", "SLOT_BAND", "STAT_COLOUR", "ConanCardRenderer",
           "card_text", "effect_words", "has_slots", "slot_rect", "stat_discs",
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


def slot_rect(side: str, i: int, top: float = SLOT_MARGIN) -> tuple[float, float, float, float]:
    """Slot ``i`` (0 = the card's top) of ``side`` on the upright card: (x, y, w, h) as
    shares of the card's width and height. ``top``: where the first slot begins (a
    large face with its name across the top, see :data:`BAND_FLOORS`; a card on the
    battlefield always has the default)."""
    h = (1.0 - top - SLOT_MARGIN) / 5.0
    x = 0.0 if side == "left" else 1.0 - SLOT_BAND
    return (x, top + i * h, SLOT_BAND, h)


#: A Move face at least this many text floors wide (the spread hand, the hover view;
#: never a card on the battlefield, about 4) writes its name across the whole width
#: at the top, the icon slots below it: between the slot bands a name such as
#: ブロードソード would need a face 14 floors wide (issue 10).
BAND_FLOORS = 6.0
#: The large view of a card with slots and a text: the height (share of the card's)
#: of the initiative, kind and cost column under the text.
NUMBERS_BAND = 0.30


def stat_discs(w: int, h: int, floor: int) -> list[tuple[str, tuple[int, int], int]]:
    """Where a character face (Foe, Conan, Ally) ``w`` x ``h`` draws its damage, prowess
    and health: (stat, centre, radius) on the upright face, in pixels: three across the
    middle where they stand apart, else (a narrow face on the battlefield) damage and
    prowess side by side with health under them, never touching. The window draws
    the current numbers in the same discs (``ConanUI.draw_on_cards``)."""
    border = max(1, w // 26)
    inner = pygame.Rect(border, border, w - 2 * border, h - 2 * border).inflate(-2, -2)
    step = inner.w // 3
    want = max(round(h * 0.08), floor * 3 // 4)
    cy = inner.centery + h // 10
    stats = ("damage", "prowess", "health")
    gap = max(2, w // 30)
    if step >= 2 * want + gap:  # three across the middle, apart
        return [(stat, (inner.x + step // 2 + n * step, cy), want)
                for n, stat in enumerate(stats)]
    # a narrow face (a card on the battlefield): three across would touch or overlap
    # (QA), so damage and prowess side by side and health under them, between
    r = max(3, min(want, (inner.w - gap) // 4))
    half = r + (gap + 1) // 2
    dy = math.ceil(math.sqrt(max(0, (2 * r + gap) ** 2 - half ** 2)))
    top = min(cy, inner.bottom - r - dy)  # the name keeps its room above
    return [("damage", (inner.centerx - half, top), r),
            ("prowess", (inner.centerx + half, top), r),
            ("health", (inner.centerx, top + dy), r)]


#: The colour of each character number's disc.
STAT_COLOUR = {"damage": (180, 40, 30), "prowess": (40, 110, 190), "health": (40, 130, 60)}


class ConanCardRenderer(CardRenderer):
    """Conan faces and backs (see the module docstring)."""

    def __init__(self, fonts: FontSource, cards: Mapping[str, Any]) -> None:
        super().__init__(fonts, cards)

    def number_spots(self, card_id: str, w: int, h: int
                     ) -> dict[str, tuple[tuple[int, int], int]]:
        """Where a character face (Conan, Ally, Foe) ``w`` x ``h`` upright prints its
        damage, prowess and health (:func:`stat_discs`), so the large view draws the
        numbers now over them (QA15b #5: it showed the printed 3 / 5 / 14 while the
        small face said 5 / 4); {} for other cards. The table's small faces draw their
        own numbers now (``ConanUI.draw_on_cards``)."""
        card = self.cards.get(card_id)
        if card is None or card.type not in ("foe", "conan", "ally"):
            return {}
        floor = max(7, int(getattr(self.fonts, "floor_px", 0) or 0))
        return {stat: (centre, r) for stat, centre, r in stat_discs(w, h, floor)}

    def effect_words(self, card: Any, lang: str) -> list[str]:
        """Every effect of the card in words (the hover; :func:`effect_words`)."""
        return effect_words(card, lang)

    # -- pieces ------------------------------------------------------------------------

    def _slots(self, surf: pygame.Surface, out: FaceText, card: Any, w: int, h: int,
               top: float = SLOT_MARGIN) -> None:
        size = round(w * SLOT_BAND * 0.8)
        for side in ("left", "right"):
            slots = card.get(side) or []
            multis = [set(g) for g in card.get(f"{side}_multi") or []]
            for i, icon in enumerate(slots[:5]):
                x, y, sw, sh = slot_rect(side, i, top)
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
                # the letter (for colour-blind eyes) where it fits whole; the colour says it
                out.fit(letter, r.inflate(2, 2), size, _WHITE, bold=True)

    def _number(self, surf: pygame.Surface, out: FaceText, text: str, centre: tuple[int, int],
                r: int, fill: tuple[int, int, int]) -> pygame.Rect:
        """A number the rules use in a disc of radius ``r``; bold, or regular when only
        that fits. Returns the disc's box."""
        pygame.draw.circle(surf, fill, centre, r)
        box = pygame.Rect(0, 0, 2 * r, 2 * r)
        box.center = centre
        if out.measure(text, box, round(r * 1.3), bold=True) is not None:
            out.fit(text, box, round(r * 1.3), _WHITE, bold=True)
        else:
            out.fit(text, box, round(r * 1.3), _WHITE)
        return box

    # -- faces -------------------------------------------------------------------------

    def draw_face(self, card_id: str, w: int, h: int, lang: str) -> pygame.Surface:
        """The upright face of a Conan card (see the module docstring)."""
        card = self.cards.get(card_id)
        if card is None:
            return super().draw_face(card_id, w, h, lang)
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        out = self.writer(surf, ("face", card_id, w, h, lang))
        radius = max(2, w // 12)
        border = max(1, w // 26)
        pygame.draw.rect(surf, _TYPE_FRAME.get(card.type, (90, 90, 90)), (0, 0, w, h),
                         border_radius=radius)
        body = pygame.Rect(border, border, w - 2 * border, h - 2 * border)
        pygame.draw.rect(surf, _TYPE_BODY.get(card.type, (230, 230, 230)), body,
                         border_radius=max(1, radius - border))
        name = card.display_name(lang)
        size = round(h * 0.085)
        if has_slots(card) and w >= BAND_FLOORS * out.floor:
            # a large face: the name across the top, the slots below it
            pad = max(2, w // 40)
            band = out.fit(name, pygame.Rect(body.x + pad, body.y + 1, body.w - 2 * pad,
                                             h // 4), size, _INK, bold=True, max_lines=2,
                           valign="top")
            top = max(SLOT_MARGIN, ((band.bottom if band is not None else 0) + 2) / h)
            self._slots(surf, out, card, w, h, top)
            inner = body.inflate(-2 * round(w * SLOT_BAND), 0)
            inner.y, inner.h = round(top * h), body.bottom - round(top * h)
            text = card_text(card, lang)
            if text and self.detail(w, h) == FULL:
                self._text_and_numbers(surf, out, card, inner, text, w, h)
            else:
                if text:
                    out.record.left_out.append(text)  # the hover view shows it
                self._move_numbers(surf, out, card, inner, w, h)
        elif has_slots(card):
            self._slots(surf, out, card, w, h)
            inner = body.inflate(-2 * round(w * SLOT_BAND), 0)
            top = self._move_numbers(surf, out, card, inner, w, h)
            out.fit(name, pygame.Rect(inner.x, inner.y + 1, inner.w, top - inner.y - 2), size,
                    _INK, bold=True, max_lines=2, valign="top")
        elif card.type in ("foe", "conan", "ally"):
            self._character(surf, out, card, body.inflate(-2, -2), name, size, w, h, lang)
        else:
            self._effect(surf, out, card, body.inflate(-4, -4), name, size, w, h, lang)
        return surf

    def _text_and_numbers(self, surf: pygame.Surface, out: FaceText, card: Any,
                          inner: pygame.Rect, text: str, w: int, h: int) -> None:
        """The large view of a card with icon slots (issue 15 QA: Arc and Xenocard show
        their card's text there): its own text between the slot bands under the name,
        the initiative, kind and prowess cost smaller in the column's lower part."""
        low = pygame.Rect(inner.x, inner.bottom - round(h * NUMBERS_BAND), inner.w,
                          round(h * NUMBERS_BAND))
        gem_r = min(low.w // 2, max(round(h * 0.045), out.floor * 3 // 4))
        gem = (low.centerx, low.bottom - gem_r - 1)
        r = min(low.w // 2, max(round(h * 0.075), out.floor * 3 // 4))
        disc = self._number(surf, out, str(card.get("initiative", "")),
                            (low.centerx, low.y + r), r, (60, 50, 40))
        self._number(surf, out, str(card.get("cost", 0)), gem, gem_r, _GEM)
        if card.type != "move":
            out.fit(t(f"conanui.type.{card.type}"),
                    pygame.Rect(low.x, disc.bottom + 1, low.w,
                                gem[1] - gem_r - disc.bottom - 2), round(w * 0.07), _INK)
        box = pygame.Rect(inner.x, inner.y, inner.w, low.y - inner.y - 2)
        out.fit(text, box, round(h * 0.045), _INK, max_lines=99, align="left", valign="top")

    def _move_numbers(self, surf: pygame.Surface, out: FaceText, card: Any,
                      inner: pygame.Rect, w: int, h: int) -> int:
        """Initiative in the middle, the prowess cost in a gem at the bottom (and the
        card's kind under the initiative on a larger face); returns the top of the
        initiative disc."""
        r = min(inner.w // 2, max(round(h * 0.12), out.floor * 3 // 4))
        centre = (inner.centerx, inner.centery)
        disc = self._number(surf, out, str(card.get("initiative", "")), centre, r, (60, 50, 40))
        gem_r = min(inner.w // 2, max(round(h * 0.07), out.floor * 3 // 4))
        gem = (inner.centerx, inner.bottom - gem_r - 1)
        self._number(surf, out, str(card.get("cost", 0)), gem, gem_r, _GEM)
        if card.type != "move":
            out.fit(t(f"conanui.type.{card.type}"),
                    pygame.Rect(inner.x, disc.bottom + 1, inner.w,
                                gem[1] - gem_r - disc.bottom - 2), round(w * 0.07), _INK)
        return disc.top

    def _character(self, surf: pygame.Surface, out: FaceText, card: Any, inner: pygame.Rect,
                   name: str, size: int, w: int, h: int, lang: str) -> None:
        """Damage, prowess and health in discs across the middle; the name above, the
        kind of Foe and the renown / scars (Conan: vitality) when they fit."""
        discs = stat_discs(w, h, out.floor)
        r, cy = discs[0][2], discs[0][1][1]
        low = max(c[1] for _, c, _ in discs)  # the lowest disc's centre (two rows)
        for stat, centre, _ in discs:
            self._number(surf, out, str(card.get(stat, 0)), centre, r, STAT_COLOUR[stat])
        used = out.fit(name, pygame.Rect(inner.x, inner.y, inner.w, cy - r - inner.y - 1),
                       size, _INK, bold=True, max_lines=2, valign="top")
        small = round(h * 0.075)
        if card.type == "foe" and used is None:
            # a name left out (it is written beside the card): the kind of Foe in its
            # place read as the name (QA: "Human"), so the hover alone says it
            out.record.left_out.append(t(f"conanui.creature.{card.get('creature')}"))
        elif card.type == "foe" and used is not None:
            below = used.bottom + 1
            kind = out.fit(t(f"conanui.creature.{card.get('creature')}"),
                           pygame.Rect(inner.x, below, inner.w, cy - r - below - 1), small,
                           (90, 30, 24))
            used = kind or used
        above = used.bottom + 2 if used is not None else inner.y
        if card.type in ("foe", "ally"):
            tail = t("conanui.renown_scars", renown=card.get("renown", 0),
                     scars=card.get("scars", 0)) if card.type == "foe" else \
                t("conanui.renown", renown=card.get("renown", 0))
        else:
            tail = t("conanui.vitality", n=card.get("vitality", 0))
        edge = max(2, w // 30)  # off the frame
        tail_box = pygame.Rect(inner.x + edge, low + r + 1, inner.w - 2 * edge,
                               inner.bottom - low - r - 1 - edge // 2)
        # one line, a little smaller, before two: "Renown 6 · Scars" over a lone "3" on
        # the frame read badly (QA16b #19); two lines break between the items only
        least = max(out.floor, small * 3 // 4)
        lines = 1 if out.fonts.get(least).size(tail)[0] <= tail_box.w else 2
        end = out.fit(tail if lines == 1 else whole_items(tail), tail_box, small, _INK,
                      max_lines=lines, valign="bottom")
        text = card_text(card, lang) if card.type != "conan" or card.text else ""
        if text and self.detail(w, h) == FULL:
            # the large view: its own text (issue 15 QA) between the name and the numbers,
            # else under the numbers, wherever it fits whole (else cut in the taller box)
            pad = max(2, w // 30)  # off the frame
            bottom = end.top - 2 if end is not None else inner.bottom
            boxes = [pygame.Rect(inner.x + pad, above, inner.w - 2 * pad, cy - r - above - 2),
                     pygame.Rect(inner.x + pad, low + r + 2, inner.w - 2 * pad,
                                 bottom - low - r - 2)]
            px = round(h * 0.045)
            box = next((b for b in boxes if b.h > 0 and out.measure(
                text, b, px, max_lines=99) is not None), max(boxes, key=lambda b: b.h))
            out.fit(text, box, px, _INK, max_lines=99, align="left", valign="top")
        elif text:
            out.record.left_out.append(text)  # the hover view shows it

    def _effect(self, surf: pygame.Surface, out: FaceText, card: Any, inner: pygame.Rect,
                name: str, size: int, w: int, h: int, lang: str) -> None:
        """Name, kind and (on the large view) the effect text of an Item, Action, Region."""
        used = out.fit(name, inner, size, _INK, bold=True, max_lines=2, valign="top")
        y = used.bottom + 2 if used is not None else inner.y
        used = out.fit(t(f"conanui.type.{card.type}"),
                       pygame.Rect(inner.x, y, inner.w, inner.bottom - y), round(w * 0.1), _INK,
                       align="left", valign="top")
        y = used.bottom + 2 if used is not None else y
        text = card_text(card, lang)
        if text and self.detail(w, h) == FULL:
            out.fit(text, pygame.Rect(inner.x, y, inner.w, inner.bottom - y), round(w * 0.1),
                    _INK, max_lines=99, align="left", valign="top")
        elif text:
            out.record.left_out.append(text)  # the hover view shows it

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


def card_text(card: Any, lang: str) -> str:
    """The card's own text in ``lang`` (else English); with none printed, its abilities
    in the ability language's words; "" for a card with neither."""
    text: str = card.text.get(lang) or card.text.get("en") or ""
    if not text and card.abilities:
        text = " ".join(ability_words(a).render(lang) for a in card.abilities)
    return text


def effect_words(card: Any, lang: str) -> list[str]:
    """Every effect of a Conan card in words, for the hover (issue 12 §7): an Item's,
    Action's or Region's effect and how it is used, the Move use of Items and Actions,
    an Ally's and a Foe's rules (Major Foe cost, Chronicle, abilities), Conan's
    Barbarian ability and vitality, the Special and Magic icons and every Multi-icon.
    The card's own text is not repeated (the hover shows it)."""
    kind = card.type
    out: list[str] = []
    # its abilities in the ability language's words (issue 15, games.conan.abilities)
    said = [ability_words(a).render(lang) for a in card.abilities
            if kind != "conan"]
    if kind in ("item", "action", "region") or said:
        out.append(t(f"hover.conanab.{kind}" if kind in ("item", "action", "region")
                     else "hover.conanab.other", abilities=" ".join(said)))
    if kind == "item" and card.get("slot") in ("weapon", "armor", "shield"):
        out.append(t("hover.conan.item_slot", slot=t(f"hover.conan.slot.{card.get('slot')}")))
    if kind in ("item", "action"):
        out.append(t("hover.conan.as_move"))
    if kind == "ally":
        out.append(t("hover.conan.ally", renown=card.get("renown", 0)))
        out.append(t("hover.conan.ally_prowess", p=card.get("prowess", 0)))
    if kind == "foe":
        renown = int(card.get("renown", 0) or 0)
        out.append(t("hover.conan.major", n=renown - 4) if renown >= 5 else
                   t("hover.conan.minor"))
        out.append(t("hover.conan.foe_defeated", renown=renown, scars=card.get("scars", 0)))
    abilities = card.get("abilities") or []
    out += [t(f"hover.conan.{a}") for a in ("magic", "no_gap") if a in abilities]
    if card.get("unique"):
        out.append(t("hover.conan.unique"))
    if kind == "conan":
        for ability in () if card.text else card.abilities:  # a text says it already
            out.append(t("hover.conanab.barbarian", cost=ability.when.number("cost"),
                         ability=ability_words(ability).render(lang)))
        out.append(t("hover.conan.vitality", n=card.get("vitality", 0)))
    if has_slots(card):
        icons = {i for side in ("left", "right") for i in card.get(side) or []}
        if "special" in icons:
            out.append(t("hover.conan.special"))
        if "magic" in icons:
            out.append(t("hover.conan.magic_icon"))
        for side in ("left", "right"):
            slots = card.get(side) or []
            for group in card.get(f"{side}_multi") or []:
                ordered = sorted(group)
                names = " + ".join(t(f"conanui.icon.{slots[i]}") for i in ordered)
                out.append(t("hover.conan.multi", side=t(f"hover.conan.{side}"),
                             slots=f"{ordered[0] + 1}-{ordered[-1] + 1}", icons=names,
                             n=len(ordered)))
    return out

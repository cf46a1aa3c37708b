"""Xenocard card faces (no images): :class:`XenoCardRenderer` for the Xenocard plugin.

Every face is drawn from the card data (``assets/cards/xenocard``):

* battle cards and weapons: a frame in the attribute's colour, the cost disc and
  the name (up to two lines), the attribute as an icon plus its name, the attack
  type as an icon plus its name, the condition as attribute icons ("needs"), the
  level-up link ("from <card>") and ATK / HP big along the bottom (a weapon has
  ATK only: it lends ATK and attack type to its holder, XENO-R7);
* situations: cost, name, the rules text and the duration in turns;
* events: cost, name, when it may be used (event / block phase) and the text.

Icons are simple drawn shapes with a letter (English) or a character (Japanese)
so they read at 1280x720 without any picture files.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import pygame

from tabletop.i18n import t
from tabletop.ui.card_render import (
    CardRenderer,
    FontSource,
    ellipsize,
    fit_font,
    fit_lines,
    wrap_text,
    wrap_words,
)

__all__ = ["ATTR_COLOURS", "XenoCardRenderer", "attr_colour", "attr_glyph", "draw_attack_icon",
           "draw_attr_icon"]

#: Frame colour per attribute (events and situations have their own).
ATTR_COLOURS: dict[str, tuple[int, int, int]] = {
    "human": (196, 108, 52),
    "machine": (70, 104, 150),
    "realian": (34, 146, 138),
    "gnosis": (128, 72, 160),
    "weapon": (150, 58, 58),
    "mystery": (120, 110, 50),
    "any": (110, 110, 118),
}
_EVENT = (176, 140, 40)
_SITUATION = (58, 130, 76)
_BODY = (240, 236, 226)
_INK = (26, 26, 30)
_WHITE = (255, 255, 255)
_MUTED = (92, 92, 100)
_BACK = (24, 36, 62)
_BACK_EDGE = (120, 200, 230)


def attr_colour(attribute: str | None) -> tuple[int, int, int]:
    """The colour of an attribute (grey for unknown ones)."""
    return ATTR_COLOURS.get(attribute or "any", ATTR_COLOURS["any"])


def attr_glyph(attribute: str) -> str:
    """The one-character sign of an attribute in the current language (H, 人...)."""
    return t(f"xenoui.glyph.{attribute}")


def draw_attr_icon(surf: pygame.Surface, fonts: FontSource, attribute: str,
                   centre: tuple[int, int], r: int) -> None:
    """An attribute icon: a shape per attribute in its colour, with its sign inside."""
    colour = attr_colour(attribute)
    cx, cy = centre
    if attribute == "machine":  # a cog: a disc with teeth
        for k in range(8):
            a = k * math.pi / 4
            pygame.draw.circle(surf, colour, (round(cx + math.cos(a) * r * 0.85),
                                              round(cy + math.sin(a) * r * 0.85)),
                               max(1, r // 3))
        pygame.draw.circle(surf, colour, centre, round(r * 0.85))
    elif attribute == "realian":  # a diamond
        pygame.draw.polygon(surf, colour, [(cx, cy - r), (cx + r, cy), (cx, cy + r),
                                           (cx - r, cy)])
    elif attribute == "gnosis":  # a star
        points = []
        for k in range(10):
            a = -math.pi / 2 + k * math.pi / 5
            rr = r if k % 2 == 0 else r * 0.5
            points.append((cx + math.cos(a) * rr, cy + math.sin(a) * rr))
        pygame.draw.polygon(surf, colour, points)
    elif attribute == "weapon":  # a shield-like pentagon
        pygame.draw.polygon(surf, colour, [(cx - r, cy - r), (cx + r, cy - r),
                                           (cx + r, cy + r // 3), (cx, cy + r),
                                           (cx - r, cy + r // 3)])
    elif attribute == "mystery":  # a square
        pygame.draw.rect(surf, colour, (cx - r, cy - r, 2 * r, 2 * r), border_radius=r // 3)
    else:  # human, any: a disc
        pygame.draw.circle(surf, colour, centre, r)
    glyph = attr_glyph(attribute)
    font = fonts.get(max(7, round(r * 1.25)), True)
    label = font.render(glyph, True, _WHITE)
    surf.blit(label, label.get_rect(center=centre))


def draw_attack_icon(surf: pygame.Surface, attack: str, rect: pygame.Rect,
                     colour: tuple[int, int, int] = _INK) -> None:
    """A small picture of an attack type inside ``rect``: melee a fist-like block,
    shooting an arrow, all a fan of arrows, ballistic an arc."""
    w = max(1, rect.h // 7)
    x0, x1, cy = rect.x, rect.right, rect.centery
    if attack == "melee":  # two crossed blades
        pygame.draw.line(surf, colour, rect.topleft, rect.bottomright, w + 1)
        pygame.draw.line(surf, colour, rect.topright, rect.bottomleft, w + 1)
    elif attack == "shooting":
        pygame.draw.line(surf, colour, (x0, cy), (x1, cy), w + 1)
        pygame.draw.polygon(surf, colour, [(x1, cy), (x1 - rect.h // 2, rect.y),
                                           (x1 - rect.h // 2, rect.bottom)])
    elif attack == "all":
        for dy in (-rect.h // 2, 0, rect.h // 2):
            pygame.draw.line(surf, colour, (x0, cy), (x1, cy + dy), w)
    else:  # ballistic: an arc falling onto the right
        arc = pygame.Rect(x0, rect.y, rect.w, rect.h * 2)
        pygame.draw.arc(surf, colour, arc, 0, math.pi, w + 1)
        pygame.draw.circle(surf, colour, (x1 - w, cy + rect.h // 3), w + 1)


class XenoCardRenderer(CardRenderer):
    """Xenocard faces and backs (see the module docstring)."""

    def __init__(self, fonts: FontSource, cards: Mapping[str, Any]) -> None:
        super().__init__(fonts, cards)
        #: ``(card id, width px)`` of every face drawn so far whose text had to be cut
        #: (an ellipsis, a dropped line or icon). Small faces on the table may cut; the
        #: large hover view must not (a test renders every card at that size).
        self.cut: set[tuple[str, int]] = set()
        self._drawing: tuple[str, int] = ("", 0)

    def _fit(self, text: str, font: pygame.font.Font, width: int) -> str:
        """``text`` ellipsized to ``width``; a cut is recorded in :attr:`cut`."""
        out = ellipsize(text, font, width)
        if out != text:
            self.cut.add(self._drawing)
        return out

    def _lines(self, text: str, width: int, size: int, bold: bool, max_lines: int,
               minimum: int = 7) -> tuple[pygame.font.Font, list[str]]:
        """``text`` wrapped in at most ``max_lines`` lines, shrinking from ``size``; the
        last line ellipsized (and the cut recorded) only when even ``minimum`` is too big."""
        size, font, lines = fit_lines(self.fonts, text, width, max(minimum, size), minimum,
                                      bold, max_lines)
        if " ".join(lines).replace("…", "") != text and "".join(lines).replace("…", "") != \
                text.replace(" ", ""):
            self.cut.add(self._drawing)
        return font, lines

    # -- backs -----------------------------------------------------------------------
    def draw_back(self, w: int, h: int) -> pygame.Surface:
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        radius = max(2, w // 14)
        pygame.draw.rect(surf, _BACK, (0, 0, w, h), border_radius=radius)
        pygame.draw.rect(surf, _BACK_EDGE, (0, 0, w, h), max(1, w // 30), border_radius=radius)
        cx, cy = w // 2, h // 2
        for k in range(3):  # concentric rings: a "xeno" orbit
            r = max(3, round(w * (0.12 + 0.1 * k)))
            pygame.draw.circle(surf, (60, 110, 150), (cx, cy), r, max(1, w // 40))
        label = self.fonts.get(max(7, w // 8), True).render("XENO", True, _BACK_EDGE)
        surf.blit(label, label.get_rect(center=(cx, cy)))
        return surf

    # -- faces -----------------------------------------------------------------------
    def draw_face(self, card_id: str, w: int, h: int, lang: str) -> pygame.Surface:
        card = self.cards.get(card_id)
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        if card is None:  # unknown id: a plain labelled card rather than a crash
            pygame.draw.rect(surf, (200, 200, 200), (0, 0, w, h), border_radius=max(2, w // 14))
            txt = self.fonts.get(max(7, w // 9)).render(card_id, True, _INK)
            surf.blit(txt, txt.get_rect(center=(w // 2, h // 2)))
            return surf
        self._drawing = (card_id, w)
        kind = card.type
        if kind == "weapon" and w > h:  # equipped: a tag lying over its holder
            return self._weapon_tag(surf, card, lang, w, h)
        if kind in ("battle", "weapon"):
            frame = attr_colour("weapon" if kind == "weapon" else card.get("attribute"))
        else:
            frame = _EVENT if kind == "event" else _SITUATION
        radius = max(2, w // 14)
        border = max(2, w // 24)
        pygame.draw.rect(surf, frame, (0, 0, w, h), border_radius=radius)
        inner = pygame.Rect(border, border, w - 2 * border, h - 2 * border)
        pygame.draw.rect(surf, _BODY, inner, border_radius=max(1, radius - border))
        pad = max(2, w // 26)
        top = self._title(surf, card, lang, inner, frame, pad)
        if kind in ("battle", "weapon"):
            self._battle_body(surf, card, lang, inner, top, pad)
        else:
            self._text_body(surf, card, lang, inner, top, pad, frame)
        return surf

    def attack_row(self, w: int, h: int) -> pygame.Rect:
        """Where a battle card face of ``w`` x ``h`` px prints its attack type (the same
        arithmetic as :meth:`_battle_body`), so the window can show the attack type in
        force there (XENO-R7) without covering anything else."""
        border = max(2, w // 24)
        inner = pygame.Rect(border, border, w - 2 * border, h - 2 * border)
        pad = max(2, w // 26)
        top = inner.y + max(14, round(inner.h * 0.22))
        line_h = self.fonts.get(max(7, round(inner.w * 0.115)), True).get_linesize()
        r = max(4, line_h // 2)
        return pygame.Rect(inner.x, top + pad + 2 * r + pad // 2, inner.w, line_h)

    def draw_attack_in_force(self, surface: pygame.Surface, card: pygame.Rect,
                             attack: str) -> None:
        """Over the attack-type row of a card drawn at ``card`` (screen px): the attack
        type in force (a weapon's, XENO-R7) on the yellow of the numbers in force."""
        row = self.attack_row(card.w, card.h).move(card.topleft)
        pygame.draw.rect(surface, (250, 214, 80), row, border_radius=3)
        pygame.draw.rect(surface, (120, 90, 10), row, 1, border_radius=3)
        pad = max(2, card.w // 26)
        r = max(4, row.h // 2)
        icon = pygame.Rect(row.x + pad, row.y + row.h // 5, 2 * r, row.h * 3 // 5)
        draw_attack_icon(surface, attack, icon, (40, 28, 6))
        word = t(f"attack.xenocard.{attack}")
        font = fit_font(self.fonts, word, row.right - icon.right - 2 * pad,
                        max(7, round(row.h * 0.8)), 7, True)
        label = font.render(word, True, (40, 28, 6))
        surface.blit(label, label.get_rect(midleft=(icon.right + pad, row.centery)))

    def _weapon_tag(self, surf: pygame.Surface, card: Any, lang: str, w: int,
                    h: int) -> pygame.Surface:
        """An equipped weapon as a wide tag: its name on the upper row, its ATK and attack
        type on the lower (XENO-R7). Each row is fitted to its own height and width, so
        nothing is cut or overlaps at any size; the right end stays free for the E mark."""
        frame = attr_colour("weapon")
        radius = max(2, h // 5)
        pygame.draw.rect(surf, frame, (0, 0, w, h), border_radius=radius)
        pygame.draw.rect(surf, _WHITE, (0, 0, w, h), max(1, h // 14), border_radius=radius)
        pad = max(2, h // 10)
        r = max(4, h // 4)
        draw_attr_icon(surf, self.fonts, "weapon", (pad + r, h // 2), r)
        left = 2 * pad + 2 * r
        width = w - left - pad - round(h * 0.45)  # the E chip sits on the right end
        row_h = (h - 2 * pad) // 2
        size = max(7, round(row_h * 0.8))
        name = card.display_name(lang)
        font = fit_font(self.fonts, name, width, size, 7, True)
        label = font.render(ellipsize(name, font, width), True, _WHITE)
        surf.blit(label, label.get_rect(midleft=(left, pad + row_h // 2)))
        attack = str(card.get("attack"))
        atk_text = f"{t('xenoui.atk')} {card.get('atk')}"
        word_text = t(f"attack.xenocard.{attack}")
        small = self.fonts.get(size, True)
        for s in range(size, 6, -1):
            small = self.fonts.get(s, True)
            icon_w = small.get_height()
            if small.size(atk_text)[0] + icon_w + small.size(word_text)[0] + 2 * pad <= width:
                break
        atk = small.render(atk_text, True, (255, 226, 160))
        cy = h - pad - row_h // 2
        surf.blit(atk, atk.get_rect(midleft=(left, cy)))
        icon_w = small.get_height()
        icon = pygame.Rect(left + atk.get_width() + pad, cy - icon_w // 4, icon_w, icon_w // 2)
        draw_attack_icon(surf, attack, icon, _WHITE)
        if small.size(word_text)[0] <= left + width - icon.right - pad:  # else the icon says it
            word = small.render(word_text, True, _WHITE)
            surf.blit(word, word.get_rect(midleft=(icon.right + pad, cy)))
        return surf

    def _title(self, surf: pygame.Surface, card: Any, lang: str, inner: pygame.Rect,
               frame: tuple[int, int, int], pad: int) -> int:
        """Cost disc and name (up to two lines) on the frame colour; returns the bottom."""
        bar_h = max(14, round(inner.h * 0.22))
        bar = pygame.Rect(inner.x, inner.y, inner.w, bar_h)
        r = max(5, round(inner.w * 0.12))
        pygame.draw.rect(surf, frame, bar)
        centre = (bar.x + pad + r, bar.y + pad + r)
        pygame.draw.circle(surf, _WHITE, centre, r)
        pygame.draw.circle(surf, _INK, centre, r - max(1, r // 5))
        cost = self.fonts.get(max(7, round(r * 1.45)), True).render(
            str(card.get("cost", 0)), True, _WHITE)
        surf.blit(cost, cost.get_rect(center=centre))
        left = centre[0] + r + pad
        width = bar.right - pad - left
        name = card.display_name(lang)
        # The largest size at which the name fits in two lines without breaking a word
        # (a katakana name shrinks rather than wrap mid-word).
        size, font, lines = fit_lines(self.fonts, name, width, max(7, round(inner.w * 0.125)),
                                      7, True, 2)
        if wrap_words(name, font, width) is None:
            # One word longer than the bar even at the smallest size (a long katakana
            # name on a small card): one line, narrowed to fit, rather than cut mid-word.
            label = font.render(name, True, _WHITE)
            label = pygame.transform.smoothscale(label, (width, label.get_height()))
            surf.blit(label, label.get_rect(midleft=(left, bar.centery)))
            return bar.bottom
        # Noto's line height is generous: two name lines are set closer to fit the bar.
        step = round(size * 1.2)
        y = bar.centery - (step * (len(lines) - 1)) // 2
        for line in lines:
            label = font.render(line, True, _WHITE)
            surf.blit(label, label.get_rect(midleft=(left, y)))
            y += step
        return bar.bottom

    def _battle_body(self, surf: pygame.Surface, card: Any, lang: str, inner: pygame.Rect,
                     top: int, pad: int) -> None:
        weapon = card.type == "weapon"
        attribute = "weapon" if weapon else str(card.get("attribute"))
        small = self.fonts.get(max(7, round(inner.w * 0.115)), True)
        line_h = small.get_linesize()
        y = top + pad
        # attribute icon + name
        r = max(4, line_h // 2)
        draw_attr_icon(surf, self.fonts, attribute, (inner.x + pad + r, y + r), r)
        label = small.render(t(f"attribute.xenocard.{attribute}"), True, _INK)
        surf.blit(label, (inner.x + 2 * pad + 2 * r, y + r - label.get_height() // 2))
        y += 2 * r + pad // 2
        # attack type icon + name
        attack = str(card.get("attack"))
        icon = pygame.Rect(inner.x + pad, y + line_h // 5, 2 * r, line_h * 3 // 5)
        draw_attack_icon(surf, attack, icon)
        label = small.render(t(f"attack.xenocard.{attack}"), True, _INK)
        surf.blit(label, (icon.right + pad, y + (line_h - label.get_height()) // 2))
        y += line_h + pad // 2
        # condition: "needs" and its attribute icons
        tiny = self.fonts.get(max(7, round(inner.w * 0.1)))
        condition: Sequence[str] = card.get("condition") or []
        if condition:
            needs = tiny.render(t("xenoui.needs"), True, _MUTED)
            surf.blit(needs, (inner.x + pad, y))
            ir = max(3, needs.get_height() // 2)
            x = inner.x + pad + needs.get_width() + pad + ir
            for attr in condition:
                if x + ir > inner.right - pad:
                    self.cut.add(self._drawing)
                    break
                draw_attr_icon(surf, self.fonts, attr, (x, y + needs.get_height() // 2), ir)
                x += 2 * ir + 2
            y += needs.get_height() + pad // 2
        band = max(14, round(inner.h * 0.2))
        badges = [t("xenoui.unique_mark")] if card.get("unique") else []
        if card.get("unlimited"):  # nothing else on the face says it (XENO-R6)
            badges.append(t("xenoui.unlimited_mark"))
        x, tallest = inner.x + pad, 0
        for text in badges:
            box = self._badge(surf, text, x, y, line_h)
            x, tallest = box.right + pad, max(tallest, box.h)
        if badges:
            y += tallest + 1
        base = card.get("upgrade_of") or ""
        if base and base in self.cards:
            # the level-up link: an up triangle and the card it replaces, wrapped in the
            # room left above the band rather than cut
            tri = max(3, tiny.get_height() // 4)
            x0 = inner.x + pad
            link = (60, 60, 150)
            width = inner.right - pad - (x0 + 2 * tri + 2)
            room = max(1, (inner.bottom - band - y) // max(1, tiny.get_linesize()))
            font, lines = self._lines(
                t("xenoui.levels_from", card=self.cards[base].display_name(lang)), width,
                tiny.get_height(), False, min(2, room))
            cy = y + font.get_height() // 2
            pygame.draw.polygon(surf, link, [(x0, cy + tri), (x0 + 2 * tri, cy + tri),
                                             (x0 + tri, cy - tri)])
            for line in lines:
                if y + font.get_height() * 0.8 > inner.bottom - band:
                    self.cut.add(self._drawing)
                    break
                surf.blit(font.render(line, True, link), (x0 + 2 * tri + 2, y))
                y += font.get_linesize()
        # ATK (and HP) big along the bottom
        big = self.fonts.get(max(8, round(band * 0.72)), True)
        cap = self.fonts.get(max(7, round(band * 0.34)), True)
        row = pygame.Rect(inner.x, inner.bottom - band, inner.w, band)
        pygame.draw.rect(surf, (226, 220, 206), row)
        self._stat(surf, big, cap, t("xenoui.atk"), str(card.get("atk")), row, left=True,
                   pad=pad, colour=(170, 50, 40))
        if not weapon:
            self._stat(surf, big, cap, t("xenoui.hp"), str(card.get("hp")), row, left=False,
                       pad=pad, colour=(40, 100, 60))

    @staticmethod
    def _stat(surf: pygame.Surface, big: pygame.font.Font, cap: pygame.font.Font,
              caption: str, value: str, row: pygame.Rect, left: bool, pad: int,
              colour: tuple[int, int, int]) -> None:
        num = big.render(value, True, colour)
        lab = cap.render(caption, True, _MUTED)
        if left:
            surf.blit(lab, lab.get_rect(midleft=(row.x + pad, row.centery)))
            surf.blit(num, num.get_rect(midleft=(row.x + 2 * pad + lab.get_width(),
                                                 row.centery)))
        else:
            surf.blit(num, num.get_rect(midright=(row.right - pad, row.centery)))
            surf.blit(lab, lab.get_rect(midright=(row.right - 2 * pad - num.get_width(),
                                                  row.centery)))

    def _badge(self, surf: pygame.Surface, text: str, left: int, y: int,
               h: int) -> pygame.Rect:
        """A red badge (UNIQUE, UNLIMITED) at ``left``, ``y``; returns its box."""
        font = self.fonts.get(max(7, round(h * 0.7)), True)
        label = font.render(text, True, _WHITE)
        box = label.get_rect(topleft=(left, y)).inflate(6, -2)
        box.topleft = (left, y)
        pygame.draw.rect(surf, (150, 30, 30), box, border_radius=3)
        surf.blit(label, label.get_rect(center=box.center))
        return box

    def _text_body(self, surf: pygame.Surface, card: Any, lang: str, inner: pygame.Rect,
                   top: int, pad: int, frame: tuple[int, int, int]) -> None:
        small = self.fonts.get(max(7, round(inner.w * 0.11)), True)
        y = top + pad
        if card.type == "event":
            kind = t(f"xenoui.timing.{card.get('timing')}")
        else:
            kind = t("xenoui.situation")
        # when it may be used, in up to two lines (shrinking before anything is cut)
        font, lines = self._lines(kind, inner.w - 2 * pad, small.get_height(), True, 2)
        for line in lines:
            surf.blit(font.render(line, True, frame), (inner.x + pad, y))
            y += font.get_linesize()
        condition: Sequence[str] = card.get("condition") or []
        if condition:
            tiny = self.fonts.get(max(7, round(inner.w * 0.1)))
            needs = tiny.render(t("xenoui.needs"), True, _MUTED)
            surf.blit(needs, (inner.x + pad, y))
            ir = max(3, needs.get_height() // 2)
            x = inner.x + pad + needs.get_width() + pad + ir
            for attr in condition:
                draw_attr_icon(surf, self.fonts, attr, (x, y + needs.get_height() // 2), ir)
                x += 2 * ir + 2
            y += needs.get_height() + pad // 2
        band = max(14, round(inner.h * 0.16)) if card.type == "situation" else 0
        box = pygame.Rect(inner.x + pad, y, inner.w - 2 * pad, inner.bottom - band - pad - y)
        text = card.text.get(lang) or card.text.get("en") or ""
        if text and box.h > 8:
            self._wrapped(surf, text, box, round(inner.w * 0.105))
        if card.type == "situation":
            row = pygame.Rect(inner.x, inner.bottom - band, inner.w, band)
            pygame.draw.rect(surf, (220, 232, 220), row)
            font = fit_font(self.fonts, t("xenoui.duration", n=card.get("duration")),
                            row.w - 2 * pad, max(8, round(band * 0.6)), 7, True)
            label = font.render(t("xenoui.duration", n=card.get("duration")), True, frame)
            surf.blit(label, label.get_rect(center=row.center))

    def _wrapped(self, surf: pygame.Surface, text: str, box: pygame.Rect, size: int) -> None:
        size = max(7, size)
        while True:
            font = self.fonts.get(size)
            lines = wrap_text(text, font, box.w)
            if len(lines) * font.get_linesize() <= box.h or size <= 7:
                break
            size -= 1
        max_lines = max(1, box.h // font.get_linesize())
        if len(lines) > max_lines:
            self.cut.add(self._drawing)
            lines = lines[:max_lines]
            lines[-1] = ellipsize(lines[-1] + "…", font, box.w)
        y = box.y
        for line in lines:
            surf.blit(font.render(line, True, _INK), (box.x, y))
            y += font.get_linesize()

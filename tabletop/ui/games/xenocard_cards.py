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

How much a face shows follows its size
(:meth:`~tabletop.ui.card_render.CardRenderer.detail`): on the table the cost,
the name, the attribute and attack type (icon, and the word when it fits), ATK /
HP; badges, the condition and the level-up link when there is room; the rules
text on the large hover view. Every text goes through the shared fitting
function: whole, wrapped at word boundaries, or left out, never cut.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import pygame

from tabletop.i18n import get_language, t
from tabletop.ui.card_render import FULL, SMALL, CardRenderer, FaceRecord, FaceText, FontSource
from tabletop.ui.surface_cache import SurfaceCache

__all__ = ["ATTR_COLOURS", "XenoCardRenderer", "attr_colour", "attr_glyph", "draw_attack_icon",
           "draw_attr_icon", "effect_words"]

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
                   centre: tuple[int, int], r: int, out: FaceText | None = None) -> None:
    """An attribute icon: a shape per attribute in its colour, with its sign inside
    (fitted by ``out`` when given: left out when it does not fit the icon)."""
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
    if out is not None:
        side = max(1, round(r * 1.6))
        out.fit(glyph, pygame.Rect(cx - side // 2, cy - side // 2, side, side),
                round(r * 1.25), _WHITE, bold=True)
        return
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


def effect_words(card: Any, lang: str) -> list[str]:
    """Every effect of a Xenocard card in words, for the hover (issue 12 §7): the
    effect of an event or a situation, as its text says it (every sample card with an
    ``effect`` has one; the plugin's explain lines may hold it already). Cost,
    condition, numbers, attack type, timing, level-up, unique and unlimited (what a
    battle card's or a weapon's text says) are the plugin's explain lines."""
    if card.type not in ("event", "situation") and not getattr(card, "abilities", ()) \
            and not any(card.get(k) for k in ("field_set", "cannot_move", "no_weapons",
                                              "alt_cost", "holders", "adds_atk",
                                              "keeps_type", "level_up_with")):
        return []  # a battle card's plain text is the explain lines' (issue 15: not so
        # for one with abilities or properties beyond them)
    text = card.text.get(lang) or card.text.get("en") or ""
    return [text] if text else []


class XenoCardRenderer(CardRenderer):
    """Xenocard faces and backs (see the module docstring)."""

    def effect_words(self, card: Any, lang: str) -> list[str]:
        """Every effect of the card in words (the hover; :func:`effect_words`)."""
        return effect_words(card, lang)

    def __init__(self, fonts: FontSource, cards: Mapping[str, Any]) -> None:
        super().__init__(fonts, cards)
        self._rows: SurfaceCache[tuple[Any, ...], pygame.Surface] = self.bounded_cache(0.5)
        self._plans: SurfaceCache[tuple[Any, ...], tuple[Any, ...] | None] = \
            self.bounded_cache(0.0, floor=2 ** 20)

    @property
    def cut(self) -> set[tuple[str, int]]:
        """``(card id, width px)`` of every face drawn so far that left a text out
        (small faces on the table do; the large hover view must not)."""
        return {(key[1], key[2]) for key, record in self.records.items()
                if key[0] == "face" and record.left_out}

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
        out = self.writer(surf, ("back", None, w, h, ""))
        out.fit("XENO", pygame.Rect(0, cy - h // 8, w, h // 4).inflate(-4, 0), w // 8,
                _BACK_EDGE, bold=True)
        return surf

    # -- faces -----------------------------------------------------------------------
    def _rows_of(self, w: int, h: int, card: Any = None, lang: str = "en") -> dict[str, Any]:
        """The rows of a battle card face ``w`` x ``h`` px: the title bar tall enough for
        a two-line name at the floor, the attribute row, the attack-type row, the ATK /
        HP band at the bottom. With ``card``, the title is planned for its name
        (:meth:`_title_plan`): a name that needs a third line makes the bar taller and,
        when the rows would not fit any more, puts attribute and attack type on one row
        (``merged``); the window asks the same rows (:meth:`attack_row`)."""
        border = max(2, w // 24)
        inner = pygame.Rect(border, border, w - 2 * border, h - 2 * border)
        pad = max(2, w // 26)
        size = round(inner.w * 0.115)
        line_h = self.line_height(size, True)
        name_size = round(inner.w * 0.125)
        name_h = self.line_height(name_size, True)
        bar_h = max(14, round(inner.h * 0.22), 2 * name_h + max(1, name_size // 6) + 2 * pad)
        bar = pygame.Rect(inner.x, inner.y, inner.w, bar_h)
        row_h = line_h + 2
        band_h = max(14, round(inner.h * 0.2), self.line_height(round(inner.h * 0.2 * 0.72),
                                                                  True) + 4)
        band = pygame.Rect(inner.x, inner.bottom - band_h, inner.w, band_h)
        rows = {"inner": inner, "pad": pad, "size": size, "name_size": name_size,
                "bar": bar, "band": band, "row_h": row_h, "merged": False, "title": None}
        tight = False
        if card is not None:
            plan = self._title_plan(card, lang, w, h, rows)
            rows["title"] = plan
            tight = plan is not None and plan[0] == "tight"
            if plan is not None and plan[0] in ("tall", "tight"):
                rows["bar"] = bar = pygame.Rect(inner.x, inner.y, inner.w,
                                                max(bar_h, plan[3] - inner.y))
                rows["merged"] = bar.bottom + pad // 2 + 2 * row_h > band.top
        attr = pygame.Rect(inner.x, bar.bottom + pad // 2, inner.w, row_h)
        attack = pygame.Rect(inner.x, attr.bottom, inner.w, row_h)
        if rows["merged"]:
            attack = pygame.Rect(inner.centerx, attr.y, inner.right - inner.centerx, row_h)
            attr = pygame.Rect(inner.x, attr.y, inner.centerx - inner.x, row_h)
        rows["attr"], rows["attack"] = attr, attack
        if tight:
            # the band gives the name the rows it lacks, keeping a line for ATK / HP
            rows["band"] = pygame.Rect(inner.x, attr.bottom, inner.w, inner.bottom - attr.bottom)
        return rows

    def _disc(self, rows: dict[str, Any], floor: int) -> tuple[tuple[int, int], int]:
        """Centre and radius of the cost disc."""
        bar, pad, inner = rows["bar"], rows["pad"], rows["inner"]
        r = max(5, round(inner.w * 0.12), round(floor * 0.62) + 1)
        return (bar.x + pad + r, bar.y + pad + r), r

    def _title_boxes(self, rows: dict[str, Any], floor: int
                     ) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """Beside the disc (two lines), the disc's own line, and under the disc (the
        card's whole width, down to the bar's bottom)."""
        bar, pad, inner = rows["bar"], rows["pad"], rows["inner"]
        centre, r = self._disc(rows, floor)
        left = centre[0] + r + pad
        beside = pygame.Rect(left, bar.y + 1, bar.right - pad - left, bar.h - 2)
        head = pygame.Rect(left, bar.y + 1, bar.right - pad // 2 - left, 2 * r + pad)
        top = centre[1] + r + 1
        under = pygame.Rect(inner.x + pad, top, inner.w - pad - pad // 2, bar.bottom - top)
        return beside, head, under

    def _title_plan(self, card: Any, lang: str, w: int, h: int,
                    rows: dict[str, Any]) -> tuple[Any, ...] | None:
        """How the name goes onto a face ``w`` x ``h`` (the same for drawing and for the
        window's questions): ``("beside", box)`` two lines beside the cost disc;
        ``("flow", head, under, bottom, split)`` its first line beside the disc and one
        under it across the card's width; ``("tall", head, under, bottom, split)`` three
        lines so (the bar grows to ``bottom``); ``("tight", ...)`` as ``tall``, when only
        a band of ATK / HP just one number line high leaves the name its room (a long
        word on a small face at a large floor). Words are split (Japanese between
        characters, English hyphenated) only when nothing else fits; None: the name
        fits no way (it is left out)."""
        floor = max(7, int(getattr(self.fonts, "floor_px", 0) or 0))
        key = ("plan", card.id, w, h, lang, floor)
        if key in self._plans:
            return self._plans[key]
        scratch = pygame.Surface((w, h), pygame.SRCALPHA)
        out = FaceText(self.fonts, scratch, FaceRecord(key, (w, h)))
        name = card.display_name(lang)
        size = rows["name_size"]
        beside, head, under = self._title_boxes(rows, out.floor)
        plan: tuple[Any, ...] | None = None
        if out.measure(name, beside, size, bold=True, max_lines=2) is not None:
            plan = ("beside", beside)
        # whole words first; three lines of whole words before a split word while
        # attribute and attack type keep their own rows; split words last
        tall_room = rows["band"].top - rows["row_h"] - rows["pad"] - under.y
        roomy = rows["band"].top - 2 * rows["row_h"] - rows["pad"] // 2 - rows["pad"] - under.y
        order = [("flow", 2, 0, under.h), ("tall", 3, 0, roomy), ("flow", 2, 1, under.h),
                 ("flow", 2, 2, under.h), ("tall", 3, 0, tall_room), ("tall", 3, 1, tall_room),
                 ("tall", 3, 2, tall_room)]
        # last: the ATK / HP band shrinks to one number line (its numbers stay whole);
        # the name's box may reach into it, its ink may not reach the merged row's room
        band_top = rows["inner"].bottom - (out.line_height(out.floor, True) + 3)
        ink_least = band_top - rows["row_h"] - rows["pad"] // 2 - rows["pad"]
        order += [("tight", 3, split, band_top - under.y) for split in (0, 1, 2)]
        for kind, lines, split, room in order:
            if plan is not None:
                break
            if room <= 0:
                continue
            box = pygame.Rect(under.x, under.y, under.w, room)
            placed = out.measure_flow(name, head, box, size, bold=True, max_lines=lines,
                                      split=split)
            if placed is not None and (kind != "tight" or placed[0].rect.bottom <= ink_least):
                plan = (kind, head, box, placed[0].rect.bottom + rows["pad"], split)
        self._plans[key] = plan
        return plan

    def draw_face(self, card_id: str, w: int, h: int, lang: str) -> pygame.Surface:
        card = self.cards.get(card_id)
        if card is None:
            return self.unknown_face(card_id, w, h, lang, _INK)
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        out = self.writer(surf, ("face", card_id, w, h, lang))
        kind = card.type
        if kind == "weapon" and w > h:  # equipped: a tag lying over its holder
            return self._weapon_tag(surf, out, card, lang, w, h)
        if kind in ("battle", "weapon"):
            frame = attr_colour("weapon" if kind == "weapon" else card.get("attribute"))
        else:
            frame = _EVENT if kind == "event" else _SITUATION
        rows = self._rows_of(w, h, card, lang)
        inner = rows["inner"]
        radius = max(2, w // 14)
        pygame.draw.rect(surf, frame, (0, 0, w, h), border_radius=radius)
        pygame.draw.rect(surf, _BODY, inner, border_radius=max(1, radius - (inner.x)))
        self._title(surf, out, card, lang, rows, frame)
        if kind in ("battle", "weapon"):
            self._battle_body(surf, out, card, lang, rows, self.detail(w, h))
        else:
            self._text_body(surf, out, card, lang, rows, frame, self.detail(w, h))
        return surf

    def attack_row(self, w: int, h: int, card_id: str | None = None,
                   lang: str = "en") -> pygame.Rect:
        """Where a battle card face of ``w`` x ``h`` px prints its attack type (the same
        rows as :meth:`draw_face` for ``card_id``; without it the rows of a name in two
        lines), so the window can show the attack type in force there (XENO-R7)
        without covering anything else."""
        card = self.cards.get(card_id) if card_id is not None else None
        return pygame.Rect(self._rows_of(w, h, card, lang)["attack"])

    def number_spots(self, card_id: str, w: int, h: int
                     ) -> dict[str, tuple[tuple[int, int], int]]:
        """Where a battle card's face prints its ATK and HP (the band along the bottom:
        ATK in its left half, HP in its right), read from what the face placed, so the
        large view draws the numbers in force over them (QA15 #2)."""
        card = self.cards.get(card_id)
        if card is None or card.get("hp") is None:
            return {}
        lang = get_language()
        key = ("face", card_id, w, h, lang)
        if key not in self.records:
            self.draw_face(card_id, w, h, lang)
        record = self.records.get(key)
        if record is None:
            return {}
        spots: dict[str, tuple[tuple[int, int], int]] = {}
        for stat, half in (("atk", 0), ("hp", 1)):
            value = str(card.get(stat))
            for placed in record.placed:
                ink = placed.rect
                if placed.text == value and ink.centery > h * 0.6 \
                        and (ink.centerx >= w // 2) == bool(half):
                    spots[stat] = (ink.center, max(ink.w, ink.h) // 2 + 3)
                    break
        return spots

    def draw_attack_in_force(self, surface: pygame.Surface, card: pygame.Rect,
                             attack: str, card_id: str | None = None,
                             lang: str = "en") -> None:
        """Over the attack-type row of a card ``card_id`` drawn at ``card`` (screen px):
        the attack type in force (a weapon's, XENO-R7) on the yellow of the numbers in
        force."""
        row = self.attack_row(card.w, card.h, card_id, lang)
        key = ("in_force", attack, row.w, row.h, t(f"attack.xenocard.{attack}"))
        tag = self._rows.get(key)
        if tag is None:
            tag = pygame.Surface(row.size, pygame.SRCALPHA)
            box = tag.get_rect()
            pygame.draw.rect(tag, (250, 214, 80), box, border_radius=3)
            pygame.draw.rect(tag, (120, 90, 10), box, 1, border_radius=3)
            self._attack_line(tag, self.writer(tag, key), attack, box.inflate(-2, 0),
                              max(2, card.w // 26), (40, 28, 6), round(row.h * 0.8))
            self._rows[key] = tag
        surface.blit(tag, row.move(card.topleft))

    def _attack_line(self, surf: pygame.Surface, out: FaceText, attack: str,
                     row: pygame.Rect, pad: int, colour: tuple[int, int, int],
                     size: int) -> None:
        """The attack type's icon and, when it fits whole beside it, its word."""
        icon = pygame.Rect(row.x + pad, row.y + row.h // 5, max(8, round(row.h * 0.65)),
                           row.h * 3 // 5)
        draw_attack_icon(surf, attack, icon, colour)
        out.reserve(icon)
        gap = max(2, pad // 2)
        word = pygame.Rect(icon.right + gap, row.y, row.right - icon.right - gap - 1, row.h)
        out.fit(t(f"attack.xenocard.{attack}"), word, size, colour, align="left")

    def _weapon_tag(self, surf: pygame.Surface, out: FaceText, card: Any, lang: str, w: int,
                    h: int) -> pygame.Surface:
        """An equipped weapon as a wide tag: its name, and its ATK and attack type
        (XENO-R7) on a second row when the tag is tall enough for two at the floor
        (else the ATK beside the name, if it fits). The right end stays free for the E
        mark."""
        frame = attr_colour("weapon")
        radius = max(2, h // 5)
        pygame.draw.rect(surf, frame, (0, 0, w, h), border_radius=radius)
        pygame.draw.rect(surf, _WHITE, (0, 0, w, h), max(1, h // 14), border_radius=radius)
        pad = max(2, h // 10)
        r = max(4, h // 4)
        draw_attr_icon(surf, self.fonts, "weapon", (pad + r, h // 2), r, out)
        left = 2 * pad + 2 * r
        width = w - left - pad - round(h * 0.45)  # the E chip sits on the right end
        size = round((h - 2 * pad) / 2 * 0.8)
        line_h = out.line_height(size, True)
        atk_text = f"{t('xenoui.atk')} {card.get('atk')}"
        attack = str(card.get("attack"))
        if 2 * line_h + 2 <= h - 2:
            half = (h - 2) // 2
            out.fit(card.display_name(lang), pygame.Rect(left, 1, width, half), size, _WHITE,
                    bold=True, align="left")
            low = pygame.Rect(left, 1 + half, width, half)
            used = out.fit(atk_text, low, size, (255, 226, 160), bold=True, align="left")
            if used is not None:
                low.width -= used.right + pad - low.x
                low.x = used.right + pad
                self._attack_line(surf, out, attack, low, 0, _WHITE, size)
            return surf
        box = pygame.Rect(left, 1, width, h - 2)
        atk = out.measure(atk_text, box, size, bold=True, align="right", valign="center")
        name_box = pygame.Rect(box)
        if atk is not None:
            out.fit(atk_text, box, size, (255, 226, 160), bold=True, align="right")
            name_box.width = atk.x - pad - box.x
        out.fit(card.display_name(lang), name_box, size, _WHITE, bold=True, align="left")
        return surf

    def _title(self, surf: pygame.Surface, out: FaceText, card: Any, lang: str,
               rows: dict[str, Any], frame: tuple[int, int, int]) -> None:
        """Cost disc and name on the frame colour: beside the disc in up to two lines,
        or from beside the disc on across the card's width under it (two or three
        lines; words split only when nothing else fits), as :meth:`_title_plan` says."""
        bar = rows["bar"]
        centre, r = self._disc(rows, out.floor)
        pygame.draw.rect(surf, frame, bar)
        pygame.draw.circle(surf, _WHITE, centre, r)
        pygame.draw.circle(surf, _INK, centre, r - max(1, r // 5))
        side = round(r * 1.5)
        out.fit(str(card.get("cost", 0)), pygame.Rect(centre[0] - side // 2,
                                                      centre[1] - side // 2, side, side),
                round(r * 1.45), _WHITE, bold=True)
        name = card.display_name(lang)
        plan = rows.get("title")
        if plan is None or plan[0] == "beside":
            box = plan[1] if plan is not None else self._title_boxes(rows, out.floor)[0]
            out.fit(name, box, rows["name_size"], _WHITE, bold=True, max_lines=2,
                    align="left")
            return
        kind, head, box, _bottom, split = plan
        out.fit_flow(name, head, box, rows["name_size"], _WHITE, bold=True,
                     max_lines=2 if kind == "flow" else 3, split=split)

    def _battle_body(self, surf: pygame.Surface, out: FaceText, card: Any, lang: str,
                     rows: dict[str, Any], detail: int) -> None:
        inner, pad, size = rows["inner"], rows["pad"], rows["size"]
        weapon = card.type == "weapon"
        attribute = "weapon" if weapon else str(card.get("attribute"))
        attr = rows["attr"]
        r = max(4, attr.h // 2 - 1)
        draw_attr_icon(surf, self.fonts, attribute, (inner.x + pad + r, attr.centery), r, out)
        word = pygame.Rect(inner.x + 2 * pad + 2 * r, attr.y, attr.right - pad -
                           (inner.x + 2 * pad + 2 * r), attr.h)
        out.fit(t(f"attribute.xenocard.{attribute}"), word, size, _INK, align="left")
        self._attack_line(surf, out, str(card.get("attack")), rows["attack"].inflate(-2, 0),
                          pad, _INK, size)
        band = rows["band"]
        y = rows["attack"].bottom + pad // 2
        room = pygame.Rect(inner.x + pad, y, inner.w - 2 * pad, max(0, band.top - y))
        # Then, while there is room: the condition, the badges, the level-up link.
        room = self._condition(surf, out, card, room, round(inner.w * 0.1))
        badges = [t("xenoui.unique_mark")] if card.get("unique") else []
        if card.get("unlimited"):  # nothing else on the face says it (XENO-R6)
            badges.append(t("xenoui.unlimited_mark"))
        for text in badges:
            room = self._badge(surf, out, text, room, rows["size"])
        said = card.text.get(lang) or card.text.get("en") or ""
        # Issue 15: what its abilities say, where the face has room; the hover's effect
        # lines say it in any case, so a text too long is not left out.
        if said and detail == FULL and not card.get("upgrade_of") \
                and effect_words(card, lang) \
                and out.fit(said, room, round(inner.w * 0.095), _INK, max_lines=99,
                            align="left", valign="top") is None:
            out.record.left_out.remove(said)
        base = card.get("upgrade_of") or ""
        if base and base in self.cards:
            link = t("xenoui.levels_from", card=self.cards[base].display_name(lang))
            if detail == SMALL:
                out.record.left_out.append(link)
            else:
                tri = max(3, out.floor // 4)
                box = pygame.Rect(room.x + 2 * tri + 2, room.y, room.w - 2 * tri - 2, room.h)
                used = out.fit(link, box, round(inner.w * 0.1), (60, 60, 150), max_lines=2,
                               align="left", valign="top")
                if used is not None:
                    cy = used.y + out.line_height(0) // 2
                    pygame.draw.polygon(surf, (60, 60, 150), [
                        (room.x, cy + tri), (room.x + 2 * tri, cy + tri), (room.x + tri, cy - tri)])
        # ATK (and HP) big along the bottom
        pygame.draw.rect(surf, (226, 220, 206), band)
        big, cap = round(band.h * 0.72), round(band.h * 0.34)
        half = band.w // 2
        left = pygame.Rect(band.x + pad, band.y, half - pad, band.h)
        self._stat(out, t("xenoui.atk"), str(card.get("atk")), left, big, cap,
                   (170, 50, 40), right=False)
        if not weapon:
            right = pygame.Rect(band.x + half, band.y, band.w - half - pad, band.h)
            self._stat(out, t("xenoui.hp"), str(card.get("hp")), right, big, cap,
                       (40, 100, 60), right=True)

    def _condition(self, surf: pygame.Surface, out: FaceText, card: Any, room: pygame.Rect,
                   size: int) -> pygame.Rect:
        """"Needs" and the condition's attribute icons in the top of ``room``, when the
        whole of it fits; returns the room left under it."""
        condition: Sequence[str] = card.get("condition") or []
        if not condition:
            return room
        word = t("xenoui.needs")
        line_h = out.line_height(size)
        line = pygame.Rect(room.x, room.y, room.w, min(room.h, line_h + 2))
        where = out.measure(word, line, size)
        ir = max(3, (line_h + 1) // 2)
        if where is None or where.right + 2 + len(condition) * (2 * ir + 2) > room.right:
            out.record.left_out.append(f"{word} {' '.join(condition)}")
            return room
        out.fit(word, line, size, _MUTED, align="left")
        x = where.right + 2 + ir
        for attr in condition:
            draw_attr_icon(surf, self.fonts, attr, (x, room.y + (line_h + 2) // 2), ir, out)
            x += 2 * ir + 2
        return pygame.Rect(room.x, room.y + line_h + 3, room.w, room.h - line_h - 3)

    def _stat(self, out: FaceText, caption: str, value: str, box: pygame.Rect, big: int,
              cap: int, colour: tuple[int, int, int], right: bool) -> None:
        """A number of the ATK / HP band with its caption beside it when both fit (the
        number first: it is what the rules use)."""
        align = "right" if right else "left"
        num = out.measure(value, box, big, bold=True, align=align, valign="center")
        caption_w = box.w - (num.w if num is not None else 0) - 3
        with_cap = out.measure(caption, pygame.Rect(box.x, box.y, caption_w, box.h), cap,
                               bold=True, align=align, valign="center")
        if with_cap is None:
            out.fit(value, box, big, colour, bold=True, align=align)
            out.record.left_out.append(caption)
            return
        if right:
            used = out.fit(value, box, big, colour, bold=True, align="right")
            end = used.x - 3 if used is not None else box.right
            out.fit(caption, pygame.Rect(box.x, box.y, end - box.x, box.h), cap, _MUTED,
                    bold=True, align="right")
        else:
            used = out.fit(caption, box, cap, _MUTED, bold=True, align="left")
            start = used.right + 3 if used is not None else box.x
            out.fit(value, pygame.Rect(start, box.y, box.right - start, box.h), big, colour,
                    bold=True, align="left")

    def _badge(self, surf: pygame.Surface, out: FaceText, text: str, room: pygame.Rect,
               size: int) -> pygame.Rect:
        """A red badge (UNIQUE, UNLIMITED) at the top left of ``room`` when it fits there
        whole; returns the room left under it."""
        line = pygame.Rect(room.x + 3, room.y + 1, room.w - 6,
                           min(room.h - 2, out.line_height(size, True)))
        where = out.measure(text, line, size, bold=True)
        if where is None:
            out.record.left_out.append(text)
            return room
        plate = where.inflate(6, 2)
        pygame.draw.rect(surf, (150, 30, 30), plate, border_radius=3)
        out.fit(text, line, size, _WHITE, bold=True, align="left")
        return pygame.Rect(room.x, plate.bottom + 1, room.w, room.bottom - plate.bottom - 1)

    def _text_body(self, surf: pygame.Surface, out: FaceText, card: Any, lang: str,
                   rows: dict[str, Any], frame: tuple[int, int, int], detail: int) -> None:
        inner, pad = rows["inner"], rows["pad"]
        size = round(inner.w * 0.11)
        y = rows["bar"].bottom + pad
        band_h = max(14, round(inner.h * 0.16), out.line_height(round(inner.h * 0.1), True) + 4)
        band = pygame.Rect(inner.x, inner.bottom - band_h, inner.w, band_h) \
            if card.type == "situation" else pygame.Rect(inner.x, inner.bottom, inner.w, 0)
        room = pygame.Rect(inner.x + pad, y, inner.w - 2 * pad, band.top - pad - y)
        short = ""
        if card.type == "event":
            kind = t(f"xenoui.timing.{card.get('timing')}")
            short = t(f"xenoui.timing_short.{card.get('timing')}")
        else:
            kind = t("xenoui.situation")
        # When it may be used, in up to two lines; on a small face its short form
        # ("Block phase": the words before the colon, "Event", told every timing the
        # same, QA15 #12), or at least the kind of card.
        used = out.fit(kind, room, size, frame, bold=True, max_lines=2, align="left",
                       valign="top")
        if used is None and short and not short.startswith("xenoui."):
            # a word split only if it fits no other way ("ブロック/フェイズ")
            placed = out.measure_flow(short, None, room, size, bold=True, max_lines=2,
                                      split=1, colour=frame)
            used = out.fit_flow(short, None, room, size, frame, bold=True, max_lines=2,
                                split=1) if placed is not None else None
        short = kind.replace("：", ":").split(":")[0].strip()
        if used is None and short and short != kind:
            used = out.fit(short, room, size, frame, bold=True, align="left", valign="top")
        if used is not None:
            room = pygame.Rect(room.x, used.bottom + pad, room.w, room.bottom - used.bottom - pad)
        room = self._condition(surf, out, card, room, round(inner.w * 0.1))
        text = card.text.get(lang) or card.text.get("en") or ""
        if text and detail == FULL:
            out.fit(text, room, round(inner.w * 0.105), _INK, max_lines=99, align="left",
                    valign="top")
        elif text:
            out.record.left_out.append(text)  # the hover view shows it
        if card.type == "situation":
            pygame.draw.rect(surf, (220, 232, 220), band)
            out.fit(t("xenoui.duration", n=card.get("duration")) if card.get("duration")
                    else t("xenoui.duration_permanent"), band.inflate(-2 * pad, -2),
                    round(band.h * 0.6), frame, bold=True)

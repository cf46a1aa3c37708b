"""Xenocard's table made readable for a newcomer (QA issues 12 and 16).

* Zone names per seat: the two seats' standby areas, situation areas, battle fields
  and weapon rows lie mirrored (XENO-R5: each seat's cards face its opponent), so
  "Standby area" alone did not say whose it is. Each is named for the viewer ("Your
  standby area", "Opponent's standby area") and drawn where the zone has no card: in
  the widest run of free slots, shrunk to the text floor and then wrapped
  (:func:`draw_zone_names`); the table's own label of those zones is emptied
  (:func:`unlabelled`).
* An equipped weapon's tag lies over its holder's attribute row, clear of the name,
  the attack type and the ATK / HP band (:func:`weapon_tag_span`, XENO-R7).
* The Trash / Dump tags keep off the top card's name and its ATK / HP band
  (:func:`pile_tag_box`).
* A damage chip fits inside its card (shrunk, then on two lines: :func:`chip_lines`);
  the battle playback's damage box lies beside its target only where it covers no
  other card, else over the target itself (:func:`badge_place`).

Pixels are window pixels; mm are table millimetres.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from tabletop import i18n
from tabletop.geometry import Placed
from tabletop.i18n import t
from tabletop.layout import Layout, Zone
from tabletop.ui.textwrap_ja import wrap_text
from tabletop.ui.theme import text_floor

if TYPE_CHECKING:
    from tabletop.ui.context import TableContext
    from tabletop.ui.games.xenocard_cards import XenoCardRenderer

__all__ = ["NAMED_KINDS", "NO_LABEL", "ZoneName", "badge_joint", "badge_place", "chip_lines",
           "chip_text", "draw_zone_names", "middle_of", "owner_label", "pile_place",
           "pile_tag_box", "unlabelled", "weapon_tag_span"]

#: The zones named per seat: the play zones that lie mirrored across the table.
NAMED_KINDS = ("standby", "field", "situations", "weapons")
#: The catalogue key the table's own label of those zones gets (an empty text).
NO_LABEL = "readable.xenocard.no_label"
LABEL_INK = (170, 200, 180)
OWN_INK = (215, 235, 215)
#: The zone name's size at scale 1 (pixels), as the table's own labels.
LABEL_PX = 12


def _kind(zone_id: str) -> str:
    return zone_id.partition(".")[2]


# ---------------------------------------------------------------------- zone names


def owner_label(kind: str, owner: int, viewer: int) -> str:
    """The name of seat ``owner``'s zone of ``kind`` (one of :data:`NAMED_KINDS`) as
    seat ``viewer`` reads it: "Your standby area", "Opponent's standby area" (相手の:
    the rule documents' word; the table has two seats)."""
    return t(f"readable.xenocard.{kind}_{'own' if owner == viewer else 'other'}")


def unlabelled(layout: Layout) -> Layout:
    """``layout`` with the labels of the :data:`NAMED_KINDS` zones emptied (their names
    are drawn per seat by :func:`draw_zone_names`)."""
    for lang in i18n.languages():  # an empty text is no catalogue string
        i18n.register_strings(lang, {NO_LABEL: ""})
    zones = tuple(dataclasses.replace(z, label=NO_LABEL) if _kind(z.id) in NAMED_KINDS
                  and z.owner is not None else z for z in layout.zones)
    return dataclasses.replace(layout, zones=zones)


@dataclasses.dataclass(frozen=True)
class ZoneName:
    """A zone name drawn on the table: its zone, the text, the lines it took, their
    pixel size and the rectangle of their ink (window pixels)."""

    zone: str
    text: str
    lines: tuple[str, ...]
    px: int
    rect: pygame.Rect


def _free_room(scene: TableContext, zone_id: str) -> pygame.Rect | None:
    """The widest free part of a zone (pixels): the whole zone when no card lies on
    it; for a zone of slots the widest run of free neighbouring slots in a screen row;
    None when no slot is free."""
    rect = scene.zone_rect(zone_id)
    cards = [s.rect for s in scene.sprites if s.drawn and s.rect.colliderect(rect)]
    if not cards:
        return rect
    zone = scene.layout.zone(zone_id)
    names = zone.cell_names() if zone is not None else ()
    cells = [scene.cell_rect(f"cell:{zone_id}/{n}") for n in names]
    free = [c for c in cells if c.collidelist(cards) < 0]
    if not free:
        return None
    rows: dict[int, list[pygame.Rect]] = {}
    for cell in free:
        rows.setdefault(cell.centery, []).append(cell)
    best: pygame.Rect | None = None
    for row in rows.values():
        row.sort(key=lambda r: r.x)
        run = [row[0]]
        for cell in row[1:]:
            gap = cell.x - run[-1].right
            if gap <= max(4, cell.w // 4) and not pygame.Rect(
                    run[-1].right, cell.y, max(1, gap), cell.h).collidelist(cards) >= 0:
                run.append(cell)
                continue
            best = _wider(best, run[0].unionall(run[1:]))
            run = [cell]
        best = _wider(best, run[0].unionall(run[1:]))
    return best


#: Zone names wrapped, by text, size, width and language (drawn every frame: wrapping
#: them again was most of a Xenocard pick-up's first lit frame, issue 14).
_WRAPPED: dict[tuple[Any, ...], list[str]] = {}


def _wrapped(text: str, font: Any, key: tuple[Any, ...]) -> list[str]:
    """``wrap_text(text, font, width)``, kept by ``(text, *key)`` (``key``: size,
    width, language)."""
    found = _WRAPPED.get((text, *key))
    if found is None:
        if len(_WRAPPED) >= 256:
            _WRAPPED.clear()
        found = _WRAPPED[(text, *key)] = wrap_text(text, font, key[1])
    return found


def _wider(a: pygame.Rect | None, b: pygame.Rect) -> pygame.Rect:
    return b if a is None or b.w > a.w else a


def draw_zone_names(scene: TableContext, surface: pygame.Surface) -> list[ZoneName]:
    """Each seat's :data:`NAMED_KINDS` zones named for the viewer (:func:`owner_label`)
    in their widest free part: at the table's label size, shrunk down to the text
    floor, then wrapped; none where no slot is free. Returns what was drawn."""
    fonts = scene.app.fonts
    top = max(text_floor(scene.scale), round(LABEL_PX * scene.scale))
    floor = text_floor(scene.scale)
    pad = max(3, round(4 * scene.scale))
    drawn: list[ZoneName] = []
    for zone in scene.layout.zones:
        kind = _kind(zone.id)
        if kind not in NAMED_KINDS or zone.owner is None:
            continue
        room = _free_room(scene, zone.id)
        if room is None:
            continue
        text = owner_label(kind, zone.owner, scene.viewer)
        width = room.w - 2 * pad
        size = top
        while size > floor and fonts.get(size).size(text)[0] > width:
            size -= 1
        font = fonts.get(size)
        lines = _wrapped(text, font, (size, width, scene.lang))
        line_h = font.get_linesize()
        if len(lines) * line_h > room.h - 2 * pad:
            continue
        ink = LABEL_INK if zone.owner != scene.viewer else OWN_INK
        y = room.centery - len(lines) * line_h // 2
        rects = []
        for line in lines:
            label = scene.text.get(line, size, ink)
            rects.append(surface.blit(label, label.get_rect(midtop=(room.centerx, y))))
            y += line_h
        drawn.append(ZoneName(zone.id, text, tuple(lines), size,
                              rects[0].unionall(rects[1:])))
    return drawn


# ---------------------------------------------------------------------- tags on cards


def weapon_tag_span(renderer: XenoCardRenderer, w: int, h: int, card_id: str | None,
                    lang: str, tag_h: int, floor: int) -> tuple[int, int]:
    """Where an equipped weapon's tag lies on a holder face ``w`` x ``h`` px: its
    centre's offset below the card's centre and its height (pixels). Over the attribute
    row, between the name's title bar and the attack-type row (XENO-R7: the attack type
    in force is drawn there) and never over the ATK / HP band; at most ``tag_h`` tall,
    and at least a line at the text floor ``floor`` (then it reaches up into the title
    bar's margin under the name)."""
    card = renderer.cards.get(card_id) if card_id is not None else None
    rows = renderer._rows_of(w, h, card, lang)
    top = int(rows["bar"].bottom)
    # a pixel spare: the tag's place goes through millimetres and back
    bottom = int(rows["attr"].bottom if rows["merged"] else rows["attack"].top) - 1
    least = renderer.line_height(floor, True) + 2
    height = max(min(tag_h, bottom - top), least)
    # a tag taller than the row reaches up into the title bar's margin under the name
    return bottom - height // 2 - h // 2, height


def pile_place(placed: Placed, zone: Zone, flipped: bool) -> Placed:
    """A Trash / Dump card moved to the left end of its pile zone as the viewer sees it
    (``flipped``: seat 1's turned view, screen left is table +x): the table writes the
    pile's count in the zone's bottom-right corner, which then lies beside the top
    card's ATK / HP band instead of over its HP."""
    spare = max(0.0, (zone.width_mm - placed.size[0]) / 2.0)
    dx = spare if flipped else -spare
    return Placed(placed.key, (zone.x_mm + dx, placed.center[1]), placed.size,
                  placed.rotation_deg)


def pile_tag_box(renderer: XenoCardRenderer, card_id: str | None, card: pygame.Rect,
                 lang: str, box: pygame.Rect) -> pygame.Rect:
    """A pile's name tag ``box`` (Trash, Dump) over its top card ``card`` (pixels):
    the bottom-left corner for a card without numbers; for a battle card or weapon
    just above its ATK / HP band, left-aligned, and never over its title bar (the
    name): the numbers and the name stay in sight."""
    found = pygame.Rect(box)
    info = renderer.cards.get(card_id) if card_id is not None else None
    if info is None or info.type not in ("battle", "weapon"):
        return found
    rows = renderer._rows_of(card.w, card.h, info, lang)
    found.bottom = card.y + int(rows["band"].top) - 1
    found.top = max(found.top, card.y + int(rows["bar"].bottom))
    return found


def middle_of(renderer: Any, card: pygame.Rect, card_id: str | None, lang: str
              ) -> tuple[int, int]:
    """The middle of a battle card's face at ``card`` (pixels) between its title bar
    (the name) and its ATK / HP band, where a chip hides neither; the card's centre for
    other faces or renderers."""
    from tabletop.ui.games.xenocard_cards import XenoCardRenderer

    info = renderer.cards.get(card_id) if card_id is not None else None
    if not isinstance(renderer, XenoCardRenderer) or info is None or \
            info.type not in ("battle", "weapon"):
        return card.center
    rows = renderer._rows_of(card.w, card.h, info, lang)
    return card.centerx, card.y + (int(rows["bar"].bottom) + int(rows["band"].top)) // 2


def chip_lines(fonts: Any, text: str, width: int, size: int, floor: int
               ) -> tuple[list[str], int]:
    """``text`` for a chip ``width`` px wide inside its card: the size from ``size``
    down to ``floor`` at which it fits one line, else two or more lines at ``floor``
    (broken at " / " first, then as :func:`~tabletop.ui.textwrap_ja.wrap_text`, never
    inside a word: a word wider than ``width`` makes the chip that wide)."""
    while size > floor and fonts.get(size, True).size(text)[0] > width:
        size -= 1
    font = fonts.get(size, True)
    if font.size(text)[0] <= width:
        return [text], size
    parts = [p.strip() for p in text.replace("／", "/").split("/")]
    # a Latin word is never broken inside ("destroye / d"): the chip grows to its widest
    # one (Japanese breaks between characters, by kinsoku rules)
    widest = max((font.size(word)[0] for part in parts for word in part.split()
                  if word.isascii()), default=0)
    wide = max(width, widest)
    return [ln for part in parts for ln in wrap_text(part, font, wide)], size


def chip_text(scene: TableContext, text: str, width: int, size: int,
              ink: tuple[int, int, int]) -> pygame.Surface:
    """``text`` in bold as :func:`chip_lines` fits it into ``width`` pixels (one line
    shrunk to the text floor, else more lines), centred lines on one transparent
    surface."""
    lines, px = chip_lines(scene.app.fonts, text, width, size, text_floor(scene.scale))
    labels = [scene.text.get(line, px, ink, True) for line in lines]
    out = pygame.Surface((max(lab.get_width() for lab in labels),
                          sum(lab.get_height() for lab in labels)), pygame.SRCALPHA)
    y = 0
    for lab in labels:
        out.blit(lab, lab.get_rect(midtop=(out.get_width() // 2, y)))
        y += lab.get_height()
    return out


def badge_joint(box: pygame.Rect, target: pygame.Rect
                ) -> tuple[tuple[int, int], tuple[int, int]]:
    """The ends of the line joining the damage box ``box`` to its ``target`` (pixels):
    facing edges, side by side or one above the other; a point when the box lies on
    the target."""
    if box.right <= target.x:
        return box.midright, target.midleft
    if box.x >= target.right:
        return box.midleft, target.midright
    if box.bottom <= target.y:
        return box.midbottom, target.midtop
    if box.y >= target.bottom:
        return box.midtop, target.midbottom
    return box.center, box.center


def badge_place(box: pygame.Rect, target: pygame.Rect, area: pygame.Rect,
                others: Sequence[pygame.Rect], gap: int) -> pygame.Rect:
    """Where the battle playback's damage box ``box`` goes for the hit card at
    ``target`` (pixels): beside it towards the middle of ``area``, on its other side,
    above or below it, the first of those inside ``area`` that covers none of the
    ``others`` (the other cards); else over the target itself (centred, inside
    ``area``)."""
    toward_left = target.centerx >= area.centerx
    sides = []
    for left in (toward_left, not toward_left):
        spot = pygame.Rect(box)
        if left:
            spot.midright = (target.x - gap, target.centery)
        else:
            spot.midleft = (target.right + gap, target.centery)
        sides.append(spot)
    above, below = pygame.Rect(box), pygame.Rect(box)
    above.midbottom = (target.centerx, target.y - gap)
    below.midtop = (target.centerx, target.bottom + gap)
    for spot in (*sides, above, below):
        if area.contains(spot) and spot.collidelist(list(others)) < 0:
            return spot
    spot = pygame.Rect(box)
    spot.center = target.center
    return spot.clamp(area)

"""Name labels of the characters in play: Conan, the Foes and the Allies (issue 10).

A card on the battlefield is about 47 x 65 pixels at 1280x720: the face has no room
for most names at the text floor (12 px), so its name is written beside the card, in
the free space next to it, upright for the viewer:

* a Foe: in the row's gap after it (to its right, or below it in a flank as seen on
  screen), else before it; the gaps between Foes at the Foe line stay free (the Moves
  lie nearer Conan);
* Conan: under his card (else over it), in the middle of the Moves area;
* an Ally (or the resting Conan) in the side: to its right, in the room the side's
  arrangement leaves after each character (:func:`side_places`).

Each label is fitted by the shared fitting function (:class:`FaceText`) into the free
box (up to the next card or zone name, inside the battlefield or the side zone):
whole words in two lines, down to the floor, first; then words split where the box
is narrower than a word (:meth:`FaceText.fit_flow`); a name that fits nowhere is left
out and recorded. The table's renderer keeps each label's record under
``("label", card id, w, h, lang, where)``; :attr:`NameLabels.drawn` says where each
one went on the screen (tests).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from tabletop.games.conan.zones import CONAN_ZONE, FOE_ZONES, MOVES_ZONE
from tabletop.geometry import Placed
from tabletop.layout import CARD_SIZE, Zone
from tabletop.layout.arrange import ROW_GAP_MM

if TYPE_CHECKING:
    from tabletop.core.view import CardView
    from tabletop.ui.context import TableContext

__all__ = ["LABEL_ROOM_MM", "NameLabels", "side_places"]

#: The battlefield's zones: a label there stays inside their bounding box.
BATTLEFIELD = (MOVES_ZONE, CONAN_ZONE, *FOE_ZONES)
#: The most room the side leaves after a character for its name (mm).
LABEL_ROOM_MM = 1.7 * CARD_SIZE[0]
#: The label colours: Conan, a Foe, an Ally.
COLOURS = {"conan": (255, 226, 140), "foe": (255, 206, 196), "ally": (244, 232, 204)}
BACKING = (20, 16, 14, 190)


def side_places(zone: Zone, cards: Sequence[CardView], is_character: Sequence[bool],
                flipped: bool) -> list[Placed] | None:
    """The side's cards in a row from the viewer's left, each character followed (on
    the viewer's right) by room for its name; None when the row with at least half a
    card's room per name does not fit the zone (then the usual packed row)."""
    n = len(cards)
    chars = sum(is_character)
    if n == 0 or chars == 0 or abs(zone.rotation_deg) % 180:
        return None
    gap = ROW_GAP_MM
    cards_w = n * CARD_SIZE[0] + (n - 1) * gap
    room = min(LABEL_ROOM_MM, (zone.width_mm - cards_w - 2 * gap) / chars)
    if room < CARD_SIZE[0] / 2:
        return None
    total = cards_w + chars * room
    sign = -1.0 if flipped else 1.0  # screen right is table -x in the turned view
    x = -total / 2.0
    out = []
    for char in is_character:
        out.append(Placed("", (zone.x_mm + sign * (x + CARD_SIZE[0] / 2), zone.y_mm),
                          CARD_SIZE, zone.rotation_deg))
        x += CARD_SIZE[0] + gap + (room if char else 0.0)
    return out


class NameLabels:
    """Draws the name labels (see the module docstring); one per table plugin."""

    def __init__(self) -> None:
        #: view iid -> (record key, the label's ink on the screen), of the last frame.
        self.drawn: dict[int, tuple[tuple[Any, ...], pygame.Rect]] = {}
        self._cache: dict[tuple[Any, ...], tuple[pygame.Surface, pygame.Rect | None]] = {}

    def draw(self, scene: TableContext, surface: pygame.Surface, db: Any,
             avoid: Sequence[pygame.Rect] = ()) -> None:
        """The labels of every face-up character in play, clear of every card drawn,
        of ``avoid`` (zone names) and of each other."""
        self.drawn = {}
        chars = []
        for sprite in scene.sprites:
            card = sprite.card
            if card.hidden or card.card_id is None or not sprite.drawn:
                continue
            kind = db[card.card_id].type
            if kind not in COLOURS:
                continue
            if sprite.zone in FOE_ZONES or sprite.zone == CONAN_ZONE or \
                    sprite.zone.endswith(".side"):
                chars.append(sprite)
        if not chars:
            return
        taken = [pygame.Rect(s.rect) for s in scene.sprites if s.drawn]
        taken += [pygame.Rect(r) for r in avoid]
        field = [scene.zone_rect(z) for z in BATTLEFIELD if z in scene.layout.zone_ids]
        bounds = field[0].unionall(field[1:]) if field else pygame.Rect(scene.viewport.area)
        chars.sort(key=lambda s: (s.zone, s.rect.x, s.rect.y))
        for sprite in chars:
            kind = db[sprite.card.card_id].type
            name = db[sprite.card.card_id].display_name(scene.lang)
            inside = scene.zone_rect(sprite.zone) if sprite.zone.endswith(".side") \
                else bounds
            own = sprite.rect
            others = [r for r in taken if r != own]
            placed = self._place(scene, surface, sprite, kind, name, inside, others)
            if placed is not None:
                taken.append(placed[1].inflate(4, 4))
                self.drawn[sprite.card.iid] = placed

    # -- where -------------------------------------------------------------------------

    def _candidates(self, scene: TableContext, sprite: Any
                    ) -> list[tuple[str, pygame.Rect]]:
        """Boxes beside the card, in the order tried (before shrinking to obstacles)."""
        r = sprite.rect
        g = max(2, round(2 * scene.scale))
        if sprite.zone == CONAN_ZONE:
            w = round(r.w * 2.8)
            h = round(r.h * 1.1)
            return [("below", pygame.Rect(r.centerx - w // 2, r.bottom + g, w, h)),
                    ("above", pygame.Rect(r.centerx - w // 2, r.top - g - h, w, h))]
        zone = scene.zone_rect(sprite.zone)
        if zone.w >= zone.h:  # a row across the screen: right, then left
            w = 2 * max(r.w, r.h)
            return [("right", pygame.Rect(r.right + g, r.top, w, r.h)),
                    ("left", pygame.Rect(r.left - g - w, r.top, w, r.h))]
        h = max(r.w, r.h)  # a flank down the screen: below, then above
        return [("below", pygame.Rect(r.left, r.bottom + g, r.w, h)),
                ("above", pygame.Rect(r.left, r.top - g - h, r.w, h))]

    @staticmethod
    def _shrink(where: str, box: pygame.Rect, card: pygame.Rect,
                others: Sequence[pygame.Rect], inside: pygame.Rect, g: int
                ) -> pygame.Rect:
        """``box`` cut short at the first obstacle away from the card, and to ``inside``."""
        box = box.clip(inside)
        for ob in others:
            touch = ob.clip(box)
            if touch.w <= 1 or touch.h <= 1:  # a neighbour's edge grazing the box
                continue
            if where == "right":
                box.width = max(0, ob.left - g - box.left)
            elif where == "left":
                box.width, box.left = max(0, box.right - ob.right - g), min(box.right,
                                                                           ob.right + g)
            elif where == "below":
                box.height = max(0, ob.top - g - box.top)
            else:
                box.height, box.top = max(0, box.bottom - ob.bottom - g), min(box.bottom,
                                                                             ob.bottom + g)
        return box

    # -- what --------------------------------------------------------------------------

    def _place(self, scene: TableContext, surface: pygame.Surface, sprite: Any, kind: str,
               name: str, inside: pygame.Rect, others: Sequence[pygame.Rect]
               ) -> tuple[tuple[Any, ...], pygame.Rect] | None:
        g = max(2, round(2 * scene.scale))
        boxes = [(where, self._shrink(where, box, sprite.rect, others, inside, g))
                 for where, box in self._candidates(scene, sprite)]
        for split in (0, 1):
            fits: list[tuple[int, int, tuple[Any, ...], pygame.Rect,
                             tuple[pygame.Surface, pygame.Rect]]] = []
            for where, box in boxes:
                if box.w <= 0 or box.h <= 0:
                    continue
                key = ("label", sprite.card.card_id, box.w, box.h, scene.lang, where, split)
                got = self._label(scene, key, name, kind, where, split, box.size)
                if got is not None:
                    fits.append((self._lines(scene, key), len(fits), key, box, got))
            # the fewest lines first (QA: a name squeezed into two lines in the gap
            # between two Foes when the other side had room for one), then the order
            for _, _, key, box, (surf, ink) in sorted(fits, key=lambda f: f[:2])[:1]:
                ink = ink.move(box.topleft)
                back = pygame.Surface(ink.inflate(6, 4).clip(box).size, pygame.SRCALPHA)
                back.fill((0, 0, 0, 0))
                pygame.draw.rect(back, BACKING, back.get_rect(), border_radius=4)
                surface.blit(back, ink.inflate(6, 4).clip(box).topleft)
                surface.blit(surf, box.topleft)
                return key, ink
        return None

    @staticmethod
    def _lines(scene: TableContext, key: tuple[Any, ...]) -> int:
        """How many lines the label recorded under ``key`` took."""
        record = scene.renderer.records.get(key)
        return sum(len(p.lines) for p in record.placed) if record is not None else 99

    def _label(self, scene: TableContext, key: tuple[Any, ...], name: str, kind: str,
               where: str, split: int, size: tuple[int, int]
               ) -> tuple[pygame.Surface, pygame.Rect] | None:
        """The label drawn by the fitting function on a surface of ``size`` (cached);
        None when the name fits there only split (``split`` 0) or not at all."""
        renderer = scene.renderer
        cached = self._cache.get(key)
        if cached is None or key not in renderer.records:
            if len(self._cache) > 400:
                self._cache.clear()
            surf = pygame.Surface(size, pygame.SRCALPHA)
            out = renderer.writer(surf, key)
            px = max(out.floor, round(13 * scene.scale))
            area = surf.get_rect().inflate(-2, -2)
            colour = COLOURS[kind]
            align = {"right": "left", "left": "right"}.get(where, "center")
            valign = {"below": "top", "above": "bottom"}.get(where, "center")
            if split:
                ink = out.fit_flow(name, None, area, px, colour, max_lines=4, split=1)
            else:
                ink = out.fit(name, area, px, colour, bold=True, max_lines=2, align=align,
                              valign=valign)
            if pygame.display.get_surface() is not None:
                surf = surf.convert_alpha()
            cached = (surf, ink)
            self._cache[key] = cached
        surf, ink = cached
        return None if ink is None else (surf, pygame.Rect(ink))

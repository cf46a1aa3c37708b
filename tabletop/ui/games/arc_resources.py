"""Arc's resource rows: a readable grid, the untapped count, and paying by clicking.

* Layout (:func:`resource_places`): a resource row holds up to ~10 cards in a
  190 x 100 mm zone. Overlapping them left 25-pixel strips at 1280 x 720, so the
  cards lie in square cells instead (a tapped card turns inside its cell and
  never pushes its neighbours), as many rows as give the biggest cells, below a
  strip of :data:`COUNT_BAND_MM` that counts the untapped resources per colour.
  Their faces are compact (colour, gem, the colour's initial:
  ``ArcCardRenderer.compact_resource``); tapped ones are dimmed and crossed.
* Paying by clicking (ARC-R4): the acting player clicks their untapped
  resources to pick them (:class:`PaymentPicks`); the next card dropped is paid
  with exactly those (``payment=[ids]`` in the action, so a save replays the
  same taps). With no picks the rules choose (ARC-H8). While a card is dragged
  the resources it will tap are marked.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from tabletop.core.actions import Action
from tabletop.games.arc.payment import auto_payment
from tabletop.games.arc.schema import COLOURS
from tabletop.geometry import Placed
from tabletop.i18n import t
from tabletop.layout import CARD_SIZE, Zone
from tabletop.ui.games import ZoneCards
from tabletop.ui.games.arc_cards import COLOURS as COLOUR_RGB
from tabletop.ui.games.arc_count_fit import disc_radius, strip_fit
from tabletop.ui.theme import text_floor

if TYPE_CHECKING:
    from tabletop.core.view import CardView
    from tabletop.ui.context import TableContext
    from tabletop.ui.sprite import Sprite

__all__ = ["COUNT_BAND_MM", "RESOURCE_GAP_MM", "PaymentPicks", "draw_resource_rows",
           "resource_places", "untapped_counts", "will_tap"]

#: Height (table mm) of the strip over a resource row that counts its untapped cards.
COUNT_BAND_MM = 16.0
#: Gap (mm) between two resource cells.
RESOURCE_GAP_MM = 3.0
PICK = (90, 210, 255)
WILL_TAP = (255, 196, 60)


def _grid(width: float, height: float, n: int) -> tuple[float, int, int]:
    """(cell size mm, rows, columns) giving ``n`` square cells the biggest size in a
    ``width`` x ``height`` mm area (never above a card's height)."""
    best = (0.0, 1, max(1, n))
    for rows in range(1, max(1, n) + 1):
        cols = math.ceil(max(1, n) / rows)
        size = min((width - (cols - 1) * RESOURCE_GAP_MM) / cols,
                   (height - (rows - 1) * RESOURCE_GAP_MM) / rows, CARD_SIZE[1])
        if size > best[0] + 1e-9:
            best = (size, rows, cols)
    return best


def resource_places(zone: Zone, cards: Sequence[CardView], flipped: bool) -> ZoneCards:
    """Where the ``cards`` of a resource row lie: square cells, in reading order from
    the top left as its viewer sees it (``flipped``: seat 1's turned view), below the
    count strip; each card scaled to fit its cell, tapped ones turned 90 degrees.

    Returns table-mm placements (upright size scaled, rotation 0 or 90), never
    overlapping.
    """
    size, _rows, cols = _grid(zone.width_mm, zone.height_mm - COUNT_BAND_MM, len(cards))
    k = size / CARD_SIZE[1]
    frame = zone.shape()
    left = -zone.width_mm / 2.0
    top = -zone.height_mm / 2.0 + COUNT_BAND_MM
    places = []
    for i, card in enumerate(cards):
        row, col = divmod(i, cols)
        x = left + col * (size + RESOURCE_GAP_MM) + size / 2.0
        y = top + row * (size + RESOURCE_GAP_MM) + size / 2.0
        if flipped:  # the viewer sits at the other end: their top left is our bottom right
            x, y = -x, -y
        places.append(Placed(str(card.iid), frame.to_table((x, y)),
                             (CARD_SIZE[0] * k, CARD_SIZE[1] * k),
                             zone.rotation_deg + (90.0 if card.tapped else 0.0)))
    return ZoneCards(places)


class PaymentPicks:
    """The resources the viewer clicked to pay for their next card (ARC-R4).

    Ordered instance ids of the viewer's own untapped resources; emptied when the
    computer changes hands and pruned after every change (a paid resource is tapped,
    so it leaves the picks by itself).
    """

    def __init__(self) -> None:
        self.ids: list[int] = []

    def toggle(self, iid: int) -> None:
        """Pick ``iid``, or put it back when it is picked."""
        if iid in self.ids:
            self.ids.remove(iid)
        else:
            self.ids.append(iid)

    def clear(self) -> None:
        """Pick nothing (the rules choose again, ARC-H8)."""
        self.ids.clear()

    def prune(self, scene: TableContext) -> None:
        """Keep only resources that are still the viewer's, untapped, in their row."""
        state = scene.game.state
        row = f"p{scene.viewer}.resources"
        self.ids = [i for i in self.ids if i in state.cards and state.zone_of(i) == row
                    and not state.cards[i].tapped]

    def pays(self, action: Action) -> bool:
        """Does ``action`` pay a cost (a card played, or a combat card answered)?"""
        if action.kind == "play_card":
            return True
        choice = action.get("choice")
        return (action.kind == "decide" and isinstance(choice, tuple) and len(choice) == 1
                and isinstance(choice[0], str) and "@" in choice[0])

    def apply(self, action: Action) -> Action:
        """``action`` paid with the picks (unchanged when nothing is picked, or when it
        pays nothing)."""
        if not self.ids or not self.pays(action) or action.get("payment") is not None:
            return action
        args = dict(action.args)
        args["payment"] = list(self.ids)
        return Action.make(action.kind, action.seat, **args)


def will_tap(scene: TableContext, picks: PaymentPicks) -> list[int]:
    """The resources that dropping the card being dragged would tap: the picks, or the
    rules' own choice (ARC-H8); [] when no paid card of the viewer's hand is dragged."""
    drag = scene.drag
    if drag is None or not drag.moved:
        return []
    state = scene.game.state
    iid = scene.game.resolve(drag.iid)
    seat = scene.viewer
    if iid not in state.cards or state.zone_of(iid) != f"p{seat}.hand":
        return []
    card = scene.rules.cards.get(state.cards[iid].card_id)
    if card is None or card.type == "resource":
        return []
    if picks.ids:
        return list(picks.ids)
    return auto_payment(state, scene.rules.cards, seat, card, iid) or []


def untapped_counts(scene: TableContext, zone_id: str) -> tuple[Counter[str], int]:
    """Untapped resources per colour in the viewer's view of ``zone_id``, and the row's
    card count (the strip over the row: "Untapped 4/6 ● 2 ● 1 ● 1")."""
    counts: Counter[str] = Counter()
    total = 0
    for card in scene.view.zones.get(zone_id, ()):
        total += 1
        if card.card_id is None or card.tapped:
            continue
        colour = scene.rules.cards[card.card_id].get("colour")
        counts[str(colour)] += 1
    return counts, total


def _count_strip(scene: TableContext, surface: pygame.Surface, zone_id: str,
                 picked: int) -> None:
    """"Untapped 4/6  ● 2  ● 1  ● 1 (picked 2)" over the row, colours as discs."""
    zone = scene.layout.zone(zone_id)
    rect = scene.zone_rect(zone_id)
    band_h = max(14, round(rect.h * COUNT_BAND_MM / zone.height_mm))
    band = pygame.Rect(rect.x, rect.y, rect.w, band_h)
    counts, total = untapped_counts(scene, zone_id)
    size = max(12, min(round(band_h * 0.62), round(18 * scene.scale)))
    ink = (236, 240, 232)
    x = band.x + 4
    cy = band.centery
    n = sum(counts.values())
    fit = strip_fit(lambda text, px: scene.text.get(text, px, ink, True).get_width(),
                    t("table.arc.untapped", n=n, total=total),
                    t("qa16small.untapped_short", n=n, total=total),
                    [str(counts[c]) for c in COLOURS], band.w - 8, size,
                    min(size, text_floor(scene.scale)))  # every colour shown (QA16 #20)
    size = fit.size
    label = scene.text.get(fit.label, size, ink, True)
    surface.blit(label, label.get_rect(midleft=(x, cy)))
    x += label.get_width() + size // 2
    r = disc_radius(size)
    for colour in COLOURS:
        rgb = COLOUR_RGB[colour]
        pygame.draw.circle(surface, (20, 20, 24), (x + r, cy), r + 1)
        pygame.draw.circle(surface, rgb, (x + r, cy), r)
        num = scene.text.get(str(counts[colour]), size, ink, True)
        surface.blit(num, num.get_rect(midleft=(x + 2 * r + 3, cy)))
        x += 2 * r + 3 + num.get_width() + size // 2
    if picked:
        text = scene.text.get(t("table.arc.picked", n=picked), size, PICK, True)
        if x + text.get_width() <= band.right:
            surface.blit(text, text.get_rect(midleft=(x, cy)))


def _mark_tapped(surface: pygame.Surface, sprite: Sprite) -> None:
    rect = sprite.rect
    shade = pygame.Surface(rect.size, pygame.SRCALPHA)
    shade.fill((10, 12, 16, 120))
    surface.blit(shade, rect.topleft)
    width = max(2, rect.h // 14)
    pygame.draw.line(surface, (235, 235, 235), rect.topleft, rect.bottomright, width)


def draw_resource_rows(scene: TableContext, surface: pygame.Surface, picks: PaymentPicks
                       ) -> None:
    """Over both resource rows: tapped cards dimmed and crossed, the untapped count per
    colour, the viewer's picks framed and numbered, the resources a dragged card will
    tap framed in amber."""
    rows = [z.id for z in scene.layout.zones if z.kind == "resource"]
    renderer = scene.renderer
    compact = getattr(renderer, "compact_resource", None)
    for sprite in scene.sprites:
        if sprite.zone not in rows or not sprite.drawn:
            continue
        tapped = sprite.card.tapped
        if compact is not None and sprite.card.card_id is not None:
            w, h = (sprite.rect.h, sprite.rect.w) if tapped else sprite.rect.size
            surface.blit(compact(sprite.card.card_id, w, h, tapped), sprite.rect.topleft)
        if tapped:
            _mark_tapped(surface, sprite)
    for zone_id in rows:
        own = zone_id == f"p{scene.viewer}.resources"
        _count_strip(scene, surface, zone_id, len(picks.ids) if own else 0)
    thick = max(2, round(3 * scene.scale))
    for n, iid in enumerate(picks.ids, start=1):
        rect = scene.card_rect(iid)
        if rect is None:
            continue
        pygame.draw.rect(surface, PICK, rect.inflate(6, 6), thick, border_radius=5)
        badge = scene.text.get(str(n), max(12, round(13 * scene.scale)), (10, 20, 30), True)
        box = badge.get_rect(topright=(rect.right + 3, rect.y - 3)).inflate(8, 2)
        pygame.draw.rect(surface, PICK, box, border_radius=box.h // 2)
        surface.blit(badge, badge.get_rect(center=box.center))
    for iid in will_tap(scene, picks):
        rect = scene.card_rect(iid)
        if rect is not None:
            pygame.draw.rect(surface, WILL_TAP, rect.inflate(10, 10), thick, border_radius=6)

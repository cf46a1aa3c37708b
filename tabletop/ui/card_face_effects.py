"""Effects in force drawn over card faces (QA15 #2): a number an effect changed, and a
lasting "cannot ..." on the card.

A face is drawn (and cached) per card, as printed; what effects do to one card in
play is drawn over it, on the table and on the large hover view alike:

* a changed number: where the face prints it (the renderer's
  :meth:`~tabletop.ui.card_render.CardRenderer.number_spots`), a disc of the
  *changed* colour (gold when it went up, pale blue when down) with the number now,
  and the printed number small and struck through at its upper left;
* a lasting status ("cannot block", "cannot be blocked"): a badge across the middle
  of the face, its words from the catalogue ``faceeffects.badge.<game>.<word>``.

The numbers come from the rules' own ``derived`` (what the hover's "Now:" line says),
the statuses from the game plugin's ``statuses``; both only for a card the viewer
sees face up (ALL-R2: a hidden card has no numbers to show).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pygame

from tabletop.ui.card_render import CardRenderer

__all__ = ["BADGE", "CHANGED_DOWN", "CHANGED_UP", "draw_badges", "draw_changed_numbers",
           "carried_ids", "on_screen", "preview_effects"]

#: The disc of a number an effect raised / lowered, and its ink.
CHANGED_UP = (244, 196, 48)
CHANGED_DOWN = (150, 200, 250)
_INK = (28, 26, 24)
_STRUCK = (110, 40, 30)
#: A status badge's plate and words.
BADGE = (150, 34, 34)
_WHITE = (255, 255, 255)


def carried_ids(scene: Any) -> set[int]:
    """The cards not in their places this frame: the one being dragged (once it moved)
    and the one gliding; a plugin drawing over cards skips them (QA15 #12: the dragged
    card's strip was drawn again in the hand)."""
    out: set[int] = set()
    drag = getattr(scene, "drag", None)
    if drag is not None and drag.moved:
        out.add(drag.iid)
    slide = getattr(scene, "slide", None)
    if slide is not None:
        out.add(slide.iid)
    return out


def on_screen(point: tuple[int, int], size: tuple[int, int], rect: pygame.Rect,
              turn: float) -> tuple[int, int]:
    """Where ``point`` of an upright face of ``size`` (w, h) pixels is on the screen,
    the face drawn in ``rect`` turned ``turn`` degrees counter-clockwise (0, 90, 180 or
    270; what the renderer's ``face(..., turn)`` gives)."""
    x, y = point
    w, h = size
    quarter = round(turn / 90.0) % 4
    if quarter == 1:
        x, y = y, w - x
    elif quarter == 2:
        x, y = w - x, h - y
    elif quarter == 3:
        x, y = h - y, x
    return rect.x + x, rect.y + y


def draw_changed_numbers(renderer: CardRenderer, surface: pygame.Surface, rect: pygame.Rect,
                         card_id: str, now: Mapping[str, int], turn: float = 0.0,
                         upright: tuple[int, int] | None = None,
                         moved: Mapping[str, int] | None = None) -> list[str]:
    """Over the face of ``card_id`` drawn at ``rect`` (window pixels, turned ``turn``),
    each number of ``now`` (name -> value now) that differs from the printed one, at
    the place the face prints it; returns the names drawn. ``upright``: the face's
    upright size (default: ``rect``'s size, turned back). ``moved``: name -> the net
    change effects make to it, drawn (its sign gives the colour) even where a floor
    left the number at the printed one (a power 0 character weakened by 2, QA15b #4)."""
    card = renderer.cards.get(card_id)
    if card is None or not now:
        return []
    size = upright or ((rect.h, rect.w) if round(turn / 90.0) % 2 else (rect.w, rect.h))
    spots = renderer.number_spots(card_id, size[0], size[1])
    drawn: list[str] = []
    floor = max(7, int(getattr(renderer.fonts, "floor_px", 0) or 0))
    for stat, (centre, r) in spots.items():
        value, printed = now.get(stat), card.number(stat)
        change = (moved or {}).get(stat, 0)
        if value is None or printed is None or (value == printed and not change):
            continue
        cx, cy = on_screen(centre, size, rect, turn)
        fill = CHANGED_UP if value > printed or (value == printed and change > 0) \
            else CHANGED_DOWN
        pygame.draw.circle(surface, _INK, (cx, cy), r)
        pygame.draw.circle(surface, fill, (cx, cy), r - max(1, r // 6))
        big = renderer.fonts.get(max(floor, round(r * 1.2)), True)
        label = big.render(str(value), True, _INK)
        if label.get_width() > 2 * r - 2:
            big = renderer.fonts.get(max(floor, round(r * 0.9)), True)
            label = big.render(str(value), True, _INK)
        surface.blit(label, label.get_rect(center=(cx, cy)))
        # the printed number small, struck through, just left of the disc
        small = renderer.fonts.get(max(floor, round(r * 0.75)), True)
        old = small.render(str(printed), True, _STRUCK)
        ink = old.get_bounding_rect()
        # nor over another number's disc (Conan's three in a row, QA15b #5)
        others = []
        for name, (point, rr) in spots.items():
            if name != stat:
                disc = pygame.Rect(0, 0, 2 * rr, 2 * rr)
                disc.center = on_screen(point, size, rect, turn)
                others.append(disc)
        plate = _plate_place(renderer, card_id, size, rect, turn, (cx, cy), r,
                             (ink.w + 8, ink.h + 6), str(printed), others)
        pygame.draw.rect(surface, (250, 246, 236), plate, border_radius=3)
        pygame.draw.rect(surface, _STRUCK, plate, 1, border_radius=3)
        surface.blit(old, (plate.x + 4, plate.y + 3), ink)
        pygame.draw.line(surface, _STRUCK, (plate.x + 2, plate.bottom - 3),
                         (plate.right - 3, plate.y + 2), max(2, plate.h // 7))
        drawn.append(stat)
    return drawn


def _plate_place(renderer: CardRenderer, card_id: str, size: tuple[int, int],
                 rect: pygame.Rect, turn: float, centre: tuple[int, int], r: int,
                 plate_size: tuple[int, int], own: str,
                 discs: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """Where the struck printed number goes: left of the disc, else above it, else
    right of it, the first place that covers none of the face's texts (the disc's own
    number ``own`` aside) nor the other number ``discs`` (screen pixels) and stays on
    the card, clear of its frame."""
    from tabletop.i18n import get_language

    record = renderer.records.get(("face", card_id, size[0], size[1], get_language()))
    inks = []
    for placed in record.placed if record is not None else []:
        if placed.text == own:
            continue
        for _, ink in placed.lines:
            x, y = on_screen(ink.topleft, size, rect, turn)
            x2, y2 = on_screen(ink.bottomright, size, rect, turn)
            inks.append(pygame.Rect(min(x, x2), min(y, y2), abs(x2 - x), abs(y2 - y)))
    inks += list(discs)
    cx, cy = centre
    # clear of the frame too: at the very edge it read as a chip of the frame (QA15b #5)
    margin = max(3, min(rect.w, rect.h) // 25)
    inside = rect.inflate(-2 * margin, -2 * margin)
    tries = []
    for anchor, at in (("midright", (cx - r - 1, cy)), ("midbottom", (cx, cy - r - 1)),
                       ("midleft", (cx + r + 1, cy))):
        plate = pygame.Rect((0, 0), plate_size)
        setattr(plate, anchor, at)
        tries.append(plate)
        if inside.contains(plate) and plate.collidelist(inks) < 0:
            return plate
    return tries[0].clamp(rect)


def draw_badges(renderer: CardRenderer, surface: pygame.Surface, rect: pygame.Rect,
                words: Sequence[str], avoid: pygame.Rect | None = None,
                card_id: str | None = None) -> list[pygame.Rect]:
    """A badge for each status word (already in words) across the middle of the card
    at ``rect``, one under the other, each shrunk to the text floor to fit the card's
    width; returns their boxes. ``avoid``: a box kept clear (a chip) when possible.
    ``card_id``: the face drawn at ``rect`` upright, whose texts each badge is moved
    off where the face has room (QA15b #3: "Cannot block" hid the card's own text in
    the large view)."""
    from tabletop.i18n import get_language
    from tabletop.ui.card_render import clear_of_text

    floor = max(7, int(getattr(renderer.fonts, "floor_px", 0) or 0))
    boxes: list[pygame.Rect] = []
    size = max(floor, round(rect.h * 0.085))
    y = rect.y + round(rect.h * 0.42)
    for word in words:
        font = renderer.fonts.get(size, True)
        px = size
        while px > floor and font.size(word)[0] > rect.w - 8:
            px -= 1
            font = renderer.fonts.get(px, True)
        label = font.render(word, True, _WHITE)
        if label.get_width() > rect.w - 6:  # at the floor and still too wide: cut
            label = label.subsurface((0, 0, rect.w - 6, label.get_height()))
        box = label.get_rect(midtop=(rect.centerx, y)).inflate(6, 2)
        if card_id is not None:
            box = clear_of_text(renderer, card_id, rect, get_language(), box)
            if boxes and box.colliderect(boxes[-1]):  # no room clear of both: stack
                box.top = boxes[-1].bottom + 2
        if avoid is not None and box.colliderect(avoid):
            box.bottom = avoid.top - 1
        pygame.draw.rect(surface, BADGE, box, border_radius=4)
        pygame.draw.rect(surface, _WHITE, box, 1, border_radius=4)
        surface.blit(label, label.get_rect(center=box.center))
        boxes.append(box)
        y = box.bottom + 2
    return boxes


def preview_effects(scene: Any, surface: pygame.Surface, rect: pygame.Rect, view: Any) -> None:
    """The large hover view's effects in force (the same as on the table): the changed
    numbers of the card behind ``view`` (the rules' ``derived``, overridden by the
    plugin's ``numbers_now(state, iid)`` where it has one, as its small faces show
    them) and its statuses, from the state the table shows; nothing for a hidden
    card."""
    from tabletop.ui.hover_words import hover_numbers

    if getattr(view, "hidden", True) or view.card_id is None:
        return
    numbers = hover_numbers(scene, view)
    # the numbers as the plugin's small faces show them (Conan: health left, not the
    # health with Items; QA15b #5), so the large view says what the table says
    as_faces = getattr(scene.ui, "numbers_now", None)
    if numbers and as_faces is not None:
        numbers = {**numbers, **as_faces(scene.ui.shown_state(scene),
                                         scene.game.resolve(view.iid))}
    changes = getattr(scene.ui, "number_changes", None)
    draw_changed_numbers(scene.renderer, surface, rect, view.card_id, numbers,
                         moved=changes(scene, view.iid) if changes is not None else None)
    statuses = getattr(scene.ui, "statuses", None)
    if statuses is not None:
        draw_badges(scene.renderer, surface, rect, statuses(scene, view.iid), None,
                    view.card_id)

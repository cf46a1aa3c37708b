"""The table scene's drawing (one part of :class:`~tabletop.ui.table.TableScene`).

One frame: the cached background (felt, zone and cell outlines, labels), the lit
targets of a drag, the cards, the plugin's overlays, counts, marks, banners, the hover
preview, the toast and the side panel; and the per-frame update (slide-back, the
plugin's animations, the first cover). Nothing here changes the game.
"""

from __future__ import annotations

from typing import Any

import pygame

from tabletop.core.view import CardView
from tabletop.geometry import Placed
from tabletop.i18n import t
from tabletop.ui.backdrop import CELL_EDGE, WINDOW_BG, ZONE_EDGE, ZONE_FILL
from tabletop.ui.card_render import clear_of_text
from tabletop.ui.free_menu import draw_free_marks
from tabletop.ui.heap import opaque_surface
from tabletop.ui.lit_layer import LitPatches, Painter
from tabletop.ui.panel_columns import draw_separators
from tabletop.ui.panels import PANEL_BG, PANEL_EDGE
from tabletop.ui.result_box import result_texts, scene_layout
from tabletop.ui.sprite import right_angle
from tabletop.ui.table_parts import TableParts

__all__ = ["AFTER_PLAYBACK_S", "CELL_EDGE", "HOVER", "LIT_EDGE", "LIT_FILL", "OVER_CAPACITY",
           "REVEAL_MARK", "SELECT", "TableDraw", "WINDOW_BG", "ZONE_EDGE", "ZONE_FILL"]

LIT_FILL = (255, 214, 80, 60)
LIT_EDGE = (255, 214, 80)
SELECT = (255, 214, 80)
HOVER = (235, 240, 235)
#: Frame of the card a Reveal dialog asks about (ALL-H2), while the dialog is open.
REVEAL_MARK = (120, 210, 255)
#: Frame of a zone holding more cards than its capacity (left so by free mode).
OVER_CAPACITY = (200, 60, 50)
#: Seconds after a playback ended by itself in which the first key press is spent on it
#: (a Space pressed to step it, just too late, is not "next phase").
AFTER_PLAYBACK_S = 0.5


class TableDraw(TableParts):
    """Draws the table and runs its animations (a mixin of
    :class:`~tabletop.ui.table.TableScene`, whose ``__init__`` sets the attributes)."""

    # ================================================================== update / draw

    def update(self, dt: float) -> None:
        """Slide-back, the plugin's animations; the first cover."""
        self.after_playback = max(0.0, self.after_playback - dt)
        # Only a playback that ends inside update ended by itself: one ended by a key or
        # a click was ended on purpose, and that press is already spent.
        was_playing = not self.cover_pending and self.ui.playing(self)
        self.ui.update(self, dt)
        if was_playing and not self.ui.playing(self):
            self.after_playback = AFTER_PLAYBACK_S
        if self.slide is not None:
            self.slide.elapsed += dt
            if self.slide.done:
                self.slide = None
        if self._cover_at_start:
            self._cover_at_start = False
            if not self.game.state.game_over:
                self._show_cover(self.viewer)
        if self.computer is not None:  # thinks in a thread; plays when ready (issue 12 §5)
            self.computer.update(dt)
        self.hint.update(dt)

    def _make_bg(self, size: tuple[int, int]) -> pygame.Surface:
        """Window background + table felt + zone outlines and labels (cached per size):
        drawn whole once, then the last one with the labels that came or went put back
        (:mod:`~tabletop.ui.backdrop`, issue 14)."""
        return self.backdrop.make(self, size)

    def _make_lit(self) -> None:
        """The highlight of the drag's legal targets (built once per pick-up)."""
        if self.drag is None:
            self._lit = None
            return
        area = self.viewport.area
        width = max(2, round(3 * self.scale))
        shapes = [self.layout.zone(zone_id).shape() for zone_id in self.drag.zones]
        shapes += [self.geometry.index.placed(key) for key in self.drag.cells]
        # only where something is lit: a viewport-sized layer cost 10-50 ms (issue 14)
        self._lit = LitPatches((area[2], area[3]), [
            (self._outline_bounds(shape, width), self._lit_painter(shape, width))
            for shape in shapes])

    def _lit_painter(self, shape: Placed, width: int) -> Painter:
        def paint(surface: pygame.Surface, offset: tuple[int, int]) -> None:
            self._outline(surface, shape, LIT_FILL, LIT_EDGE, width, offset)
        return paint

    def draw(self, surface: pygame.Surface) -> None:
        """One frame of the table (cached background, cached card surfaces; at rest the
        frame kept by :class:`~tabletop.ui.still_frame.StillFrame`)."""
        key = self._still_key(surface)
        if self.still.rest.serve(key, surface):
            return
        self._draw_frame(surface)
        self.still.rest.keep(key, surface)

    def _still_key(self, surface: pygame.Surface) -> tuple[Any, ...] | None:
        """Everything a frame at rest shows (see :mod:`tabletop.ui.still_frame`), or
        None while something moves by itself or a frame must be drawn in full (the
        face listener counts the faces drawn)."""
        if self.drag is not None or self.slide is not None or self.computer is not None \
                or self.face_listener is not None or self.hint.thought is not None \
                or self.ui.playing(self):
            return None
        if self._bg is None or self._bg.get_size() != surface.get_size():
            return None  # a background made anew: no key holds the old one (issue 14, memory)
        toast, coach = self.toast, self.coach
        banner, unsaved = self.free_banner_rect, self.not_saved_rect
        return (surface.get_size(), self._bg, self._panel, self.panel_pixels.drawn,
                self._blits, self.view,
                self.layout, self.viewer, self.lang, self.scale, self.still.events,
                self.hover, tuple(self.selected), self.revealing, self._dialog_open(),
                self.preview_quiet, self.quiet_preview, self.cover_pending,
                toast.message, toast.rule, toast.why, toast.bottom, self.hint.shown,
                coach.shown, coach.line(self), tuple(coach.rect), tuple(self.panel_rect),
                self.tracker_h,
                None if banner is None else tuple(banner),
                None if unsaved is None else tuple(unsaved), self._not_saved_folder(),
                self.game.state.free_mode, self.free_menu.key())

    def _under_key(self, surface: pygame.Surface) -> tuple[Any, ...] | None:
        """While a card is carried: everything drawn under it (see
        :mod:`tabletop.ui.still_frame`); None otherwise, or while something else moves."""
        drag = self.drag
        if drag is None or not drag.moved or self.slide is not None \
                or self.computer is not None or self.face_listener is not None \
                or self.hint.thought is not None or self.ui.playing(self):
            return None
        return (surface.get_size(), drag, self._bg, self._lit, self._blits, self.view,
                self.layout, self.viewer, self.lang, self.scale, self.still.events,
                tuple(self.selected), self.revealing, self._dialog_open(),
                self.cover_pending, self.coach.shown, self.coach.line(self),
                self.game.state.free_mode)

    def _draw_frame(self, surface: pygame.Surface) -> None:
        """One frame of the table, drawn in full (under a carried card: kept)."""
        key = self._under_key(surface)
        if not self.still.under.serve(key, surface):
            self._draw_under(surface)
            self.still.under.keep(key, surface)
        self._draw_over(surface)

    def _draw_under(self, surface: pygame.Surface) -> None:
        """Background, lit targets, cards, counts and marks: what lies under a carried card
        and does not follow the pointer."""
        size = surface.get_size()
        if self._bg is None or self._bg.get_size() != size:
            # the old one goes before the new is drawn, with the kept frames whose keys
            # name it (issue 14, memory)
            self._bg = None
            self.still.drop()
            self._bg = self._make_bg(size)
        surface.blit(self._bg, (0, 0))
        if self._lit is not None:
            self._lit.blit(surface)
        # a glow round each lit piece (issue 12 §1), under the cards: in a fanned hand a
        # glow over the next card made a card that cannot be played look lit (QA)
        self.coach.draw_lit(self, surface)
        dragging = self.drag.iid if self.drag is not None and self.drag.moved else None
        sliding = self.slide.iid if self.slide is not None else None
        if dragging is None and sliding is None:
            surface.fblits([(s, p) for s, p, _ in self._blits])
        else:
            surface.fblits([(s, p) for s, p, sp in self._blits
                            if sp.iid != dragging and sp.iid != sliding])
        self.ui.draw_on_cards(self, surface)
        if self.face_listener is not None:
            for _, _, sp in self._blits:
                if not sp.card.hidden:
                    self.face_listener(self.viewer, sp.iid)
        self._draw_counts(surface)
        self._draw_hand_taps(surface)
        self._draw_over_capacity(surface)
        self._draw_marks(surface)
        draw_free_marks(self, surface)  # numbers changed by hand, typed counters (ALL-R3)

    def _draw_over(self, surface: pygame.Surface) -> None:
        """What follows the pointer, the carried or sliding card, and everything over the
        table: banners, hint, preview, toast, side panel, coach."""
        dragging = self.drag.iid if self.drag is not None and self.drag.moved else None
        if self.drag is not None:
            self.ui.draw_drag_marks(self, surface)
        if self.slide is not None:
            sprite = self.by_iid.get(self.slide.iid)
            if sprite is not None and sprite.surface is not None:
                surface.blit(sprite.surface, self.slide.pos())
        if dragging is not None:
            sprite = self.by_iid.get(dragging)
            carried = self._drag_surface or (sprite.surface if sprite is not None else None)
            if sprite is not None and carried is not None:
                x, y = self.drag.pos_px
                surface.blit(carried, (x - self._grab_px[0], y - self._grab_px[1]))
            self.ui.draw_over_drag(self, surface)
        self._draw_banners(surface)
        self.hint.draw(surface)  # the hinted move's target place (issue 12 §4)
        if self.computer is not None:  # the demo's keys (issue 12 §6)
            self.computer.draw(surface)
        dialog = self._dialog_open()
        if dialog != self._dialog_was_open:  # the panel's preview words come and go with it
            self._dialog_was_open = dialog
            self._panel = None
        # no preview over free mode's open menu
        card = None if self.free_menu.is_open else self._hover_card()
        area = pygame.Rect(self.viewport.area)
        if card is not None and card.card_id is None:
            self._draw_hidden_hint(surface, self.by_iid[card.iid].rect)
        elif card is not None:  # never under the toast: it moves up / gives way
            self.preview.draw_card(surface, area, self.by_iid[card.iid].rect, card, self.lang,
                                   avoid=self.toast.box(area, self.text, self.scale),
                                   scale=self.scale)
        self.free_menu.draw(self, surface)
        self.toast.draw(surface, area, self.text, self.scale)
        if self._panel is None or self._panel.get_size() != self.panel_rect.size:
            self._panel = self._make_panel()
        key = self._side_key()
        if not self.still.side.serve(key, surface, self.panel_rect):
            surface.blit(self._panel, self.panel_rect)
            self.coach.draw(self, surface)
            self._draw_not_saved(surface)
            self._draw_free_banner(surface)
            self.still.side.keep(key, surface, self.panel_rect)

    def _side_key(self) -> tuple[Any, ...] | None:
        """What the side panel shows with the coach box and the markers drawn over it
        (see :mod:`tabletop.ui.still_frame`); None when one of those reaches out of it."""
        panel = self.panel_rect
        boxes = (self.coach.rect, self.not_saved_rect, self.free_banner_rect)
        if any(box is not None and box.w and box.h and not panel.contains(box)
               for box in boxes) or self.computer is not None:
            return None
        coach = self.coach
        return (tuple(panel), self._panel, self.panel_pixels.drawn, coach.shown,
                coach.line(self), tuple(coach.rect),
                tuple(self.selected), self.still.events, self.lang, self.scale,
                self.cover_pending, self.game.state.free_mode, self._not_saved_folder(),
                *(None if box is None else tuple(box) for box in boxes[1:]))

    def _free_banner_label(self, width: int) -> pygame.Surface:
        """The words of the free-mode banner, wrapped to ``width`` pixels."""
        return self.text.get(t("table.free_mode_banner"), max(13, round(16 * self.scale)),
                             (255, 255, 255), True, width - round(16 * self.scale))

    def _draw_free_banner(self, surface: pygame.Surface) -> None:
        """While free mode is on: the red banner in the side panel under the phase
        tracker (its own room, like the "Not saved" marker: over the table it covered
        the other player's hand cards at 2560x1440)."""
        if self.game.state.free_mode != (self.free_banner_rect is not None):
            self._layout_widgets()  # it came or went: make room
            self._panel = None
            return  # drawn from the next frame on, in the room just made
        if self.free_banner_rect is None:
            return
        box = self.free_banner_rect
        label = self._free_banner_label(box.w)
        pygame.draw.rect(surface, (170, 40, 40), box, border_radius=8)
        surface.blit(label, label.get_rect(center=box.center))

    def _not_saved_folder(self) -> str | None:
        """The folder that cannot be written while the autosave is failing, else None."""
        unsaved = getattr(self.app, "unsaved", None)
        error = unsaved() if callable(unsaved) else None
        if error is None:
            return None
        saver = self.app.autosaver
        return str(saver.target(self.game).parent) if saver is not None else str(error.path)

    def _not_saved_parts(self, width: int) -> tuple[pygame.Surface, pygame.Surface] | None:
        """The "Not saved" marker's two texts for ``width`` pixels (None while saved)."""
        folder = self._not_saved_folder()
        if folder is None:
            return None
        pad = round(8 * self.scale)
        head = self.text.get(t("table.not_saved"), max(13, round(16 * self.scale)),
                             (255, 255, 255), True)
        detail = self.text.get(t("table.not_saved_detail", folder=folder),
                               max(11, round(12 * self.scale)), (255, 232, 226), False,
                               max(40, width - 2 * pad))
        return head, detail

    def _not_saved_height(self, width: int) -> int:
        """Room the "Not saved" marker takes in the side panel (0 while the game is saved)."""
        parts = self._not_saved_parts(width)
        if parts is None:
            return 0
        return parts[0].get_height() + parts[1].get_height() + 2 * round(8 * self.scale)

    def _draw_not_saved(self, surface: pygame.Surface) -> None:
        """While the autosave is failing: a lasting red marker in the side panel, under
        the phase tracker (its own room: it covers neither the table nor the log), naming
        the folder; a click on it (or Ctrl+S) offers another folder again."""
        failing = self._not_saved_folder() is not None
        if failing != (self.not_saved_rect is not None):  # it came or went: make room
            self.not_saved_rect = pygame.Rect(0, 0, 1, 1) if failing else None
            self._layout_widgets()
            self._panel = None
            return  # drawn from the next frame on, in the room just made
        if self.not_saved_rect is None:
            return
        box = self.not_saved_rect
        parts = self._not_saved_parts(box.w)
        if parts is None:
            return
        head, detail = parts
        pad = round(8 * self.scale)
        pygame.draw.rect(surface, (150, 30, 30), box, border_radius=8)
        pygame.draw.rect(surface, (255, 200, 190), box, 2, border_radius=8)
        surface.blit(head, (box.x + pad, box.y + pad))
        surface.blit(detail, (box.x + pad, box.y + pad + head.get_height()))

    def _draw_hidden_hint(self, surface: pygame.Surface, anchor: pygame.Rect) -> None:
        """A small "Hidden card" note on a hovered hidden card instead of a large card
        back: a back tells nothing, and a large one would cover the prompt and the log.
        The note lies on the card itself (its back), so it hides nothing else."""
        size = max(11, round(13 * self.scale))
        label = self.text.get(t("preview.hidden_hint"), size, (235, 238, 232), True,
                              max(anchor.w, round(120 * self.scale)))
        box = label.get_rect().inflate(12, 6)
        box.center = anchor.center
        box.clamp_ip(pygame.Rect(self.viewport.area))
        pygame.draw.rect(surface, (24, 28, 34), box, border_radius=6)
        pygame.draw.rect(surface, (150, 160, 170), box, 1, border_radius=6)
        surface.blit(label, label.get_rect(center=box.center))

    def _draw_hand_taps(self, surface: pygame.Surface) -> None:
        """A small "turned" tag on each turned card of a hand (hidden ones included: free
        mode can turn them), drawn where the card's left strip is in sight."""
        dragging = self.drag.iid if self.drag is not None and self.drag.moved else None
        size = max(10, round(11 * self.scale))
        label = None
        for sprite in self.sprites:
            if not sprite.card.tapped or sprite.iid == dragging or not sprite.drawn:
                continue
            if self.layout.zone(sprite.zone).kind != "hand":
                continue
            label = label or self.text.get(t("table.tapped_mark"), size, (30, 24, 8), True)
            box = label.get_rect().inflate(8, 2)
            # mid-height: the name is at the top, the numbers at the bottom
            box.center = (sprite.rect.x + (sprite.visible_w or sprite.rect.w) // 2,
                          sprite.rect.centery)
            if box.w > (sprite.visible_w or sprite.rect.w):  # a narrow strip: its left edge
                box.left = sprite.rect.x
            # up or down, the least, off the face's texts (it covered an attack type)
            box = clear_of_text(self.renderer, sprite.card.card_id, sprite.rect, self.lang, box,
                                pygame.Rect(box.x, sprite.rect.y, box.w, sprite.rect.h),
                                sprite.turn)
            pygame.draw.rect(surface, (250, 214, 96), box, border_radius=6)
            pygame.draw.rect(surface, (60, 44, 10), box, 1, border_radius=6)
            surface.blit(label, label.get_rect(center=box.center))

    def _draw_counts(self, surface: pygame.Surface) -> None:
        """Card counts on decks, discard piles and the other seat's hand."""
        size = max(11, round(14 * self.scale))
        for zone in self.layout.zones:
            if zone.kind not in ("deck", "discard") and not (
                    zone.kind == "hand" and zone.owner != self.viewer):
                continue
            n = len(self.view.zones.get(zone.id, ()))
            if n == 0 and zone.kind == "hand":
                continue
            label = self.text.get(str(n), size, (255, 255, 255), True)
            rect = self.zone_rect(zone.id)
            box = label.get_rect(bottomright=(rect.right - 4, rect.bottom - 3)).inflate(10, 2)
            pygame.draw.rect(surface, (20, 20, 24), box, border_radius=8)
            surface.blit(label, label.get_rect(center=box.center))

    def _draw_over_capacity(self, surface: pygame.Surface) -> None:
        """A red frame and "cards/capacity" on every zone holding more than it should."""
        state = self.game.state
        over = state.zones_over_capacity()
        if not over:
            return
        size = max(11, round(14 * self.scale))
        for zone_id in over:
            if zone_id not in self.layout.zone_ids:
                continue
            rect = self.zone_rect(zone_id)
            pygame.draw.rect(surface, OVER_CAPACITY, rect, max(2, round(3 * self.scale)),
                             border_radius=6)
            zone = state.zones[zone_id]
            label = self.text.get(t("table.over_capacity_count", n=len(zone.cards),
                                    max=zone.capacity), size, (255, 255, 255), True)
            box = label.get_rect(topright=(rect.right - 4, rect.y + 3)).inflate(10, 2)
            pygame.draw.rect(surface, OVER_CAPACITY, box, border_radius=8)
            surface.blit(label, label.get_rect(center=box.center))

    def _draw_marks(self, surface: pygame.Surface) -> None:
        """Selected cards, the plugin's marks, lit target cards, hover."""
        thick = max(2, round(3 * self.scale))
        for iid in self.selected:
            rect = self.card_rect(iid)
            if rect is not None:
                pygame.draw.rect(surface, SELECT, rect.inflate(6, 6), thick, border_radius=6)
        self.ui.draw_marks(self, surface)
        if self.drag is not None:  # lit target cards (a combat card onto a combatant)
            for iid in self.drag.cards:
                rect = self.card_rect(iid)
                if rect is not None:
                    pygame.draw.rect(surface, LIT_EDGE, rect.inflate(10, 10), thick + 1,
                                     border_radius=8)
        if self.revealing is not None and self._dialog_open():
            rect = self.card_rect(self.revealing)
            if rect is not None:  # the card the open Reveal dialog asks about
                pygame.draw.rect(surface, REVEAL_MARK, rect.inflate(12, 12), thick + 2,
                                 border_radius=8)
        if self.hover is not None and self.drag is None and not self._dialog_open():
            rect = self.card_rect(self.hover)
            if rect is not None:
                pygame.draw.rect(surface, HOVER, rect.inflate(2, 2), 1, border_radius=6)

    def _draw_banners(self, surface: pygame.Surface) -> None:
        """Game over in the middle (free mode: :meth:`_draw_free_banner`)."""
        if self.game.state.game_over:  # the box holds its button (QA16 #20: ui/result_box)
            label, why = result_texts(self)
            where = scene_layout(self)
            shade = pygame.Surface(where.box.size, pygame.SRCALPHA)
            pygame.draw.rect(shade, (10, 14, 12, 220), shade.get_rect(),
                             border_radius=max(8, round(14 * self.scale)))
            surface.blit(shade, where.box)
            surface.blit(label, where.heading)
            if why is not None and where.why is not None:
                surface.blit(why, where.why)

    def _make_panel(self) -> pygame.Surface:
        """The side panel (tracker, preview or log, decision prompt), redrawn on change."""
        rect = self.panel_rect
        # the window's format, no converted copy; drawn in place (issue 14)
        panel = self.panel_pixels.fresh(rect.size, opaque_surface)
        panel.fill(PANEL_BG)
        pygame.draw.line(panel, PANEL_EDGE, (0, 0), (0, rect.h), 2)
        local = pygame.Rect(0, 0, rect.w, rect.h)
        cols = self.panel_cols  # under the table: the tracker in the left column
        if cols is not None:
            local = cols.tracker.move(-rect.x, -rect.y)
            draw_separators(panel, cols, rect.topleft, PANEL_EDGE)
        used = self.tracker.draw(panel, local, self.view, self.scale)
        if used > self.tracker_h:  # long phase names (Japanese): give the tracker room
            self.tracker_h = used
            self._layout_widgets()
            return self._make_panel()
        body = self.body_rect.move(-rect.x, -rect.y)
        card = self._hover_card()
        if body.h < 1:
            pass  # no room under a tall decision or big UI scale: L shows the log (issue 16)
        elif card is not None and card.card_id is not None:  # hidden card: the log stays
            self.preview.draw_words(panel, body, card, self.lang, self.scale)
        else:
            self.log_panel.draw(panel, body, self._log_lines, self.scale, self._log_refused)
        if self.decisions.decision is not None:
            box = self.decision_rect.move(-rect.x, -rect.y)
            pygame.draw.rect(panel, (52, 46, 24), box.inflate(8, 8), border_radius=8)
            pygame.draw.rect(panel, (250, 214, 96), box.inflate(8, 8), 2, border_radius=8)
            size = max(12, round(15 * self.scale))
            prompt = self.text.get(self.decisions.prompt_text(self.lang), size,
                                   (250, 240, 210), False, box.w - 8)
            clip = panel.get_clip()
            buttons = self.decisions.buttons_height(box.w, self.scale, self.app.fonts)
            panel.set_clip(pygame.Rect(box.x, box.y, box.w, box.h - buttons - 4))
            panel.blit(prompt, (box.x + 4, box.y + 2))
            panel.set_clip(clip)
        return panel

    def _hover_card(self) -> CardView | None:
        """The view of the hovered card (hidden cards stay hidden); None while dragging,
        while a dialog is open (nothing is drawn over it) and, after a drop, until the
        pointer reaches another card."""
        if self.hover is None or self.drag is not None or self._dialog_open():
            return None
        if self.preview_quiet and self.hover == self.quiet_preview:
            return None
        sprite = self.by_iid.get(self.hover)
        return sprite.card if sprite is not None else None

    def _outline(self, surface: pygame.Surface, shape: Placed, fill: Any, edge: Any,
                 width: int, offset: tuple[int, int] = (0, 0)) -> pygame.Rect:
        """Fill and outline a zone or cell (rounded when it lies square to the screen)
        on ``surface`` whose top-left is at window pixel ``offset``; returns the
        shape's rectangle in window pixels."""
        rect = self._shape_rect(shape)
        ox, oy = offset
        if right_angle(shape.rotation_deg) is not None:
            local = rect.move(-ox, -oy)
            if fill is not None:
                pygame.draw.rect(surface, fill, local, border_radius=6)
            pygame.draw.rect(surface, edge, local, width, border_radius=6)
        else:
            points = [(x - ox, y - oy) for x, y in
                      (self.viewport.to_px(*p) for p in shape.corners())]
            if fill is not None:
                pygame.draw.polygon(surface, fill, points)
            pygame.draw.polygon(surface, edge, points, width)
        return rect

    def _outline_bounds(self, shape: Placed, width: int) -> pygame.Rect:
        """Every pixel :meth:`_outline` may draw for ``shape`` (window pixels)."""
        if right_angle(shape.rotation_deg) is not None:
            return self._shape_rect(shape)
        points = [self.viewport.to_px(*p) for p in shape.corners()]
        left, top = min(x for x, _ in points), min(y for _, y in points)
        right, bottom = max(x for x, _ in points), max(y for _, y in points)
        pad = width + 2
        return pygame.Rect(int(left) - pad, int(top) - pad, int(right - left) + 2 * pad + 2,
                           int(bottom - top) + 2 * pad + 2)

"""The table scene's state sync (one part of :class:`~tabletop.ui.table.TableScene`).

Follows the game: the hot-seat hand-over (the cover, ``forget_private``), the view
rebuilt after every change (``view_for(state, viewer)``), the sprites laid out
through the plugin's ``arrange`` and indexed for hit-testing, the viewer's log with
their own refusals, the buttons' states, and the side panel's layout for the window
size. No drawing and no input handling here.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from tabletop import i18n
from tabletop.core.actions import Action
from tabletop.core.coach import cover_role
from tabletop.core.messages import msg, zone_msg
from tabletop.core.view import view_for, view_id
from tabletop.geometry import Placed
from tabletop.i18n import t
from tabletop.layout import CARD_SIZE, TableGeometry, Zone
from tabletop.ui.cover import HotseatCover
from tabletop.ui.gc_pauses import release as release_heap
from tabletop.ui.heap import drop_pixels
from tabletop.ui.log_lines import LogLines, LogTexts
from tabletop.ui.panel_columns import button_rows, columns, under_need
from tabletop.ui.panel_place import SQUARISH, panel_under
from tabletop.ui.panels import render_message
from tabletop.ui.result_box import scene_layout
from tabletop.ui.settings_apply import sleeve_colours
from tabletop.ui.slide_refit import refit_slide
from tabletop.ui.sprite import Sprite, right_angle, screen_turn
from tabletop.ui.table_controls import command_action
from tabletop.ui.table_fit import (
    BUTTON_H,
    GAP,
    PAD,
    TRACKER_H,
    panel_height,
    panel_room,
    tracker_need,
)
from tabletop.ui.theme import fit_id, ui_scale
from tabletop.ui.viewport import panel_width

if TYPE_CHECKING:
    from tabletop.core.engine import Game

from tabletop.ui.table_parts import TableParts

__all__ = ["HAND_MARGIN", "STACK_DRAWN", "RefusalLine", "TableState"]

#: At most this many cards of a stack (deck, discard) are drawn; the count says the rest.
STACK_DRAWN = 3
#: Pixels around a held hand (and its cards) that still count as "over the hand".
HAND_MARGIN = 12
#: Buttons that are off while the table shows a seat the computer plays (the demo):
#: undoing its move would only have it play the move again (issue 12 §6).
#: The log lines' texts, shared by every table (a Message reads the same everywhere).
_LOG_TEXTS = LogTexts(render_message)


@dataclass(frozen=True)
class RefusalLine:
    """A refusal (or notice) of the toast written into one seat's log: shown only to
    ``seat``, after the ``after`` first lines of the game log (its length then)."""

    seat: int
    after: int
    message: Any
    rule: str = ""
    #: A note, not a refusal (the computer's reason for its move): written as is, unmarked.
    note: bool = False


class TableState(TableParts):
    """Keeps the view, the sprites and the panels in step with the game (a mixin of
    :class:`~tabletop.ui.table.TableScene`, whose ``__init__`` sets the attributes)."""

    # ================================================================== state sync

    @property
    def lang(self) -> str:
        """The current language code."""
        return str(getattr(self.app, "lang", "en"))

    def _on_game_changed(self, _game: Game) -> None:
        self.cancel_drag()
        self.toast.clear()  # the next action: the old refusal has been dealt with
        self._sync_viewer()
        self._refresh()
        was_free, self._free_mode = self._free_mode, self.game.state.free_mode
        if was_free and not self._free_mode and not self.cover_pending:
            self._capacity_notice()

    def tell(self, message: Any, key: str, rule: str = "") -> None:
        """Show the players ``message`` in the toast once the table is in sight: at
        once, or when the hand-over cover is taken (the cover's hand-over clears
        the toast, which must not swallow a word meant for everyone)."""
        going_up = self._cover_at_start and not self.game.state.game_over  # at the 1st frame
        if self.cover_pending or going_up:
            self._held_word = (message, key, rule)
        else:
            self.toast.show(message, key, rule)

    def _capacity_notice(self) -> None:
        """Say which zones hold more cards than they should (free mode ignores capacity,
        ALL-R3); the rules put nothing more into them until cards are moved out."""
        over = self.game.state.zones_over_capacity()
        if over:
            self.toast.show(i18n.msg("table.over_capacity",
                                     zones=tuple(zone_msg(z) for z in over)),
                            "table.over_capacity", "ALL-R3")

    def _sync_viewer(self) -> None:
        """Push the hot-seat cover when another seat must act now (ALL-R2)."""
        state = self.game.state
        seat = self.rules.acting_seat(state)
        if self.computer is not None and not self.computer.covers:
            self.computer.follow()  # against the computer: no cover (issue 12 §5)
            return
        if state.game_over or seat == self.viewer or self.cover_pending:
            return
        self._show_cover(seat)

    def _show_cover(self, seat: int) -> None:
        self.cover_pending = True
        self.forget_private()
        self.app.show_cover(seat, lambda: self._after_cover(seat))
        top = self.app.stack.top
        self._cover = top if isinstance(top, HotseatCover) else None
        if self._cover is not None:  # "Player 2: you are the enemy this turn" (issue 12 §1)
            self._cover.role = cover_role(self.rules, self.game.state, seat)

    def forget_private(self) -> None:
        """Drop everything shown to the seat leaving the computer (ALL-R2).

        Called when the hand-over cover goes up and again when the next seat takes
        over: the refusal toast (it may name a card of the old hand), the hover
        preview, selected cards, the decision panel's unconfirmed picks (and whatever
        the plugin's ``forget_private`` drops), a drag or slide-back, the log lines
        rendered for the old viewer (and the text cache holding them) and the side
        panel / background built from their view.
        """
        self.toast.clear()
        self.cancel_drag()
        self.slide = None
        self.hover = None
        self.selected.clear()
        self.decisions.forget()
        self.ui.forget_private(self)
        self.log_panel.scroll = 0
        self._log_lines = []
        self._log_refused = set()
        self.held_hands.clear()
        self._hand_places.clear()
        self.quiet_preview, self.preview_quiet = None, False
        self.revealing = None
        self.text.clear()
        self._bg = None
        self._panel = None

    def _after_cover(self, seat: int) -> None:
        self.cover_pending = False
        self.viewer = seat
        self.viewport.set_viewer(seat)
        self.forget_private()
        cover, self._cover = self._cover, None
        if cover is not None and cover.dismissed_by is not None:
            self.spent_keys.add(cover.dismissed_by)  # that press was the cover's
        held, self._held_word = self._held_word, None
        if held is not None:
            self.toast.show(*held)
        self._sync_viewer()
        self._refresh()

    def _refresh(self) -> None:
        """Rebuild the view, sprites, panels and widget states after any change."""
        state = self.ui.shown_state(self)  # the game's, or the moment a playback shows
        self.view = view_for(state, self.viewer)
        computer_seat = self.computer is not None and self.computer.is_computer(self.viewer)
        # the demo shows a computer's seat: its decisions are its own, no button is lit
        self.decisions.set_decision(None if computer_seat else state.pending, self.viewer)
        self.selected = [i for i in self.selected if self.ui.can_select(self, i)]
        layout = self.ui.table_layout(self)
        if layout is not self.layout:  # the plugin's zones moved (e.g. with the turn)
            self.layout = layout
            self.geometry = TableGeometry(layout)
            self._hand_places.clear()
        self._build_sprites()
        self.ui.refresh(self)
        # the felt, outlines and labels of empty zones: drawn again only when they change
        # (a change of the game seldom empties or fills a zone; issue 14)
        filled = frozenset(zid for zid, cards in self.view.zones.items() if cards)
        old = self._bg_key
        if old is None or old[0] is not self.layout or old[1:] != (self.viewer, filled):
            self._bg, self._bg_key = None, (self.layout, self.viewer, filled)
        if self.cover_pending:  # nothing of the leaving seat's log is kept under the cover
            self._log_lines = []
        else:
            self._render_log()
        self._panel = None
        self._layout_widgets()
        self.refresh_controls()

    def refresh_shown(self) -> None:
        """The plugin's playback moved on (``GameUI.shown_state``): show that moment."""
        self._refresh()

    def relayout(self) -> None:
        """Size the side panel's decision box again and redraw the panel.

        For plugins whose prompt changes without a change of the game (a local
        choice being built, such as the cards picked to consume)."""
        self._panel = None
        self._layout_widgets()

    def refresh_controls(self) -> None:
        """Enable the buttons whose actions the rules accept now (after any change)."""
        state = self.game.state
        playing = self.ui.shown_state(self) is not state  # a playback shows an earlier moment
        self.controls.refresh(self.game, self.viewer, self.command_action,
                              locked=self.decisions.decision is not None or state.game_over
                              or playing)
        if self.computer is not None and self.computer.is_computer(self.viewer):
            # the demo shows a computer's seat: nobody may act, undo or resign for it,
            # so only the menu is lit (a lit button must be one that does something)
            self.controls.disable(tuple(c for c in self.controls.commands if c != "menu"))

    def command_enabled(self, command: str) -> bool:
        """Is the button of ``command`` on now?"""
        return bool(self.controls.enabled.get(command))

    def command_action(self, command: str) -> Action | None:
        """The action a button or key proposes now (None: none)."""
        action = command_action(command, self.viewer, self.game.state.free_mode)
        return action if action is not None else self.ui.command_action(self, command)

    def _render_log(self) -> None:
        """The viewer's log lines in the current language (kept as Messages in the view),
        with the viewer's own refusals put in where they happened: rendered as the panel
        draws them, each once (:mod:`~tabletop.ui.log_lines`; issue 14)."""
        mine = [r for r in self.refusals if r.seat == self.viewer]
        lang = self.lang
        lines = LogLines(self.view.log, mine, lambda m: _LOG_TEXTS.text(m, lang),
                         self._refusal_text)
        self._log_lines = lines
        self._log_refused = lines.refused

    def _refusal_text(self, line: RefusalLine) -> str:
        text = render_message(line.message, self.lang)
        if line.note:
            return text
        if line.rule:
            text = f"{text} ({line.rule})"
        return render_message(msg("table.refusal_log", text=text), self.lang)

    def add_note(self, message: Any, after: int | None = None) -> None:
        """Write ``message`` into the viewer's log as a local note (the computer's reason
        for its move), after the first ``after`` lines of the game log (default: all);
        like a refusal line, it is neither in the state nor in the save."""
        at = len(self.game.state.log) if after is None else after
        self.refusals.append(RefusalLine(self.viewer, at, message, note=True))
        if not self.cover_pending:
            self._render_log()
            self.log_panel.scroll = 0
            self._panel = None

    def _log_refusal(self, message: Any, _key: str, rule: str) -> None:
        """A toast was shown: write it into the viewer's log (the same one twice in a
        row at the same place is written once)."""
        if self.cover_pending:
            return
        line = RefusalLine(self.viewer, len(self.game.state.log), message, rule)
        if self.refusals and self.refusals[-1] == line:
            return
        self.refusals.append(line)
        self._render_log()
        self.log_panel.scroll = 0
        self._panel = None

    def _language_changed(self) -> None:
        """Re-render every text from its Message (log, toast, faces, labels) at once."""
        self._text_lang = self.lang
        self.text.clear()
        _LOG_TEXTS.clear()
        self.renderer.clear()
        self.sprite_memo.clear()
        if not self.cover_pending:
            self._render_log()
        self._bg = None
        self._panel = None

    # ================================================================== sprites

    def _build_sprites(self) -> None:
        """Lay out every card of the view in table mm and index it for hit-testing.

        Where each zone's cards lie is the plugin's :meth:`~GameUI.arrange` (by default
        the layout's arrangement); the placements go into the geometry index in draw
        order, so the card drawn on top is the one hit.
        """
        placements: list[tuple[Placed, str | None]] = []
        sprites: list[Sprite] = []
        flipped, upright = self.viewport.flipped, self.ui.upright
        for zone in self.layout.zones:
            cards = self.view.zones.get(zone.id, ())
            if not cards:
                continue
            stack = zone.arrangement == "stack"
            laid = cards
            if zone.kind == "hand" and any(c.tapped for c in cards):
                # A turned card in a hand is drawn upright with a "turned" mark: turned
                # sideways it would lie over its neighbours (see _draw_hand_taps).
                laid = tuple(replace(c, tapped=False) for c in cards)
            arranged = self._hold_hand(zone, cards, self.ui.arrange(self, zone, laid))
            overlap = arranged.overlapping
            for n, (card, placed) in enumerate(zip(cards, arranged.places, strict=True)):
                if placed.key != str(card.iid):
                    placed = placed.with_key(str(card.iid))
                placements.append((placed, zone.id))
                sprites.append(Sprite(card.iid, zone.id, placed, card, pygame.Rect(0, 0, 0, 0),
                                      drawn=not stack or n >= len(cards) - STACK_DRAWN,
                                      covered=overlap and n < len(cards) - 1,
                                      turn=screen_turn(placed.rotation_deg, flipped, upright)))
        self.geometry.replace_cards(placements)  # moves only the cards that moved
        self.sprites = sprites
        self.by_iid = {s.iid: s for s in sprites}
        self._place_sprites()

    def _hold_hand(self, zone: Zone, cards: Any, arranged: Any) -> Any:
        """The viewer's hand keeps its cards' places while the pointer is over it.

        A card leaving the hand leaves a gap instead of the others shifting under the
        pointer (a newcomer grabs the card they aimed at); the hand re-centres once the
        pointer leaves it (:meth:`_let_hands_go`). Only when cards left it, in the same
        order: a card coming in is laid out with the others as usual.
        """
        if zone.kind != "hand" or zone.owner != self.viewer:
            return arranged
        ids = [c.iid for c in cards]
        old = self._hand_places.get(zone.id)
        if old is not None and ids and self._over_hand(zone.id) \
                and [i for i in old if i in set(ids)] == ids:
            self.held_hands.add(zone.id)
            return type(arranged)([old[i] for i in ids], arranged.overlapping)
        self.held_hands.discard(zone.id)
        self._hand_places[zone.id] = {c.iid: p for c, p in zip(cards, arranged.places,
                                                              strict=True)}
        return arranged

    def _over_hand(self, zone_id: str) -> bool:
        """Is the pointer over the hand ``zone_id`` or one of its cards (with a margin)?"""
        if self.pointer is None:
            return False
        area = self.zone_rect(zone_id)
        for sprite in self.sprites:
            if sprite.zone == zone_id:
                area.union_ip(sprite.rect)
        return area.inflate(2 * HAND_MARGIN, 2 * HAND_MARGIN).collidepoint(self.pointer)

    def _let_hands_go(self) -> None:
        """The pointer left a held hand: lay its cards out afresh (re-centred)."""
        for zone_id in self.held_hands:
            self._hand_places.pop(zone_id, None)
        self.held_hands.clear()
        self._build_sprites()

    def _place_sprites(self) -> None:
        """Pixel rects and surfaces for the current window size (no text rendering)."""
        self.renderer.sleeves = sleeve_colours(self.app)  # each seat's own (issue 16)
        # the cards that neither moved nor changed keep their surfaces (issue 14)
        self.sprite_memo.place(self.sprites, self.renderer, self.viewport, self.lang)
        for a, b in zip(self.sprites, self.sprites[1:], strict=False):
            if a.covered and a.zone == b.zone:
                a.visible_w = max(0, min(a.rect.w, b.rect.x - a.rect.x))
        self.renderer.faces_drawn.clear()
        self._blits = [(s.surface, s.rect.topleft, s) for s in self.sprites if s.drawn]
        hands = [self.zone_rect(z.id) for z in self.layout.zones
                 if z.kind == "hand" and z.owner == self.viewer]
        # the toast stays until dealt with, so it sits above the viewer's own hand
        bottom = min(r.top for r in hands) - round(6 * self.scale) if hands else None
        self.toast.bottom = self.ui.toast_bottom(self, bottom)

    @property
    def card_px(self) -> tuple[int, int]:
        """The size of an upright card in pixels now."""
        scale = self.viewport.scale
        return (round(CARD_SIZE[0] * scale), round(CARD_SIZE[1] * scale))

    def view_id(self, iid: int) -> int:
        """The id instance ``iid`` has among the sprites: itself, or the handle of its
        place when the viewer cannot see it (ALL-R2, :func:`~tabletop.core.view.view_id`).
        Ids that are not instances (handles already) come back as they are."""
        if iid < 0 or iid not in self.game.state.cards:
            return iid
        return view_id(self.game.state, self.viewer, iid)

    def sprite_for(self, iid: int) -> Sprite | None:
        """The sprite of a view id or of an instance id (see :meth:`view_id`), or None."""
        sprite = self.by_iid.get(iid)
        return sprite if sprite is not None else self.by_iid.get(self.view_id(iid))

    def card_rect(self, iid: int) -> pygame.Rect | None:
        """Where card ``iid`` (a view or an instance id) is drawn now (pixels), or None."""
        sprite = self.sprite_for(iid)
        return sprite.rect.copy() if sprite is not None else None

    def zone_rect(self, zone_id: str) -> pygame.Rect:
        """A zone's pixel rectangle now (its bounding box when turned by an odd angle)."""
        return self._shape_rect(self.layout.zone(zone_id).shape())

    def cell_rect(self, key: str) -> pygame.Rect:
        """A cell's pixel rectangle now (``key``: ``"cell:<zone>/<name>"``)."""
        return self._shape_rect(self.geometry.index.placed(key))

    def _shape_rect(self, shape: Placed) -> pygame.Rect:
        quarter = right_angle(shape.rotation_deg)
        if quarter is not None:
            size = (shape.size[1], shape.size[0]) if quarter % 2 else shape.size
            return pygame.Rect(self.viewport.rect_px(shape.center, size))
        left, top, right, bottom = shape.bbox()
        return pygame.Rect(self.viewport.rect_px(((left + right) / 2, (top + bottom) / 2),
                                                 (right - left, bottom - top)))


    # ================================================================== layout

    def resize(self, size: tuple[int, int]) -> None:
        """Fit the table and the side panel to the window; rebuild widgets."""
        w, h = size
        before = self.viewport.scale  # pixels per mm, for a glide under way
        # the chosen UI scale as taken (a table takes it as far as it fits, QA16 #4)
        factor = self.scale / ui_scale(size) if hasattr(self.app, "user_scale") else 1.0
        under = panel_under(size, (self.layout.width_mm, self.layout.height_mm), factor,
                            round(panel_height(self.app.fonts, self.controls.rows)
                                  * self.scale),  # a squarish window too (QA16 #20)
                            self._columns_need(size, factor))
        self.panel_cols = None
        if under is not None:  # the panel under the table, across the width (issue 16)
            below = self.viewport.fit_above_panel(size, under)
            self.panel_rect = pygame.Rect(0, h - below, w, below)
            panel = w
            # side by side, not one stretched row, where the width holds them
            self.panel_cols = columns(self.panel_rect, panel_width(w, factor),
                                      len(self.controls.commands), self.scale)
        else:
            panel = panel_width(w, factor)
            self.viewport.fit(size, panel)
            self.panel_rect = pygame.Rect(w - panel, 0, panel, h)
        self._bg = None
        self._lit = None
        self._panel = None
        self.controls.kill()
        self.decisions.kill()
        self._kill_game_over()
        scale = self.scale
        pad = round(PAD * scale)
        rows = self.controls.rows
        button_h = round(BUTTON_H * scale)
        gap = max(4, round(GAP * scale))
        cols = self.panel_cols
        if cols is not None:  # the grid in the right column (ui/panel_columns)
            rows = button_rows(len(self.controls.commands), cols.button_cols)
            buttons = pygame.Rect(cols.right.x, 0, cols.right.w, rows * button_h + (rows - 1) * gap)
        else:
            buttons = pygame.Rect(self.panel_rect.x + pad, 0, panel - 2 * pad,
                                  rows * button_h + (rows - 1) * gap)
        buttons.bottom = h - pad
        self.controls.build(self.app.ui, buttons, scale, self.app.fonts,
                            2 if cols is None else cols.button_cols)
        self.buttons_rect = buttons
        self.tracker_h = round(TRACKER_H * scale)
        if self.lang != self._text_lang:
            self._language_changed()
        if self.sprites:
            self._place_sprites()
            refit_slide(self.slide, self.by_iid, before, self.viewport.scale)  # issue 16
        self._layout_widgets()
        if self.drag is not None:
            self._make_lit()

    def _columns_need(self, size: tuple[int, int], factor: float) -> int | None:
        """The least height (pixels) of the side panel under the table in columns in a
        window ``size`` big at the chosen UI scale ``factor`` (as taken)
        (:func:`~tabletop.ui.panel_columns.under_need`, the tracker as drawn in its
        column), or None where the width holds no columns."""
        w, h = size
        commands = len(self.controls.commands)
        width = panel_width(w, factor)
        if h < w * SQUARISH or columns(pygame.Rect(0, 0, w, h), width, commands,
                                       self.scale) is None:
            return None  # a wide window's panel stays beside (panel_under), measured not
        view = getattr(self, "view", None) or view_for(self.game.state, self.viewer)
        base = ui_scale(size)
        # drawn at the window's own scale in a column as much wider as the scale taken
        tracker = tracker_need(self.tracker, view, size, base, round(width * base / self.scale))
        return under_need(self.app.fonts, commands, self.scale, round(tracker * self.scale))

    @property
    def scale(self) -> float:
        """The UI scale (fonts, widgets)."""
        return float(getattr(self.app, "scale", 1.0))

    def _layout_widgets(self) -> None:
        """Place the decision box and the body (preview / log) in the side panel."""
        pad = round(8 * self.scale)
        cols = self.panel_cols  # under the table: banners, coach, log in the middle column
        left = self.panel_rect.x + pad if cols is None else cols.middle.x
        width = self.panel_rect.w - 2 * pad if cols is None else cols.middle.w
        top = self.panel_rect.y + self.tracker_h if cols is None else cols.middle.y
        if self.not_saved_rect is not None:  # the "Not saved" marker under the tracker
            self.not_saved_rect = pygame.Rect(left, top, width, self._not_saved_height(width))
            top = self.not_saved_rect.bottom + pad
        self.free_banner_rect = None
        if self.game.state.free_mode:  # the free-mode banner, its own room likewise
            self.free_banner_rect = pygame.Rect(left, top, width,
                                                self._free_banner_label(width).get_height()
                                                + pad)
            top = self.free_banner_rect.bottom + pad
        bottom = self.buttons_rect.top - pad
        # the question box: above the buttons, in the right column under the table
        dec_x, dec_w, dec_top = left, width, top
        if cols is not None:
            dec_x, dec_w, dec_top = cols.right.x, cols.right.w, cols.right.y
        if self.decisions.decision is not None:  # never over what lies above it (QA16 #4)
            dec_h = min(self._decision_height(dec_w), max(0, bottom - dec_top))
            self.decision_rect = pygame.Rect(dec_x, bottom - dec_h, dec_w, dec_h)
            if cols is None:
                bottom = self.decision_rect.top - pad
        else:
            self.decision_rect = pygame.Rect(0, 0, 0, 0)
        if cols is not None:
            bottom = cols.middle.bottom
        coach_bottom, below = panel_room(self.app.fonts, self.scale, top, bottom, pad,
                                         cols is None and self.decisions.decision is not None)
        top = self.coach.place(self, left, top, width, coach_bottom, pad, below)  # issue 12 §1
        self.body_rect = pygame.Rect(left, top, width,
                                     max(0, bottom - top))  # none left: L (issue 16)
        if self.decisions.decision is not None:
            self.decisions.build(self.app.ui, self.decision_rect, self.scale,
                                 fonts=self.app.fonts)
        else:
            self.decisions.kill()
        if self.game.state.game_over and self._game_over_button is None:
            rect = scene_layout(self).button  # inside the result box (QA16 #20)
            bw = rect.w
            text = t("button.back_to_menu")
            self._game_over_button = pygame_gui.elements.UIButton(
                relative_rect=rect, text=text, manager=self.app.ui,
                object_id=fit_id(self.app.fonts, text, bw, self.scale, "#table_back_to_menu"))

    def _decision_height(self, width: int) -> int:
        """Room for the decision prompt (wrapped) and its buttons."""
        size = max(12, round(15 * self.scale))
        prompt = self.text.get(self.decisions.prompt_text(self.lang), size,
                               (250, 240, 210), False, width - 8)
        buttons = self.decisions.buttons_height(width, self.scale, self.app.fonts)
        if self.panel_cols is not None:  # its own column: the room above the buttons
            return prompt.get_height() + buttons + round(14 * self.scale)
        # Buttons stacked in rows (long labels) take their room from the prompt's cap,
        # never from their own labels.
        return min(prompt.get_height() + buttons + round(14 * self.scale),
                   max(round(self.panel_rect.h * 0.45),
                       buttons + round(60 * self.scale)))

    def _kill_game_over(self) -> None:
        if self._game_over_button is not None:
            self._game_over_button.kill()
            self._game_over_button = None

    def close(self) -> None:
        """Leave the table: remove widgets and stop listening to the game."""
        self.controls.kill()
        self.decisions.kill()
        self._kill_game_over()
        if self._on_game_changed in self.game.listeners:
            self.game.listeners.remove(self._on_game_changed)
        if self.computer is not None:  # a thought still running is thrown away
            self.computer.close()
        self.hint.close()
        release_heap()  # the next collection frees what the table held (issue 14)
        drop_pixels(self)  # whatever still refers to it holds none of its layers (issue 14)

"""The game table scene: two people play a whole game in the window (hotseat).

How the pieces fit:

* :mod:`~tabletop.ui.viewport` maps table millimetres (``layouts/<game>.toml``)
  to pixels and back; the viewing seat always sits at the bottom.
* :class:`~tabletop.layout.TableGeometry` answers every "what is under this
  point" and "which zone does the dragged card snap to" (never ad-hoc rects).
* :mod:`~tabletop.ui.card_render` caches and turns faces and backs.
* :mod:`~tabletop.ui.drag` holds one drag: its legal targets (zones, cells, cards;
  computed once at pick-up), and what the release means.
* :mod:`~tabletop.ui.decisions` shows the rules' pending decision to its seat.
* :mod:`~tabletop.ui.table_controls` has the buttons and shortcuts.
* :mod:`~tabletop.ui.panels` draws the phase tracker, log, preview and toast.
* :mod:`~tabletop.ui.games` holds the game's window plugin (``self.ui``), found by
  the game id: card faces, preview words, decision panel, clicks, extra buttons,
  overlays, which cards may be picked up and how each zone's cards lie. Nothing in
  this module knows a particular game.

The scene draws only from ``view_for(state, viewer)`` (ALL-R2). The viewer is
``rules.acting_seat(state)``; whenever it changes, the hot-seat cover is pushed
first and the view switches only when the cover is dismissed.

No surprises at the table:

* a key that closed an overlay (the cover, a plugin's playback, a dialog) is spent:
  the table ignores it until it is released, so one press never also acts on the
  table; so is the first key pressed within :data:`AFTER_PLAYBACK_S` after a playback
  ended by itself (``GameUI.playing``); while a dialog is open, or a card is being
  dragged, keys do nothing to the table (Esc drops the drag);
* Next phase / End turn with cards selected (Arc's attackers) asks first;
* the viewer's hand keeps its places while the pointer is over it, and re-centres
  once the pointer leaves it (cards never shift under the pointer);
* a refusal stays in the toast until the next action, a new pick-up or a dismissal
  (click it, Esc), and goes into the refused seat's log only (a local line: a refusal
  changes nothing in the game, so it is neither in the state nor in the save);
* a click that does nothing says why (``GameUI.click_refusal``), so does a greyed-out
  button (``GameUI.command_refusal``, :func:`~tabletop.ui.table_controls.undo_refusal`);
* after a drop the hover preview stays hidden until the pointer reaches another card;
* Resign (ALL-H4) asks for confirmation, then ends the game for the seat at the
  computer; the game-over banner says who resigned.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from tabletop import i18n
from tabletop.core.actions import Action, Verdict
from tabletop.core.engine import resigned_seat
from tabletop.core.messages import msg, seat_msg, zone_msg
from tabletop.core.view import CardView, TableView, view_for, view_id
from tabletop.geometry import Placed
from tabletop.i18n import t
from tabletop.layout import CARD_SIZE, Layout, TableGeometry, Zone, split_cell_key
from tabletop.ui import dialogs
from tabletop.ui.cover import HotseatCover
from tabletop.ui.drag import DragState, legal_targets
from tabletop.ui.games import GameUI, load_game_ui, pack_row
from tabletop.ui.panels import (
    PANEL_BG,
    PANEL_EDGE,
    HoverPreview,
    LogPanel,
    PhaseTracker,
    TextCache,
    Toast,
    render_message,
    seat_name,
)
from tabletop.ui.scene import Scene
from tabletop.ui.sprite import SLIDE_SECONDS, Slide, Sprite, right_angle, screen_turn
from tabletop.ui.table_controls import (
    TURN_COMMANDS,
    TableControls,
    command_action,
    command_list,
    key_command,
    redo_refusal,
    undo_refusal,
)
from tabletop.ui.theme import fit_id
from tabletop.ui.viewport import Viewport, panel_width

if TYPE_CHECKING:
    from tabletop.core.engine import Game
    from tabletop.ui.host import Host

__all__ = ["SLIDE_SECONDS", "RefusalLine", "Slide", "Sprite", "TableScene", "screen_turn"]

WINDOW_BG = (18, 28, 24)
ZONE_FILL = (255, 255, 255, 14)
ZONE_EDGE = (255, 255, 255, 46)
LIT_FILL = (255, 214, 80, 60)
LIT_EDGE = (255, 214, 80)
CELL_EDGE = (255, 255, 255, 30)
SELECT = (255, 214, 80)
HOVER = (235, 240, 235)
#: Frame of the card a Reveal dialog asks about (ALL-H2), while the dialog is open.
REVEAL_MARK = (120, 210, 255)
#: Frame of a zone holding more cards than its capacity (left so by free mode).
OVER_CAPACITY = (200, 60, 50)
#: At most this many cards of a stack (deck, discard) are drawn; the count says the rest.
STACK_DRAWN = 3
#: Pixels around a held hand (and its cards) that still count as "over the hand".
HAND_MARGIN = 12
#: Seconds after a playback ended by itself in which the first key press is spent on it
#: (a Space pressed to step it, just too late, is not "next phase").
AFTER_PLAYBACK_S = 0.5


def _register_card_names(cards: Mapping[str, Any]) -> None:
    """Make ``card.<id>`` catalogue keys (log lines, refusals) resolve to the card names."""
    register = getattr(i18n, "register_strings", None)
    if register is None:
        return
    for lang in ("en", "ja"):
        register(lang, {f"card.{cid}": card.display_name(lang) for cid, card in cards.items()})


def _pack_row(zone: Zone, tapped: list[bool],
              min_scale: float = 1.0) -> tuple[list[Placed], bool]:
    """Kept for old callers: :func:`tabletop.ui.games.pack_row`."""
    return pack_row(zone, tapped, min_scale)


@dataclass(frozen=True)
class RefusalLine:
    """A refusal (or notice) of the toast written into one seat's log: shown only to
    ``seat``, after the ``after`` first lines of the game log (its length then)."""

    seat: int
    after: int
    message: Any
    rule: str = ""


class TableScene(Scene):
    """The table of one game, for two players taking turns at one computer."""

    opaque = True

    def __init__(self, app: Host, game: Game, cover_at_start: bool = True,
                 ui: GameUI | None = None) -> None:
        super().__init__(app)
        self.game = game
        self.rules = game.rules
        #: The game's window plugin (found by the game id unless given).
        self.ui: GameUI = ui if ui is not None else load_game_ui(game.rules.game_id,
                                                                 game.rules)
        self.layout: Layout = self.ui.load_layout()
        self.geometry = TableGeometry(self.layout)
        self.viewport = Viewport(self.layout.width_mm, self.layout.height_mm)
        self.renderer = self.ui.make_renderer(app.fonts)
        self.text = TextCache(app.fonts)
        self.toast = Toast(on_show=self._log_refusal)
        #: Refusals written into the refused seat's log (see :class:`RefusalLine`).
        self.refusals: list[RefusalLine] = []
        self.tracker = PhaseTracker(self.text, game.rules.phases, game.rules.game_id,
                                    self.ui.counts_line)
        self.log_panel = LogPanel(self.text)
        self.preview = HoverPreview(self.text, self.renderer, self.ui.explain)
        self.commands = command_list(self.ui.turn_commands, self.ui.commands)
        self.controls = TableControls(self.commands, self.ui.key_hints)
        self.decisions = self.ui.make_decisions()
        self.viewer: int = self.rules.acting_seat(game.state)
        self.viewport.set_viewer(self.viewer)
        self.view: TableView = view_for(game.state, self.viewer)
        self.sprites: list[Sprite] = []
        self.by_iid: dict[int, Sprite] = {}
        self.drag: DragState | None = None
        self.hover: int | None = None
        #: Cards the viewer selected by clicking (see ``GameUI.can_select``).
        self.selected: list[int] = []
        #: A refused card sliding back (None when no card is).
        self.slide: Slide | None = None
        self.cover_pending = False
        self._cover_at_start = cover_at_start
        self._bg: pygame.Surface | None = None
        self._lit: pygame.Surface | None = None
        self._panel: pygame.Surface | None = None
        self._log_lines: list[str] = []
        self._text_lang = self.lang
        self._game_over_button: pygame_gui.elements.UIButton | None = None
        self.panel_rect = pygame.Rect(0, 0, 1, 1)
        self.body_rect = pygame.Rect(0, 0, 1, 1)
        self.decision_rect = pygame.Rect(0, 0, 1, 1)
        #: Test/benchmark hook: called with (viewer, iid) for every card drawn face up.
        self.face_listener: Callable[[int, int], None] | None = None
        self._blits: list[tuple[pygame.Surface, tuple[int, int], Sprite]] = []
        self._grab_px = (0, 0)
        #: Keys whose press closed an overlay: ignored by the table until released.
        self.spent_keys: set[int] = set()
        #: Seconds left in which the next key press only closes a playback that ended
        #: by itself (``GameUI.playing``): that press was meant for the playback.
        self.after_playback = 0.0
        #: The pointer's last position seen by the table (pixels; None: outside).
        self.pointer: tuple[int, int] | None = None
        #: Hand zones whose cards kept their places (the pointer is over them).
        self.held_hands: set[str] = set()
        self._hand_places: dict[str, dict[int, Placed]] = {}
        #: After a drop: the large preview stays hidden until the pointer reaches a card
        #: other than ``quiet_preview`` (the one under it then, or None).
        self.quiet_preview: int | None = None
        self.preview_quiet = False
        self._log_refused: set[int] = set()
        self._cover: HotseatCover | None = None
        #: A press on a card that cannot be picked up: (view id, pixel), for its click.
        self._click_on: tuple[int, tuple[int, int]] | None = None
        #: Free mode as last seen, to tell when it was just left (see ``_capacity_notice``).
        self._free_mode = game.state.free_mode
        #: The card (view id) an open Reveal dialog asks about: framed on the table.
        self.revealing: int | None = None
        #: Was a dialog open at the last frame (the side panel is redrawn when it changes).
        self._dialog_was_open = False
        #: Where the "Not saved" marker is drawn (None while the game is being saved).
        self.not_saved_rect: pygame.Rect | None = None
        _register_card_names(game.rules.cards)
        game.listeners.append(self._on_game_changed)
        self.resize(app.size)
        self._refresh()
        if not game.state.free_mode:  # a resumed game may hold free mode's excess
            self._capacity_notice()

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
        if state.game_over or seat == self.viewer or self.cover_pending:
            return
        self._show_cover(seat)

    def _show_cover(self, seat: int) -> None:
        self.cover_pending = True
        self.forget_private()
        self.app.show_cover(seat, lambda: self._after_cover(seat))
        top = self.app.stack.top
        self._cover = top if isinstance(top, HotseatCover) else None

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
        self._sync_viewer()
        self._refresh()

    def _refresh(self) -> None:
        """Rebuild the view, sprites, panels and widget states after any change."""
        state = self.ui.shown_state(self)  # the game's, or the moment a playback shows
        self.view = view_for(state, self.viewer)
        self.decisions.set_decision(state.pending, self.viewer)
        self.selected = [i for i in self.selected if self.ui.can_select(self, i)]
        layout = self.ui.table_layout(self)
        if layout is not self.layout:  # the plugin's zones moved (e.g. with the turn)
            self.layout = layout
            self.geometry = TableGeometry(layout)
            self._hand_places.clear()
        self._build_sprites()
        self.ui.refresh(self)
        self._bg = None
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

    def command_enabled(self, command: str) -> bool:
        """Is the button of ``command`` on now?"""
        return bool(self.controls.enabled.get(command))

    def command_action(self, command: str) -> Action | None:
        """The action a button or key proposes now (None: none)."""
        action = command_action(command, self.viewer, self.game.state.free_mode)
        return action if action is not None else self.ui.command_action(self, command)

    def _render_log(self) -> None:
        """The viewer's log lines in the current language (kept as Messages in the view),
        with the viewer's own refusals put in where they happened."""
        mine = [r for r in self.refusals if r.seat == self.viewer]
        lines: list[str] = []
        refused: set[int] = set()
        at = 0
        for n, message in enumerate(self.view.log):
            while at < len(mine) and mine[at].after <= n:
                refused.add(len(lines))
                lines.append(self._refusal_text(mine[at]))
                at += 1
            lines.append(render_message(message, self.lang))
        for line in mine[at:]:  # after the last line (or an undo shortened the log)
            refused.add(len(lines))
            lines.append(self._refusal_text(line))
        self._log_lines = lines
        self._log_refused = refused

    def _refusal_text(self, line: RefusalLine) -> str:
        text = render_message(line.message, self.lang)
        if line.rule:
            text = f"{text} ({line.rule})"
        return render_message(msg("table.refusal_log", text=text), self.lang)

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
        self.renderer.clear()
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
        self.geometry.set_cards({})
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
                self.geometry.put_card(placed, zone.id)
                sprites.append(Sprite(card.iid, zone.id, placed, card, pygame.Rect(0, 0, 0, 0),
                                      drawn=not stack or n >= len(cards) - STACK_DRAWN,
                                      covered=overlap and n < len(cards) - 1,
                                      turn=screen_turn(placed.rotation_deg, flipped, upright)))
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
        scale = self.viewport.scale
        for sprite in self.sprites:
            upright = sprite.placed.size
            w, h = round(upright[0] * scale), round(upright[1] * scale)
            if sprite.card.card_id is None:
                sprite.surface = self.renderer.back((w, h), sprite.turn)
            else:
                sprite.surface = self.renderer.face(sprite.card.card_id, (w, h),
                                                    sprite.turn, self.lang)
            quarter = right_angle(sprite.turn)
            if quarter is None:  # any other angle: the turned picture's bounding box
                sprite.rect = sprite.surface.get_rect(
                    center=self.viewport.to_px(*sprite.placed.center))
            else:
                size = (upright[1], upright[0]) if quarter % 2 else upright
                sprite.rect = pygame.Rect(self.viewport.rect_px(sprite.placed.center, size))
        for a, b in zip(self.sprites, self.sprites[1:], strict=False):
            if a.covered and a.zone == b.zone:
                a.visible_w = max(0, min(a.rect.w, b.rect.x - a.rect.x))
        self.renderer.faces_drawn.clear()
        self._blits = [(s.surface, s.rect.topleft, s) for s in self.sprites if s.drawn]
        hands = [self.zone_rect(z.id) for z in self.layout.zones
                 if z.kind == "hand" and z.owner == self.viewer]
        # the toast stays until dealt with, so it sits above the viewer's own hand
        self.toast.bottom = min(r.top for r in hands) - round(6 * self.scale) if hands else None

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

    def _outline(self, surface: pygame.Surface, shape: Placed, fill: Any, edge: Any,
                 width: int) -> pygame.Rect:
        """Fill and outline a zone or cell (rounded when it lies square to the screen)."""
        rect = self._shape_rect(shape)
        if right_angle(shape.rotation_deg) is not None:
            if fill is not None:
                pygame.draw.rect(surface, fill, rect, border_radius=6)
            pygame.draw.rect(surface, edge, rect, width, border_radius=6)
        else:
            points = [self.viewport.to_px(*p) for p in shape.corners()]
            if fill is not None:
                pygame.draw.polygon(surface, fill, points)
            pygame.draw.polygon(surface, edge, points, width)
        return rect

    # ================================================================== layout

    def resize(self, size: tuple[int, int]) -> None:
        """Fit the table and the side panel to the window; rebuild widgets."""
        w, h = size
        panel = panel_width(w)
        self.viewport.fit(size, panel)
        self.panel_rect = pygame.Rect(w - panel, 0, panel, h)
        self._bg = None
        self._lit = None
        self._panel = None
        self.controls.kill()
        self.decisions.kill()
        self._kill_game_over()
        scale = self.scale
        pad = round(8 * scale)
        rows = self.controls.rows
        button_h = round(34 * scale)
        gap = max(4, round(6 * scale))
        buttons = pygame.Rect(self.panel_rect.x + pad, 0, panel - 2 * pad,
                              rows * button_h + (rows - 1) * gap)
        buttons.bottom = h - pad
        self.controls.build(self.app.ui, buttons, scale, self.app.fonts)
        self.buttons_rect = buttons
        self.tracker_h = round(176 * scale)
        if self.lang != self._text_lang:
            self._language_changed()
        if self.sprites:
            self._place_sprites()
        self._layout_widgets()
        if self.drag is not None:
            self._make_lit()

    @property
    def scale(self) -> float:
        """The UI scale (fonts, widgets)."""
        return float(getattr(self.app, "scale", 1.0))

    def _layout_widgets(self) -> None:
        """Place the decision box and the body (preview / log) in the side panel."""
        pad = round(8 * self.scale)
        top = self.panel_rect.y + self.tracker_h
        if self.not_saved_rect is not None:  # the "Not saved" marker under the tracker
            width = self.panel_rect.w - 2 * pad
            self.not_saved_rect = pygame.Rect(self.panel_rect.x + pad, top, width,
                                              self._not_saved_height(width))
            top = self.not_saved_rect.bottom + pad
        bottom = self.buttons_rect.top - pad
        if self.decisions.decision is not None:
            dec_h = self._decision_height(self.panel_rect.w - 2 * pad)
            self.decision_rect = pygame.Rect(self.panel_rect.x + pad, bottom - dec_h,
                                             self.panel_rect.w - 2 * pad, dec_h)
            bottom = self.decision_rect.top - pad
        else:
            self.decision_rect = pygame.Rect(0, 0, 0, 0)
        self.body_rect = pygame.Rect(self.panel_rect.x + pad, top, self.panel_rect.w - 2 * pad,
                                     max(40, bottom - top))
        if self.decisions.decision is not None:
            self.decisions.build(self.app.ui, self.decision_rect, self.scale,
                                 fonts=self.app.fonts)
        else:
            self.decisions.kill()
        if self.game.state.game_over and self._game_over_button is None:
            area = pygame.Rect(self.viewport.area)
            bw, bh = round(240 * self.scale), round(44 * self.scale)
            rect = pygame.Rect(0, 0, bw, bh)
            rect.center = (area.centerx, area.centery + round(50 * self.scale))
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

    # ================================================================== proposing

    def propose(self, action: Action) -> Verdict:
        """Hand an action to the game; show the reason when refused."""
        verdict = self.game.propose(action)
        if not verdict.ok:
            self.show_refusal(verdict)
        return verdict

    def check(self, action: Action) -> Verdict:
        """Would the rules accept ``action`` now? Changes nothing, shows nothing."""
        return self.game.check(action)

    def show_refusal(self, verdict: Verdict) -> None:
        """The refusal's plain words (and rule id) in the toast."""
        if verdict.message is not None:
            message: Any = verdict.message
            key = verdict.message.key
        else:
            key = f"refusal.{verdict.reason}"
            message = i18n.msg(key)
        self.toast.show(message, key, verdict.rule)

    def run_command(self, command: str) -> None:
        """A button or shortcut: next phase, end turn, free mode, undo, redo, resign, menu,
        tap, or one of the plugin's commands (``GameUI.run_command`` / ``command_action``).

        A command whose button is off says why instead (:meth:`explain_off`); Next phase
        / End turn with cards selected asks first (:meth:`ask_leave_selection`); Resign
        asks for confirmation (:meth:`ask_resign`)."""
        seat = self.viewer
        off = command in self.controls.enabled and not self.controls.enabled[command]
        if off and command in (*TURN_COMMANDS, "undo", "redo", "free_mode", "resign"):
            self.explain_off(command)
        elif command in TURN_COMMANDS and self.selected:
            self.ask_leave_selection(command)
        elif command == "resign":
            self.ask_resign()
        elif command == "undo":
            self._verdict(self.game.undo(seat))
        elif command == "redo":
            self._verdict(self.game.redo(seat))
        elif command == "menu":
            self.app.back_to_menu()
        elif command == "tap":
            if self.hover is not None:
                self.propose(Action.make("manual_tap", seat, card=self.hover))
        elif command == "reveal":
            if self.hover is not None:
                self.ask_reveal(self.hover)
        elif not self.ui.run_command(self, command):
            action = self.command_action(command)
            if action is None or off:
                self.explain_off(command)
            else:
                self.propose(action)

    def explain_off(self, command: str) -> None:
        """Say why ``command`` is off now (its button greyed out): undo and redo from the
        history (ALL-H1), the others from the plugin's ``command_refusal`` (the rules'
        refusal, the question to answer first, the seat awaited)."""
        seat = self.viewer
        if command == "undo":
            verdict: Verdict | None = undo_refusal(self.game, seat)
        elif command == "redo":
            verdict = redo_refusal(self.game, seat)
        elif command in ("free_mode", "resign"):
            verdict = Verdict.refuse("game_over") if self.game.state.game_over else \
                self.game.check(Action.make(command if command == "resign" else
                                            "set_free_mode", seat))
        else:
            verdict = self.ui.command_refusal(self, command)
        if verdict is not None and not verdict.ok:
            self.show_refusal(verdict)

    def ask_leave_selection(self, command: str) -> None:
        """Next phase / End turn while cards are selected (Arc's attackers): ask before
        the phase goes by with them unused; confirmed, the selection is dropped and the
        command runs."""
        seat = self.viewer
        names = tuple(self._card_message(i) for i in self.selected)

        def go_on() -> None:
            if self.viewer != seat or self.cover_pending or self.game.state.game_over:
                return
            self.selected.clear()
            action = self.command_action(command)
            if action is not None:
                self.propose(action)
            self.refresh_controls()

        dialogs.confirm(self.app, "dialog.skip_selected_title",
                        msg("dialog.skip_selected_body", cards=names,
                            command=msg(f"button.{command}")),
                        go_on, confirm_key="button.skip_selected_go", width=560, height=260)

    def _card_message(self, iid: int) -> Any:
        sprite = self.by_iid.get(iid)
        if sprite is None or sprite.card.card_id is None:
            return msg("core.hidden_card")
        return msg(f"card.{sprite.card.card_id}")

    def ask_resign(self) -> None:
        """Resign (ALL-H4) for the seat at the computer, once confirmed: the other seat
        wins at once; logged and saved like any action. Refused (with the reason) when
        the game is already over."""
        seat = self.viewer
        action = Action.make("resign", seat)
        verdict = self.game.check(action)
        if not verdict.ok:
            self.show_refusal(verdict)
            return

        def resign() -> None:
            if self.viewer == seat and not self.cover_pending:
                self._verdict(self.game.propose(action))

        dialogs.confirm(self.app, "dialog.resign_title",
                        msg("dialog.resign_body", player=seat_msg(seat),
                            winner=seat_msg(1 - seat)),
                        resign, confirm_key="button.resign_confirm", width=520, height=240)

    def ask_reveal(self, iid: int) -> None:
        """Free mode: show card ``iid`` (a view id) to both players, once both agree
        (ALL-H2). Refused at once, with the reason, when it cannot be revealed."""
        seat = self.viewer
        action = Action.make("manual_reveal", seat, card=iid, agreed=True)
        verdict = self.game.check(action)
        if not verdict.ok:
            self.show_refusal(verdict)
            return
        # The dialog names the card's place (never its face: the players have not agreed
        # yet) and the card stays framed on the table, so both know which one it is.
        self.revealing = iid

        def reveal() -> None:
            self.revealing = None
            if self.viewer == seat and not self.cover_pending:
                self._verdict(self.game.propose(action))

        def cancel() -> None:
            self.revealing = None

        dialogs.confirm(self.app, "dialog.reveal_title",
                        msg("dialog.reveal_body_place", place=self.place_message(iid)),
                        reveal, cancel, confirm_key="button.reveal", width=540, height=260)

    def place_message(self, iid: int) -> Any:
        """Where card ``iid`` (a view id) lies, in words that never name it: "the top card
        of Player 2's deck", "card 3 from the left in Player 2's hand" (as seen on screen)."""
        sprite = self.sprite_for(iid)
        if sprite is None:
            return msg("core.hidden_card")
        zone = zone_msg(sprite.zone)
        cards = [c.iid for c in self.view.zones.get(sprite.zone, ())]
        kind = self.layout.zone(sprite.zone).kind if sprite.zone in self.layout.zone_ids \
            else ""
        if kind in ("deck", "discard") and sprite.iid in cards:
            from_top = len(cards) - cards.index(sprite.iid)
            if from_top == 1:
                return msg("table.place_top", zone=zone)
            return msg("table.place_from_top", n=from_top, zone=zone)
        row = sorted((s for s in self.sprites if s.zone == sprite.zone),
                     key=lambda s: (s.rect.centerx, s.rect.centery))
        n = next(i for i, s in enumerate(row, 1) if s.iid == sprite.iid)
        if len(row) == 1:
            return msg("table.place_only", zone=zone)
        return msg("table.place_nth", n=n, zone=zone)

    def _verdict(self, verdict: Verdict) -> None:
        if not verdict.ok:
            self.show_refusal(verdict)

    def decision_command(self, command: str) -> None:
        """A decision button: its action (``DecisionPanel.action_for``), if any."""
        self._panel = None
        action = self.decisions.action_for(command, self.viewer)
        if action is not None:
            self.propose(action)

    # ================================================================== input

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Mouse, keys and widget results; every drag-cancelling case included.

        A key press that closed an overlay (the cover, the plugin's playback, a dialog)
        is spent: the table ignores that key until it is released (its repeats and its
        KEYUP included), so one press never acts twice."""
        etype = event.type
        if etype in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) \
                and hasattr(event, "pos"):
            self.pointer = (int(event.pos[0]), int(event.pos[1]))
        if etype == pygame.KEYUP and event.key in self.spent_keys:
            self.spent_keys.discard(event.key)
            return None
        if etype == pygame.KEYDOWN and event.key in self.spent_keys:
            return None
        if etype == pygame.KEYDOWN and self.after_playback > 0 and not self.cover_pending:
            self.after_playback = 0.0
            self.spent_keys.add(event.key)
            return None
        dropping = etype == pygame.MOUSEBUTTONUP and self.drag is not None and self.drag.moved
        if not self.cover_pending and self.ui.handle_event(self, event) is None:
            if etype == pygame.KEYDOWN:
                self.spent_keys.add(event.key)
            elif dropping:  # the plugin resolved a drag itself (Conan's shape drags)
                self._quiet_after_drop()
            return None  # the plugin used it (e.g. stepping through an animation)
        if etype == pygame.MOUSEMOTION:
            return self._motion(event)
        if etype == pygame.MOUSEBUTTONDOWN:
            return self._press(event)
        if etype == pygame.MOUSEBUTTONUP:
            return self._release(event)
        if etype == pygame.MOUSEWHEEL:
            if self.panel_rect.collidepoint(self.app.mouse_pos()):
                self.log_panel.wheel(int(event.y), len(self._log_lines))
                self._panel = None
                return None
            return event
        if etype == pygame.WINDOWFOCUSLOST:
            self.cancel_drag()
            self.spent_keys.clear()  # the releases will not arrive
            return event
        if etype == pygame.WINDOWLEAVE:
            if self.drag is not None and not pygame.mouse.get_pressed()[0]:
                self.cancel_drag()
            self.pointer = None
            if self.held_hands:
                self._let_hands_go()
            self._set_hover(None)
            return event
        if etype == pygame.KEYDOWN:
            if self._dialog_open():  # the dialog's key, never the table's
                self.spent_keys.add(event.key)
                return None
            if event.key == pygame.K_ESCAPE:
                if self.drag is not None:
                    self.cancel_drag()
                    return None
                if self.toast.visible:
                    self.toast.clear()
                    return None
                return event
            if self.drag is not None:
                return None  # keys do nothing to the table while a card is held
            if event.key == pygame.K_s and event.mod & pygame.KMOD_CTRL \
                    and self._not_saved_folder() is not None:
                self.app.choose_save_folder()
                return None
            command = key_command(event, self.ui.keys, self.commands)
            if command is not None:
                self.run_command(command)
                return None
            return event
        if etype == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self._game_over_button:
                self.app.back_to_menu()
                return None
            command = self.controls.command_of(event)
            if command is not None:
                self.run_command(command)
                return None
            command = self.decisions.command_of(event)
            if command is not None:
                self.decision_command(command)
                return None
        return event

    def _dialog_open(self) -> bool:
        """Is a modal dialog (a pygame_gui window that blocks the rest) open?"""
        stack = self.app.ui.get_window_stack().get_full_stack()
        return any(getattr(w, "is_blocking", False) and w.alive() for w in stack)

    def _off_button_at(self, pos: tuple[int, int]) -> str | None:
        """The command of a greyed-out table button under ``pos``, or None."""
        for command, button in self.controls.buttons.items():
            if not self.controls.enabled.get(command, True) and \
                    button.get_abs_rect().collidepoint(pos):
                return command
        return None

    def _quiet_after_drop(self) -> None:
        """After a drop: hide the large preview of the card now under the pointer until
        the pointer reaches another card (it would cover the table just played on)."""
        self.quiet_preview = self._card_at_px(self.pointer) if self.pointer else None
        self.preview_quiet = True
        self.hover = self.quiet_preview
        self._panel = None

    def _card_at_px(self, pos: tuple[int, int]) -> int | None:
        if not self.viewport.contains_px(*pos):
            return None
        key = self.geometry.card_at(*self.viewport.to_mm(*pos))
        # card keys are view ids: instance ids, or negative handles of hidden cards
        return int(key) if key is not None and key.lstrip("-").isdigit() else None

    def _set_hover(self, iid: int | None) -> None:
        if self.preview_quiet and iid is not None and iid != self.quiet_preview:
            self.preview_quiet, self.quiet_preview = False, None
            self._panel = None
        if iid != self.hover:
            self.hover = iid
            self._panel = None

    def _motion(self, event: pygame.event.Event) -> pygame.event.Event | None:
        pos = (int(event.pos[0]), int(event.pos[1]))
        if self.drag is not None:
            buttons = getattr(event, "buttons", (1, 0, 0))
            if not buttons or not buttons[0]:  # the release never arrived
                self.cancel_drag()
            else:
                self.drag.motion(pos)
                return None
        if self._click_on is not None and getattr(event, "buttons", (0, 0, 0))[:1] == (1,):
            iid, start = self._click_on
            if abs(pos[0] - start[0]) + abs(pos[1] - start[1]) > 8:
                self._click_on = None  # a drag of a card that cannot be picked up
                self._refuse_drag(iid)
        if self.held_hands and not any(self._over_hand(z) for z in self.held_hands):
            self._let_hands_go()
        self._set_hover(self._card_at_px(pos))
        return event

    def _refuse_drag(self, iid: int) -> None:
        """A card that cannot be picked up was dragged: say why, as a click on it does
        (a hidden card's face is not the viewer's; else ``GameUI.click_refusal``)."""
        sprite = self.by_iid.get(iid)
        if sprite is not None and sprite.card.card_id is None:
            verdict: Verdict | None = Verdict.refuse("table.drag_hidden")
        else:
            verdict = self.ui.click_refusal(self, iid)
        if verdict is not None and not verdict.ok:
            self.show_refusal(verdict)

    def _movable(self, iid: int) -> bool:
        state = self.game.state
        if state.game_over:
            return False
        if state.free_mode:
            return True
        # plugins read the state: they get instance ids, never a hidden card's handle
        return iid in self.by_iid and self.ui.can_pick_up(self, self.game.resolve(iid))

    def _press(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.button != 1 or self.cover_pending:
            return event
        pos = (int(event.pos[0]), int(event.pos[1]))
        area = pygame.Rect(self.viewport.area)
        if self.not_saved_rect is not None and self.not_saved_rect.collidepoint(pos):
            self.app.choose_save_folder()  # the marker: offer another folder again
            return None
        box = self.toast.box(area, self.text, self.scale)
        iid = self._card_at_px(pos)
        if box is not None and box.collidepoint(pos):
            close = self.toast.close_rect(area, self.text, self.scale)
            # its close mark, or the toast over no card, closes it; over a card the press
            # goes through to the card (a pick-up closes it too): it never blocks a card
            if iid is None or (close is not None and close.inflate(10, 10).collidepoint(pos)):
                self.toast.clear()
                return None
        self._click_on = None
        if iid is None:
            return event
        if self.decisions.decision is not None and self.decisions.click(iid):
            self._panel = None
            return None
        if self._movable(iid):
            self.pick_up(iid, pos)
            return None
        self._click_on = (iid, pos)  # a card that cannot be picked up: a click, maybe
        return event

    def pick_up(self, iid: int, pos: tuple[int, int]) -> None:
        """Start dragging ``iid``: find and light its legal targets (once)."""
        sprite = self.by_iid[iid]
        self.slide = None  # a new pick-up ends any slide-back at once
        pointer_mm = self.viewport.to_mm(*pos)
        centre = sprite.placed.center
        zones = [z.id for z in self.layout.zones]
        cells = [c.key for z in self.layout.zones for c in self.layout.cells(z.id)]
        origin_cell = self.geometry.cell_at(*centre) or ""
        if origin_cell and split_cell_key(origin_cell)[0] != sprite.zone:
            origin_cell = ""
        targets = list(self.ui.drop_target_cards(self, iid))

        def drop_id(key: str) -> str:
            return self.ui.drop_zone_id(self, key)

        def adjust(action: Action) -> Action:
            return self.ui.drop_action(self, action)

        lit_zones, lit_cards, lit_cells = legal_targets(
            self.game, self.viewer, iid, zones, targets,
            [c for c in cells if c != origin_cell], drop_id, adjust)
        self.toast.clear()  # a new try: the last refusal stays readable in the log
        self.drag = DragState(iid, sprite.zone, (pointer_mm[0] - centre[0],
                                                 pointer_mm[1] - centre[1]),
                              pos, pos, lit_zones, lit_cards, cells=lit_cells,
                              origin_cell=origin_cell, drop_id=drop_id,
                              targets=tuple(targets), adjust=adjust)
        self._grab_px = (pos[0] - sprite.rect.x, pos[1] - sprite.rect.y)
        self._panel = None  # the preview gives way to the log while dragging
        self._make_lit()

    def cancel_drag(self) -> None:
        """Drop nothing: the card goes back where it came from."""
        if self.drag is not None:
            self._panel = None
        self.drag = None
        self._lit = None

    def _release(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.button == 1 and self.drag is None and not self.cover_pending:
            pos = (int(event.pos[0]), int(event.pos[1]))
            off = self._off_button_at(pos)
            if off is not None:  # pygame_gui keeps quiet about a greyed-out button
                self.run_command(off)
                return None
            pressed, self._click_on = self._click_on, None
            if pressed is not None and self._card_at_px(pos) == pressed[0] and \
                    abs(pos[0] - pressed[1][0]) + abs(pos[1] - pressed[1][1]) <= 8:
                self.click_card(pressed[0])  # the plugin uses it, or the table says why
                return None
        if event.button != 1 or self.drag is None:
            return event
        drag = self.drag
        pos = (int(event.pos[0]), int(event.pos[1]))
        self.cancel_drag()
        if not drag.moved:
            self.click_card(drag.iid)
            return None
        dropped_at = (pos[0] - self._grab_px[0], pos[1] - self._grab_px[1])
        w, h = self.app.size
        if not (0 <= pos[0] < w and 0 <= pos[1] < h) or not self.viewport.contains_px(*pos):
            self.slide_back(drag.iid, dropped_at)  # nothing happens: the card glides home
            self._quiet_after_drop()
            return None
        result = drag.resolve(self.game, self.viewer, self.geometry, self.viewport.to_mm(*pos))
        if result.action is not None:
            if not self.propose(result.action).ok:
                self.slide_back(drag.iid, dropped_at)
        else:
            if result.refusal is not None:
                self.show_refusal(result.refusal)
            self.slide_back(drag.iid, dropped_at)
        self._quiet_after_drop()
        return None

    def slide_back(self, iid: int, start: tuple[int, int]) -> None:
        """Let a card that was not moved glide from ``start`` (pixels) back to its place."""
        sprite = self.by_iid.get(iid)
        if sprite is None or self.cover_pending:
            self.slide = None
            return
        self.slide = Slide(iid, start, sprite.rect.topleft)

    @property
    def grab_px(self) -> tuple[int, int]:
        """Where the dragged card was grabbed: the pointer's offset from its top-left at
        pick-up (pixels)."""
        return self._grab_px

    def drawn_topleft(self, iid: int) -> tuple[int, int] | None:
        """Where card ``iid`` is drawn this frame (its slide-back position while sliding)."""
        if self.slide is not None and self.slide.iid == iid:
            return self.slide.pos()
        sprite = self.by_iid.get(iid)
        return sprite.rect.topleft if sprite is not None else None

    def _can_select(self, iid: int) -> bool:
        return self.ui.can_select(self, self.game.resolve(iid))

    def click_card(self, iid: int) -> None:
        """A click (no drag) on a card the viewer may handle: a manual tap in free mode,
        else the plugin's ``click_card`` (by default: select it when selectable). A click
        the plugin did nothing with says why (``GameUI.click_refusal``)."""
        if self.game.state.free_mode:
            self.propose(Action.make("manual_tap", self.viewer, card=iid))
            return
        if self.ui.click_card(self, self.game.resolve(iid)) is False:
            verdict = self.ui.click_refusal(self, iid)
            if verdict is not None and not verdict.ok:
                self.show_refusal(verdict)

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

    def _make_bg(self, size: tuple[int, int]) -> pygame.Surface:
        """Window background + table felt + zone outlines and labels (cached per size)."""
        bg = pygame.Surface(size).convert()
        bg.fill(WINDOW_BG)
        table = pygame.Rect(self.viewport.table_rect())
        pygame.draw.rect(bg, self.layout.background, table, border_radius=round(10 * self.scale))
        overlay = pygame.Surface(size, pygame.SRCALPHA)
        label_size = max(10, round(12 * self.scale))
        for zone in self.layout.zones:
            mine = zone.owner == self.viewer
            fill = (255, 255, 255, 20) if mine else ZONE_FILL
            rect = self._outline(overlay, zone.shape(), fill, ZONE_EDGE, 1)
            for cell in self.layout.cells(zone.id):
                self._outline(overlay, cell, None, CELL_EDGE, 1)
            if not self.view.zones.get(zone.id):  # a label only where no card hides it
                label = self.text.get(t(zone.label), label_size, (170, 200, 180))
                overlay.blit(label, label.get_rect(center=rect.center))
        bg.blit(overlay, (0, 0))
        return bg

    def _make_lit(self) -> None:
        """The highlight of the drag's legal targets (built once per pick-up)."""
        if self.drag is None:
            self._lit = None
            return
        area = self.viewport.area
        lit = pygame.Surface((area[2], area[3]), pygame.SRCALPHA)
        width = max(2, round(3 * self.scale))
        for zone_id in self.drag.zones:
            self._outline(lit, self.layout.zone(zone_id).shape(), LIT_FILL, LIT_EDGE, width)
        for key in self.drag.cells:
            self._outline(lit, self.geometry.index.placed(key), LIT_FILL, LIT_EDGE, width)
        self._lit = lit.convert_alpha()

    def draw(self, surface: pygame.Surface) -> None:
        """One frame of the table (cached background, cached card surfaces)."""
        size = surface.get_size()
        if self._bg is None or self._bg.get_size() != size:
            self._bg = self._make_bg(size)
        surface.blit(self._bg, (0, 0))
        if self._lit is not None:
            surface.blit(self._lit, (0, 0))
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
        if self.slide is not None:
            sprite = self.by_iid.get(self.slide.iid)
            if sprite is not None and sprite.surface is not None:
                surface.blit(sprite.surface, self.slide.pos())
        if dragging is not None:
            sprite = self.by_iid.get(dragging)
            if sprite is not None and sprite.surface is not None:
                x, y = self.drag.pos_px
                surface.blit(sprite.surface, (x - self._grab_px[0], y - self._grab_px[1]))
        self._draw_banners(surface)
        dialog = self._dialog_open()
        if dialog != self._dialog_was_open:  # the panel's preview words come and go with it
            self._dialog_was_open = dialog
            self._panel = None
        card = self._hover_card()
        area = pygame.Rect(self.viewport.area)
        if card is not None and card.card_id is None:
            self._draw_hidden_hint(surface, self.by_iid[card.iid].rect)
        elif card is not None:  # never under the toast: it moves up / gives way
            self.preview.draw_card(surface, area, self.by_iid[card.iid].rect, card, self.lang,
                                   avoid=self.toast.box(area, self.text, self.scale))
        self.toast.draw(surface, area, self.text, self.scale)
        if self._panel is None or self._panel.get_size() != self.panel_rect.size:
            self._panel = self._make_panel()
        surface.blit(self._panel, self.panel_rect)
        self._draw_not_saved(surface)

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
        """Free mode across the top; game over in the middle."""
        area = pygame.Rect(self.viewport.area)
        if self.game.state.free_mode:
            label = self.text.get(t("table.free_mode_banner"), max(13, round(16 * self.scale)),
                                  (255, 255, 255), True)
            box = label.get_rect(midtop=(area.centerx, area.y + 4)).inflate(24, 8)
            pygame.draw.rect(surface, (170, 40, 40), box, border_radius=8)
            surface.blit(label, label.get_rect(center=box.center))
        state = self.game.state
        if state.game_over:
            text = (t("table.game_over_win", player=seat_name(state.winner))
                    if state.winner is not None else t("table.game_over_draw"))
            label = self.text.get(text, max(22, round(34 * self.scale)), (255, 236, 150), True)
            resigned = resigned_seat(state)
            why = None if resigned is None else self.text.get(
                t("table.game_over_resigned", player=seat_name(resigned)),
                max(14, round(18 * self.scale)), (232, 236, 228))
            box = label.get_rect(center=(area.centerx, area.centery - round(20 * self.scale)))
            box = box.inflate(60, 110)
            box.top = box.top + round(20 * self.scale)
            if why is not None:  # the banner says who resigned, above the button
                box.w = max(box.w, why.get_width() + 60)
                box.centerx = area.centerx
                box.top -= why.get_height() + 6
                box.h += why.get_height() + 6
            shade = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.rect(shade, (10, 14, 12, 220), shade.get_rect(), border_radius=14)
            surface.blit(shade, box)
            top = label.get_rect(midtop=(box.centerx, box.y + 14))
            surface.blit(label, top)
            if why is not None:
                surface.blit(why, why.get_rect(midtop=(box.centerx, top.bottom + 6)))

    def _make_panel(self) -> pygame.Surface:
        """The side panel (tracker, preview or log, decision prompt), redrawn on change."""
        rect = self.panel_rect
        panel = pygame.Surface(rect.size).convert()
        panel.fill(PANEL_BG)
        pygame.draw.line(panel, PANEL_EDGE, (0, 0), (0, rect.h), 2)
        local = pygame.Rect(0, 0, rect.w, rect.h)
        used = self.tracker.draw(panel, local, self.view, self.scale)
        if used > self.tracker_h:  # long phase names (Japanese): give the tracker room
            self.tracker_h = used
            self._layout_widgets()
            return self._make_panel()
        body = self.body_rect.move(-rect.x, -rect.y)
        card = self._hover_card()
        if card is not None and card.card_id is not None:  # a hidden card: the log stays
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

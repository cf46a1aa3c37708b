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
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from tabletop import i18n
from tabletop.core.coach import CoachLine
from tabletop.core.view import TableView, view_for
from tabletop.geometry import Placed
from tabletop.layout import Layout, TableGeometry, Zone
from tabletop.ui.backdrop import Backdrop
from tabletop.ui.card_face_effects import preview_effects
from tabletop.ui.carried import CarriedFaces
from tabletop.ui.coach_panel import CoachPanel
from tabletop.ui.computer_seat import ComputerSeats, attach_helpers
from tabletop.ui.cover import HotseatCover
from tabletop.ui.drag import DragState
from tabletop.ui.frame_policy import table_due
from tabletop.ui.free_menu import FreeMenu
from tabletop.ui.games import GameUI, load_game_ui, pack_row
from tabletop.ui.help import why_for
from tabletop.ui.hint import Hint
from tabletop.ui.hover_words import hover_numbers
from tabletop.ui.panel_columns import PanelColumns
from tabletop.ui.panels import (
    HoverPreview,
    LogPanel,
    PhaseTracker,
    TextCache,
    Toast,
)
from tabletop.ui.reused_surface import ReusedSurface
from tabletop.ui.sprite import SLIDE_SECONDS, Slide, Sprite, screen_turn
from tabletop.ui.sprite_memo import SpriteMemo
from tabletop.ui.still_frame import StillFrames
from tabletop.ui.table_controls import TableControls, command_list
from tabletop.ui.table_draw import (
    AFTER_PLAYBACK_S,
    CELL_EDGE,
    HOVER,
    LIT_EDGE,
    LIT_FILL,
    OVER_CAPACITY,
    REVEAL_MARK,
    SELECT,
    WINDOW_BG,
    ZONE_EDGE,
    ZONE_FILL,
    TableDraw,
)
from tabletop.ui.table_fit import banner_need, table_fixed, table_need, tracker_need
from tabletop.ui.table_input import TableInput
from tabletop.ui.table_state import HAND_MARGIN, STACK_DRAWN, RefusalLine, TableState
from tabletop.ui.theme import ui_scale
from tabletop.ui.viewport import Viewport

if TYPE_CHECKING:
    from tabletop.core.engine import Game
    from tabletop.ui.host import Host

__all__ = ["AFTER_PLAYBACK_S", "CELL_EDGE", "HAND_MARGIN", "HOVER", "LIT_EDGE", "LIT_FILL",
           "OVER_CAPACITY", "REVEAL_MARK", "SELECT", "SLIDE_SECONDS", "STACK_DRAWN",
           "WINDOW_BG", "ZONE_EDGE", "ZONE_FILL", "RefusalLine", "Slide", "Sprite",
           "TableScene", "screen_turn"]


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


class TableScene(TableState, TableInput, TableDraw):
    """The table of one game, for two players taking turns at one computer.

    Composed of three parts with one job each: :class:`~tabletop.ui.table_state.TableState`
    (follow the game: view, sprites, log, hand-over, panel layout),
    :class:`~tabletop.ui.table_input.TableInput` (mouse, keys, drag and drop, buttons)
    and :class:`~tabletop.ui.table_draw.TableDraw` (one frame, animations). Plugins see
    it as a :class:`~tabletop.ui.context.TableContext`.
    """

    opaque = True
    #: Lays itself out at any UI scale: a chosen scale above 1 applies as far as
    #: :meth:`layout_need` fits (issue 16, QA16 #4).
    scales_freely = True

    def __init__(self, app: Host, game: Game, cover_at_start: bool = True,
                 ui: GameUI | None = None, computer: ComputerSeats | None = None) -> None:
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
        self.sprite_memo = SpriteMemo()  # card surfaces kept between refreshes (issue 14)
        self.backdrop = Backdrop()  # the felt, outlines and labels (issue 14)
        self.panel_pixels = ReusedSurface()  # the side panel, drawn in place (issue 14)
        self.text = TextCache(app.fonts)
        self.toast = Toast(on_show=self._log_refusal)
        self.toast.why_for = why_for(game.rules.game_id)  # "Why?" opens the rules help
        #: Refusals written into the refused seat's log (see :class:`RefusalLine`).
        self.refusals: list[RefusalLine] = []
        self.tracker = PhaseTracker(self.text, game.rules.phases, game.rules.game_id,
                                    self.ui.counts_line)
        self.log_panel = LogPanel(self.text)
        self.preview = HoverPreview(self.text, self.renderer, self.ui.explain,
                                    lambda view: hover_numbers(self, view))
        self.preview.overlay = lambda surf, rect, view: preview_effects(self, surf, rect, view)
        self.commands = command_list(self.ui.turn_commands, self.ui.commands)
        self.controls = TableControls(self.commands, self.ui.key_hints)
        self.decisions = self.ui.make_decisions()
        #: The computer seats' driver (None: two persons at the table; issue 12 §5).
        self.computer = computer
        acting = self.rules.acting_seat(game.state)
        self.viewer: int = acting if computer is None else computer.viewer_for(acting)
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
        #: A word for everyone held until the hand-over cover is taken (TableState.tell).
        self._held_word: tuple[Any, str, str] | None = None
        self._cover_at_start = cover_at_start
        self._bg: pygame.Surface | None = None
        #: What the background shows beyond the window size (see TableState._refresh).
        self._bg_key: tuple[object, ...] | None = None
        self._lit = None  # the lit targets of a drag (TableParts._lit)
        self._panel: pygame.Surface | None = None
        self._log_lines: list[str] = []
        self._text_lang = self.lang
        self._game_over_button: pygame_gui.elements.UIButton | None = None
        self.panel_rect = pygame.Rect(0, 0, 1, 1)
        self.panel_cols: PanelColumns | None = None  # under the table (ui/panel_columns)
        self.body_rect = pygame.Rect(0, 0, 1, 1)
        self.decision_rect = pygame.Rect(0, 0, 1, 1)
        #: Test/benchmark hook: called with (viewer, iid) for every card drawn face up.
        self.face_listener: Callable[[int, int], None] | None = None
        self._blits: list[tuple[pygame.Surface, tuple[int, int], Sprite]] = []
        self._grab_px = (0, 0)
        self._drag_surface: pygame.Surface | None = None
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
        #: Where the free-mode banner is drawn in the side panel (None: rules mode).
        self.free_banner_rect: pygame.Rect | None = None
        #: What teaches on the table (a lesson step, a hint, the demo) shows its text in
        #: the coach panel by setting this: it returns the line to show (None: the normal
        #: coach line of :func:`tabletop.core.coach.coach_line`). None: no override.
        self.coach_override: Callable[[], CoachLine | None] | None = None
        #: The coach panel (issue 12 §1): the coach line in the side panel, lit pieces.
        self.coach = CoachPanel(self.text)
        #: The frame kept at rest (issue 14: shown again while nothing in it changed).
        self.still = StillFrames()
        #: Faces of spread-hand cards shrunk to table size for carrying (issue 14).
        self.carried = CarriedFaces()
        #: Free mode's menu of acts (right-click or K, ALL-R3).
        self.free_menu = FreeMenu()
        _register_card_names(game.rules.cards)
        game.listeners.append(self._on_game_changed)
        self.resize(app.size)
        self._refresh()
        if not game.state.free_mode:  # a resumed game may hold free mode's excess
            self._capacity_notice()
        #: The hint (button and key H, issue 12 §4); with the computer seats, its coach text.
        self.hint = Hint(self)
        attach_helpers(self)

    def frame_due(self) -> float | None:
        """Frames only while something moves or waits on a clock (glides, playbacks,
        the computer seats, the hint; :func:`~tabletop.ui.frame_policy.table_due`)."""
        return table_due(self)

    def layout_need(self) -> tuple[int, int]:
        """What of the table grows with the UI scale, in pixels at scale 1.0: the side
        panel's width and least height (:func:`~tabletop.ui.table_fit.table_need`);
        ``App.scale_for`` caps a chosen scale with it (QA16 #4)."""
        size = self.app.size
        key = (self.lang, size, self.controls.rows)
        kept = getattr(self, "_need", None)
        if kept is None or kept[0] != key:  # asked every frame: measured once a look
            base = ui_scale(size)
            tracker = tracker_need(self.tracker, self.view, size, base)
            banner = banner_need(lambda w: self.text.get(
                i18n.t("table.free_mode_banner"), max(13, round(16 * base)),
                (255, 255, 255), True, w - round(16 * base)), size, base)
            self._need = (key, table_need(self.app.fonts, self.controls.rows, size, base,
                                          tracker, banner))
        return self._need[1]

    def layout_fixed(self) -> tuple[int, int]:
        """The window pixels that keep the window's own scale: the table area's least
        width (:func:`~tabletop.ui.table_fit.table_fixed`)."""
        size = self.app.size
        return table_fixed(size, ui_scale(size))

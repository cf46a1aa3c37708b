"""What the three parts of the table scene share (:class:`TableParts`).

:class:`~tabletop.ui.table.TableScene` is composed of
:class:`~tabletop.ui.table_state.TableState`, :class:`~tabletop.ui.table_input.TableInput`
and :class:`~tabletop.ui.table_draw.TableDraw`. Each part reads and writes the scene's
attributes (set in ``TableScene.__init__``) and calls a few methods of another part;
this base class declares both, so every part is type-checked on its own. It adds no
behaviour.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from tabletop.ui.scene import Scene

if TYPE_CHECKING:
    from tabletop.core.actions import Action, Verdict
    from tabletop.core.coach import CoachLine
    from tabletop.core.engine import Game
    from tabletop.core.rules import GameRules
    from tabletop.core.view import TableView
    from tabletop.geometry import Placed
    from tabletop.layout import Layout, TableGeometry
    from tabletop.ui.backdrop import Backdrop
    from tabletop.ui.card_render import CardRenderer
    from tabletop.ui.carried import CarriedFaces
    from tabletop.ui.coach_panel import CoachPanel
    from tabletop.ui.computer_seat import ComputerSeats
    from tabletop.ui.cover import HotseatCover
    from tabletop.ui.decisions import DecisionPanel
    from tabletop.ui.drag import DragState
    from tabletop.ui.free_menu import FreeMenu
    from tabletop.ui.games import GameUI
    from tabletop.ui.hint import Hint
    from tabletop.ui.lit_layer import LitPatches
    from tabletop.ui.panel_columns import PanelColumns
    from tabletop.ui.panels import HoverPreview, LogPanel, PhaseTracker, TextCache, Toast
    from tabletop.ui.reused_surface import ReusedSurface
    from tabletop.ui.sprite import Slide, Sprite
    from tabletop.ui.sprite_memo import SpriteMemo
    from tabletop.ui.still_frame import StillFrames
    from tabletop.ui.table_controls import TableControls
    from tabletop.ui.table_state import RefusalLine
    from tabletop.ui.viewport import Viewport

__all__ = ["TableParts"]


class TableParts(Scene):
    """The table scene's attributes and the methods its parts call across (declarations
    only: the values come from ``TableScene.__init__``, the methods from the parts)."""

    game: Game
    rules: GameRules
    ui: GameUI
    layout: Layout
    geometry: TableGeometry
    viewport: Viewport
    renderer: CardRenderer
    sprite_memo: SpriteMemo
    backdrop: Backdrop
    panel_pixels: ReusedSurface
    text: TextCache
    toast: Toast
    refusals: list[RefusalLine]
    tracker: PhaseTracker
    log_panel: LogPanel
    preview: HoverPreview
    commands: tuple[str, ...]
    controls: TableControls
    decisions: DecisionPanel
    viewer: int
    view: TableView
    sprites: list[Sprite]
    by_iid: dict[int, Sprite]
    drag: DragState | None
    hover: int | None
    selected: list[int]
    slide: Slide | None
    cover_pending: bool
    _cover_at_start: bool
    _held_word: tuple[Any, str, str] | None
    _bg: pygame.Surface | None
    _lit: LitPatches | None
    _panel: pygame.Surface | None
    _log_lines: list[str]
    _text_lang: str
    _game_over_button: pygame_gui.elements.UIButton | None
    panel_rect: pygame.Rect
    panel_cols: PanelColumns | None
    body_rect: pygame.Rect
    decision_rect: pygame.Rect
    buttons_rect: pygame.Rect
    tracker_h: int
    face_listener: Callable[[int, int], None] | None
    _blits: list[tuple[pygame.Surface, tuple[int, int], Sprite]]
    _grab_px: tuple[int, int]
    _drag_surface: pygame.Surface | None
    spent_keys: set[int]
    after_playback: float
    pointer: tuple[int, int] | None
    held_hands: set[str]
    _hand_places: dict[str, dict[int, Placed]]
    quiet_preview: int | None
    preview_quiet: bool
    _log_refused: set[int]
    _cover: HotseatCover | None
    _click_on: tuple[int, tuple[int, int]] | None
    _free_mode: bool
    revealing: int | None
    _dialog_was_open: bool
    not_saved_rect: pygame.Rect | None
    free_banner_rect: pygame.Rect | None
    coach: CoachPanel
    coach_override: Callable[[], CoachLine | None] | None
    computer: ComputerSeats | None
    hint: Hint
    still: StillFrames
    carried: CarriedFaces
    free_menu: FreeMenu

    if TYPE_CHECKING:  # defined by one part, called by another (or a plugin: TableContext)
        @property
        def lang(self) -> str:
            ...

        def _show_cover(self, seat: int) -> None:
            ...

        def refresh_controls(self) -> None:
            ...

        def command_action(self, command: str) -> Action | None:
            ...

        def _over_hand(self, zone_id: str) -> bool:
            ...

        def _let_hands_go(self) -> None:
            ...

        def sprite_for(self, iid: int) -> Sprite | None:
            ...

        def card_rect(self, iid: int) -> pygame.Rect | None:
            ...

        def zone_rect(self, zone_id: str) -> pygame.Rect:
            ...

        def _shape_rect(self, shape: Placed) -> pygame.Rect:
            ...

        @property
        def scale(self) -> float:
            ...

        def _layout_widgets(self) -> None:
            ...

        def _dialog_open(self) -> bool:
            ...

        def cancel_drag(self) -> None:
            ...

        def _make_lit(self) -> None:
            ...

        def _not_saved_folder(self) -> str | None:
            ...

        def _not_saved_height(self, width: int) -> int:
            ...

        def refresh_shown(self) -> None:
            ...

        def relayout(self) -> None:
            ...

        def command_enabled(self, command: str) -> bool:
            ...

        @property
        def card_px(self) -> tuple[int, int]:
            ...

        def cell_rect(self, key: str) -> pygame.Rect:
            ...

        def propose(self, action: Action) -> Verdict:
            ...

        def check(self, action: Action) -> Verdict:
            ...

        def show_refusal(self, verdict: Verdict) -> None:
            ...

        def slide_back(self, iid: int, start: tuple[int, int]) -> None:
            ...

        @property
        def grab_px(self) -> tuple[int, int]:
            ...

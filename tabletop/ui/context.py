"""What a game's window plugin may use of the table (:class:`TableContext`).

Every :class:`~tabletop.ui.games.GameUI` hook gets the table as ``scene``, typed as
this protocol: the table's view of the game, where things are on screen, the text
and faces to draw with, and the few ways a plugin acts (propose an action, show a
refusal, slide a card back, ask for a redraw). The table scene
(:class:`tabletop.ui.table.TableScene`) is the one implementation; nothing else of
it is part of the plugin API, and no plugin touches a private (``_``) member of it
(``tests/test_ui_context.py``).

The rules stay the only authority: a plugin reads ``game.state`` (and draws hidden
information only from ``view``) and changes the game only through :meth:`propose`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import pygame

    from tabletop.core.actions import Action, Verdict
    from tabletop.core.engine import Game
    from tabletop.core.rules import GameRules
    from tabletop.core.view import TableView
    from tabletop.layout import Layout, TableGeometry
    from tabletop.ui.card_render import CardRenderer
    from tabletop.ui.decisions import DecisionPanel
    from tabletop.ui.games import GameUI
    from tabletop.ui.host import Host
    from tabletop.ui.panels import TextCache, Toast
    from tabletop.ui.sprite import Sprite
    from tabletop.ui.viewport import Viewport

__all__ = ["DragInfo", "SlideInfo", "TableContext"]


class DragInfo(Protocol):
    """The card being dragged, as a plugin may read it (the table owns the drag)."""

    @property
    def iid(self) -> int:
        """The dragged card (a view id)."""
        ...

    @property
    def origin(self) -> str:
        """The zone it was picked up from."""
        ...

    @property
    def moved(self) -> bool:
        """True once the pointer left the click slop (a drag, not a click)."""
        ...

    @property
    def pos_px(self) -> tuple[int, int]:
        """The pointer now (pixels)."""
        ...

    @property
    def zones(self) -> Mapping[str, Action]:
        """The lit zones: zone id -> the action a drop there proposes."""
        ...

    @property
    def cells(self) -> Mapping[str, Action]:
        """The lit cells: cell key -> the action a drop there proposes."""
        ...

    @property
    def cards(self) -> Mapping[int, Action]:
        """The lit target cards: card -> the action a drop onto it proposes."""
        ...

    def card_centre_mm(self, pointer_mm: tuple[float, float]) -> tuple[float, float]:
        """Where the card's centre lies (table mm) with the pointer at ``pointer_mm``."""
        ...


class SlideInfo(Protocol):
    """A refused card gliding back to its place (visual only)."""

    @property
    def iid(self) -> int:
        """The sliding card (a view id)."""
        ...

    def pos(self) -> tuple[int, int]:
        """Its top-left now (pixels)."""
        ...


class TableContext(Protocol):
    """The table as a window plugin sees it (see the module docstring)."""

    # -- the game and who looks at it ----------------------------------------------------

    @property
    def game(self) -> Game:
        """The game at the table: read ``game.state`` (``resolve``, ``check``); change it
        only through :meth:`propose`."""
        ...

    @property
    def rules(self) -> GameRules:
        """The game's rules (cards, ``legal_actions``, ``acting_seat``)."""
        ...

    @property
    def ui(self) -> GameUI:
        """The plugin itself (its class attributes: ``upright``, ``turn_commands``...)."""
        ...

    @property
    def viewer(self) -> int:
        """The seat at the computer now (the one whose view is drawn)."""
        ...

    @property
    def view(self) -> TableView:
        """What the viewer sees of the state shown: draw hidden information only from it."""
        ...

    @property
    def cover_pending(self) -> bool:
        """The hand-over cover is up (the next seat has not taken over yet)."""
        ...

    @property
    def app(self) -> Host:
        """The application (window size, fonts, widget manager, dialogs)."""
        ...

    # -- where things are ----------------------------------------------------------------

    @property
    def layout(self) -> Layout:
        """The layout drawn now (``GameUI.table_layout``)."""
        ...

    @property
    def geometry(self) -> TableGeometry:
        """Hit-testing and snapping over the layout and the cards as laid out now."""
        ...

    @property
    def viewport(self) -> Viewport:
        """Table millimetres <-> window pixels (``flipped`` for seat 1's turned view)."""
        ...

    @property
    def scale(self) -> float:
        """The UI scale (fonts, line widths, margins)."""
        ...

    @property
    def card_px(self) -> tuple[int, int]:
        """The size of an upright card in pixels now."""
        ...

    @property
    def sprites(self) -> Sequence[Sprite]:
        """Every card drawn, bottom first (zone, placement, view, pixel rect)."""
        ...

    @property
    def by_iid(self) -> Mapping[int, Sprite]:
        """The sprites by view id."""
        ...

    def sprite_for(self, iid: int) -> Sprite | None:
        """The sprite of a view id or of an instance id, or None."""
        ...

    def card_rect(self, iid: int) -> pygame.Rect | None:
        """Where card ``iid`` (a view or an instance id) is drawn now (pixels), or None."""
        ...

    def zone_rect(self, zone_id: str) -> pygame.Rect:
        """A zone's pixel rectangle now (its bounding box when turned by an odd angle)."""
        ...

    def cell_rect(self, key: str) -> pygame.Rect:
        """A cell's pixel rectangle now (``key``: ``"cell:<zone>/<name>"``)."""
        ...

    # -- what the viewer is doing --------------------------------------------------------

    #: Cards the viewer selected by clicking (``GameUI.can_select``); a plugin may edit
    #: or replace the list, then calls :meth:`refresh_controls`.
    selected: list[int]
    #: The card under the pointer (a view id), None when none; a plugin may clear it to
    #: hide the large preview (e.g. while it asks a question over the board).
    hover: int | None

    @property
    def drag(self) -> DragInfo | None:
        """The card being dragged, or None."""
        ...

    @property
    def grab_px(self) -> tuple[int, int]:
        """Where the dragged card was grabbed: the pointer's offset from its top-left at
        pick-up (pixels)."""
        ...

    @property
    def slide(self) -> SlideInfo | None:
        """The refused card sliding back, or None."""
        ...

    @property
    def decisions(self) -> DecisionPanel:
        """The panel showing the rules' pending decision to its seat."""
        ...

    # -- drawing -------------------------------------------------------------------------

    @property
    def lang(self) -> str:
        """The current language code."""
        ...

    @property
    def text(self) -> TextCache:
        """Rendered, cached, wrapped text (``text.get(text, size, colour, bold, wrap)``)."""
        ...

    @property
    def renderer(self) -> CardRenderer:
        """The game's card faces and backs (the plugin's ``make_renderer``)."""
        ...

    @property
    def toast(self) -> Toast:
        """The message box over the table (``toast.show(message, key, rule)``)."""
        ...

    # -- acting --------------------------------------------------------------------------

    def propose(self, action: Action) -> Verdict:
        """Hand ``action`` to the game; a refusal is shown in the toast. The verdict."""
        ...

    def check(self, action: Action) -> Verdict:
        """Would the rules accept ``action`` now? Changes nothing, shows nothing."""
        ...

    def show_refusal(self, verdict: Verdict) -> None:
        """Show a refusal's plain words (and rule id) in the toast and the viewer's log."""
        ...

    def slide_back(self, iid: int, start: tuple[int, int]) -> None:
        """Let card ``iid`` glide from ``start`` (its top-left, pixels) back to its place
        (a drop the plugin refused)."""
        ...

    def cancel_drag(self) -> None:
        """End the drag without a drop (the plugin resolves it itself)."""
        ...

    def command_action(self, command: str) -> Action | None:
        """The action a button or key proposes now (None: none)."""
        ...

    def command_enabled(self, command: str) -> bool:
        """Is the button of ``command`` on now?"""
        ...

    # -- redrawing -----------------------------------------------------------------------

    def refresh_controls(self) -> None:
        """Enable again the buttons the rules accept now (after a local change such as
        the selection)."""
        ...

    def refresh_shown(self) -> None:
        """The plugin's playback moved on (``GameUI.shown_state``): show that moment."""
        ...

    def relayout(self) -> None:
        """Size the side panel's decision box again and redraw the panel (a prompt that
        changes without a change of the game)."""
        ...


"""絵師100人展 TCG's window plugin: the 4x4 grid, connectors, using cards, decisions.

* Grid: each card lies on its square (``counters["square"]``, cell
  ``cell:grid/r<R>c<C>`` of ``layouts/eshi100.toml``, :mod:`~tabletop.games.eshi100.board`),
  player 2's cards turned 180 degrees (ESHI-R1); the table adds the half turn of
  player 2's view, so each player reads their own cards upright.
* Faces: :mod:`~tabletop.ui.games.eshi100_cards`; connector badges on every corner
  that has a connector: a chevron up in the viewer's colour (theirs to use), a dim
  chevron down (the other player's), from
  :meth:`~tabletop.games.eshi100.rules.Eshi100Rules.usable_connectors`. Damaged
  cards (ESHI-H1) are drawn face down with their name, without connectors.
* Placing: drag a hand card; the squares where it may go light up (the table asks
  ``interpret_drop`` for every cell key); a drop elsewhere is refused with the rule.
  Hand boost: drop a hand card on your discard pile, or select it and press
  **Hand boost**. Challenge: select two hand cards, **Challenge**.
* Using a card: click a lit card of yours (``usable_cards``), then the cards to
  consume (:mod:`~tabletop.ui.games.eshi100_decisions`); lit cards keep the group
  connected, a disconnected choice is refused with the reason, the power comparison
  stands beside the grid, **Confirm** / **Cancel** in the side panel.
* Hover: the hovered card's connect for the seat to move is outlined on the grid;
  the preview explains its numbers in words (:func:`explain_card`).
* Drawing: :mod:`~tabletop.ui.games.eshi100_draw`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from tabletop import i18n
from tabletop.core.actions import Action, Verdict
from tabletop.games.eshi100 import board, connect
from tabletop.games.eshi100.schema import connector_key
from tabletop.geometry import CORNERS, Placed
from tabletop.i18n import t
from tabletop.layout import CARD_SIZE, Zone
from tabletop.ui.card_render import CardRenderer, FontSource
from tabletop.ui.decisions import DecisionPanel
from tabletop.ui.games import GameUI, ZoneCards, layout_cards
from tabletop.ui.games import eshi100_draw as draw
from tabletop.ui.games.eshi100_cards import EshiCardRenderer, screen_corner
from tabletop.ui.games.eshi100_decisions import EshiDecisionPanel
from tabletop.ui.panels import plain_counts

if TYPE_CHECKING:
    from tabletop.core.cards import CardDef
    from tabletop.core.model import GameState
    from tabletop.core.view import CardView, TableView
    from tabletop.games.eshi100.rules import Eshi100Rules
    from tabletop.ui.context import TableContext

__all__ = ["UI", "Eshi100UI", "explain_card"]

GRID = "grid"
CELL_PREFIX = f"cell:{GRID}/"


def _square(card: CardView) -> int | None:
    value = dict(card.counters).get(board.SQUARE_COUNTER)
    return value if isinstance(value, int) and 0 <= value < board.SIZE ** 2 else None


def explain_card(card: CardDef, corners: dict[str, str] | None = None,
                 state_line: str = "", connect_line: str = "") -> list[str]:
    """Plain-words lines for the hover preview: icon, connect cost, power, connectors
    (``corners``: on-screen corner -> "mine" / "theirs" / "both" / "none"), and the
    card's state and connect on the grid when given."""
    lines = [t("eshi100ui.explain_number", number=card.get("number", ""),
               icon=t(f"eshi100ui.explain_{card.get('icon')}"))]
    cost = int(card.get("connect_cost", 0))
    lines.append(t("eshi100ui.explain_cost_zero") if cost == 0
                 else t("eshi100ui.explain_cost", n=cost))
    lines.append(t("eshi100ui.explain_power", n=int(card.get("power", 0))))
    # What matters on the grid first: the side panel may not hold every line.
    if state_line:
        lines.append(state_line)
    if connect_line:
        lines.append(connect_line)
    if corners:
        parts = [t("eshi100ui.corner_" + c, who=t("eshi100ui.who_" + corners[c]))
                 for c in CORNERS if corners.get(c, "none") != "none"]
        lines.append(t("eshi100ui.explain_connectors", list=t("eshi100ui.list_joiner")
                       .join(parts)) if parts
                     else t("eshi100ui.explain_no_connectors"))
    return lines


class Eshi100UI(GameUI):
    """The window of 絵師100人展 TCG."""

    upright = False
    turn_commands = ("next_phase",)
    commands = ("eshi_boost", "eshi_challenge")
    keys = {pygame.K_b: "eshi_boost", pygame.K_c: "eshi_challenge"}
    key_hints = {"eshi_boost": "B", "eshi_challenge": "C"}

    def __init__(self, rules: Any) -> None:
        super().__init__(rules)
        #: The table scene (set by :meth:`refresh`; explain and the panel read it).
        self.scene: TableContext | None = None
        self.panel: EshiDecisionPanel | None = None
        #: Viewer's cards usable now (lit); recomputed after every change.
        self.usable: list[int] = []
        #: Connector badges drawn in the last frame: (card, screen corner, mine, theirs).
        self.badges: list[tuple[int, str, bool, bool]] = []
        #: The connect outlined for the hovered card in the last frame.
        self.hovered_connect: frozenset[int] = frozenset()
        #: The words of the power comparison box in the last frame (detail, verdict).
        self.comparison_text: list[str] = []

    @property
    def eshi(self) -> Eshi100Rules:
        """The rules, typed."""
        return self.rules  # type: ignore[return-value]

    # -- set-up ----------------------------------------------------------------------------

    def make_renderer(self, fonts: FontSource) -> CardRenderer:
        """The 絵師100人展 faces (:mod:`tabletop.ui.games.eshi100_cards`)."""
        return EshiCardRenderer(fonts, self.rules.cards)

    def make_decisions(self) -> DecisionPanel:
        """Use / defend / recover / counter / hand-limit panel."""
        self.panel = EshiDecisionPanel(self)
        return self.panel

    # -- where cards lie -------------------------------------------------------------------

    def arrange(self, scene: TableContext, zone: Zone, cards: Sequence[CardView]) -> ZoneCards:
        """Grid cards on their own squares (not in list order), each turned by its
        owner's seat rotation (ESHI-R1); every other zone as the layout says."""
        base = layout_cards(scene, zone, cards)
        if zone.id != GRID:
            return base
        places = []
        for card, fallback in zip(cards, base.places, strict=True):
            square = _square(card)
            if square is None:  # a free-mode move without a square: where the layout puts it
                places.append(fallback)
                continue
            cell = scene.geometry.index.placed(CELL_PREFIX + board.cell_of_square(square))
            places.append(Placed(str(card.iid), cell.center, CARD_SIZE,
                                 board.SEAT_ROTATION.get(card.owner, 0.0)))
        return ZoneCards(places)

    # -- input -----------------------------------------------------------------------------

    def can_pick_up(self, scene: TableContext, iid: int) -> bool:
        """Own hand cards (to place or boost) and every grid card: a click on a usable one
        uses it, a click on any other says why it cannot be used (:meth:`click_refusal`);
        grid cards never move, so a drag of one lights nothing and is refused."""
        sprite = scene.by_iid.get(iid)
        if sprite is None or sprite.card.hidden:
            return False
        if sprite.zone == GRID:
            return True
        return sprite.card.owner == scene.viewer and sprite.zone == f"p{scene.viewer}.hand"

    def drop_target_cards(self, scene: TableContext, iid: int) -> Iterable[int]:
        """None: every square is a cell key, occupied or not, so the cells say it all."""
        return []

    def can_select(self, scene: TableContext, iid: int) -> bool:
        """Hand cards of the viewer in their action phase (hand boost) and challenge
        phase (challenge), when nothing is pending."""
        state = scene.game.state
        seat = scene.viewer
        return (not state.game_over and state.pending is None and state.active == seat
                and state.phase in ("action", "challenge")
                and iid in state.cards and state.zone_of(iid) == f"p{seat}.hand")

    def click_card(self, scene: TableContext, iid: int) -> bool | None:
        """A usable grid card opens the choice of what to consume; a hand card toggles
        its selection. False when the click did nothing (the table then shows
        :meth:`click_refusal`)."""
        if scene.game.state.zone_of(iid) == GRID and iid in self.usable \
                and self.panel is not None:
            scene.selected.clear()
            self.panel.start_use(scene.viewer, iid)
            self.relayout()
            return True
        return super().click_card(scene, iid)

    def click_refusal(self, scene: TableContext, iid: int) -> Verdict | None:
        """A grid card that is not lit, clicked: the rules' reason it cannot be used now
        (whose turn or phase, not the viewer's, a defence card, damaged, a connect too
        small for its cost; :meth:`Eshi100Rules.use_refusal`). Anything else: the
        table's default."""
        state = scene.game.state
        if not state.game_over and not state.free_mode and iid in state.cards \
                and state.zone_of(iid) == GRID:
            verdict = self.eshi.use_refusal(state, scene.viewer, iid)
            if not verdict.ok:
                return verdict
        return super().click_refusal(scene, iid)

    def command_action(self, scene: TableContext, command: str) -> Action | None:
        """Hand boost with one selected hand card; challenge with two."""
        chosen = sorted(scene.selected)
        if command == "eshi_boost" and len(chosen) == 1:
            return Action.make("hand_boost", scene.viewer, card=chosen[0])
        if command == "eshi_challenge" and len(chosen) == 2:
            return Action.make("challenge", scene.viewer, cards=chosen)
        return None

    def run_command(self, scene: TableContext, command: str) -> bool:
        """Explain what to select first when the selection does not fit the command."""
        if command not in self.commands:
            return False
        action = self.command_action(scene, command)
        if action is None:
            key = "prompt.eshi100ui_select_one" if command == "eshi_boost" \
                else "prompt.eshi100ui_select_two"
            scene.toast.show(i18n.msg(key), key)
            return True
        chosen = list(scene.selected)
        scene.selected.clear()
        if not scene.propose(action).ok:
            scene.selected = chosen
        return True

    # -- words -----------------------------------------------------------------------------

    def explain(self, card: CardDef, view: CardView) -> list[str]:
        """Icon, cost, power and connectors in words; on the grid also its state and its
        connect for the seat to move."""
        scene = self.scene
        if scene is None:
            return explain_card(card)
        state = scene.game.state
        zone = state.zone_of(view.iid) if view.iid in state.cards else ""
        viewer = scene.viewer
        corners = self._corner_words(state, view, zone, viewer)
        state_line = connect_line = ""
        if zone == GRID:
            state_line = t("eshi100ui.explain_recovered" if view.face_up
                           else "eshi100ui.explain_damaged")
            square = _square(view)
            if view.face_up and square is not None:
                seat = self.rules.acting_seat(state)
                group = self.eshi.connect_of(state, seat, square)
                connect_line = t("eshi100ui.explain_connect", n=len(group),
                                 player=draw.seat_name(seat))
        return explain_card(card, corners, state_line, connect_line)

    def _corner_words(self, state: GameState, view: CardView, zone: str,
                      viewer: int) -> dict[str, str] | None:
        """Screen corner -> whose connector, for a grid card or a card of the viewer's hand."""
        if zone == GRID:
            if not view.face_up:
                return None
            mine = self.eshi.usable_connectors(state, view.iid, viewer)
            theirs = self.eshi.usable_connectors(state, view.iid, 1 - viewer)
            turn = draw.sprite_turn(self.scene, view.iid)
        elif zone == f"p{viewer}.hand" and view.card_id is not None:
            key = connector_key(self.rules.cards[view.card_id])
            mine = connect.usable_corners(key, viewer, viewer)
            theirs = connect.usable_corners(key, viewer, 1 - viewer)
            turn = 0.0
        else:
            return None
        out = {}
        for corner in CORNERS:
            who = ("both" if corner in mine and corner in theirs else "mine" if corner in mine
                   else "theirs" if corner in theirs else "none")
            out[screen_corner(corner, turn)] = who
        return out

    def counts_line(self, view: TableView, seat: int) -> str:
        """Deck, hand and victory points (3 win, ESHI-R5)."""
        points = len(view.zones.get(f"p{seat}.victory", ()))
        return t("eshi100ui.counts", base=plain_counts(view, seat), n=points)

    # -- drawing ---------------------------------------------------------------------------

    def draw_on_cards(self, scene: TableContext, surface: pygame.Surface) -> None:
        """Damaged cards face down, connector badges, victory points, grid labels."""
        draw.grid_labels(scene, surface)
        draw.damaged_cards(scene, surface)
        draw.connector_badges(self, scene, surface)
        draw.victory_points(scene, surface)

    def draw_marks(self, scene: TableContext, surface: pygame.Surface) -> None:
        """Usable cards, the consume choice and its power comparison, decision picks,
        the hovered card's connect, and the hint box."""
        draw.marks(self, scene, surface)

    # -- life cycle ------------------------------------------------------------------------

    def refresh(self, scene: TableContext) -> None:
        """Remember the scene; the viewer's usable cards; drop a stale use choice."""
        self.scene = scene
        state = scene.game.state
        self.usable = [] if state.free_mode else self.eshi.usable_cards(state, scene.viewer)
        panel = self.panel
        if panel is not None and panel.using and panel.pick is not None \
                and panel.pick.card not in self.usable:
            panel.forget()  # the table lays the side panel out again right after this

    def forget_private(self, scene: TableContext) -> None:
        """Nothing beyond the panel's picks (the table calls ``decisions.forget``)."""

    def relayout(self) -> None:
        """The decision box changed (a click, Cancel): size it again, rebuild its buttons
        and the side panel, and lock or free the turn buttons."""
        scene = self.scene
        if scene is None:
            return
        # The table sizes the decision box from the prompt only on a change of the
        # game; a local choice changes the prompt without one, so ask for it here.
        scene.relayout()
        if self.panel is not None:
            self.panel.sync_buttons()
        scene.refresh_controls()


#: The plugin class this module provides (found by :func:`tabletop.ui.games.load_game_ui`).
UI = Eshi100UI

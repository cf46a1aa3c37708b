"""Per-game window plugins: what the shared table needs to know about one game.

The table (:class:`tabletop.ui.table.TableScene`) is the same for every game: viewport,
layout, hit-testing, drag and drop with lit targets, slide-back, hover preview,
toast, log, phase tracker, the generic buttons, the hot-seat hand-over, free mode,
the game-over banner. Everything that differs between games lives in a plugin:

* a module ``tabletop/ui/games/<game_id>.py`` (found by its name, nothing to
  register; :func:`load_game_ui`), which
* defines ``UI = <a GameUI subclass>``.

A game whose rules load but has no such module is listed in the menu as "rules
only" and cannot be started in the window (``tabletop selfplay`` still works).
See ``docs/ui-plugins.md`` for a walk-through and a minimal example.

Units and shapes
----------------
* Table positions are millimetres in the layout's frame (``layouts/<game>.toml``):
  origin top-left, +x right, +y down; rotations in degrees counter-clockwise *as
  seen on screen*, see :mod:`tabletop.geometry.placed`. A card's
  :class:`~tabletop.geometry.Placed` has its *upright* size (63 x 88 for a standard
  card) and its rotation (a tapped card: +90).
* Pixels are window pixels; ``scene.viewport`` converts (``to_px`` / ``to_mm``). The
  viewer always sits at the bottom: for seat 1 the table is turned half-way round
  (``scene.viewport.flipped``).
* Zones and cells are addressed as in :mod:`tabletop.layout`: a zone by its id
  (``"p0.hand"``), a cell of a ``grid`` or ``slots`` zone by its key
  (``"cell:<zone>/<name>"``, e.g. ``"cell:grid/r0c3"``, ``"cell:p0.field/front.left"``).
* Cards are instance ids (``int``); what the viewer sees of them is a
  :class:`~tabletop.core.view.CardView` (``card_id`` None when hidden). A plugin
  draws only from ``scene.view`` (never ``scene.game.state``) whatever depends on
  hidden information.

Every hook gets the table as ``scene``, typed as the narrow
:class:`~tabletop.ui.context.TableContext` (the table scene is its one implementation):
``game``, ``rules``, ``viewer``, ``view``, ``layout``, ``geometry``, ``viewport``,
``sprites`` / ``by_iid``, ``selected``, ``drag``, ``decisions``, ``renderer``, ``text``
(a :class:`~tabletop.ui.panels.TextCache`), ``toast``, ``scale``, ``lang``; methods
``propose(action)``, ``check(action)``, ``show_refusal(verdict)``,
``slide_back(iid, start)``, ``card_rect(iid)``, ``zone_rect(zone_id)``,
``cell_rect(key)``, ``refresh_controls()``, ``relayout()``. Nothing else of the scene is
part of the plugin API; no plugin touches a private (``_``) member of it.
"""

from __future__ import annotations

import importlib
import importlib.util
import math
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from tabletop.core.actions import Action, Verdict
from tabletop.core.messages import Message, msg, seat_msg
from tabletop.geometry import Placed
from tabletop.layout import CARD_SIZE, Layout, LayoutError, Zone, check_layout_needs, load_layout
from tabletop.layout.arrange import ROW_GAP_MM
from tabletop.resources import resource_path
from tabletop.ui.card_render import CardRenderer, FontSource
from tabletop.ui.decisions import DecisionPanel
from tabletop.ui.panels import no_explanation, plain_counts

if TYPE_CHECKING:
    import pygame

    from tabletop.core.cards import CardDef
    from tabletop.core.coach import CoachLine
    from tabletop.core.rules import GameRules
    from tabletop.core.view import CardView, TableView
    from tabletop.ui.context import TableContext

__all__ = ["LINED", "GameUI", "NoGameUI", "ZoneCards", "click_refusal_from_legal",
           "command_refusal_default", "game_ui_module", "has_game_ui", "layout_cards",
           "load_game_ui", "pack_row"]

#: Arrangements whose cards lie side by side (rows and fans).
LINED: tuple[str, ...] = ("row", "fan", "row_with_gaps")


class NoGameUI(LookupError):
    """The game has no window plugin (``tabletop/ui/games/<game_id>.py``)."""


@dataclass
class ZoneCards:
    """Where the cards of one zone lie, as :meth:`GameUI.arrange` returns it.

    Attributes:
        places: one placement per card of the zone, in the zone's card order (bottom
            card first; later cards are drawn and hit-tested on top), table mm, with
            the rotation the card has on the table (a tapped card included).
        overlapping: neighbours overlap; each card but the last is then marked
            ``covered`` (the next card lies over part of it).
    """

    places: list[Placed]
    overlapping: bool = False


def _mirror(scene: TableContext, zone: Zone, ui: GameUI) -> bool:
    return ui.upright and zone.arrangement in LINED and scene.viewport.flipped


def layout_cards(scene: TableContext, zone: Zone, cards: Sequence[CardView],
                 tapped_turn: float = 90.0) -> ZoneCards:
    """The default arrangement: the layout's own placements of the zone's cards.

    A tapped card is turned by ``tapped_turn`` degrees more. A grid/slots zone holding
    more cards than it has cells piles the rest on its last cell. With an
    :attr:`GameUI.upright` plugin the rows of a turned-round view are laid out
    mirrored, so on screen too the first card is on the left.
    """
    n = len(cards)
    layout = scene.layout
    try:
        places = layout.placements(zone.id, n, CARD_SIZE)
    except ValueError:  # more cards than cells: the rest on the last cell
        cells = layout.placements(zone.id, len(zone.cell_names()), CARD_SIZE) or [
            zone.shape()]
        places = [cells[min(i, len(cells) - 1)] for i in range(n)]
    lined = zone.arrangement in LINED
    overlap = False
    if n > 1 and lined:
        pitch = math.dist(places[1].center, places[0].center)
        overlap = pitch < CARD_SIZE[0]
    if _mirror(scene, zone, scene.ui):
        places = places[::-1]
    out = [Placed(str(c.iid), p.center, CARD_SIZE,
                  p.rotation_deg + (tapped_turn if c.tapped else 0.0))
           for c, p in zip(cards, places, strict=True)]
    return ZoneCards(out, overlap)


def pack_row(zone: Zone, tapped: Sequence[bool], min_scale: float = 1.0,
             card_size: tuple[float, float] = CARD_SIZE,
             gap_mm: float = ROW_GAP_MM) -> tuple[list[Placed], bool]:
    """Centres for a row whose tapped cards are turned (as wide as a card is tall).

    Neighbours keep a ``gap_mm`` gap when the zone is wide enough. Otherwise the cards
    first shrink (down to ``min_scale`` of their size), and only then overlap evenly
    so the outer cards touch the zone's ends; each card is then covered on its right,
    so its left strip stays in sight. Works in the zone's own frame, so any zone
    rotation is fine. Returns the placements (table mm; ``size`` is the upright card
    size, rotation the zone's: add the tapped turn yourself) and whether neighbours
    overlap.
    """
    widths = [card_size[1] if t_ else card_size[0] for t_ in tapped]
    n = len(widths)
    gap = gap_mm
    scale = 1.0
    if n > 1 and sum(widths) + gap * (n - 1) > zone.width_mm:
        scale = max(min_scale, min(1.0, (zone.width_mm - gap * (n - 1)) / sum(widths)))
        widths = [w * scale for w in widths]
    if n > 1 and sum(widths) + gap * (n - 1) > zone.width_mm + 1e-6:
        gap = (zone.width_mm - sum(widths)) / (n - 1)
    total = sum(widths) + gap * (n - 1)
    x = -total / 2.0
    frame = zone.shape()
    size = (card_size[0] * scale, card_size[1] * scale)
    out = []
    for w in widths:
        out.append(Placed("", frame.to_table((x + w / 2.0, 0.0)), size, zone.rotation_deg))
        x += w + gap
    return out, gap < 0


class GameUI:
    """The window plugin of one game: every hook has a working default.

    One instance per table scene (``TableScene.ui``), built with the game's rules.
    Hooks are called on the pygame thread; none may change the game state other than
    by ``scene.propose(action)`` (the rules stay the only authority).

    Class attributes (override in the subclass):
        upright: True draws every card as its viewer reads it, ignoring the half turn
            of seat 1's view (Arc: all cards upright from both seats). False (default)
            draws cards as they lie on the table: a card with rotation 180 (the
            opponent's, 絵師100人展) is upside down for the viewer whose side it is not.
        turn_commands: the generic turn buttons this game's rules understand, among
            ``"next_phase"`` (``Action("next_phase")``, keys N / Space) and
            ``"end_turn"`` (``Action("end_turn")``, key E).
        commands: the plugin's own buttons, placed after the turn buttons (label
            ``button.<command>`` from the catalogue); see :meth:`command_action` and
            :meth:`run_command`.
        keys: shortcuts for the plugin's commands: pygame key code -> command.
        key_hints: command -> the key named in the button's tool tip.
    """

    upright: ClassVar[bool] = False
    turn_commands: ClassVar[tuple[str, ...]] = ("next_phase", "end_turn")
    commands: ClassVar[tuple[str, ...]] = ()
    keys: ClassVar[Mapping[int, str]] = {}
    key_hints: ClassVar[Mapping[str, str]] = {}

    def __init__(self, rules: GameRules) -> None:
        self.rules = rules
        self.game_id: str = rules.game_id

    # -- set-up (called once, in TableScene.__init__) ------------------------------------

    def load_layout(self) -> Layout:
        """The table layout (default: ``layouts/<game_id>.toml``), checked against what
        the rules need (``GameRules.layout_needs``: every zone, the cells they name).

        Raises:
            LayoutError: naming file, zone and field (also a missing file; an override
                calling this keeps the check).
        """
        try:
            path = resource_path("layouts", f"{self.game_id}.toml")
        except FileNotFoundError as exc:
            raise LayoutError(str(exc)) from None
        layout = load_layout(path)
        check_layout_needs(layout, self.rules.layout_needs(), self.game_id)
        return layout

    def make_renderer(self, fonts: FontSource) -> CardRenderer:
        """The card face renderer (default: plain labelled cards). Override to return a
        :class:`~tabletop.ui.card_render.CardRenderer` subclass with the game's faces."""
        return CardRenderer(fonts, self.rules.cards)

    def make_decisions(self) -> DecisionPanel:
        """The panel for the rules' pending decisions (default: one button per option)."""
        return DecisionPanel()

    # -- where cards lie (after every change, and after a hand-over) ---------------------

    def table_layout(self, scene: TableContext) -> Layout:
        """The layout the table draws, hit-tests and arranges against now, asked after
        every change before the cards are laid out. Default: ``scene.layout`` (the one
        :meth:`load_layout` gave, never changed). A game whose zones move with the turn
        returns another :class:`~tabletop.layout.Layout` (same table size); the table
        then rebuilds its geometry and zone outlines from it (Conan: the battlefield
        seen from the turn player's Conan)."""
        return scene.layout

    def arrange(self, scene: TableContext, zone: Zone, cards: Sequence[CardView]) -> ZoneCards:
        """Where the ``cards`` of ``zone`` (the viewer's view, bottom first) lie.

        Called for every zone whenever the view is rebuilt. The placements also feed
        hit-testing (what is under the pointer) and snapping. Default:
        :func:`layout_cards` (the layout's arrangement, tapped cards turned 90).
        Helpers: :func:`pack_row` (rows with turned cards that shrink, then overlap).
        """
        return layout_cards(scene, zone, cards)

    # -- input ---------------------------------------------------------------------------

    def can_pick_up(self, scene: TableContext, iid: int) -> bool:
        """May the viewer start dragging card ``iid``? Called on a press on a card,
        outside free mode and game over (free mode: any card). Default: the viewer's own
        cards whose face the viewer sees."""
        sprite = scene.by_iid.get(iid)
        return sprite is not None and sprite.card.owner == scene.viewer \
            and not sprite.card.hidden

    def drop_target_cards(self, scene: TableContext, iid: int) -> Iterable[int]:
        """Cards that may be dropped *onto* while dragging ``iid`` (each asked once at
        pick-up with ``interpret_drop(..., onto=card)``). Default: the cards in zones of
        kind play, combat, resource, grid and slots."""
        kinds = {"play", "combat", "resource", "grid", "slots"}
        zones = {z.id for z in scene.layout.zones if z.kind in kinds}
        return [s.iid for s in scene.sprites if s.zone in zones and s.iid != iid]

    def drop_zone_id(self, scene: TableContext, key: str) -> str:
        """What ``interpret_drop`` gets as ``zone_id`` for a drop on ``key``: a zone id,
        or a cell key ``"cell:<zone>/<name>"``. Default: ``key`` unchanged."""
        return key

    def drop_action(self, scene: TableContext, action: Action) -> Action:
        """The action a drop proposes, given what the viewer chose before the drag (the
        action ``interpret_drop`` made of it). Asked at pick-up for every place (what
        lights up) and for the refusal of an unlit place, so lit, refused and proposed
        agree. Default: ``action`` unchanged. Arc adds the resources clicked to pay
        with (``payment``), so a save replays the same taps."""
        return action

    def can_select(self, scene: TableContext, iid: int) -> bool:
        """May the viewer select card ``iid`` by clicking it (``scene.selected``, drawn
        with a frame)? Asked on a click and after every change (a card no longer
        selectable is unselected). Default: no card."""
        return False

    def click_card(self, scene: TableContext, iid: int) -> bool | None:
        """A click (press and release without a drag) on card ``iid`` outside free mode.
        Default: toggle its selection when :meth:`can_select`.

        Return False when the click did nothing: the table then shows why
        (:meth:`click_refusal`), so no click passes in silence. True or None: the click
        was used (an override that returns nothing counts as used)."""
        if not self.can_select(scene, iid):
            return False
        if iid in scene.selected:
            scene.selected.remove(iid)
        else:
            scene.selected.append(iid)
        scene.refresh_controls()
        return True

    def click_refusal(self, scene: TableContext, iid: int) -> Verdict | None:
        """Why a click on card ``iid`` (a view id) did nothing, as a refusal the table
        shows in the toast and the viewer's log (None: say nothing). Asked when
        :meth:`click_card` returns False. Override to give the rules' own reason (a
        tapped character cannot block, a damaged card cannot be used) with its rule id.
        Default: :func:`click_refusal_from_legal` (derived from the pending decision and
        ``rules.legal_actions``)."""
        return click_refusal_from_legal(scene, iid)

    def command_refusal(self, scene: TableContext, command: str) -> Verdict | None:
        """Why the turn or plugin command ``command`` is off now (its button greyed
        out), asked when the greyed button is clicked or its key pressed. Default: the
        game is over; the viewer's own question must be answered first, or the other
        seat's awaited; no action (:meth:`command_action` is None); else the rules'
        refusal of the action (``game.check``)."""
        return command_refusal_default(scene, command)

    def command_action(self, scene: TableContext, command: str) -> Action | None:
        """The action one of :attr:`commands` proposes now (None: the button is disabled;
        otherwise it is enabled when ``game.check`` accepts the action)."""
        return None

    def run_command(self, scene: TableContext, command: str) -> bool:
        """Run one of :attr:`commands` (button or key); True when handled here. Default:
        False, so the table proposes :meth:`command_action`."""
        return False

    # -- drawing -------------------------------------------------------------------------

    def explain(self, card: CardDef, view: CardView) -> list[str]:
        """Plain-words lines under the card's name in the hover preview (current language).
        Default: the card's rules text."""
        return no_explanation(card, view)

    def counts_line(self, view: TableView, seat: int) -> str:
        """The phase tracker's line about ``seat`` (default: "Player 1: deck 30 · hand 5",
        from the zones ``p<seat>.deck`` and ``p<seat>.hand``)."""
        return plain_counts(view, seat)

    def toast_bottom(self, scene: TableContext, bottom: int | None) -> int | None:
        """Where the refusal box's bottom goes (pixels): ``bottom`` (above the viewer's
        hand; None: the toast's own place) unless the game's layout needs another."""
        return bottom

    def draw_on_cards(self, scene: TableContext, surface: pygame.Surface) -> None:
        """Draw over the cards, under the counts and marks (Arc: power chips)."""

    def draw_marks(self, scene: TableContext, surface: pygame.Surface) -> None:
        """Draw marks after the selection frames and before the lit drop targets and the
        hover frame (Arc: blocker lines and power comparisons)."""

    def draw_over_drag(self, scene: TableContext, surface: pygame.Surface) -> None:
        """Draw over the card being dragged (after it; Conan: the fight preview marks and
        words, which the carried card would hide). Default: nothing."""

    def draw_drag_marks(self, scene: TableContext, surface: pygame.Surface) -> None:
        """Draw the marks that follow the pointer while a card is carried, under it (Conan:
        the place it would snap to). Everything else drawn under the carried card is
        drawn once per drag and kept (issue 14), so :meth:`draw_on_cards` and
        :meth:`draw_marks` must not depend on where the pointer is. Default: nothing."""

    # -- life cycle ----------------------------------------------------------------------

    def shown_state(self, scene: TableContext) -> Any:
        """The state the table shows (view, log, question), asked at every rebuild.

        Default: ``scene.game.state``. A plugin playing back what an action did returns
        an earlier copy while the playback runs (Conan's fight: the table, its log and
        the next question catch up beat by beat); the game's buttons stay off until it
        returns ``scene.game.state`` again. It calls ``scene.refresh_shown()`` when the
        moment shown changes.
        """
        return scene.game.state

    def playback_coach(self, scene: TableContext) -> CoachLine | None:
        """The coach panel's line while the plugin plays back what an action did and the
        table already shows the state after it (Xenocard's battle: the attack on
        screen, not the turn after it); None (default): the usual line."""
        return None

    def playing(self, scene: TableContext) -> bool:
        """Is a playback running by itself now (a fight, a battle)? The table watches it
        every frame: when it ends on its own, the first key pressed within
        :data:`~tabletop.ui.table.AFTER_PLAYBACK_S` only closes it (a Space meant for the
        playback never becomes "next phase"). Default: :meth:`shown_state` is an
        earlier moment than the game's."""
        return self.shown_state(scene) is not scene.game.state

    def refresh(self, scene: TableContext) -> None:
        """The view was rebuilt (after every action, undo, hand-over)."""

    def update(self, scene: TableContext, dt: float) -> None:
        """Advance the plugin's own animations by ``dt`` seconds (every frame, also under
        the hand-over cover: check ``scene.cover_pending``). Default: nothing."""

    def handle_event(self, scene: TableContext, event: pygame.event.Event
                     ) -> pygame.event.Event | None:
        """See an input event before the table does; return None to consume it (Xenocard:
        stepping through the battle playback). Default: pass it on."""
        return event

    def forget_private(self, scene: TableContext) -> None:
        """The computer changes hands: drop everything shown to the leaving seat that the
        table does not already clear (it clears the toast, hover, selection, drag,
        log and the decision panel's :meth:`~DecisionPanel.forget`)."""


# ---------------------------------------------------------------------- why nothing happened

#: Action arguments that name cards: one card, or a list of them.
_CARD_ARGS: tuple[str, ...] = ("card", "onto", "target", "weapon", "holder", "foe",
                               "blocker", "attacker")
_CARD_LISTS: tuple[str, ...] = ("cards", "attackers", "blockers", "targets")
#: Actions that only use a card by putting another onto it.
_ONTO_ARGS: tuple[str, ...] = ("onto", "target", "holder")
#: At most this many other usable cards are named in a click's explanation.
MAX_NAMED = 4


def _names_card(action: Action, iid: int, args: Sequence[str] = _CARD_ARGS) -> bool:
    for name in args:
        value = action.get(name)
        if value == iid and not isinstance(value, bool):
            return True
    if args is _CARD_ARGS:
        for name in _CARD_LISTS:
            value = action.get(name)
            if isinstance(value, tuple) and iid in value:
                return True
    return False


def _card_name(scene: TableContext, iid: int) -> Message:
    sprite = scene.by_iid.get(iid)
    if sprite is None or sprite.card.card_id is None:
        return msg("core.hidden_card")
    return msg(f"card.{sprite.card.card_id}")


def _decision_prompt(scene: TableContext) -> str:
    return scene.decisions.prompt_text(scene.lang) or ""


def _go_on(scene: TableContext) -> Message | None:
    """"Next phase" (or the first enabled turn command) when the viewer may go on."""
    for command in scene.ui.turn_commands:
        if scene.command_enabled(command):
            return msg(f"button.{command}")
    return None


def click_refusal_from_legal(scene: TableContext, iid: int) -> Verdict | None:
    """The default reason a click on card ``iid`` (a view id) did nothing.

    * game over: the game is over; free mode: None (clicks tap there);
    * the viewer's pending decision: the card is not among its choices (or how to
      answer when it is), with the decision's prompt;
    * a hidden card: hidden cards are not used by clicking;
    * a card some legal action of the viewer uses: drag it (onto a card: drag one of
      yours onto it);
    * otherwise: it cannot be used now (another seat's: whose it is), plus what can be
      used instead (up to :data:`MAX_NAMED` card names from ``rules.legal_actions``) or
      the turn command that goes on.

    Returns a refusal (reason ``table.click_*``), never a legal verdict.
    """
    state = scene.game.state
    if state.game_over:
        return Verdict.refuse("game_over")
    if state.free_mode:
        return None
    seat = scene.viewer
    card = _card_name(scene, iid)
    pending = state.pending
    if pending is not None and pending.seat == seat:
        listed = any(str(iid) in "".join(c if c.isdigit() else " " for c in str(o)).split()
                     for o in pending.options)
        key = "table.click_choice_how" if listed else "table.click_not_a_choice"
        return Verdict.refuse(key, card=card, prompt=_decision_prompt(scene))
    if pending is not None:
        return Verdict.refuse("table.click_waiting", player=seat_msg(pending.seat),
                              prompt=pending.prompt)
    sprite = scene.by_iid.get(iid)
    if sprite is None or sprite.card.card_id is None:
        return Verdict.refuse("table.click_hidden")
    legal = scene.rules.legal_actions(state, seat)
    if any(_names_card(a, iid) and not _names_card(a, iid, _ONTO_ARGS) for a in legal):
        return Verdict.refuse("table.click_drag_to_use", card=card)
    if any(_names_card(a, iid, _ONTO_ARGS) for a in legal):
        return Verdict.refuse("table.click_drag_onto", card=card)
    usable: list[Message] = []
    for other in scene.sprites:
        if other.iid == iid or other.card.card_id is None or other.card.owner != seat:
            continue
        name = msg(f"card.{other.card.card_id}")
        if name not in usable and any(_names_card(a, other.iid) for a in legal):
            usable.append(name)
    go_on = _go_on(scene)
    then: Message | str = ""
    if usable:
        then = msg("refusal.table.click_can_use", cards=tuple(usable[:MAX_NAMED]))
        if go_on is not None:
            then = msg("refusal.table.click_and", first=then,
                       second=msg("refusal.table.click_can_go_on", command=go_on))
    elif go_on is not None:
        then = msg("refusal.table.click_only_go_on", command=go_on)
    if sprite.card.owner is not None and sprite.card.owner != seat:
        return Verdict.refuse("table.click_not_yours", card=card,
                              player=seat_msg(sprite.card.owner), then=then)
    return Verdict.refuse("table.click_nothing_now", card=card, then=then)


def command_refusal_default(scene: TableContext, command: str) -> Verdict | None:
    """The default reason the turn or plugin command ``command`` is off (see
    :meth:`GameUI.command_refusal`); None when it is not off after all."""
    state = scene.game.state
    label = msg(f"button.{command}")
    if state.game_over:
        return Verdict.refuse("game_over")
    pending = state.pending
    if pending is not None and pending.seat == scene.viewer:
        return Verdict.refuse("table.off_answer_first", command=label,
                              prompt=_decision_prompt(scene))
    if pending is not None:
        return Verdict.refuse("table.off_waiting", command=label,
                              player=seat_msg(pending.seat), prompt=pending.prompt)
    action = scene.command_action(command)
    if action is None:
        return Verdict.refuse("table.off_not_now", command=label)
    verdict = scene.game.check(action)
    return None if verdict.ok else verdict


# ---------------------------------------------------------------------- discovery


def game_ui_module(game_id: str) -> str:
    """The module name of a game's window plugin."""
    return f"{__name__}.{game_id}"


def has_game_ui(game_id: str) -> bool:
    """True when ``tabletop/ui/games/<game_id>.py`` exists (not imported here)."""
    if not game_id.isidentifier():
        return False
    if sys.modules.get(game_ui_module(game_id)) is not None:  # imported (or a test's)
        return True
    try:
        return importlib.util.find_spec(game_ui_module(game_id)) is not None
    except (ImportError, ValueError):
        return False


def load_game_ui(game_id: str, rules: GameRules) -> GameUI:
    """The window plugin of ``game_id`` for ``rules``.

    Raises:
        NoGameUI: when the game has no plugin module, or it defines no ``UI`` class.
    """
    if not has_game_ui(game_id):
        raise NoGameUI(f"game {game_id!r} has no window yet "
                       f"(no module {game_ui_module(game_id)})")
    module: Any = importlib.import_module(game_ui_module(game_id))
    cls = getattr(module, "UI", None)
    if not (isinstance(cls, type) and issubclass(cls, GameUI)):
        raise NoGameUI(f"{game_ui_module(game_id)} defines no UI = <GameUI subclass>")
    return cls(rules)

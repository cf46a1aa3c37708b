"""Drag and drop of one card: what it may be dropped on, and where it ends up.

At pick-up, :func:`legal_targets` asks the rules once what dropping the card on
each zone, on each cell of a grid/slots zone, and onto each target card would mean
(``rules.interpret_drop``) and whether that action is legal now (``game.check``).
The result is kept for the whole drag, so a mouse motion only moves the card
(docs/architecture.md: targets light up while dragging). In free mode (ALL-R3) every other zone
is a target and the action is ``manual_move``.

On release, :meth:`DragState.resolve` applies one rule for every game: the card
goes to the place (zone, cell or target card) it overlaps most among *all* the
places of the table (:meth:`TableGeometry.drop_place`), lit or not. If that place
is lit, the drop proposes its action; otherwise the drop is refused with the rules'
reason for that place (``interpret_drop`` + ``check``). A sliver of overlap with a
lit place therefore never wins over the place the card mostly lies on. Dropping it
back on its own zone or cell does nothing. No pygame import: the scene feeds it
table millimetres.

Cells are addressed by their layout key ``"cell:<zone>/<name>"``; what the rules
receive as ``zone_id`` for a cell is ``drop_id(key)`` (the window plugin's
:meth:`~tabletop.ui.games.GameUI.drop_zone_id`, by default the key itself). Every
action a drop means passes through ``adjust`` (the plugin's
:meth:`~tabletop.ui.games.GameUI.drop_action`, by default unchanged) before it is
checked, lit or proposed, so choices the player made beforehand (Arc: the resources
clicked to pay with) are part of the action.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from tabletop.core.actions import Action, Verdict
from tabletop.core.engine import Game
from tabletop.geometry import Placed
from tabletop.layout import CARD_SIZE, TableGeometry, split_cell_key

__all__ = ["CLICK_SLOP_PX", "DragState", "DropResult", "legal_targets", "refusal_for"]

#: A press and release closer than this (pixels) is a click, not a drag.
CLICK_SLOP_PX = 5


def _same(key: str) -> str:
    return key


def _unchanged(action: Action) -> Action:
    return action


@dataclass(frozen=True)
class DropResult:
    """What a release means: an action to propose, a refusal to show, or nothing.

    ``zone`` is the zone the card lands in when ``action`` is set; ``cell`` the cell
    key when it was dropped on a cell.
    """

    action: Action | None = None
    refusal: Verdict | None = None
    zone: str | None = None
    cell: str | None = None


def legal_targets(
    game: Game, seat: int, iid: int, zone_ids: Iterable[str], card_targets: Iterable[int],
    cell_keys: Iterable[str] = (), drop_id: Callable[[str], str] = _same,
    adjust: Callable[[Action], Action] = _unchanged,
) -> tuple[dict[str, Action], dict[int, Action], dict[str, Action]]:
    """Legal drop targets of card ``iid`` for ``seat``: zones, cards and cells.

    Returns ``(zones, cards, cells)``: zone id -> action, target instance id -> action,
    cell key -> action, holding only the drops whose action (after ``adjust``)
    ``game.check`` accepts now. Called once per pick-up.
    """
    state = game.state
    card = game.resolve(iid)  # a hidden card's view id is a handle (ALL-R2)
    origin = state.zone_of(card)
    zones: dict[str, Action] = {}
    cards: dict[int, Action] = {}
    cells: dict[str, Action] = {}
    if state.free_mode:
        for zid in zone_ids:
            if zid != origin:
                zones[zid] = Action.make("manual_move", seat, card=card, zone=zid)
        return zones, cards, cells
    for zid in zone_ids:
        if zid == origin:
            continue
        action = _adjusted(game.interpret_drop(seat, card, drop_id(zid), None), adjust)
        if isinstance(action, Action) and game.check(action).ok:
            zones[zid] = action
    for key in cell_keys:
        action = _adjusted(game.interpret_drop(seat, card, drop_id(key), None), adjust)
        if isinstance(action, Action) and game.check(action).ok:
            cells[key] = action
    for target in card_targets:
        if target == iid:
            continue
        zid = state.zone_of(game.resolve(target))
        action = _adjusted(game.interpret_drop(seat, card, zid, target), adjust)
        if isinstance(action, Action) and game.check(action).ok:
            cards[target] = action
    return zones, cards, cells


def _adjusted(answer: Action | Verdict, adjust: Callable[[Action], Action]) -> Action | Verdict:
    return adjust(answer) if isinstance(answer, Action) else answer


@dataclass
class DragState:
    """One card being dragged.

    Attributes:
        iid: the card instance.
        origin: the zone it was picked up from.
        grab_mm: where inside the card (offset from its centre, mm) it was grabbed.
        start_px: the pointer position at pick-up (to tell a click from a drag).
        pos_px: the current pointer position.
        zones, cards, cells: the legal targets found at pick-up (see :func:`legal_targets`).
        moved: True once the pointer left the click slop.
        origin_cell: the cell key the card lay on at pick-up ("" when none).
        drop_id: cell key or zone id -> what ``interpret_drop`` receives as ``zone_id``.
        targets: every card that may be dropped onto (lit or not): the card places.
        adjust: the plugin's last word on each drop's action (see the module docstring).
    """

    iid: int
    origin: str
    grab_mm: tuple[float, float]
    start_px: tuple[int, int]
    pos_px: tuple[int, int]
    zones: dict[str, Action] = field(default_factory=dict)
    cards: dict[int, Action] = field(default_factory=dict)
    moved: bool = False
    cells: dict[str, Action] = field(default_factory=dict)
    origin_cell: str = ""
    drop_id: Callable[[str], str] = _same
    targets: tuple[int, ...] = ()
    adjust: Callable[[Action], Action] = _unchanged

    def motion(self, pos_px: tuple[int, int]) -> None:
        """The pointer moved (cheap: no rules or geometry queries)."""
        self.pos_px = pos_px
        if not self.moved:
            dx, dy = pos_px[0] - self.start_px[0], pos_px[1] - self.start_px[1]
            self.moved = dx * dx + dy * dy > CLICK_SLOP_PX * CLICK_SLOP_PX

    @property
    def lit_zones(self) -> set[str]:
        """Ids of the zones lit as legal targets."""
        return set(self.zones)

    @property
    def lit_cells(self) -> set[str]:
        """Keys of the cells lit as legal targets."""
        return set(self.cells)

    def card_centre_mm(self, pointer_mm: tuple[float, float]) -> tuple[float, float]:
        """Where the dragged card's centre is for a pointer at ``pointer_mm``."""
        return (pointer_mm[0] - self.grab_mm[0], pointer_mm[1] - self.grab_mm[1])

    def resolve(self, game: Game, seat: int, geometry: TableGeometry,
                pointer_mm: tuple[float, float]) -> DropResult:
        """The meaning of releasing the card with the pointer at ``pointer_mm``: the
        place the card overlaps most (see the module docstring)."""
        dragged = Placed("dragged", self.card_centre_mm(pointer_mm), CARD_SIZE)
        if game.state.free_mode:  # ALL-R3: zones only, any zone but its own
            zone = geometry.snap_zone(dragged, [z.id for z in geometry.layout.zones])
            if zone is None or zone == self.origin:
                return DropResult()
            if zone in self.zones:
                return DropResult(self.zones[zone], None, zone)
            return DropResult(None, refusal_for(game, seat, self.iid, zone, None,
                                                self.adjust))
        place = geometry.drop_place(
            dragged, [str(t) for t in self.targets if t != self.iid])
        if place is None:
            return DropResult()
        kind, key = place
        if kind == "card":
            target = int(key)
            zone = geometry.card_zone(key) or game.state.zone_of(game.resolve(target))
            if target in self.cards:
                return DropResult(self.cards[target], None, zone)
            if zone == self.origin:
                return DropResult()  # back among its own neighbours: nothing happens
            return DropResult(None, refusal_for(game, seat, self.iid,
                                                game.state.zone_of(game.resolve(target)),
                                                target, self.adjust))
        if kind == "cell":
            zone = split_cell_key(key)[0]
            if key in self.cells:
                return DropResult(self.cells[key], None, zone, key)
            on_cell = next((t for t in self.cards
                            if geometry.cell_at(*geometry.card_placement(str(t)).center) == key),
                           None)
            if on_cell is not None:  # the lit card lying on that cell
                return DropResult(self.cards[on_cell], None, zone, key)
            if key == self.origin_cell:
                return DropResult()
            return DropResult(None, refusal_for(game, seat, self.iid, self.drop_id(key), None,
                                                self.adjust))
        if key in self.zones:
            return DropResult(self.zones[key], None, key)
        if key == self.origin:
            return DropResult()
        return DropResult(None, refusal_for(game, seat, self.iid, self.drop_id(key), None,
                                            self.adjust))


def refusal_for(game: Game, seat: int, iid: int, zone_id: str,
                onto: int | None = None,
                adjust: Callable[[Action], Action] = _unchanged) -> Verdict:
    """Why dropping ``iid`` on ``zone_id`` (a zone id or a cell's drop id), onto card
    ``onto`` when given, is refused (the rules' own verdict on the action after
    ``adjust``)."""
    if game.state.free_mode:
        return game.check(Action.make("manual_move", seat, card=iid, zone=zone_id))
    answer = _adjusted(game.interpret_drop(seat, iid, zone_id, onto), adjust)
    if isinstance(answer, Verdict):
        return answer if not answer.ok else Verdict.refuse("not_legal_target")
    verdict = game.check(answer)
    return verdict if not verdict.ok else Verdict.refuse("not_legal_target")

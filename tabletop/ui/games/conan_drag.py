"""Conan drops onto *shapes*: Foe row positions, Foe Move places, Conan/Ally Move places.

The generic table lights zones, layout cells and cards. Conan's places are none of
those: they are the placed shapes the rules compute (``foes.foe_targets``,
``battlefield.foe_move_shape``, ``moves.legal_targets``). So for these three drags
the plugin keeps a :class:`DropPlan` (built once at pick-up from the rules' own
queries) and resolves the release itself:

* **the snap rule** (stated, repeatable): the dragged card, as it lies under the
  pointer, is compared with every lit place; the place it overlaps with the
  largest area wins; equal areas: the nearer centre; then the smaller place id
  (:meth:`tabletop.geometry.ShapeIndex.best_target`). A card overlapping no lit
  place goes back to the hand, with the rules' reason when it was over a zone.

Pure apart from reading the scene: no pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from tabletop.core.actions import Action, Verdict
from tabletop.games.conan import battlefield as bf
from tabletop.games.conan import foes, moves
from tabletop.games.conan.stats import cost_wounds, prowess_now, would_defeat
from tabletop.games.conan.zones import FOE_ZONES, cdef, enemy, zid
from tabletop.geometry import Placed, ShapeIndex
from tabletop.layout import CARD_SIZE

if TYPE_CHECKING:
    from tabletop.core.cards import CardDb
    from tabletop.core.model import GameState

__all__ = ["DropPlan", "MoveChoice", "make_plan", "move_choices", "snap_key"]

FOE, FOE_MOVE, MOVE = "foe", "foe_move", "move"


@dataclass
class DropPlan:
    """The lit places of one drag: place id -> the shape the card would take there.

    ``kind``: ``foe`` (a Foe to a row position, ids ``"<zone>/<position>"``),
    ``foe_move`` (a Move against a Foe, ids = the Foe's instance id), ``move`` (a
    Conan/Ally Move, ids = battlefield target ids such as ``"center/gap1"``).
    ``targets``: for ``move``, the battlefield targets by id.
    """

    kind: str
    iid: int
    shapes: dict[str, Placed]
    targets: dict[str, bf.Target] = field(default_factory=dict)


def make_plan(state: GameState, db: CardDb, seat: int, iid: int) -> DropPlan | None:
    """The plan for dragging ``iid`` now, or None when the generic drag handles it."""
    zone = state.zone_of(iid)
    phase = state.phase
    if phase == "foe_draw" and state.step == "place" and seat == enemy(state) \
            and zone == zid(seat, "foe_hand") and state.pending is None:
        return DropPlan(FOE, iid, {t.id: t.shape for t in foes.foe_targets(state, db, iid)})
    if zone != zid(seat, "hand") or state.pending is not None \
            or not moves.usable_as_move(state, db, iid):
        return None
    if phase == "foe_move" and seat == enemy(state):
        shapes = {}
        for foe in moves.foes_without_move(state):
            if not moves.foe_can_take(state, db, foe, iid):
                continue  # CONAN-R12: a cost that would defeat the Foe is no target
            zone_id = state.zone_of(foe)
            shape = next(s for s in bf.foe_shapes(state, zone_id) if int(s.key) == foe)
            shapes[str(foe)] = bf.foe_move_shape(shape, str(foe))
        return DropPlan(FOE_MOVE, iid, shapes)
    if phase == "conan_move" and seat == state.active:
        targets: dict[str, bf.Target] = {}
        for who in moves.characters(state, db, seat):
            for t in moves.legal_targets(state, db, seat, who):
                targets.setdefault(t.id, t)
        return DropPlan(MOVE, iid, {k: t.shape for k, t in targets.items()}, targets)
    return None


def snap_key(dragged: Placed, shapes: dict[str, Placed]) -> str | None:
    """The lit place ``dragged`` overlaps most (the module's snap rule), or None."""
    index = ShapeIndex()
    for key, shape in shapes.items():
        index.add(shape.with_key(key), "target")
    return index.best_target(dragged, list(shapes))


def dragged_shape(centre: tuple[float, float]) -> Placed:
    """The dragged card as it lies under the pointer (upright, card size)."""
    return Placed("dragged", centre, CARD_SIZE, 0.0)


def zone_under(state: GameState, dragged: Placed) -> str | None:
    """The Foe row the dragged card overlaps most on this turn's battlefield (for a
    refusal's reason), or None."""
    index = ShapeIndex()
    lay = bf.frame(state)
    for z in FOE_ZONES:
        index.add(lay.zone(z).shape().with_key(z), "zone")
    return index.best_target(dragged, list(FOE_ZONES))


def foe_refusal(state: GameState, db: CardDb, check: object, seat: int, iid: int,
                zone: str) -> Verdict:
    """Why ``iid`` may not go to ``zone`` (the rules' own verdict, at the row's end)."""
    costs = foes.cost_options(state, db, iid) or [[]]
    action = Action.make("place_foe", seat, card=iid, zone=zone,
                         position=len(state.zones[zone].cards), cost=costs[0])
    verdict = check(action)  # type: ignore[operator]
    return verdict if not verdict.ok else Verdict.refuse("not_legal_target")


@dataclass(frozen=True)
class MoveChoice:
    """Who may play a Move at a place, and what it costs them (shown before confirming).

    ``prowess`` now, ``after`` once paid, ``wounds`` to come (CONAN-R12), ``fatal``:
    paying would defeat them (needs the explicit confirmation).
    """

    character: int
    prowess: int
    after: int
    wounds: int
    fatal: bool
    action: Action


def move_choices(state: GameState, db: CardDb, seat: int, card: int, target: str,
                 check: object) -> list[MoveChoice]:
    """Every character who may legally play ``card`` at ``target`` now (Conan first)."""
    cost = int(cdef(state, db, card)["cost"])
    out = []
    for who in moves.characters(state, db, seat):
        fatal = would_defeat(state, db, who, cost)
        action = Action.make("place_move", seat, card=card, character=who, target=target,
                             **({"accept_defeat": True} if fatal else {}))
        if not check(action).ok:  # type: ignore[operator]
            continue
        now = prowess_now(state, db, who)
        out.append(MoveChoice(who, now, max(0, now - cost), cost_wounds(state, db, who, cost),
                              fatal, action))
    return out

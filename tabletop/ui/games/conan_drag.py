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
from typing import TYPE_CHECKING, Any

from tabletop.core.actions import Action, Verdict
from tabletop.core.messages import msg
from tabletop.games.conan import battlefield as bf
from tabletop.games.conan import foes, moves
from tabletop.games.conan.stats import cost_wounds, health_left, prowess_now, would_defeat
from tabletop.games.conan.words import inst_msg
from tabletop.games.conan.zones import FOE_ZONES, cdef, enemy, zid
from tabletop.geometry import Placed, ShapeIndex
from tabletop.layout import CARD_SIZE

if TYPE_CHECKING:
    from tabletop.core.cards import CardDb
    from tabletop.core.model import GameState

__all__ = ["DropPlan", "MoveChoice", "accepted_only", "far_refusal", "make_plan",
           "move_choices", "nothing_lit", "placeable", "snap_key"]

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

    def key_for(self, action: Action) -> str | None:
        """The lit place ``action`` drops this plan's card on (the hint outlines it,
        issue 12 §4): ``place_foe`` -> ``"<zone>/<position>"``, ``place_foe_move`` -> the
        Foe's id, ``place_move`` -> its target; None for another card, another kind of
        action or a place not lit."""
        if action.get("card") != self.iid:
            return None
        key: str | None = None
        if self.kind == FOE and action.kind == "place_foe":
            key = f"{action.get('zone')}/{action.get('position')}"
        elif self.kind == FOE_MOVE and action.kind == "place_foe_move":
            key = str(action.get("foe"))
        elif self.kind == MOVE and action.kind == "place_move":
            key = str(action.get("target"))
        return key if key in self.shapes else None


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
        for foe in moves.foes_without_move(state, db):
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


#: The last shapes indexed and the last answer: a drag asks for the same plan's shapes
#: every frame, twice (the snap frame and the fight preview; issue 14).
_SNAP: dict[str, Any] = {"shapes": None, "index": None, "keys": [], "asked": None,
                         "answer": None}


def snap_key(dragged: Placed, shapes: dict[str, Placed]) -> str | None:
    """The lit place ``dragged`` overlaps most (the module's snap rule), or None."""
    memo = _SNAP
    if memo["shapes"] is not shapes or memo["index"] is None:
        index = ShapeIndex()
        for key, shape in shapes.items():
            index.add(shape.with_key(key), "target")
        memo.update(shapes=shapes, index=index, keys=list(shapes), asked=None, answer=None)
    if memo["asked"] != dragged:
        memo["answer"] = memo["index"].best_target(dragged, memo["keys"])
        memo["asked"] = dragged
    answer: str | None = memo["answer"]
    return answer


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


def accepted_only(plan: DropPlan, state: GameState, db: CardDb, seat: int,
                  check: object) -> DropPlan:
    """``plan`` with only the places where ``check`` (the game's, a lesson's in a
    lesson) accepts the drop: a lesson lights only its step's place (docs/lessons.md;
    QA: both sides of the Bandit's Move lit while the step named one). A Foe's place is
    kept when any of its Major costs is accepted; a Move's when any character's is."""
    def ok(action: Action) -> bool:
        return bool(check(action).ok)  # type: ignore[operator]

    keep: dict[str, Placed] = {}
    for key, shape in plan.shapes.items():
        if plan.kind == FOE:
            zone, _, pos = key.partition("/")
            costs = [[]] if foes.forced_now(state, db) else \
                foes.cost_options(state, db, plan.iid)
            taken = any(ok(Action.make("place_foe", seat, card=plan.iid, zone=zone,
                                       position=int(pos), cost=cost)) for cost in costs)
        elif plan.kind == FOE_MOVE:
            taken = ok(Action.make("place_foe_move", seat, card=plan.iid, foe=int(key)))
        else:
            taken = bool(move_choices(state, db, seat, plan.iid, key, check))
        if taken:
            keep[key] = shape
    return DropPlan(plan.kind, plan.iid, keep,
                    {k: t for k, t in plan.targets.items() if k in keep})


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


def placeable(state: GameState, db: CardDb, seat: int, skip: int) -> list[int]:
    """The viewer's other cards (one per card id) that would light a place if dragged now."""
    out: list[int] = []
    seen: set[str] = set()
    for zone in (zid(seat, "hand"), zid(seat, "foe_hand")):
        for iid in state.zones[zone].cards:
            cid = state.cards[iid].card_id
            if iid == skip or cid in seen:
                continue
            plan = make_plan(state, db, seat, iid)
            if plan is not None and plan.shapes:
                seen.add(cid)
                out.append(iid)
    return out


def nothing_lit(state: GameState, db: CardDb, seat: int, plan: DropPlan,
                check: object) -> Verdict:
    """Why a card with *no* lit place has none, and what would be legal instead.

    Dropped anywhere, such a card can only be refused; "drop it on a lit place" would
    name places that do not exist. The reason is the rules' own (e.g. a Move whose
    cost would defeat every Foe waiting for one, CONAN-R12; Conan's two zones,
    CONAN-R10); ``instead`` names the cards that do have a place now, or the Next
    phase button when none has.
    """
    others = placeable(state, db, seat, plan.iid)
    if others:
        instead = msg("refusal.conan.instead_cards", cards=[inst_msg(state, i) for i in others])
    else:
        instead = msg(f"refusal.conan.instead_next_{plan.kind}")
    why: Verdict | None = None
    if plan.kind == FOE_MOVE:
        waiting = moves.foes_without_move(state, db)
        cost = int(cdef(state, db, plan.iid)["cost"])
        if waiting:
            sides = [msg("refusal.conan.foe_pays", foe=inst_msg(state, f),
                         p=prowess_now(state, db, f), hp=health_left(state, db, f))
                     for f in waiting]
            return Verdict.refuse("conan.nothing_lit_foe_move", "CONAN-R12",
                                  card=inst_msg(state, plan.iid), cost=cost, foes=sides,
                                  instead=instead)
    elif plan.kind == MOVE:
        who = moves.characters(state, db, seat)
        found: list[Verdict] = []
        for target in bf.all_targets(state):
            for character in who:
                verdict = check(Action.make(  # type: ignore[operator]
                    "place_move", seat, card=plan.iid, character=character, target=target.id,
                    accept_defeat=True))
                if not verdict.ok:
                    found.append(verdict)
        # the rule that closes most places says the most ("every place is taken" last)
        rank = {"conan.two_zones": 0, "conan.no_gap": 1, "conan.target_occupied": 2}
        found.sort(key=lambda v: rank.get(v.reason, 3))
        why = found[0] if found else None
        if not who:
            why = Verdict.refuse("conan.no_character_left", "CONAN-R10")
    elif plan.kind == FOE:
        zone = next((z for z in FOE_ZONES if foes.zone_open(state, db, z, plan.iid)), "center")
        why = foe_refusal(state, db, check, seat, plan.iid, zone)
    reason = why.message if why is not None and why.message is not None else \
        msg("refusal.conan.no_place_now")
    rule = why.rule if why is not None else ""
    return Verdict(False, "conan.nothing_lit", msg("refusal.conan.nothing_lit",
                                                   card=inst_msg(state, plan.iid),
                                                   why=reason, instead=instead), rule)


#: The rule each kind of shape drag places by (the refusal of a drop on no lit place
#: cites it): Foe rows CONAN-R7, a Foe's Move CONAN-R12, Conan's Moves CONAN-R8.
FAR_RULE = {FOE: "CONAN-R7", FOE_MOVE: "CONAN-R12", MOVE: "CONAN-R8"}


def far_refusal(state: GameState, plan: DropPlan, own_role: list[str]) -> Verdict:
    """The refusal of a drop that lies on no lit place and on no battlefield place the
    rules could judge: where ``plan``'s card goes (its rule), and, when it is an Action
    that may also be played in its own role now (CONAN-H11), the lit zones for that
    (``own_role``: zone ids, from the generic drag's lit zones)."""
    card = inst_msg(state, plan.iid)
    rule = FAR_RULE[plan.kind]
    if not own_role:
        return Verdict.refuse(f"conan.far_{plan.kind}", rule, card=card)
    zones = [msg(f"zone.{z.partition('.')[2] or z}") for z in own_role]
    return Verdict.refuse(f"conan.far_{plan.kind}_action", rule, card=card, zones=zones)

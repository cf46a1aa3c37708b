"""What a drag-and-drop means in Conan: a dropped card turned into an action.

Move cards on the battlefield are not dropped on zones but on *places*: the
window asks :func:`tabletop.games.conan.moves.legal_targets` (placed shapes to
light up) and snaps the dragged card with :func:`snap_move` (largest overlap).
For zone drops:

* turn player, Prepare step: hand card -> own side or the Conan spot:
  ``play_card``;
* enemy, Foe Draw: Foe-hand card -> a Foe row: ``place_foe`` at the row's end
  (a Major's cost: the first minimal payment); a Region from the hand -> the
  Conan spot: ``attach_region``;
* enemy, Foe Move: hand card onto a Foe (or its row's only Foe):
  ``place_foe_move``;
* turn player, Conan Move: hand card onto a Foe's Move: ``place_move`` for
  Conan at the first free place beside that Move;
* a card that cannot be a Move (an Ally, a Region) dropped on the battlefield in
  the Foe Move or Conan Move phase: ``conan.not_a_move`` (only a Move, an Item or
  an Action is played as a Move);
* an Action played in its own role at its timing (:mod:`plays`): onto the target
  it chooses (a Foe, Conan, an Ally), or, without one, onto its player's side or
  the Conan spot: ``play_card(card, target)``; outside the Move phases only (there
  a drop on a Foe or its Move places a Move);
* an Item, Ally or Region in play dragged onto its ability's target (or the Conan
  spot): ``use_ability(card, ability, target)``;
* anything else: a refusal saying so.
"""

from __future__ import annotations

from tabletop.core.actions import Action, Verdict
from tabletop.core.cards import CardDb
from tabletop.core.model import GameState
from tabletop.games.conan import battlefield as bf
from tabletop.games.conan import foes, moves, plays
from tabletop.games.conan.words import inst_msg
from tabletop.games.conan.zones import (
    CONAN_ZONE,
    FOE_ZONES,
    MOVES_ZONE,
    cdef,
    conan_of,
    enemy,
    zid,
)
from tabletop.geometry import Placed

#: What the hand is for in each phase (the refusal for a drop that means nothing
#: says so): phase -> (message key suffix, rule or seed section cited).
WHAT_NOW = {
    "prepare": ("prepare", "CONAN-R2"),  # the Prepare step (seed 準備ステップ)
    "foe_draw": ("foe_draw", "CONAN-R7"),
    "foe_move": ("foe_move", "CONAN-R12"),
    "conan_move": ("conan_move", "CONAN-R8"),
}

#: Where a Move is played in the Foe Move and Conan Move phases.
BATTLEFIELD = frozenset({*FOE_ZONES, MOVES_ZONE, CONAN_ZONE})


def snap_move(state: GameState, db: CardDb, seat: int, iid: int, character: int,
              dragged: Placed) -> Action | Verdict:
    """The ``place_move`` a Move dragged to ``dragged`` (mm) means: the legal place it
    overlaps most, or a refusal when it overlaps none."""
    target = bf.snap(dragged, moves.legal_targets(state, db, seat, character))
    if target is None:
        return Verdict.refuse("conan.no_such_target", "CONAN-R8", target="-")
    return Action.make("place_move", seat, card=iid, character=character, target=target.id)


def interpret_drop(state: GameState, db: CardDb, seat: int, iid: int, zone_id: str,
                   onto: int | None) -> Action | Verdict:
    """The action a drop means, or a refusal (see the module docstring)."""
    if iid not in state.cards:
        return Verdict.refuse("conan.no_such_card")
    src = state.zone_of(iid)
    card = cdef(state, db, iid)
    if src == zid(seat, "foe_hand") and zone_id in FOE_ZONES:
        costs = foes.cost_options(state, db, iid) or [[]]
        return Action.make("place_foe", seat, card=iid, zone=zone_id,
                           position=len(state.zones[zone_id].cards), cost=costs[0])
    if src in (zid(seat, "side"), zid(seat, "region")) and seat == state.active:
        use = _use_drop(state, db, seat, iid, zone_id, onto)
        if use is not None:
            return use
    if src != zid(seat, "hand"):
        return cannot_go_there(state, iid)
    if card.type == "action":
        play = _action_drop(state, db, seat, iid, zone_id, onto)
        if play is not None:
            return play
    if state.phase == "prepare" and zone_id in (zid(seat, "side"), CONAN_ZONE):
        return Action.make("play_card", seat, card=iid)
    if state.phase == "foe_draw" and card.type == "region" and zone_id == CONAN_ZONE:
        return Action.make("attach_region", seat, card=iid)
    if state.phase == "foe_move" and seat == enemy(state):
        foe = onto if onto is not None and onto in state.cards and \
            state.zone_of(onto) in FOE_ZONES else None
        if foe is None and zone_id in FOE_ZONES and len(state.zones[zone_id].cards) == 1:
            foe = state.zones[zone_id].cards[0]
        if foe is not None:
            return Action.make("place_foe_move", seat, card=iid, foe=foe)
    move_phase = (state.phase == "foe_move" and seat == enemy(state)) or \
        (state.phase == "conan_move" and seat == state.active)
    if move_phase and zone_id in BATTLEFIELD and not moves.usable_as_move(state, db, iid):
        return Verdict.refuse("conan.not_a_move", "CONAN-R8", card=inst_msg(state, iid))
    if state.phase == "conan_move" and onto is not None:
        rec = next((r for r in bf.moves(state) if r.card == onto and r.foe), None)
        conan = conan_of(state, db, seat)
        if rec is not None and conan is not None:
            for t in moves.legal_targets(state, db, seat, conan):
                if rec.by in t.touches:
                    return Action.make("place_move", seat, card=iid, character=conan,
                                       target=t.id)
    return cannot_go_there(state, iid)


def _chosen(state: GameState, zone_id: str, onto: int | None) -> int | None:
    """The card a drop chooses: the one dropped onto, or the Conan on the Conan spot."""
    if onto is not None and onto in state.cards:
        return onto
    if zone_id == CONAN_ZONE and state.zones[CONAN_ZONE].cards:
        return state.zones[CONAN_ZONE].cards[0]
    return None


def _action_drop(state: GameState, db: CardDb, seat: int, iid: int, zone_id: str,
                 onto: int | None) -> Action | None:
    """An Action played in its own role (None: the drop means something else)."""
    move_phase = state.phase in ("foe_move", "conan_move")
    if move_phase and (onto is not None or zone_id in FOE_ZONES or zone_id == MOVES_ZONE):
        return None  # on the battlefield, a drop places the card as a Move
    timed = copy_plays(state, db, seat, iid)
    if not timed:
        return None
    chosen = _chosen(state, zone_id, onto)
    own = (zid(seat, "side"), CONAN_ZONE)
    for action in timed:
        target = action.get("target")
        if target is None and (zone_id in own and (onto is None or onto == chosen)):
            return action  # aimed at nobody: onto the side, the Conan spot or Conan
        if target is not None and target == chosen:
            return action
    if chosen is None or timed[0].get("target") is None:
        return None
    # aimed at a card it may not choose: refused, naming the ones it may
    return Action.make("play_card", seat, card=iid, target=chosen)


def copy_plays(state: GameState, db: CardDb, seat: int, iid: int) -> list[Action]:
    """The ``play_card`` candidates (unchecked) of hand card ``iid`` now, CONAN-H11.

    :func:`plays.ability_actions` lists one copy per card id (copies are
    interchangeable); a drop is made with the copy in hand the player picked, so the
    first copy's plays are made for ``iid`` (QA issue 15: the second Battle Fury lit
    no place for its own role)."""
    cid = state.cards[iid].card_id
    return [Action.make("play_card", seat, card=iid, target=a.get("target"))
            for a in plays.ability_actions(state, db, seat)
            if a.kind == "play_card" and state.cards[int(a.get("card"))].card_id == cid]


def _use_drop(state: GameState, db: CardDb, seat: int, iid: int, zone_id: str,
              onto: int | None) -> Action | None:
    """An in-play card's ability used by dragging the card (None: not one)."""
    uses = [a for a in plays.ability_actions(state, db, seat)
            if a.kind == "use_ability" and a.get("card") == iid]
    chosen = _chosen(state, zone_id, onto)
    for action in uses:
        target = action.get("target")
        if (target is None and zone_id == CONAN_ZONE) or (target is not None
                                                          and target == chosen):
            return action
    return None


def cannot_go_there(state: GameState, iid: int) -> Verdict:
    """A drop that means nothing now, refused with what this phase is for."""
    suffix, rule = WHAT_NOW.get(state.phase, ("other", ""))
    return Verdict.refuse(f"conan.cannot_move_there_{suffix}", rule, card=inst_msg(state, iid))

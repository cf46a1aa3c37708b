"""Every legal action of a seat (drives highlights, hints, bots, property tests).

Candidates are built per phase and filtered through the rules' own ``check``,
so the list never holds a refused action. Sizes stay small: Major-cost and
Chronicle-loss selections are capped (:data:`selection.MAX_OPTIONS`), copies of
one card count once.
"""

from __future__ import annotations

from collections.abc import Callable

from tabletop.core.actions import Action, Decision, Verdict
from tabletop.core.cards import CardDb
from tabletop.core.model import GameState
from tabletop.games.conan import foes, moves, plays
from tabletop.games.conan.data import DecisionKind, Phase, conan_data, losses
from tabletop.games.conan.defeat import loss_options
from tabletop.games.conan.stats import would_defeat
from tabletop.games.conan.zones import FOE_ZONES, cdef, enemy, zid


def _decide(seat: int, choice: list[str]) -> Action:
    return Action.make("decide", seat, choice=choice)


def decision_actions(state: GameState, db: CardDb, pending: Decision) -> list[Action]:
    """Candidate answers to the pending decision."""
    if pending.kind == DecisionKind.CHRONICLE_LOSS:
        need = losses(state)[0]
        return [_decide(pending.seat, [str(i) for i in s]) for s in loss_options(state, db, need)]
    return [_decide(pending.seat, [o]) for o in pending.options]


def _distinct(state: GameState, iids: list[int]) -> list[int]:
    """One instance per card id (copies are interchangeable for enumeration)."""
    seen: set[str] = set()
    out = []
    for iid in iids:
        cid = state.cards[iid].card_id
        if cid not in seen:
            seen.add(cid)
            out.append(iid)
    return out


def _foe_draw(state: GameState, db: CardDb, seat: int) -> list[Action]:
    out: list[Action] = []
    for foe in _distinct(state, list(state.zones[zid(seat, "foe_hand")].cards)):
        costs = [[]] if foes.forced_now(state, db) else foes.cost_options(state, db, foe)
        for zone in FOE_ZONES:
            if foes.zone_open(state, db, zone, foe):
                continue
            for position in range(len(state.zones[zone].cards) + 1):
                out += [Action.make("place_foe", seat, card=foe, zone=zone, position=position,
                                    cost=c) for c in costs]
    for iid in state.zones[zid(seat, "hand")].cards:
        if cdef(state, db, iid).type == "region":
            out.append(Action.make("attach_region", seat, card=iid))
    out += plays.ability_actions(state, db, seat)
    out.append(Action.make("next_phase", seat))
    return out


def _foe_move(state: GameState, db: CardDb, seat: int) -> list[Action]:
    hand = _distinct(state, list(state.zones[zid(seat, "hand")].cards))
    out = [Action.make("place_foe_move", seat, card=c, foe=f)
           for f in moves.foes_without_move(state, db) for c in hand]
    out += plays.ability_actions(state, db, seat)
    out.append(Action.make("next_phase", seat))
    return out


def _conan_move(state: GameState, db: CardDb, seat: int) -> list[Action]:
    hand = _distinct(state, [c for c in state.zones[zid(seat, "hand")].cards
                             if moves.usable_as_move(state, db, c)])
    out: list[Action] = []
    for who in moves.characters(state, db, seat):
        targets = moves.legal_targets(state, db, seat, who)
        for card in hand:
            risky = would_defeat(state, db, who, int(cdef(state, db, card)["cost"]))
            for t in targets:
                if risky:
                    out.append(Action.make("place_move", seat, card=card, character=who,
                                           target=t.id, accept_defeat=True))
                else:
                    out.append(Action.make("place_move", seat, card=card, character=who,
                                           target=t.id))
    out += plays.ability_actions(state, db, seat)
    out.append(Action.make("next_phase", seat))
    return out


def turn_actions(state: GameState, db: CardDb, seat: int) -> list[Action]:
    """Candidate actions of ``seat`` with nothing pending: in an open ability timing
    its plays and the pass; else the phase's actions, abilities timed now among them."""
    phase = state.phase
    if conan_data(state).window is not None:
        if plays.window_seat(state) != seat:
            return []
        return [*plays.ability_actions(state, db, seat), Action.make("next_phase", seat)]
    if phase == Phase.PREPARE and seat == state.active:
        out = [Action.make("play_card", seat, card=c)
               for c in _distinct(state, list(state.zones[zid(seat, "hand")].cards))
               if cdef(state, db, c).type != "action"]
        out += plays.ability_actions(state, db, seat)
        return [*out, Action.make("next_phase", seat)]
    if phase == Phase.FOE_DRAW and seat == enemy(state):
        return _foe_draw(state, db, seat)
    if phase == Phase.FOE_MOVE and seat == enemy(state):
        return _foe_move(state, db, seat)
    if phase == Phase.CONAN_MOVE and seat == state.active:
        return _conan_move(state, db, seat)
    return []


def legal_actions(state: GameState, db: CardDb, seat: int,
                  check: Callable[[GameState, Action], Verdict]) -> list[Action]:
    """Every legal action of ``seat`` now (see the module docstring)."""
    if state.game_over:
        return []
    pending = state.pending
    if pending is not None:
        candidates = decision_actions(state, db, pending) if pending.seat == seat else []
    else:
        candidates = turn_actions(state, db, seat)
    return [a for a in candidates if check(state, a).ok]

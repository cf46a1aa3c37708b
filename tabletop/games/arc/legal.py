"""Enumerating every legal action of a seat (drives highlights, hints, bots, tests).

Every candidate is filtered through the rules' own ``check``, so this list
never holds an action the rules would refuse. Sizes are capped:

* attacks: every nonempty subset of untapped characters if there are at most
  6 of them, else each single one plus all of them;
* blockers (ARC-R5): every assignment (each blocker on one attacker or
  not blocking) if there are at most 256, else no block, every single pair,
  and every blocker on the first attacker.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

from tabletop.core import legal as core_legal
from tabletop.core.actions import Action, Decision, Verdict
from tabletop.core.cards import CardDb
from tabletop.core.model import GameState
from tabletop.games.arc import combat
from tabletop.games.arc.data import DecisionKind, Phase, Step
from tabletop.games.arc.effects import action_targets
from tabletop.games.arc.zones import cards_in, cdef, characters

MAX_ATTACKERS_FOR_SUBSETS = 6
MAX_BLOCK_ASSIGNMENTS = 256


def _decide(seat: int, choice: list[str]) -> Action:
    return Action.make("decide", seat, choice=choice)


def decision_actions(state: GameState, db: CardDb, pending: Decision) -> list[Action]:
    """Candidate answers to the pending decision."""
    seat = pending.seat
    if pending.kind != DecisionKind.BLOCKERS:
        return [_decide(seat, [o]) for o in pending.options]
    blockers = characters(state, db, seat, ready=True)
    attackers = combat.attackers(state)
    if (len(attackers) + 1) ** len(blockers) <= MAX_BLOCK_ASSIGNMENTS:
        out = []
        for assignment in itertools.product([None, *attackers], repeat=len(blockers)):
            out.append(_decide(seat, [f"{b}>{a}" for b, a in zip(blockers, assignment, strict=True)
                                      if a is not None]))
        return out
    out = [_decide(seat, [])]
    out += [_decide(seat, [o]) for o in pending.options]
    out.append(_decide(seat, [f"{b}>{attackers[0]}" for b in blockers]))
    return out


def turn_actions(state: GameState, db: CardDb, seat: int) -> list[Action]:
    """Candidate actions of the active seat with nothing pending."""
    out: list[Action] = []
    for iid in cards_in(state, seat, "hand"):
        card = cdef(state, db, iid)
        if card.type == "resource":
            out.append(Action.make("play_resource", seat, card=iid))
        elif card.type in ("character", "action"):
            # the targets of its play trigger (an enters ability, an action's on_play)
            for target in action_targets(state, db, seat, card, iid):
                if target is None:
                    out.append(Action.make("play_card", seat, card=iid))
                else:
                    out.append(Action.make("play_card", seat, card=iid, target=target))
    if state.phase == Phase.ATTACK and state.step == Step.DECLARE:
        ready = characters(state, db, seat, ready=True)
        if len(ready) <= MAX_ATTACKERS_FOR_SUBSETS:
            groups = [list(c) for n in range(1, len(ready) + 1)
                      for c in itertools.combinations(ready, n)]
        else:
            groups = [[i] for i in ready] + [ready]
        out += [Action.make("attack", seat, attackers=g) for g in groups]
    out.append(Action.make("next_phase", seat))
    out.append(Action.make("end_turn", seat))
    return out


def legal_actions(state: GameState, db: CardDb, seat: int,
                  check: Callable[[GameState, Action], Verdict]) -> list[Action]:
    """Every legal action of ``seat`` now (see the module docstring)."""
    return core_legal.legal_actions(state, seat, check,
                                    lambda p: decision_actions(state, db, p),
                                    lambda: turn_actions(state, db, seat))

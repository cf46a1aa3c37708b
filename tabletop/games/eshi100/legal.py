"""Enumerating every legal action of a seat (drives highlights, hints, bots, tests).

Every candidate is filtered through the rules' own ``check``, so this list never
holds an action the rules would refuse. Uses list every valid payment (ESHI-R4;
at most a few dozen connected groups on 16 squares). Hand-limit discards and
counters list every combination, capped at :data:`MAX_COMBINATIONS`.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

from tabletop.core import legal as core_legal
from tabletop.core.actions import Action, Decision, Verdict
from tabletop.core.cards import CardDb
from tabletop.core.model import GameState
from tabletop.games.eshi100 import attack, connect, placing
from tabletop.games.eshi100.challenge import CHALLENGE_CARDS, PASS
from tabletop.games.eshi100.data import DecisionKind, Phase
from tabletop.games.eshi100.triggers import target_combinations
from tabletop.games.eshi100.turn import NONE
from tabletop.games.eshi100.zones import cards_in

MAX_COMBINATIONS = 256


def _decide(seat: int, choice: list[str], consume: list[int] | None = None) -> Action:
    if consume is None:
        return Action.make("decide", seat, choice=choice)
    return Action.make("decide", seat, choice=choice, consume=consume)


def decision_actions(state: GameState, db: CardDb, pending: Decision) -> list[Action]:
    """Candidate answers to the pending decision."""
    seat = pending.seat
    if pending.kind == DecisionKind.DEFEND:
        out = [_decide(seat, [NONE])]
        for option in pending.options:
            if option == NONE:
                continue
            for pay in connect.payments(state, db, seat, int(option)):
                out.append(_decide(seat, [option], sorted(pay)))
        return out
    if pending.kind == DecisionKind.TARGET:
        return [_decide(seat, c) for c in target_combinations(pending.options, pending.min_count,
                                                               MAX_COMBINATIONS)]
    if pending.kind in (DecisionKind.COUNTER, DecisionKind.HAND_LIMIT):
        cards = [o for o in pending.options if o != PASS]
        size = CHALLENGE_CARDS if pending.kind == DecisionKind.COUNTER else pending.min_count
        out = [_decide(seat, [PASS])] if pending.kind == DecisionKind.COUNTER else []
        combos = itertools.islice(itertools.combinations(cards, size), MAX_COMBINATIONS)
        return out + [_decide(seat, list(c)) for c in combos]
    return [_decide(seat, [o]) for o in pending.options]


def turn_actions(state: GameState, db: CardDb, seat: int) -> list[Action]:
    """Candidate actions of the active seat with nothing pending."""
    hand = cards_in(state, seat, "hand")
    out: list[Action] = []
    if state.phase == Phase.ACTION:
        squares = placing.legal_squares(state, seat)
        for iid in hand:
            out += [Action.make("place", seat, card=iid, square=s) for s in squares]
        for iid in attack.usable_attackers(state, db, seat):
            for pay in connect.payments(state, db, seat, iid):
                out.append(Action.make("use", seat, card=iid, consume=sorted(pay)))
        out += [Action.make("hand_boost", seat, card=iid) for iid in hand]
    elif state.phase == Phase.CHALLENGE:
        pairs = itertools.islice(itertools.combinations(hand, CHALLENGE_CARDS), MAX_COMBINATIONS)
        out += [Action.make("challenge", seat, cards=list(p)) for p in pairs]
        out.append(Action.make("next_phase", seat))
    return out


def legal_actions(state: GameState, db: CardDb, seat: int,
                  check: Callable[[GameState, Action], Verdict]) -> list[Action]:
    """Every legal action of ``seat`` now (see the module docstring)."""
    return core_legal.legal_actions(state, seat, check,
                                    lambda p: decision_actions(state, db, p),
                                    lambda: turn_actions(state, db, seat))

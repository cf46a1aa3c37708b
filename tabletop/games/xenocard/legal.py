"""Enumerating every legal action of a seat (drives highlights, hints, bots, tests).

Every candidate is filtered through the rules' own ``check``, so the list never
holds an action the rules would refuse. Adjust discards (XENO-R8) list every
choice of cards when there are at most :data:`MAX_ADJUST_CHOICES`, else each run
of consecutive hand cards. A card with an alternative cost is offered both ways
(XENO-H16); a ``field_set`` card also onto the battle field.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from math import comb

from tabletop.core import legal as core_legal
from tabletop.core.actions import Action, Decision, Verdict
from tabletop.core.cards import CardDb
from tabletop.core.model import GameState
from tabletop.games.xenocard.events import event_targets
from tabletop.games.xenocard.state import DecisionKind, Phase
from tabletop.games.xenocard.zones import (
    PLAY_AREAS,
    battle_cards,
    cards_in,
    cdef,
    cell_id,
    free_slots,
    zid,
)

MAX_ADJUST_CHOICES = 128


def _decide(seat: int, choice: list[str]) -> Action:
    return Action.make("decide", seat, choice=choice)


def decision_actions(pending: Decision) -> list[Action]:
    """Candidate answers to the pending decision."""
    seat, options, k = pending.seat, list(pending.options), pending.min_count
    if pending.kind != DecisionKind.ADJUST:
        return [_decide(seat, [o]) for o in options]
    if comb(len(options), k) <= MAX_ADJUST_CHOICES:
        return [_decide(seat, list(c)) for c in itertools.combinations(options, k)]
    return [_decide(seat, options[i:i + k]) for i in range(len(options) - k + 1)]


def _cells(state: GameState, seat: int, kinds: tuple[str, ...]) -> list[str]:
    return [cell_id(seat, k, s) for k in kinds for s in free_slots(state, zid(seat, k))]


def _with_alt(out: list[Action], db: CardDb, state: GameState, iid: int) -> list[Action]:
    """The plays of hand card ``iid``, and the same with its alternative cost (XENO-H16)."""
    if not db[state.cards[iid].card_id].get("alt_cost"):
        return out
    return out + [Action.make(a.kind, a.seat, **{**dict(a.args), "pay": "alt"}) for a in out]


def turn_actions(state: GameState, db: CardDb, seat: int) -> list[Action]:
    """Candidate actions of the turn player with nothing pending."""
    out: list[Action] = []
    if state.phase == Phase.MOVE:
        cells = _cells(state, seat, PLAY_AREAS)
        out += [Action.make("move", seat, card=i, slot=c)
                for i in battle_cards(state, db, seat) for c in cells]
    elif state.phase == Phase.EVENT:
        for iid in cards_in(state, seat, "hand"):
            card = cdef(state, db, iid)
            if card.type == "event":
                out += _with_alt([Action.make("play_event", seat, card=iid, target=t)
                                  for t in event_targets(state, db, seat, card)], db, state, iid)
    elif state.phase == Phase.SET:
        standby = _cells(state, seat, ("standby",))
        anywhere = _cells(state, seat, PLAY_AREAS)
        situations = _cells(state, seat, ("situations",))
        holders = battle_cards(state, db, seat)
        for iid in cards_in(state, seat, "hand"):
            card = cdef(state, db, iid)
            plays: list[Action] = []
            if card.type == "battle":
                plays += [Action.make("set_card", seat, card=iid, slot=c)
                          for c in (anywhere if card.get("field_set") else standby)]
                if card.get("upgrade_of"):
                    plays += [Action.make("level_up", seat, card=iid, onto=h) for h in holders
                              if state.cards[h].card_id == card["upgrade_of"]]
            elif card.type == "weapon":
                plays += [Action.make("equip", seat, weapon=iid, holder=h) for h in holders]
            elif card.type == "situation":
                plays += [Action.make("set_situation", seat, card=iid, slot=c)
                          for c in situations]
            out += _with_alt(plays, db, state, iid)
    out.append(Action.make("next_phase", seat))
    return out


def legal_actions(state: GameState, db: CardDb, seat: int,
                  check: Callable[[GameState, Action], Verdict]) -> list[Action]:
    """Every legal action of ``seat`` now (see the module docstring)."""
    return core_legal.legal_actions(state, seat, check,
                                    decision_actions,
                                    lambda: turn_actions(state, db, seat))

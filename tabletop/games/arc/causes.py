"""Why a character's power and statuses are what they are: each effect in force on it
with the card it comes from (QA15b #2, #4).

The rules sum these in :func:`tabletop.games.arc.effects.power` (ARC-H3: never below 0)
and test them in :func:`tabletop.games.arc.effects.under`; this module names them so a
refusal can say which card stops a block ("Mire Grip's effect, until the end of the
turn") and the hover can say where a power comes from ("Iron Herald +1, Mire Grip -2").
Only effects on cards in play are named, and every one of them is public (a lasting
effect was played face up, a static ability is printed on a character in play), so
naming them shows nothing hidden (ALL-R2).
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.core.abilities import Active, Duration
from tabletop.core.actions import Verdict
from tabletop.core.cards import CardDb
from tabletop.core.messages import Message, msg
from tabletop.core.model import GameState
from tabletop.games.arc.abilities import (
    VOCABULARY,
    ArcCtx,
    Trigger,
    power_delta,
    targets_for,
    triggered,
)
from tabletop.games.arc.data import arc_data
from tabletop.games.arc.words import inst_msg
from tabletop.games.arc.zones import cards_in, cdef

__all__ = ["Cause", "blocker_refusal", "causes", "lasting_msg", "power_causes",
           "raw_power", "unblockable_refusal"]


@dataclass(frozen=True)
class Cause:
    """One effect in force on a character: the effect word (``pump``, ``weaken``,
    ``cannot_block``, ``unblockable``), the instance id of the card it comes from, its
    power change (0 for a status) and its lasting record (None: a static ``always``
    ability of a character in play, in force while that character is)."""

    word: str
    source: int
    delta: int
    active: Active | None


def _in_play(state: GameState, iid: int) -> bool:
    return iid in state.cards and state.zone_of(iid).endswith(".characters")


def causes(state: GameState, db: CardDb, iid: int) -> list[Cause]:
    """Every effect in force on instance ``iid``: the lasting ones in the order they were
    put in force, then the static abilities of characters in play (seat 0's row first);
    [] for a card not in the game."""
    if iid not in state.cards:
        return []
    found = [Cause(a.effect.word, a.source, power_delta(a.effect), a)
             for a in arc_data(state).actives if iid in a.targets]
    if not _in_play(state, iid):
        return found
    for seat in (0, 1):
        for source in cards_in(state, seat, "characters"):
            for ability in triggered(cdef(state, db, source), Trigger.ALWAYS):
                ctx = ArcCtx(state, db, seat, source, ability.how_long)
                if not VOCABULARY.holds(ctx, ability) or \
                        iid not in targets_for(ctx, ability, None):
                    continue
                found += [Cause(use.word, source, power_delta(use), None)
                          for use in ability.what]
    return found


def power_causes(state: GameState, db: CardDb, iid: int) -> list[Cause]:
    """The effects in force that change ``iid``'s power (ARC-H3), as :func:`causes`."""
    return [c for c in causes(state, db, iid) if c.delta]


def raw_power(state: GameState, db: CardDb, iid: int) -> int:
    """Printed power plus every change in force, before ARC-H3 stops it at 0 (a power 0
    character weakened by 2 is -2 here, 0 in play)."""
    printed = cdef(state, db, iid).number("power", 0)
    return printed + sum(c.delta for c in power_causes(state, db, iid))


def lasting_msg(state: GameState, cause: Cause) -> Message | str:
    """How long ``cause`` lasts in words (" until the end of the turn", " for 2 of the
    opponent's turns", " while <card> is in play" for a static ability); "" for an
    effect without a duration."""
    active = cause.active
    if active is None:
        return msg("refusal.arc.while_source_in_play", card=inst_msg(state, cause.source))
    lasting = active.lasting
    if lasting.duration is Duration.INSTANT:
        return ""
    if lasting.duration is Duration.TURNS:
        return msg(f"ability.turns.{lasting.counted}", n=active.left)
    return msg(f"ability.lasting.{lasting.duration}")


def _first(state: GameState, db: CardDb, iid: int, word: str) -> Cause | None:
    return next((c for c in causes(state, db, iid)
                 if c.word == word and c.source in state.cards), None)


def blocker_refusal(state: GameState, db: CardDb, blocker: int) -> Verdict | None:
    """ARC-R5: why character ``blocker`` in play cannot block now because of an effect
    (``arc.blocker_cannot_block_from``, naming the card and how long), or None when no
    effect stops it."""
    cause = _first(state, db, blocker, "cannot_block")
    if cause is None:
        return None
    return Verdict.refuse("arc.blocker_cannot_block_from", "ARC-R5",
                          card=inst_msg(state, blocker), source=inst_msg(state, cause.source),
                          how_long=lasting_msg(state, cause))


def unblockable_refusal(state: GameState, db: CardDb, attacker: int,
                        blocker: int) -> Verdict | None:
    """ARC-R5: why ``attacker`` cannot be blocked now by ``blocker`` because of an effect
    (``arc.attacker_unblockable_from``), or None when no effect stops it."""
    cause = _first(state, db, attacker, "unblockable")
    if cause is None:
        return None
    return Verdict.refuse("arc.attacker_unblockable_from", "ARC-R5",
                          attacker=inst_msg(state, attacker), card=inst_msg(state, blocker),
                          source=inst_msg(state, cause.source), how_long=lasting_msg(state, cause))

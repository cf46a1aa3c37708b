"""The few Conan moves the computer player's search weighs (``ConanRules.search_actions``).

A Conan decision can have dozens of legal actions that differ in little: every
Foe of the Foe hand at every row position with every Minor-Foe payment
(CONAN-R5..R7), every Move card at every free place for Conan and each Ally
(CONAN-R8..R10). A search of a few dozen sampled games spread over all of them
tries each once and learns nothing, so it keeps the Conan bot's move. The
shortlist keeps, ranked by the Conan bot's own preferences, the best few of each
kind and always the moves that change the most (stopping: ``next_phase``, the
decision's every answer), so the samples decide between real alternatives: one
more Foe or none, which Foe, which Move, fight or retreat, press on or rest.

The ranking reads only what the acting seat sees (its own hand, the battlefield's
shapes, printed numbers): face-down Moves of the other seat are never looked at
(ALL-R2).
"""

from __future__ import annotations

from collections.abc import Callable

from tabletop.core.actions import Action
from tabletop.core.cards import CardDb
from tabletop.core.model import GameState
from tabletop.games.conan import battlefield as bf
from tabletop.games.conan.bot import SAFE_HEALTH, icon_score
from tabletop.games.conan.data import DecisionKind
from tabletop.games.conan.stats import health_left, prowess_now
from tabletop.games.conan.turn import DONE
from tabletop.games.conan.zones import FOE_ZONES, cdef

#: At most this many actions of one kind stay (the stops and answers always stay).
KEEP = 4
#: A decision with this many actions or fewer is searched whole.
SMALL = 6


def _foe_value(state: GameState, db: CardDb, a: Action) -> float:
    # the Conan bot's preference (bot.ConanBot._foe_draw): renown for the hand cost
    foe = cdef(state, db, int(a.get("card")))
    return int(foe["renown"]) - len(a.get("cost") or ()) - 0.01 * int(a.get("position"))


def _foe_move_value(state: GameState, db: CardDb, a: Action) -> float:
    # the Conan bot's preference (bot.ConanBot._foe_move): no wounds, then icons
    card = cdef(state, db, int(a.get("card")))
    wounds = max(0, int(card["cost"]) - prowess_now(state, db, int(a.get("foe"))))
    return -10 * wounds + icon_score(card)


def _move_value(state: GameState, db: CardDb, a: Action,
                answered: set[int]) -> float:
    # the Conan bot's preference (bot.ConanBot._conan_move); what it never plays last
    who = int(a.get("character"))
    card = cdef(state, db, int(a.get("card")))
    wounds = max(0, int(card["cost"]) - prowess_now(state, db, who))
    target = bf.find_target(state, str(a.get("target")))
    new = [] if target is None else [f for f in target.touches if f not in answered]
    score = 10.0 * len(new) + icon_score(card) - 3 * wounds - int(card["cost"])
    if a.get("accept_defeat") or (wounds and health_left(state, db, who) - wounds
                                  < SAFE_HEALTH) or not new:
        score -= 1000
    return score


def _answered(state: GameState) -> set[int]:
    out: set[int] = set()
    for zone in FOE_ZONES:
        touched = {c.foe_card for c in bf.contacts(state, zone)}
        out |= {r.by for r in bf.moves(state, zone) if r.foe and r.card in touched}
    return out


def _move_scorer(state: GameState, db: CardDb) -> Callable[[Action], float]:
    answered = _answered(state)
    return lambda a: _move_value(state, db, a, answered)


def _best(actions: list[Action], value: Callable[[Action], float], n: int) -> list[Action]:
    # sorted() is stable: equal values keep the legal list's order
    return sorted(actions, key=lambda a: -value(a))[:n]


def _place_foes(state: GameState, db: CardDb, places: list[Action]) -> list[Action]:
    """The best placement of each kind of Foe (its card), the best few kinds, and the
    best Foe in each other open zone (spreading Foes over zones answers CONAN-R10)."""
    best: dict[tuple[str, str], Action] = {}
    for a in places:
        key = (state.cards[int(a.get("card"))].card_id, str(a.get("zone")))
        old = best.get(key)
        if old is None or _foe_value(state, db, a) > _foe_value(state, db, old):
            best[key] = a
    ranked = _best(list(best.values()), lambda a: _foe_value(state, db, a), len(best))
    out: list[Action] = []
    kinds: set[str] = set()
    zones: set[str] = set()
    for a in ranked:
        kind, zone = state.cards[int(a.get("card"))].card_id, str(a.get("zone"))
        if (kind not in kinds and len(kinds) < KEEP) or zone not in zones:
            out.append(a)
            kinds.add(kind)
            zones.add(zone)
    return out


def _heal(actions: list[Action]) -> list[Action]:
    """Rest healing (CONAN-R18) without stopping early while a point can heal: what a
    point of healing costs (the prowess it spends is missing in Conan's next turn, two
    turns on) lies beyond the playouts, which would weigh it by chance."""
    heal = [a for a in actions if list(a.get("choice") or ()) != [DONE]]
    return heal or actions


def shortlist(state: GameState, db: CardDb, seat: int, actions: list[Action]) -> list[Action]:
    """The actions of ``actions`` (legal for ``seat`` now) the search weighs, in the legal
    list's order: Rest healing's points without ``done`` (:func:`_heal`); all of
    them when there are :data:`SMALL` or fewer; else every
    ``next_phase`` and ``decide``, every ``play_card`` and ``attach_region``, the
    :data:`KEEP` best ``place_move`` and ``place_foe_move`` by the Conan bot's
    preferences, and the placements of :func:`_place_foes`. Never empty when
    ``actions`` is not."""
    if state.pending is not None and state.pending.kind == DecisionKind.REST_HEAL:
        return _heal(actions)
    if len(actions) <= SMALL:
        return actions
    by_kind: dict[str, list[Action]] = {}
    for a in actions:
        by_kind.setdefault(a.kind, []).append(a)
    keep: set[Action] = set()
    for kind, group in by_kind.items():
        if kind == "place_move":
            keep.update(_best(group, _move_scorer(state, db), KEEP))
        elif kind == "place_foe_move":
            keep.update(_best(group, lambda a: _foe_move_value(state, db, a), KEEP))
        elif kind == "place_foe":
            keep.update(_place_foes(state, db, group))
        else:
            keep.update(group)
    return [a for a in actions if a in keep]

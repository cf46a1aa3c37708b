"""The Xenocard moves the computer player's search weighs (``XenoRules.search_actions``).

Many legal actions of a Xenocard turn lead to the same game: the four standby slots
and the four situation slots are alike (nothing in the rules or the cards reads which
one a card stands on; only the battle field's slots face, XENO-R5), two copies of one
card in the hand play alike, and moving a standby card to another standby slot
changes nothing but using up its one move of the turn (XENO-H2), which can only lose.
A search of 80 iterations that spreads them over twenty names of four moves learns
little about any; :func:`search_actions` keeps one action of each kind of outcome, in
the order given. The playouts (:func:`make_playout_policy`) leave out the idle
moves too.
"""

from __future__ import annotations

from collections.abc import Hashable

from tabletop.core.actions import Action
from tabletop.core.cards import CardDb
from tabletop.core.model import GameState
from tabletop.core.playout import CandidatePolicy
from tabletop.games.xenocard.events import parse_option
from tabletop.games.xenocard.legal import decision_actions, turn_actions
from tabletop.games.xenocard.state import ActionKind, DecisionKind
from tabletop.games.xenocard.zones import parse_cell, zone_kind

#: Slot zone kinds whose slots are interchangeable (only the battle field's slots face).
_ALIKE_SLOTS = frozenset({"standby", "situations"})


def _card(state: GameState, value: object) -> object:
    """A hand card by its card id (two copies play alike); anything else as it is."""
    if isinstance(value, int) and not isinstance(value, bool) and value in state.cards:
        return state.cards[value].card_id
    return value


def _place(slot: object) -> object:
    """A cell by its zone kind, and by its slot only where slots differ (the field)."""
    parsed = parse_cell(slot)
    if parsed is None:
        return slot
    seat, kind, name = parsed
    return (seat, kind) if kind in _ALIKE_SLOTS else (seat, kind, name)


def _idle_move(state: GameState, action: Action) -> bool:
    """A standby card moved to another standby slot: its move used up for nothing."""
    parsed = parse_cell(action.get("slot"))
    card = action.get("card")
    if parsed is None or not isinstance(card, int) or card not in state.cards:
        return False
    now = zone_kind(state.zone_of(card) or "")
    return parsed[1] == "standby" and now is not None and now[1] == "standby"


def outcome_key(state: GameState, action: Action) -> Hashable:
    """What ``action`` does, with the differences that change nothing left out: hand
    cards by card id (the hand's owner sees them; the opponent's hand in a sampled world
    is that world's), standby and situation slots by their zone. Instance ids of cards
    on the table (a holder, a target, a moved card) stay: two of them may differ in
    damage, weapons or place."""
    get, kind = action.get, action.kind
    pay = (get("pay"), tuple(sorted(str(_card(state, d)) for d in get("discard") or ())))
    if kind == ActionKind.SET_CARD or kind == ActionKind.SET_SITUATION:
        return kind, _card(state, get("card")), _place(get("slot")), pay
    if kind == ActionKind.EQUIP:
        return kind, _card(state, get("weapon")), get("holder"), pay
    if kind == ActionKind.LEVEL_UP:
        return kind, _card(state, get("card")), get("onto"), pay
    if kind == ActionKind.PLAY_EVENT:
        return kind, _card(state, get("card")), get("target"), pay
    if kind == ActionKind.MOVE:
        return kind, get("card"), _place(get("slot"))
    if kind == ActionKind.DECIDE:
        return kind, _decision_key(state, tuple(str(c) for c in get("choice") or ()))
    return kind, action.args


def _decision_key(state: GameState, choice: tuple[str, ...]) -> Hashable:
    pending = state.pending
    if pending is None:
        return choice
    if pending.kind == DecisionKind.ADJUST:  # XENO-R8: which cards, by card id
        return tuple(sorted(str(_card(state, int(c)) if c.isdigit() else c) for c in choice))
    if pending.kind in (DecisionKind.BLOCK, DecisionKind.COUNTER) and len(choice) == 1:
        event = parse_option(choice[0])
        if event is not None:
            return _card(state, event.card), event.target
    return choice


def search_actions(state: GameState, actions: list[Action]) -> list[Action]:
    """The first action of each outcome (:func:`outcome_key`) among ``actions`` (legal
    for the acting seat in ``state``), idle standby moves left out: a non-empty sub-list
    in the given order (all of ``actions`` when every one is an idle move). Reads only
    the acting seat's own hand and the table."""
    kept: list[Action] = []
    seen: set[Hashable] = set()
    for action in actions:
        if action.kind == ActionKind.MOVE and _idle_move(state, action):
            continue
        key = outcome_key(state, action)
        if key in seen:
            continue
        seen.add(key)
        kept.append(action)
    return kept or actions


def playout_actions(state: GameState, db: CardDb, seat: int) -> list[Action]:
    """The playout's candidates of the turn player (:func:`.legal.turn_actions`) without
    the idle standby moves (they only use up a card's move, XENO-H2), so a random
    playout moves its cards onto the battle field instead."""
    return [a for a in turn_actions(state, db, seat)
            if a.kind != ActionKind.MOVE or not _idle_move(state, a)]


def make_playout_policy(db: CardDb, seed: int) -> CandidatePolicy:
    """The search's playout policy: the random bot's weights (:mod:`tabletop.core.playout`)
    over :func:`playout_actions` and every answer to a pending decision."""
    return CandidatePolicy(lambda s, p: decision_actions(p),
                           lambda s, seat: playout_actions(s, db, seat), seed)

"""Connectors and connects (seed: コネクトについて, コネクトの消費について; ESHI-R3, ESHI-R4).

A connector is usable by a seat when its mountain points **up from that
seat**: the connector's arrow ("up" = towards the card's own top, "down" =
away from it) is turned into table coordinates by the placed card's rotation
and compared with the seat's own "up" (table -y for seat 0 at the bottom, +y
for seat 1 at the top). So a 180-degree turn makes "up" into "down" and moves
each corner to the opposite one, without any table of cases.

Two recovered cards on orthogonally adjacent squares connect for seat X when,
at one of the corner pairs where they meet (asked of
:func:`tabletop.geometry.meeting_corners` through :func:`board.corner_pairs`),
both corners are usable by X. Damaged cards have no connectors. A connect is a
connected component of that graph and may hold the opponent's cards.

Paying (ESHI-R4): to use a card of connect cost N >= 1, choose N recovered
cards of its connect, the card itself among them, forming one connected group
(connected through connections among the chosen cards only, ESHI-H5). Cost 0:
nothing is consumed and the card stays recovered (ESHI-H4). A card's special
instruction (特別な指示: the seed's "特別な指示が無い限り、つながってさえいればその形は
問われない") may narrow the shape: all in one row or column, or only its owner's
cards (:func:`consume_instruction`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from tabletop.core.actions import Verdict
from tabletop.core.cards import CardDb
from tabletop.core.model import GameState
from tabletop.games.eshi100 import board
from tabletop.games.eshi100.schema import connector_key
from tabletop.games.eshi100.words import inst_msg
from tabletop.games.eshi100.zones import cdef
from tabletop.geometry import CORNERS, Corner, Placed, rotate_vec

#: A connector's arrows in the card's own frame (y down: "up" is -y).
_ARROWS: dict[str, tuple[tuple[float, float], ...]] = {
    "none": (),
    "up": ((0.0, -1.0),),
    "down": ((0.0, 1.0),),
    "both": ((0.0, -1.0), (0.0, 1.0)),
}


def seat_up(seat: int) -> tuple[float, float]:
    """The table direction that is "up" for a seat (its far side)."""
    return rotate_vec((0.0, -1.0), board.SEAT_ROTATION[seat])


def usable(connector: str, placed: Placed, seat: int) -> bool:
    """Is a connector of a card lying as ``placed`` usable by ``seat``? (ESHI-R3)"""
    up = seat_up(seat)
    for arrow in _ARROWS[connector]:
        d = placed.frame_dir(arrow)
        if d[0] * up[0] + d[1] * up[1] > 0.5:
            return True
    return False


@cache
def usable_corners(connectors: tuple[str, str, str, str], owner: int,
                   seat: int) -> frozenset[Corner]:
    """Corners (own frame) of a card of ``owner`` whose connector ``seat`` may use."""
    placed = board.card_shape(0, owner)
    return frozenset(c for c, value in zip(CORNERS, connectors, strict=True)
                     if usable(value, placed, seat))


def _usable(state: GameState, db: CardDb, iid: int, seat: int) -> frozenset[Corner]:
    inst = state.cards[iid]
    return usable_corners(connector_key(db[inst.card_id]), inst.owner, seat)


def connects(state: GameState, db: CardDb, a: int, b: int, seat: int) -> bool:
    """Do grid cards ``a`` and ``b`` (both recovered) connect for ``seat``? (ESHI-R3)"""
    sa, sb = board.square_of(state, a), board.square_of(state, b)
    if sa is None or sb is None:
        return False
    ua, ub = _usable(state, db, a, seat), _usable(state, db, b, seat)
    pairs = board.corner_pairs(sa, state.cards[a].owner, sb, state.cards[b].owner)
    return any(ca in ua and cb in ub for ca, cb in pairs)


def graph(state: GameState, db: CardDb, seat: int) -> dict[int, set[int]]:
    """The connect graph of ``seat``: recovered grid card -> the cards it connects to."""
    on = board.occupants(state)
    nodes = {sq: iid for sq, iid in on.items() if board.is_recovered(state, iid)}
    edges: dict[int, set[int]] = {iid: set() for iid in nodes.values()}
    for sq, iid in nodes.items():
        for other_sq in board.neighbours(sq):
            other = nodes.get(other_sq)
            if other is not None and other > iid and connects(state, db, iid, other, seat):
                edges[iid].add(other)
                edges[other].add(iid)
    return edges


def _component(edges: dict[int, set[int]], start: int, within: set[int] | None = None) -> set[int]:
    seen, todo = {start}, [start]
    while todo:
        for nxt in edges[todo.pop()]:
            if nxt not in seen and (within is None or nxt in within):
                seen.add(nxt)
                todo.append(nxt)
    return seen


def connect_groups(state: GameState, db: CardDb, seat: int) -> list[frozenset[int]]:
    """Every connect of ``seat`` (a lone recovered card is a group of one), sorted."""
    edges = graph(state, db, seat)
    left, groups = set(edges), []
    while left:
        group = _component(edges, min(left))
        left -= group
        groups.append(frozenset(group))
    return sorted(groups, key=min)


def connect_of(state: GameState, db: CardDb, seat: int, square: int) -> frozenset[int]:
    """The connect of ``seat`` holding the card on ``square``; empty when the square is
    empty or its card damaged (a damaged card has no connectors)."""
    iid = board.occupants(state).get(square)
    if iid is None or not board.is_recovered(state, iid):
        return frozenset()
    edges = graph(state, db, seat)
    return frozenset(_component(edges, iid))


def is_connected(edges: dict[int, set[int]], chosen: Iterable[int]) -> bool:
    """Do ``chosen`` cards form one group through connections among themselves?"""
    pick = set(chosen)
    if not pick:
        return True
    return _component(edges, next(iter(pick)), pick) == pick


def payments(state: GameState, db: CardDb, seat: int, iid: int) -> list[frozenset[int]]:
    """Every valid consumption for ``seat`` using card ``iid`` (ESHI-R4), sorted.

    Cost 0: one payment, the empty set. A damaged card or an unpayable cost: none.
    """
    if not board.is_recovered(state, iid):
        return []
    cost = int(db[state.cards[iid].card_id]["connect_cost"])
    if cost == 0:
        return [frozenset()]
    edges = graph(state, db, seat)
    if iid not in edges:
        return []
    frontier = {frozenset({iid})}
    for _ in range(cost - 1):
        grown: set[frozenset[int]] = set()
        for group in frontier:
            for member in group:
                for nxt in edges[member]:
                    if nxt not in group:
                        grown.add(group | {nxt})
        frontier = grown
    line, own_only = consume_instruction(db, state.cards[iid].card_id)
    if line or own_only:
        frontier = {g for g in frontier if shape_ok(state, seat, g, line, own_only)}
    return sorted(frontier, key=lambda g: sorted(g))


def consume_instruction(db: CardDb, card_id: str) -> tuple[bool, bool]:
    """The card's special instruction on its payment (特別な指示, the ``consume_shape``
    effect of a ``while_on_grid`` ability): ``(line, own_only)``; ``(False, False)``
    for the seed's default, any connected shape of anyone's cards."""
    line = own_only = False
    for ability in db[card_id].abilities:
        if ability.when.word != "while_on_grid":
            continue
        for use in ability.what:
            if use.word == "consume_shape":
                line = line or bool(use.params.get("line"))
                own_only = own_only or bool(use.params.get("own_only"))
    return line, own_only


def shape_ok(state: GameState, seat: int, chosen: Iterable[int], line: bool,
             own_only: bool) -> bool:
    """Do the ``chosen`` cards keep a special instruction: ``line``, all in one row or
    one column of the grid; ``own_only``, all ``seat``'s own?"""
    pick = list(chosen)
    if own_only and any(state.cards[c].owner != seat for c in pick):
        return False
    if line and len(pick) > 1:
        squares = [board.square_of(state, c) for c in pick]
        spots = [board.col_row(q) for q in squares if q is not None]
        if len(spots) != len(pick):
            return False
        return len({c for c, _ in spots}) == 1 or len({r for _, r in spots}) == 1
    return True


@dataclass(frozen=True)
class ConsumeHint:
    """What the UI shows while a player clicks the cards to consume.

    ``cost``: how many cards to choose; ``candidates``: cards that may be clicked
    next (each keeps a completion to a valid payment possible, so the chosen set
    stays connected and holds the used card); ``complete``: the choice is a valid
    payment now; ``verdict``: the rules' verdict on the choice as it stands
    (legal when complete, else the refusal the rules would give, e.g.
    ``eshi100.consume_disconnected``).
    """

    cost: int
    candidates: frozenset[int]
    complete: bool
    verdict: Verdict


def check_consume(state: GameState, db: CardDb, seat: int, iid: int,
                  consume: object) -> Verdict:
    """Is ``consume`` a valid payment for ``seat`` to use ``iid``? (ESHI-R4)

    Refusal codes: ``eshi100.bad_consume`` (not a list of card ids, or a card
    twice), ``eshi100.consume_count``, ``eshi100.consume_must_include_card``,
    ``eshi100.consume_damaged``, ``eshi100.consume_not_in_connect``,
    ``eshi100.consume_disconnected``.
    """
    card = db[state.cards[iid].card_id]
    cost = int(card["connect_cost"])
    name = inst_msg(state, iid)
    if consume is None:
        consume = ()
    if not isinstance(consume, list | tuple) or not all(
            isinstance(c, int) and not isinstance(c, bool) for c in consume):
        return Verdict.refuse("eshi100.bad_consume", "ESHI-R4")
    chosen = list(consume)
    if len(set(chosen)) != len(chosen):
        return Verdict.refuse("eshi100.bad_consume", "ESHI-R4")
    if cost == 0:
        if chosen:
            return Verdict.refuse("eshi100.consume_count", "ESHI-R4", card=name, cost=cost,
                                  n=len(chosen))
        return Verdict.legal()
    on_grid = set(board.occupants(state).values())
    for other in chosen:
        if other not in on_grid or not board.is_recovered(state, other):
            return Verdict.refuse("eshi100.consume_damaged", "ESHI-R4")
    edges = graph(state, db, seat)
    group = _component(edges, iid) if iid in edges else {iid}
    outside = [c for c in chosen if c not in group]
    if outside:
        return Verdict.refuse("eshi100.consume_not_in_connect", "ESHI-R3", card=name,
                              other=inst_msg(state, outside[0]))
    if len(chosen) != cost:
        return Verdict.refuse("eshi100.consume_count", "ESHI-R4", card=name, cost=cost,
                              n=len(chosen))
    if iid not in chosen:
        return Verdict.refuse("eshi100.consume_must_include_card", "ESHI-R4", card=name)
    if not is_connected(edges, chosen):
        return Verdict.refuse("eshi100.consume_disconnected", "ESHI-R4", card=name)
    line, own_only = consume_instruction(db, card.id)
    if own_only and not shape_ok(state, seat, chosen, False, True):
        return Verdict.refuse("eshi100.consume_own_only", "ESHI-R4", card=name)
    if line and not shape_ok(state, seat, chosen, True, False):
        return Verdict.refuse("eshi100.consume_not_line", "ESHI-R4", card=name)
    return Verdict.legal()


def consume_hint(state: GameState, db: CardDb, seat: int, iid: int,
                 chosen: Iterable[int]) -> ConsumeHint:
    """Which cards to light up next for a partial choice ``chosen`` (see :class:`ConsumeHint`)."""
    pick = frozenset(chosen)
    cost = int(db[state.cards[iid].card_id]["connect_cost"])
    options = [p for p in payments(state, db, seat, iid) if pick <= p]
    candidates: frozenset[int] = frozenset().union(*options) - pick if options else frozenset()
    verdict = check_consume(state, db, seat, iid, sorted(pick))
    if not options and len(pick) < cost and verdict.reason == "eshi100.consume_count":
        # Every card is fine on its own, but no connected group of the right size
        # contains them all with the used card: the choice is disconnected.
        verdict = Verdict.refuse("eshi100.consume_disconnected", "ESHI-R4",
                                 card=inst_msg(state, iid))
    return ConsumeHint(cost, candidates, verdict.ok, verdict)


def _usable_with_icon(state: GameState, db: CardDb, seat: int, icon: str) -> list[int]:
    out = []
    for iid in board.occupants(state).values():
        card = cdef(state, db, iid)
        if (state.cards[iid].owner == seat and card["icon"] == icon
                and payments(state, db, seat, iid)):
            out.append(iid)
    return sorted(out)


def usable_attackers(state: GameState, db: CardDb, seat: int) -> list[int]:
    """``seat``'s grid cards with the attack icon whose cost can be paid now."""
    return _usable_with_icon(state, db, seat, "attack")


def usable_defenders(state: GameState, db: CardDb, seat: int) -> list[int]:
    """``seat``'s grid cards with the defence icon whose cost can be paid now."""
    return _usable_with_icon(state, db, seat, "defense")

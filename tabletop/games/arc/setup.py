"""Game set-up and the mulligan (seed: 開始準備; ARC-R3).

Normal set-up: both decks are shuffled (``state.new_pile``: instance ids are
handed out after the shuffle), each player draws 7, then the first player and
then the other may mulligan while their hand holds 2 or fewer resources
(shuffle the hand back, draw 7 again; asked again while still <= 2). Then the
first player's turn 1 starts, with its draw (no first-draw restriction).

A scenario position (``setup.position``) replaces all of this: no shuffles, no
mulligans; ``[position.data]`` becomes the typed
:class:`~tabletop.games.arc.data.ArcData` (``ArcData.from_position``) and a combat
stored in ``position.data.combat`` gets its pending decision back. A position is
not judged for deck-out (ARC-R1) until its first action (ARC-H7).
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.core import piles
from tabletop.core.actions import Decision
from tabletop.core.cards import CardDb
from tabletop.core.messages import msg
from tabletop.core.model import GameState
from tabletop.core.position import build_position
from tabletop.core.rules import GameSetup
from tabletop.games.arc import combat
from tabletop.games.arc.data import KEY, ArcData, DecisionKind, Phase, Step, arc_data
from tabletop.games.arc.deck_moves import draw
from tabletop.games.arc.schema import GAME_ID
from tabletop.games.arc.turn import check_deck_out, start_turn
from tabletop.games.arc.words import seat_msg
from tabletop.games.arc.zones import SEATS, cards_in, count_type, create_zones, zid

OPENING_HAND = 7
#: ARC-R3: a hand with this many resources or fewer may be mulliganed.
MULLIGAN_AT_MOST = 2
KEEP, MULLIGAN = "keep", "mulligan"


@dataclass(frozen=True)
class MulliganAnswer:
    """A checked answer to the ``mulligan`` decision (ARC-R3)."""

    keep: bool


def new_game(setup: GameSetup, db: CardDb, phases: tuple[str, ...]) -> GameState:
    """The state after set-up: a pending mulligan decision, or turn 1's resource phase."""
    state = GameState(GAME_ID, setup.seed, first=setup.first, active=setup.first)
    create_zones(state)
    if setup.position is not None:
        build_position(state, setup.position, db, phases)
        _restore(state, db)
        return state
    state.data[KEY] = ArcData()
    piles.new_decks(state, setup.decks, [zid(s, "deck") for s in SEATS], db)
    state.phase = Phase.UNTAP
    state.add_log(msg("log.arc.first_player", player=seat_msg(setup.first)))
    order = [setup.first, state.other(setup.first)]
    for seat in order:
        draw(state, seat, OPENING_HAND)
    arc_data(state).mulligan_queue = tuple(order)
    advance_mulligans(state, db)
    return state


def _restore(state: GameState, db: CardDb) -> None:
    """Turn a position's ``[position.data]`` (labels allowed) into the typed
    :class:`ArcData`, and a combat in its block or combat-card step into a live one."""
    labels = state.data.get("labels", {})
    raw = {k: state.data.pop(k) for k in list(state.data) if k != "labels"}
    data = state.data[KEY] = ArcData.from_position(raw, labels)
    if data.combat is not None and state.phase == Phase.ATTACK \
            and state.step in (Step.BLOCK, Step.COMBAT_CARD):
        combat.ask_next(state, db)


def resources_in_hand(state: GameState, db: CardDb, seat: int) -> int:
    """How many resource cards ``seat`` holds (ARC-R3)."""
    return count_type(state, db, seat, "hand", "resource")


def advance_mulligans(state: GameState, db: CardDb) -> None:
    """Ask the next seat that may mulligan (ARC-R3), or start turn 1 when none is left."""
    data = arc_data(state)
    queue = list(data.mulligan_queue)
    while queue:
        seat = queue[0]
        n = resources_in_hand(state, db, seat)
        if n <= MULLIGAN_AT_MOST:
            state.pending = Decision(
                seat, DecisionKind.MULLIGAN,
                msg("decision.arc.mulligan", player=seat_msg(seat), n=n), (KEEP, MULLIGAN), 1, 1,
            )
            data.mulligan_queue = tuple(queue)
            return
        queue.pop(0)
    data.mulligan_queue = ()
    state.pending = None
    start_turn(state, state.first, 1)
    check_deck_out(state)  # ARC-H7: ARC-R1 also at the start of turn 1


def apply_mulligan(state: GameState, db: CardDb, seat: int, answer: MulliganAnswer) -> None:
    """Keep (the seat leaves the queue) or shuffle the hand back and draw 7 again."""
    data = arc_data(state)
    queue = list(data.mulligan_queue)
    state.pending = None
    if answer.keep:
        state.add_log(msg("log.arc.keep", player=seat_msg(seat)))
        queue.pop(0)
    else:
        state.add_log(msg("log.arc.mulligan", player=seat_msg(seat)))
        for iid in cards_in(state, seat, "hand"):
            state.move(iid, zid(seat, "deck"))
        state.shuffle(zid(seat, "deck"))
        draw(state, seat, OPENING_HAND)
    data.mulligan_queue = tuple(queue)
    advance_mulligans(state, db)

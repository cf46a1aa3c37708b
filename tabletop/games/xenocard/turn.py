"""The turn sequence (seed: ターン(自分の手番)の進行; XENO-H1) and the hand limit (XENO-R8).

draw (automatic, XENO-R1) -> move -> event -> set (the turn player moves on with
``next_phase``) -> block (the opponent's decision, :mod:`.events`) -> battle
(automatic, :mod:`.battle`) -> adjust (a decision only when the hand holds more
than 7, XENO-R8) -> the other player's turn.

At the start of a turn the turn player's situations count down (XENO-H5); at
the end of a turn E marks, boosts and damage are cleared (XENO-R6, XENO-H7).

The phases that run by themselves (draw, battle, the block and adjust questions)
are run by :func:`run_automatic` after every action (``XenoRules.after_action``)
and after a scenario position is built.
"""

from __future__ import annotations

from tabletop.core.actions import Decision
from tabletop.core.cards import CardDb
from tabletop.core.messages import msg
from tabletop.core.model import GameState
from tabletop.games.xenocard import battle, events
from tabletop.games.xenocard.deck import draw
from tabletop.games.xenocard.facing import FieldGeometry
from tabletop.games.xenocard.state import DecisionKind, Phase, TurnScoped, phase, xeno
from tabletop.games.xenocard.stats import ATK_UP, DAMAGE, E_MARK, HP_UP, TURNS
from tabletop.games.xenocard.words import inst_msg, phase_msg, seat_msg
from tabletop.games.xenocard.zones import SEATS, cards_in, leave_play, zid

PHASES: tuple[str, ...] = tuple(p.value for p in Phase)
#: Phases the turn player leaves with ``next_phase``.
NEXT_PHASE: dict[Phase, Phase] = {Phase.MOVE: Phase.EVENT, Phase.EVENT: Phase.SET,
                                  Phase.SET: Phase.BLOCK}
#: XENO-R8: hand limit at the adjust phase.
HAND_LIMIT = 7
#: Counters that last one turn only.
TURN_COUNTERS = (E_MARK, ATK_UP, HP_UP, DAMAGE)


def enter_phase(state: GameState, now: Phase) -> None:
    """Set the phase and log it."""
    state.phase = now.value
    state.step = ""
    state.add_log(msg("log.xenocard.phase", player=seat_msg(state.active),
                      phase=phase_msg(now.value)))


def _count_down_situations(state: GameState, seat: int) -> None:
    """XENO-H5: each of the owner's turns after the first lowers ``turns``; at 0 it expires."""
    for iid in cards_in(state, seat, "situations"):
        counters = state.cards[iid].counters
        counters[TURNS] = counters.get(TURNS, 1) - 1
        if counters[TURNS] <= 0:
            state.add_log(msg("log.xenocard.expires", card=inst_msg(state, iid)))
            leave_play(state, iid, "trash")


def start_turn(state: GameState, seat: int, turn: int) -> None:
    """Begin ``seat``'s turn: a fresh :class:`TurnScoped`, situations count down, the
    draw phase (whose draw, XENO-R1, :func:`run_automatic` makes)."""
    state.active = seat
    state.turn = turn
    state.pending = None
    xeno(state).this_turn = TurnScoped()
    state.add_log(msg("log.xenocard.turn", player=seat_msg(seat), n=turn))
    _count_down_situations(state, seat)
    enter_phase(state, Phase.DRAW)


def end_turn(state: GameState) -> None:
    """Clear the one-turn counters on every card in play and start the other's turn."""
    for seat in SEATS:
        for kind in ("standby", "field", "weapons"):
            for iid in cards_in(state, seat, kind):
                for name in TURN_COUNTERS:
                    state.cards[iid].counters.pop(name, None)
    start_turn(state, state.other(state.active), state.turn + 1)


def next_phase(state: GameState, now: Phase) -> None:
    """move -> event -> set -> block (where the opponent is asked, XENO-H9)."""
    enter_phase(state, NEXT_PHASE[now])


def pass_block(state: GameState) -> None:
    """The opponent passed: the battle phase, which runs by itself (:func:`run_automatic`)."""
    state.pending = None
    enter_phase(state, Phase.BATTLE)


def run_automatic(state: GameState, db: CardDb, geo: FieldGeometry) -> None:
    """Run what follows by itself from where the state stands, until a seat must act:
    the draw (XENO-R1, then the move phase), the block question (XENO-H9, asked again
    after each block event), the battle (XENO-R5, then the adjust phase) and the
    adjust question or the turn's end (XENO-R8)."""
    while not state.game_over and state.pending is None:
        now = phase(state)
        if now is Phase.DRAW:
            draw(state, state.active, 1)
            if not state.game_over:
                enter_phase(state, Phase.MOVE)
        elif now is Phase.BLOCK:
            events.ask_block(state, db)
        elif now is Phase.BATTLE:
            battle.run_battle(state, db, geo)
            enter_phase(state, Phase.ADJUST)
        elif now is Phase.ADJUST:
            ask_adjust(state)
        else:
            return


def ask_adjust(state: GameState) -> None:
    """XENO-R8: with more than 7 cards in hand, choose the discards; else the turn ends."""
    seat = state.active
    hand = cards_in(state, seat, "hand")
    excess = len(hand) - HAND_LIMIT
    if excess <= 0:
        end_turn(state)
        return
    state.pending = Decision(seat, DecisionKind.ADJUST.value,
                             msg("decision.xenocard.adjust", player=seat_msg(seat), n=excess),
                             tuple(str(i) for i in hand), excess, excess)


def apply_adjust(state: GameState, seat: int, discards: tuple[int, ...]) -> None:
    """Discard the chosen cards to the trash (XENO-R3, XENO-R8) and end the turn."""
    state.pending = None
    for iid in discards:
        state.move(iid, zid(seat, "trash"))
    state.add_log(msg("log.xenocard.adjust", player=seat_msg(seat), n=len(discards),
                      cards=[inst_msg(state, i) for i in discards]))
    end_turn(state)

"""The turn sequence (seed: ターン(自分の手番)の進行; XENO-H1) and the hand limit (XENO-R8).

draw (automatic, XENO-R1) -> move -> event -> set (the turn player moves on with
``next_phase``) -> block (the opponent's decision, :mod:`.events`) -> battle
(automatic, :mod:`.battle`) -> adjust (a decision only when the hand holds more
than 7, XENO-R8) -> the other player's turn.

At the start of a turn situations count down (XENO-H5: those counted in this
seat's turns); at the end of a turn E marks and damage are cleared (XENO-R6),
effects lasting until the end of the turn end and N-turn effects count down
(XENO-H7, :func:`~.abilities.end_of_turn`). Turn triggers (issue 15) fire at
the start of the turn, after the draw phase's draw and as the adjust phase
begins; ``on_lose_e_mark`` when the turn's E marks are cleared.

The phases that run by themselves (draw, battle, the block and adjust questions)
are run by :func:`run_automatic` after every action (``XenoRules.after_action``)
and after a scenario position is built.
"""

from __future__ import annotations

from tabletop.core.actions import Decision
from tabletop.core.cards import CardDb
from tabletop.core.messages import msg
from tabletop.core.model import GameState
from tabletop.games.xenocard import abilities as xab
from tabletop.games.xenocard import battle, events
from tabletop.games.xenocard.deck import draw
from tabletop.games.xenocard.facing import FieldGeometry
from tabletop.games.xenocard.state import DecisionKind, Phase, TurnScoped, phase, xeno
from tabletop.games.xenocard.stats import DAMAGE, E_MARK, TURNS
from tabletop.games.xenocard.words import inst_msg, phase_msg, seat_msg
from tabletop.games.xenocard.zones import SEATS, cards_in, leave_play, zid

PHASES: tuple[str, ...] = tuple(p.value for p in Phase)
#: Phases the turn player leaves with ``next_phase``.
NEXT_PHASE: dict[Phase, Phase] = {Phase.MOVE: Phase.EVENT, Phase.EVENT: Phase.SET,
                                  Phase.SET: Phase.BLOCK}
#: XENO-R8: hand limit at the adjust phase.
HAND_LIMIT = 7
#: Counters that last one turn only.
TURN_COUNTERS = (E_MARK, DAMAGE)


def enter_phase(state: GameState, now: Phase) -> None:
    """Set the phase and log it."""
    state.phase = now.value
    state.step = ""
    state.add_log(msg("log.xenocard.phase", player=seat_msg(state.active),
                      phase=phase_msg(now.value)))


def _counts(db: CardDb, state: GameState, iid: int, turn_seat: int, at_end: bool) -> bool:
    """XENO-H5, XENO-H14: does this start (or, ``at_end``, end) of ``turn_seat``'s turn
    count one turn off situation ``iid``? ``own``: the start of each later turn of its owner;
    ``either``: the start of every later turn; ``opponent``: the end of each of the
    opponent's turns. A situation without ``turns`` (duration 0) stays for good."""
    if TURNS not in state.cards[iid].counters:
        return False
    counted = str(db[state.cards[iid].card_id].get("counted") or "own")
    mine = state.cards[iid].owner == turn_seat
    if counted == "opponent":
        return at_end and not mine
    return not at_end and (counted == "either" or mine)


def _count_down_situations(state: GameState, db: CardDb, turn_seat: int,
                           at_end: bool = False) -> None:
    """XENO-H5: lower ``turns`` of each situation this moment counts (:func:`_counts`);
    at 0 it expires to the trash."""
    for seat in SEATS:
        for iid in cards_in(state, seat, "situations"):
            if not _counts(db, state, iid, turn_seat, at_end):
                continue
            counters = state.cards[iid].counters
            counters[TURNS] = counters.get(TURNS, 1) - 1
            if counters[TURNS] <= 0:
                state.add_log(msg("log.xenocard.expires", card=inst_msg(state, iid)))
                leave_play(state, iid, "trash")


def start_turn(state: GameState, seat: int, turn: int, db: CardDb | None = None) -> None:
    """Begin ``seat``'s turn: a fresh :class:`TurnScoped`, situations count down, the
    ``start_of_turn`` abilities, the draw phase (whose draw, XENO-R1,
    :func:`run_automatic` makes)."""
    state.active = seat
    state.turn = turn
    state.pending = None
    xeno(state).this_turn = TurnScoped()
    state.add_log(msg("log.xenocard.turn", player=seat_msg(seat), n=turn))
    if db is not None:
        _count_down_situations(state, db, seat)
        xab.fire_turn(state, db, "start_of_turn")
    if not state.game_over:
        enter_phase(state, Phase.DRAW)


def end_turn(state: GameState, db: CardDb) -> None:
    """Clear the one-turn counters on every card in play (a card losing its E mark fires
    ``on_lose_e_mark``), end the turn's effects, count down situations counted at the
    end of a turn, and start the other's turn."""
    marked: list[int] = []
    for seat in SEATS:
        for kind in ("standby", "field", "weapons"):
            for iid in cards_in(state, seat, kind):
                if E_MARK in state.cards[iid].counters:
                    marked.append(iid)
                for name in TURN_COUNTERS:
                    state.cards[iid].counters.pop(name, None)
    for iid in marked:
        kind = state.zone_of(iid).partition(".")[2]
        if kind in ("standby", "field", "weapons") and not state.game_over:
            xab.fire_card(state, db, iid, "on_lose_e_mark")
    xab.end_of_turn(state, db)
    _count_down_situations(state, db, state.active, at_end=True)
    if not state.game_over:
        start_turn(state, state.other(state.active), state.turn + 1, db)


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
                xab.fire_turn(state, db, "after_draw")
            if not state.game_over:
                enter_phase(state, Phase.MOVE)
        elif now is Phase.BLOCK:
            events.ask_block(state, db)
        elif now is Phase.BATTLE:
            battle.run_battle(state, db, geo)
            if not state.game_over:
                enter_phase(state, Phase.ADJUST)
                xab.fire_turn(state, db, "adjust_phase")
        elif now is Phase.ADJUST:
            ask_adjust(state, db)
        else:
            return


def ask_adjust(state: GameState, db: CardDb) -> None:
    """XENO-R8: with more than 7 cards in hand, choose the discards; else the turn ends."""
    seat = state.active
    hand = cards_in(state, seat, "hand")
    excess = len(hand) - HAND_LIMIT
    if excess <= 0:
        end_turn(state, db)
        return
    state.pending = Decision(seat, DecisionKind.ADJUST.value,
                             msg("decision.xenocard.adjust", player=seat_msg(seat), n=excess),
                             tuple(str(i) for i in hand), excess, excess)


def apply_adjust(state: GameState, db: CardDb, seat: int, discards: tuple[int, ...]) -> None:
    """Discard the chosen cards to the trash (XENO-R3, XENO-R8) and end the turn."""
    state.pending = None
    for iid in discards:
        state.move(iid, zid(seat, "trash"))
    state.add_log(msg("log.xenocard.adjust", player=seat_msg(seat), n=len(discards),
                      cards=[inst_msg(state, i) for i in discards]))
    end_turn(state, db)

"""The turn sequence (seed: ターンの進行) and the deck-out check (ARC-R1).

untap (automatic) -> draw (automatic; the first player draws on turn 1 too, the
seed: ファーストドロー制限 無し) -> resource -> main -> attack -> end.
"""

from __future__ import annotations

from tabletop.core import piles
from tabletop.core.abilities import Boundary, tick
from tabletop.core.effect_end_log import log_duration_ends
from tabletop.core.messages import msg
from tabletop.core.model import GameState
from tabletop.games.arc.abilities import VOCABULARY
from tabletop.games.arc.data import Phase, Step, TurnData, arc_data
from tabletop.games.arc.deck_moves import draw
from tabletop.games.arc.words import phase_msg, seat_msg
from tabletop.games.arc.zones import SEATS, cards_in, zid

#: Phases a player moves through with ``next_phase`` (untap and draw run by themselves).
NEXT_PHASE: dict[str, Phase] = {Phase.RESOURCE: Phase.MAIN, Phase.MAIN: Phase.ATTACK,
                                 Phase.ATTACK: Phase.END}


def check_deck_out(state: GameState) -> None:
    """ARC-R1: a player whose deck holds 0 cards loses at once; both at once is a draw.

    Any pending decision ends with the game, a draw included. Run after every
    action and at the start of turn 1 (ARC-H7).
    """
    if piles.deck_out(state, [zid(s, "deck") for s in SEATS], "log.arc.deck_out",
                      "log.arc.draw_game", "log.arc.wins"):
        state.pending = None


def enter_phase(state: GameState, phase: Phase) -> None:
    """Set the phase and log it."""
    state.phase = phase
    state.step = Step.DECLARE
    state.add_log(msg("log.arc.phase", player=seat_msg(state.active), phase=phase_msg(phase)))


def start_turn(state: GameState, seat: int, turn: int) -> None:
    """Begin ``seat``'s turn: untap, draw one, then wait in the resource phase."""
    state.active = seat
    state.turn = turn
    arc_data(state).turn = TurnData()  # this turn's bookkeeping, new as one object
    state.add_log(msg("log.arc.turn", player=seat_msg(seat), n=turn))
    state.phase = Phase.UNTAP
    for kind in ("resources", "characters"):
        for iid in cards_in(state, seat, kind):
            state.cards[iid].tapped = False
    state.phase = Phase.DRAW
    draw(state, seat, 1)
    enter_phase(state, Phase.RESOURCE)


def end_turn(state: GameState) -> None:
    """End the active seat's turn (the effects lasting until the end of the turn end,
    issue 15) and start the other seat's (ARC-R1 checked by the caller)."""
    enter_phase(state, Phase.END)
    data = arc_data(state)
    if data.actives:
        data.actives, ended = tick(data.actives, Boundary.END_OF_TURN, state.active)
        log_duration_ends(state, VOCABULARY, ended, Boundary.END_OF_TURN)  # ALL-H7
    start_turn(state, state.other(state.active), state.turn + 1)


def next_phase(state: GameState) -> None:
    """Move on: resource -> main -> attack -> (end of turn)."""
    following = NEXT_PHASE[state.phase]
    if following == Phase.END:
        end_turn(state)
    else:
        enter_phase(state, following)

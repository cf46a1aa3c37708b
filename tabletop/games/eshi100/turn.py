"""The turn sequence (seed: ターン(自分の手番)の進行; ESHI-R5..R7).

prepare (draw 1, except the first player's turn 1, ESHI-R7; then optionally
recover one own damaged card: the ``recover`` decision, asked only when the
player has a damaged card) -> action (exactly one of place / use / hand boost;
passes by itself when none is possible, ESHI-R5) -> challenge (optional; a
success returns to the action phase, a counter ends it, ESHI-H3) -> end (hand
limit 5: the ``hand_limit`` decision, ESHI-R7) -> the other player's turn.

Winning: 3 victory points (checked the moment an attack succeeds), deck-out
(ESHI-R6: the moment a deck holds 0 cards its owner loses; checked inside every
draw and after every action, ESHI-H6) and a victory condition printed on a card
(:func:`card_victory`, ESHI-H8). Draw before recovery: ESHI-H7; the cards'
``start_of_turn`` abilities come between them (:mod:`triggers`).
"""

from __future__ import annotations

from tabletop.core.abilities import Boundary
from tabletop.core.actions import Decision
from tabletop.core.cards import CardDb
from tabletop.core.messages import msg
from tabletop.core.model import GameState
from tabletop.games.eshi100 import triggers
from tabletop.games.eshi100.board import damaged_of as damaged_of
from tabletop.games.eshi100.board import set_recovered as set_recovered
from tabletop.games.eshi100.connect import usable_attackers
from tabletop.games.eshi100.data import DecisionKind, Phase, Resume, Step
from tabletop.games.eshi100.outcome import POINTS_TO_WIN as POINTS_TO_WIN
from tabletop.games.eshi100.outcome import card_victory as card_victory
from tabletop.games.eshi100.outcome import check_deck_out as check_deck_out
from tabletop.games.eshi100.outcome import check_points as check_points
from tabletop.games.eshi100.outcome import draw as draw
from tabletop.games.eshi100.outcome import points as points
from tabletop.games.eshi100.outcome import win as win
from tabletop.games.eshi100.words import inst_msg, phase_msg, seat_msg
from tabletop.games.eshi100.zones import GRID, cards_in, zid

OPENING_HAND = 5
HAND_LIMIT = 5
NONE = "none"














def enter_phase(state: GameState, phase: Phase) -> None:
    """Set the phase and log it."""
    state.phase = phase
    state.step = Step.NONE
    state.add_log(msg("log.eshi100.phase", player=seat_msg(state.active), phase=phase_msg(phase)))




def start_turn(state: GameState, db: CardDb, seat: int, turn: int) -> None:
    """Begin ``seat``'s turn: draw (not the first player on turn 1, ESHI-R7), then recover."""
    state.active = seat
    state.turn = turn
    state.add_log(msg("log.eshi100.turn", player=seat_msg(seat), n=turn))
    enter_phase(state, Phase.PREPARE)
    if turn == 1 and seat == state.first:
        state.add_log(msg("log.eshi100.first_no_draw", player=seat_msg(seat)))
    else:
        draw(state, seat, 1)
    if state.game_over:
        return
    sources = [(iid, "start_of_turn") for iid in triggers.grid_sources(state, db)]
    triggers.fire(state, db, sources, Resume.RECOVER, {"turn_seat": str(seat)})


def ask_recover(state: GameState, db: CardDb) -> None:
    """Offer the optional recovery of one damaged card, or go on to the action phase."""
    seat = state.active
    damaged = damaged_of(state, seat)
    if not damaged:
        enter_action(state, db)
        return
    state.step = Step.RECOVER
    state.pending = Decision(seat, DecisionKind.RECOVER,
                             msg("decision.eshi100.recover", player=seat_msg(seat)),
                             (*[str(i) for i in sorted(damaged)], NONE), 1, 1)


def apply_recover(state: GameState, db: CardDb, iid: int | None) -> None:
    """Turn the chosen damaged card (None: none) face up (recovered), then the action phase."""
    state.pending = None
    if iid is not None:
        set_recovered(state, iid, True)
        state.add_log(msg("log.eshi100.recovers", player=seat_msg(state.active),
                          card=inst_msg(state, iid)))
    enter_action(state, db)




def enter_action(state: GameState, db: CardDb) -> None:
    """The action phase; passes by itself when no action is possible (ESHI-R5)."""
    if state.game_over:
        return
    enter_phase(state, Phase.ACTION)
    seat = state.active
    if not cards_in(state, seat, "hand") and not usable_attackers(state, db, seat):
        state.add_log(msg("log.eshi100.no_action", player=seat_msg(seat)))
        enter_challenge(state, db)


def enter_challenge(state: GameState, db: CardDb) -> None:
    """The challenge phase; skipped when the hand holds fewer than 2 cards (public)."""
    if state.game_over:
        return
    enter_phase(state, Phase.CHALLENGE)
    if len(cards_in(state, state.active, "hand")) < 2:
        enter_end(state, db)


def enter_end(state: GameState, db: CardDb) -> None:
    """The end phase: discard down to the hand limit (ESHI-R7), then the next turn."""
    if state.game_over:
        return
    enter_phase(state, Phase.END)
    seat = state.active
    hand = cards_in(state, seat, "hand")
    excess = len(hand) - HAND_LIMIT
    if excess > 0:
        state.step = Step.HAND_LIMIT
        state.pending = Decision(seat, DecisionKind.HAND_LIMIT,
                                 msg("decision.eshi100.hand_limit", player=seat_msg(seat),
                                     n=excess, limit=HAND_LIMIT),
                                 tuple(str(i) for i in hand), excess, excess)
        return
    next_turn(state, db)


def apply_hand_limit(state: GameState, db: CardDb, chosen: tuple[int, ...]) -> None:
    """Discard the chosen cards, then the other player's turn."""
    state.pending = None
    seat = state.active
    for iid in chosen:
        state.move(iid, zid(seat, "discard"))
    state.add_log(msg("log.eshi100.hand_limit", player=seat_msg(seat),
                      cards=[inst_msg(state, i) for i in chosen]))
    next_turn(state, db)


def next_turn(state: GameState, db: CardDb) -> None:
    """Hand the turn to the other seat; effects in force until the end of this turn end
    (and one turn is counted off those that last N turns)."""
    triggers.tick_boundary(state, Boundary.END_OF_TURN, state.active)
    start_turn(state, db, state.other(state.active), state.turn + 1)


def grid_cards(state: GameState) -> list[int]:
    """Every instance on the grid (bottom to top)."""
    return list(state.zones[GRID].cards)


triggers.on_resume(Resume.CHALLENGE, enter_challenge)
triggers.on_resume(Resume.RECOVER, ask_recover)

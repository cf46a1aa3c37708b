"""Placing a card from the hand on a square (seed: カード配置; ESHI-R2).

A square is legal for seat X when it is X's start square, or orthogonally
adjacent to a square holding one of X's recovered cards; and it is empty, holds
one of X's own cards (either state), or holds an opponent's damaged card. The
card enters recovered (face up); the card it replaces goes to its owner's
discard pile (破棄 -> 捨て札置き場).
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.core.actions import Verdict
from tabletop.core.cards import CardDb
from tabletop.core.messages import msg
from tabletop.core.model import GameState
from tabletop.games.eshi100 import board, connect, triggers
from tabletop.games.eshi100.data import Resume
from tabletop.games.eshi100.turn import draw, set_recovered
from tabletop.games.eshi100.words import inst_msg, log_per_seat, seat_msg, square_msg
from tabletop.games.eshi100.zones import GRID, is_in, zid


@dataclass(frozen=True)
class Place:
    """A checked ``place``: hand card ``card`` onto ``square`` (ESHI-R2)."""

    card: int
    square: int


def reachable(state: GameState, seat: int) -> set[int]:
    """Squares ``seat`` may reach: the start square and the neighbours of its recovered cards."""
    out = {board.START_SQUARE[seat]}
    for square, iid in board.occupants(state).items():
        if state.cards[iid].owner == seat and board.is_recovered(state, iid):
            out.update(board.neighbours(square))
    return out


def square_refusal(state: GameState, seat: int, square: int) -> Verdict:
    """Why ``seat`` may not place on ``square`` now (legal when it may), ESHI-R2."""
    if square not in reachable(state, seat):
        return Verdict.refuse("eshi100.square_not_reachable", "ESHI-R2",
                              square=square_msg(square, seat))  # as the refused seat sees it
    there = board.occupants(state).get(square)
    if there is not None:
        card = state.cards[there]
        if card.owner != seat and board.is_recovered(state, there):
            return Verdict.refuse("eshi100.square_held", "ESHI-R2", card=inst_msg(state, there),
                                  player=seat_msg(card.owner))
    return Verdict.legal()


def legal_squares(state: GameState, seat: int) -> list[int]:
    """Squares where ``seat`` may place a hand card (phase and turn not checked)."""
    return sorted(s for s in reachable(state, seat) if square_refusal(state, seat, s).ok)


def check_place(state: GameState, seat: int, iid: object, square: object) -> Place | Verdict:
    """The action ``place(card, square)`` in the action phase (the caller checks
    turn/phase): the checked placing, or the refusal."""
    if not is_in(state, iid, seat, "hand"):
        return Verdict.refuse("eshi100.not_in_hand")
    assert isinstance(iid, int)  # is_in holds only for an instance id
    if not isinstance(square, int) or isinstance(square, bool) or square not in board.SQUARES:
        return Verdict.refuse("eshi100.bad_square", "ESHI-R1", square=str(square))
    verdict = square_refusal(state, seat, square)
    return Place(int(iid), square) if verdict.ok else verdict


def apply_place(state: GameState, db: CardDb, seat: int, place: Place) -> None:
    """Put the card on the square, recovered; the replaced card to its owner's discard.
    Then the placed card's ``on_place`` abilities and the ``on_connect`` abilities of
    the cards it connects with directly (each for its own owner, in square order), and
    on to the challenge phase (:mod:`triggers`)."""
    iid, square = place.card, place.square
    old = board.occupants(state).get(square)
    state.move(iid, GRID)
    state.cards[iid].counters[board.SQUARE_COUNTER] = square
    set_recovered(state, iid, True)
    log_per_seat(state, "log.eshi100.places", square, player=seat_msg(seat),
                 card=inst_msg(state, iid))
    if old is not None:
        owner = state.cards[old].owner
        state.move(old, zid(owner, "discard"))
        triggers.left_grid(state, (old,))
        state.add_log(msg("log.eshi100.replaced", card=inst_msg(state, old),
                          player=seat_msg(owner)))
    on = board.occupants(state)
    moments = [(iid, "on_place")]
    for q in sorted(board.neighbours(square)):
        other = on.get(q)
        if (other is not None and db[state.cards[other].card_id].abilities
                and board.is_recovered(state, other)
                and connect.connects(state, db, iid, other, state.cards[other].owner)):
            moments.append((other, "on_connect"))
    triggers.fire(state, db, moments, Resume.CHALLENGE)


def check_hand_boost(state: GameState, seat: int, iid: object) -> int | Verdict:
    """The action ``hand_boost(card)``: discard a hand card, draw 2 (seed: 手札強化); the
    card, or the refusal."""
    if not is_in(state, iid, seat, "hand"):
        return Verdict.refuse("eshi100.not_in_hand")
    assert isinstance(iid, int)  # is_in holds only for an instance id
    return int(iid)


def apply_hand_boost(state: GameState, seat: int, iid: int) -> None:
    """Discard the card, then draw 2 (ESHI-R6 may end the game during the draw)."""
    state.move(iid, zid(seat, "discard"))
    state.add_log(msg("log.eshi100.hand_boost", player=seat_msg(seat), card=inst_msg(state, iid)))
    draw(state, seat, 2)

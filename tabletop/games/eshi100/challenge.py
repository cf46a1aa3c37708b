"""The challenge phase: challenge and counter (seed: チャレンジフェイズ; ESHI-H3).

* ``challenge(cards=[a, b])``: the turn player discards two hand cards.
* The opponent answers the ``counter`` decision: ``["pass"]``, or two of their
  hand cards to discard (a counter). Not asked when they hold fewer than two
  cards (hand sizes are public).
* No counter: the challenge succeeds and the turn goes back to the action
  phase (the board as it is). A counter: it fails and the turn moves on to the
  end phase (ESHI-H3: one failed challenge ends the challenge phase).
* The challenger's grid cards' ``on_challenge`` abilities resolve after its
  discards, the counterer's ``on_counter`` abilities after theirs (:mod:`triggers`).
"""

from __future__ import annotations

from tabletop.core.actions import Decision, Verdict
from tabletop.core.cards import CardDb
from tabletop.core.messages import msg
from tabletop.core.model import GameState
from tabletop.games.eshi100 import triggers
from tabletop.games.eshi100.data import DecisionKind, Resume, Step
from tabletop.games.eshi100.turn import enter_action, enter_end
from tabletop.games.eshi100.words import inst_msg, seat_msg
from tabletop.games.eshi100.zones import cards_in, is_in, zid

CHALLENGE_CARDS = 2
PASS = "pass"


def check_two_from_hand(state: GameState, seat: int,
                        cards: object) -> tuple[int, ...] | Verdict:
    """Exactly two different cards of ``seat``'s hand: them, or the refusal."""
    if (not isinstance(cards, list | tuple) or len(cards) != CHALLENGE_CARDS
            or len(set(cards)) != CHALLENGE_CARDS):
        return Verdict.refuse("eshi100.two_cards", "", n=CHALLENGE_CARDS)
    for iid in cards:
        if not is_in(state, iid, seat, "hand"):
            return Verdict.refuse("eshi100.not_in_hand")
    return tuple(int(c) for c in cards)


def _discard(state: GameState, seat: int, cards: list[int]) -> list[object]:
    names: list[object] = [inst_msg(state, i) for i in cards]
    for iid in cards:
        state.move(iid, zid(seat, "discard"))
    return names


def apply_challenge(state: GameState, db: CardDb, seat: int, cards: tuple[int, ...]) -> None:
    """Discard two cards, then ask for a counter (or succeed at once)."""
    names = _discard(state, seat, list(cards))
    state.add_log(msg("log.eshi100.challenge", player=seat_msg(seat), cards=names))
    triggers.fire(state, db, _owned_moments(state, db, seat, "on_challenge"), Resume.COUNTER)


def _owned_moments(state: GameState, db: CardDb, seat: int,
                   trigger: str) -> list[tuple[int, str]]:
    return [(iid, trigger) for iid in triggers.grid_sources(state, db)
            if state.cards[iid].owner == seat]


def ask_counter(state: GameState, db: CardDb) -> None:
    """Ask the opponent for a counter (not asked with fewer than two hand cards:
    the challenge succeeds)."""
    seat = state.active
    other = state.other(seat)
    hand = cards_in(state, other, "hand")
    if len(hand) < CHALLENGE_CARDS:
        succeed(state, db)
        return
    state.step = Step.COUNTER
    state.pending = Decision(other, DecisionKind.COUNTER,
                             msg("decision.eshi100.counter", player=seat_msg(other),
                                 challenger=seat_msg(seat)),
                             (*[str(i) for i in hand], PASS), 1, CHALLENGE_CARDS)


def check_counter(state: GameState, seat: int, choice: list[str]) -> tuple[int, ...] | Verdict:
    """``["pass"]`` or two hand cards (as decision option ids): the cards to discard
    (none: a pass), or the refusal."""
    if choice == [PASS]:
        return ()
    if not all(c.isdigit() for c in choice):
        return Verdict.refuse("eshi100.two_cards", "", n=CHALLENGE_CARDS)
    return check_two_from_hand(state, seat, [int(c) for c in choice])


def apply_counter(state: GameState, db: CardDb, seat: int, cards: tuple[int, ...]) -> None:
    """A pass (no cards): the challenge succeeds; two cards: it fails (end phase)."""
    state.pending = None
    if not cards:
        state.add_log(msg("log.eshi100.no_counter", player=seat_msg(seat)))
        succeed(state, db)
        return
    names = _discard(state, seat, list(cards))
    state.add_log(msg("log.eshi100.counter", player=seat_msg(seat), cards=names))
    triggers.fire(state, db, _owned_moments(state, db, seat, "on_counter"), Resume.COUNTERED)


def fail(state: GameState, db: CardDb) -> None:
    """The challenge was countered: on to the end phase (ESHI-H3)."""
    state.add_log(msg("log.eshi100.challenge_fails", player=seat_msg(state.active)))
    enter_end(state, db)


def succeed(state: GameState, db: CardDb) -> None:
    """The challenge succeeds: back to the action phase."""
    state.step = Step.NONE
    state.add_log(msg("log.eshi100.challenge_succeeds", player=seat_msg(state.active)))
    enter_action(state, db)


triggers.on_resume(Resume.COUNTER, ask_counter)
triggers.on_resume(Resume.COUNTERED, fail)

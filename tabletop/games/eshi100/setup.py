"""Game set-up (seed: 開始準備, ゲーム開始時基本設定; ESHI-R7).

Normal set-up: both decks are shuffled (``state.new_pile``: instance ids are
handed out after the shuffle), each player draws 5 (no mulligan), and the first
player's turn 1 starts without its draw (ESHI-R7).

A scenario position (``setup.position``) replaces this: no shuffle, no opening
hands. Grid cards give their square as ``counters = { square = N }`` and their
owner as ``owner``; ``face_up = false`` makes a damaged card. The phase decides
what waits: ``prepare`` asks the recover decision (when there is a damaged
card), ``end`` the hand-limit discards; an attack waiting for its defence is
``step = "defend"`` with ``[position.data] attack = { attacker = "$label" }``
(converted to the typed :class:`~tabletop.games.eshi100.data.EshiData` on load).
An ``end`` phase with a hand within the limit goes on to the other player's turn.
"""

from __future__ import annotations

from tabletop.core import piles
from tabletop.core.cards import CardDb
from tabletop.core.messages import msg
from tabletop.core.model import GameState
from tabletop.core.position import build_position
from tabletop.core.rules import GameSetup
from tabletop.games.eshi100 import attack, turn
from tabletop.games.eshi100.data import KEY, EshiData, Phase
from tabletop.games.eshi100.schema import GAME_ID
from tabletop.games.eshi100.words import seat_msg
from tabletop.games.eshi100.zones import GRID, SEATS, create_zones, zid


def new_game(setup: GameSetup, db: CardDb, phases: tuple[str, ...]) -> GameState:
    """The state after set-up, ready for the first action."""
    state = GameState(GAME_ID, setup.seed, first=setup.first, active=setup.first)
    create_zones(state)
    if setup.position is not None:
        build_position(state, setup.position, db, phases)
        _restore(state, db)
        return state
    state.data[KEY] = EshiData()
    piles.new_decks(state, setup.decks, [zid(s, "deck") for s in SEATS], db)
    state.add_log(msg("log.eshi100.first_player", player=seat_msg(setup.first)))
    for seat in (setup.first, state.other(setup.first)):
        turn.draw(state, seat, turn.OPENING_HAND)
    if not state.game_over:
        turn.start_turn(state, db, setup.first, 1)
    return state


def _restore(state: GameState, db: CardDb) -> None:
    """Give a position's damaged cards their known faces and its waiting decision back."""
    for iid in state.zones[GRID].cards:
        if not state.cards[iid].face_up:
            turn.set_recovered(state, iid, False)
    labels = state.data.get("labels", {})
    raw = {k: state.data.pop(k) for k in list(state.data) if k != "labels"}
    data = state.data[KEY] = EshiData.from_position(raw, labels, state)
    if data.attack is not None:
        attack.ask_defence(state, db)
        return
    if state.phase == Phase.PREPARE:
        turn.ask_recover(state, db)
    elif state.phase == Phase.END:  # the hand-limit discards, or straight to the next turn
        turn.enter_end(state, db)


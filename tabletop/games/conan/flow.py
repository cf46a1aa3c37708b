"""The automatic part of the turn: run every step that needs nobody's choice.

After each applied action the rules call :func:`advance`, which carries on
until a seat must act (an action, or a pending decision) or the game is over.
Waiting renown losses (:func:`~tabletop.games.conan.data.losses`, CONAN-R17) come
first, wherever they arose; then an open ability timing
(:func:`~tabletop.games.conan.plays.settle`: a seat with something to use acts in
it, the others are passed over, CONAN-H11).
"""

from __future__ import annotations

from tabletop.core.cards import CardDb
from tabletop.core.model import GameState
from tabletop.games.conan import foes, plays, resolution, survey, turn
from tabletop.games.conan.data import Phase, conan_data, losses
from tabletop.games.conan.defeat import next_loss

#: A turn never needs this many automatic steps; a guard against a rules bug.
MAX_STEPS = 10_000


def advance(state: GameState, db: CardDb) -> None:
    """Run automatic steps until someone must act or the game ends."""
    for _ in range(MAX_STEPS):
        if state.game_over or state.pending is not None:
            return
        if losses(state):
            next_loss(state, db)
            continue
        if conan_data(state).window is not None:
            if plays.settle(state, db):
                return
            continue
        if not _step(state, db):
            return
    raise RuntimeError("conan: the turn does not advance (rules bug)")


def _step(state: GameState, db: CardDb) -> bool:
    """One automatic step; False when a seat must act with an action."""
    phase, step = state.phase, state.step
    if phase == Phase.START_OF_TURN:
        turn.start_of_turn(state, db)
    elif phase == Phase.FOE_DRAW and step == "":
        foes.begin(state, db)
    elif phase == Phase.SURVEY:
        if step == "retreat":
            survey.finish_retreat(state, db)
        elif step == "":
            state.step = "ask"
            plays.open_window(state, db, "survey")
        else:
            survey.ask(state, db)
    elif phase == Phase.BARBARIAN:
        resolution.barbarian_step(state, db)
    elif phase == Phase.RESOLUTION:
        resolution.resolution_step(state, db)
    elif phase == Phase.PRESS_ON:
        turn.ask_press_on(state)
    elif phase == Phase.REST:
        _rest(state, db)
    else:  # prepare, foe_draw/place, foe_move, conan_move: a seat acts
        return False
    return True


def _rest(state: GameState, db: CardDb) -> None:
    if state.step == "":
        state.step = "begin"
        plays.open_window(state, db, "rest")
    elif state.step == "begin":
        turn.rest_begin(state, db)
    elif state.step == "heal":
        if not turn.ask_heal(state, db):
            state.step = "adjust"
    elif state.step == "adjust" and not turn.adjust_step(state):
        turn.end_turn(state)

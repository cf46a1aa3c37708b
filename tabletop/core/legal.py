"""A seat's legal actions: the game's candidates for now, kept where its ``check`` agrees."""

from __future__ import annotations

from collections.abc import Callable

from tabletop.core.actions import Action, Decision, Verdict
from tabletop.core.model import GameState


def legal_actions(state: GameState, seat: int, check: Callable[[GameState, Action], Verdict],
                  decision_actions: Callable[[Decision], list[Action]],
                  turn_actions: Callable[[], list[Action]]) -> list[Action]:
    """Every candidate of ``seat`` that ``check`` finds legal, in the candidates' order.

    Candidates: none in a finished game; with a decision pending, the answers
    ``decision_actions(pending)`` when it is ``seat``'s, else none; otherwise the
    ``turn_actions()`` of the active seat (none for the other seat). Only the
    candidates of that case are built. Raises whatever the callables raise.
    """
    if state.game_over:
        return []
    pending = state.pending
    if pending is not None:
        candidates = decision_actions(pending) if pending.seat == seat else []
    elif seat != state.active:
        candidates = []
    else:
        candidates = turn_actions()
    return [a for a in candidates if check(state, a).ok]

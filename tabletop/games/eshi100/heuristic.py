"""How well a seat stands in an unfinished 絵師100人展 game, for the computer
player's search when it cuts a playout short (``EshiRules.evaluate``).

Three victory points win and an empty deck loses (ESHI-R6): points weigh most,
then the deck lead, then the seat's recovered cards on the grid (what it can pay
connects with, ESHI-R4).
"""

from __future__ import annotations

from tabletop.core.evaluation import Term, score
from tabletop.core.model import GameState


def _grid(state: GameState, seat: int) -> int:
    return sum(1 for i in state.zones["grid"].cards
               if state.cards[i].owner == seat and state.cards[i].face_up)


def terms(state: GameState, seat: int) -> tuple[Term, ...]:
    """``seat``'s leads: victory points (ESHI-R6), the deck (cards) and its recovered
    cards on the grid (ESHI-R4)."""
    other = 1 - seat
    points = len(state.zones[f"p{seat}.victory"].cards) - \
        len(state.zones[f"p{other}.victory"].cards)
    deck = len(state.zones[f"p{seat}.deck"].cards) - len(state.zones[f"p{other}.deck"].cards)
    grid = _grid(state, seat) - _grid(state, other)
    return (Term("points", points, 0.3, 1.5), Term("deck", deck, 0.1, 8),
            Term("grid", grid, 0.08, 3))


def evaluate(state: GameState, seat: int) -> float:
    """0.0 (lost) .. 1.0 (won) for ``seat``: 0.5 plus the victory-point, deck and grid
    leads, each squashed by tanh (:func:`terms`)."""
    return score(terms(state, seat))

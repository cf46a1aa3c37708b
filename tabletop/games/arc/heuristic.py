"""How well a seat stands in an unfinished Arc game, for the computer player's
search when it cuts a playout short (``ArcRules.evaluate``).

Life is the deck (ARC-R1): the deck sizes weigh most; characters in play (their
power as it stands, with every ability in force: static modifiers, pumps and
weakenings until the end of the turn, issue 15; ARC-R5 attacks) and resources
(ARC-R4 pays for more) follow.
"""

from __future__ import annotations

from tabletop.core.cards import CardDb
from tabletop.core.evaluation import Term, score
from tabletop.core.model import GameState
from tabletop.games.arc import effects
from tabletop.games.arc.zones import characters


def _board(state: GameState, db: CardDb, seat: int) -> float:
    power = sum(effects.power(state, db, i) for i in characters(state, db, seat))
    return power + 0.5 * len(state.zones[f"p{seat}.resources"].cards)


def terms(state: GameState, db: CardDb, seat: int) -> tuple[Term, ...]:
    """``seat``'s leads: the deck (ARC-R1, cards) and the board (power in play, abilities
    counted, plus half a point per resource)."""
    other = 1 - seat
    deck = len(state.zones[f"p{seat}.deck"].cards) - len(state.zones[f"p{other}.deck"].cards)
    board = _board(state, db, seat) - _board(state, db, other)
    return Term("deck", deck, 0.3, 8), Term("board", board, 0.15, 8)


def evaluate(state: GameState, db: CardDb, seat: int) -> float:
    """0.0 (lost) .. 1.0 (won) for ``seat``: 0.5 plus the deck lead (ARC-R1) and the
    board lead (power in play, resources), each squashed by tanh (:func:`terms`)."""
    return score(terms(state, db, seat))

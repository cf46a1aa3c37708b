"""How well a seat stands in an unfinished Xenocard game, for the computer player's
search when it cuts a playout short (``XenoRules.evaluate``).

A player who must draw from an empty deck loses (XENO-R1) and attacks on the deck
dump its cards (XENO-R3): the deck lead weighs most, then the battle cards on the
field and in standby (XENO-R5) that attack and guard.
"""

from __future__ import annotations

import math

from tabletop.core.model import GameState


def _board(state: GameState, seat: int) -> float:
    return len(state.zones[f"p{seat}.field"].cards) + \
        0.5 * len(state.zones[f"p{seat}.standby"].cards)


def evaluate(state: GameState, seat: int) -> float:
    """0.0 (lost) .. 1.0 (won) for ``seat``: 0.5 plus the deck lead (XENO-R1) and the
    board lead, each squashed by tanh."""
    other = 1 - seat
    deck = len(state.zones[f"p{seat}.deck"].cards) - len(state.zones[f"p{other}.deck"].cards)
    board = _board(state, seat) - _board(state, other)
    return 0.5 + 0.3 * math.tanh(deck / 8) + 0.15 * math.tanh(board / 3)
